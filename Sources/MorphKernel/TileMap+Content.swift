/// Content bounds: the rows and columns where the source or target has a non-zero byte.
extension TileMap {
    /// After `measure`: the rows and columns from the first to the last with a non-zero
    /// byte in the source or target (empty ranges when there is none), and `rowContent`.
    ///
    /// The tile stats give the first and last tile rows and blocks with content; only those
    /// are scanned byte by byte, so this costs a few rows and columns, not the frame.
    func findContent(source: UnsafePointer<UInt8>, target: UnsafePointer<UInt8>) -> (rows: Range<Int>, columns: Range<Int>) {
        // Straight loops over each tile row (the compiler makes them vector loops): whether
        // the row has content, and into `blockContent` which blocks of any row have.
        let blocks = blockCount, columns = blockContent
        var firstTileRow = -1, lastTileRow = -1
        columns.update(repeating: 0, count: blocks)
        for r in 0..<tileRowCount {
            let row = UnsafePointer(tileContent + r &* blocks)
            var any: UInt8 = 0
            for b in 0..<blocks { any |= row[b] }
            guard any != 0 else { continue }
            if firstTileRow < 0 { firstTileRow = r }
            lastTileRow = r
            for b in 0..<blocks { columns[b] |= row[b] }
        }
        guard lastTileRow >= 0 else {
            rowContent.update(repeating: 0, count: height)
            return (0..<0, 0..<0)
        }
        var firstBlock = 0
        while columns[firstBlock] == 0 { firstBlock += 1 }
        var lastBlock = blocks - 1
        while columns[lastBlock] == 0 { lastBlock -= 1 }
        func rowHasContent(_ y: Int) -> Bool {
            let s = source + y * width, t = target + y * width
            // 64 bytes of each a step, OR-ed, the test once a step.
            var x = 0
            while x &+ 64 <= width {
                let any = s.vector16(at: x) | t.vector16(at: x) | s.vector16(at: x &+ 16) | t.vector16(at: x &+ 16)
                    | s.vector16(at: x &+ 32) | t.vector16(at: x &+ 32) | s.vector16(at: x &+ 48) | t.vector16(at: x &+ 48)
                let words = unsafeBitCast(any, to: SIMD2<UInt64>.self)
                if words[0] | words[1] != 0 { return true }
                x &+= 64
            }
            while x < width {
                if s[x] | t[x] != 0 { return true }
                x &+= 1
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
