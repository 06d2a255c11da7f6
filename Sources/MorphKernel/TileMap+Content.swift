/// Content bounds: the rows and columns where the source or target has a non-zero byte.
extension TileMap {
    /// After `measure`: the rows and columns from the first to the last with a non-zero
    /// byte in the source or target (empty ranges when there is none), and `rowContent`.
    ///
    /// The tile stats give the first and last tile rows and blocks with content; only those
    /// are scanned byte by byte, so this costs a few rows and columns, not the frame.
    func findContent(source: UnsafePointer<UInt8>, target: UnsafePointer<UInt8>) -> (rows: Range<Int>, columns: Range<Int>) {
        var firstTileRow = Int.max, lastTileRow = -1, firstBlock = Int.max, lastBlock = -1
        for r in 0..<tileRowCount {
            let row = tileContent + r * blockCount
            for b in 0..<blockCount where row[b] != 0 {
                firstTileRow = min(firstTileRow, r); lastTileRow = r
                firstBlock = min(firstBlock, b); lastBlock = max(lastBlock, b)
            }
        }
        guard lastTileRow >= 0 else {
            rowContent.update(repeating: 0, count: height)
            return (0..<0, 0..<0)
        }
        func rowHasContent(_ y: Int) -> Bool {
            let s = source + y * width, t = target + y * width
            var x = 0
            while x + 8 <= width {
                let word = UnsafeRawPointer(s + x).loadUnaligned(as: UInt64.self)
                    | UnsafeRawPointer(t + x).loadUnaligned(as: UInt64.self)
                if word != 0 { return true }
                x += 8
            }
            while x < width {
                if s[x] | t[x] != 0 { return true }
                x += 1
            }
            return false
        }
        let inside = rows(ofTileRow: firstTileRow).lowerBound..<rows(ofTileRow: lastTileRow).upperBound
        rowContent.update(repeating: 0, count: inside.lowerBound)
        (rowContent + inside.upperBound).update(repeating: 0, count: height - inside.upperBound)
        (rowContent + inside.lowerBound).update(repeating: 1, count: inside.count)
        for y in rows(ofTileRow: firstTileRow) { rowContent[y] = rowHasContent(y) ? 1 : 0 }
        if lastTileRow != firstTileRow {
            for y in rows(ofTileRow: lastTileRow) { rowContent[y] = rowHasContent(y) ? 1 : 0 }
        }
        var first = inside.lowerBound
        while rowContent[first] == 0 { first += 1 }
        var last = inside.upperBound - 1
        while rowContent[last] == 0 { last -= 1 }

        // The columns of the first and last blocks with content that hold a non-zero byte.
        func columnBits(_ b: Int) -> SIMD16<UInt8> {
            var bits = SIMD16<UInt8>()
            if b * 16 + 16 <= width {
                for y in first...last {
                    let offset = y * width + b * 16
                    bits |= (source + offset).vector16(at: 0) | (target + offset).vector16(at: 0)
                }
            } else {
                for y in first...last {
                    for lane in 0..<width - b * 16 {
                        bits[lane] |= source[y * width + b * 16 + lane] | target[y * width + b * 16 + lane]
                    }
                }
            }
            return bits
        }
        let left = columnBits(firstBlock), right = columnBits(lastBlock)
        let firstColumn = firstBlock * 16 + (0..<16).first { left[$0] != 0 }!
        let lastColumn = lastBlock * 16 + (0..<16).last { right[$0] != 0 }!
        return (first..<last + 1, firstColumn..<lastColumn + 1)
    }
}
