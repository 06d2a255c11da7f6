/// The assignment of rows to columns of a square cost matrix with the least total cost (the
/// Hungarian method with potentials, O(n³)).
enum MinimumCostAssignment {
    /// For each row, its column. `cost` is row-major, `n × n`, every entry finite.
    static func solve(_ cost: [Double], n: Int) -> [Int] {
        guard n > 0 else { return [] }
        // 1-based arrays with a virtual column 0, as the method is usually written.
        var u = [Double](repeating: 0, count: n + 1), v = [Double](repeating: 0, count: n + 1)
        var rowOfColumn = [Int](repeating: 0, count: n + 1)
        var way = [Int](repeating: 0, count: n + 1)
        var minimum = [Double](repeating: 0, count: n + 1)
        var used = [Bool](repeating: false, count: n + 1)
        for row in 1...n {
            rowOfColumn[0] = row
            var column0 = 0
            for j in 0...n {
                minimum[j] = .infinity
                used[j] = false
            }
            repeat {
                used[column0] = true
                let row0 = rowOfColumn[column0]
                var delta = Double.infinity, column1 = 0
                for j in 1...n where !used[j] {
                    let reduced = cost[(row0 - 1) * n + (j - 1)] - u[row0] - v[j]
                    if reduced < minimum[j] {
                        minimum[j] = reduced
                        way[j] = column0
                    }
                    if minimum[j] < delta {
                        delta = minimum[j]
                        column1 = j
                    }
                }
                for j in 0...n {
                    if used[j] {
                        u[rowOfColumn[j]] += delta
                        v[j] -= delta
                    } else {
                        minimum[j] -= delta
                    }
                }
                column0 = column1
            } while rowOfColumn[column0] != 0
            repeat {
                let column1 = way[column0]
                rowOfColumn[column0] = rowOfColumn[column1]
                column0 = column1
            } while column0 != 0
        }
        var columnOfRow = [Int](repeating: 0, count: n)
        for j in 1...n where rowOfColumn[j] > 0 {
            columnOfRow[rowOfColumn[j] - 1] = j - 1
        }
        return columnOfRow
    }
}
