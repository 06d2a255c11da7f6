/// Content bounds: the rows and columns where a mask has a non-zero byte.
extension TileMap {
    /// Where a mask has content: from its first to its last row, and column, with a non-zero
    /// byte (empty ranges when it has none).
    struct Content: Equatable {
        var rows: Range<Int>
        var columns: Range<Int>

        static let none = Content(rows: 0..<0, columns: 0..<0)

        /// The rows and columns of either (where a morph of the two can be non-zero).
        func union(_ other: Content) -> Content {
            if rows.isEmpty { return other }
            if other.rows.isEmpty { return self }
            return Content(
                rows: min(rows.lowerBound, other.rows.lowerBound)..<max(rows.upperBound, other.rows.upperBound),
                columns: min(columns.lowerBound, other.columns.lowerBound)..<max(columns.upperBound, other.columns.upperBound))
        }
    }

    /// The content of mask `pixels` (this map's size), whose tile maxima are `greatest`
    /// (`MaskTileBounds`). A morph draws the same masks frame after frame, so the renderer
    /// keeps each mask's content with its tile bounds and calls this once a mask.
    ///
    /// The tile maxima give the first and last tile rows and blocks with content; only those
    /// are scanned byte by byte, so this costs a few rows and columns, not the mask.
    func content(of pixels: UnsafePointer<UInt8>, greatest: UnsafePointer<UInt8>) -> Content {
        let blocks = blockCount
        var firstTileRow = -1, lastTileRow = -1, firstBlock = blocks, lastBlock = -1
        for r in 0..<tileRowCount {
            let row = greatest + r * blocks
            var b = 0
            while b < blocks && row[b] == 0 { b += 1 }
            guard b < blocks else { continue }
            if firstTileRow < 0 { firstTileRow = r }
            lastTileRow = r
            firstBlock = min(firstBlock, b)
            var last = blocks - 1
            while row[last] == 0 { last -= 1 }
            lastBlock = max(lastBlock, last)
        }
        guard lastTileRow >= 0 else { return .none }
        func rowHasContent(_ y: Int) -> Bool {
            let row = pixels + y * width
            // 64 bytes a step, OR-ed, the test once a step.
            var x = 0
            while x &+ 64 <= width {
                let any = row.vector16(at: x) | row.vector16(at: x &+ 16) | row.vector16(at: x &+ 32) | row.vector16(at: x &+ 48)
                let words = unsafeBitCast(any, to: SIMD2<UInt64>.self)
                if words[0] | words[1] != 0 { return true }
                x &+= 64
            }
            while x < width {
                if row[x] != 0 { return true }
                x &+= 1
            }
            return false
        }
        var first = rows(ofTileRow: firstTileRow).lowerBound
        while !rowHasContent(first) { first += 1 }
        var last = rows(ofTileRow: lastTileRow).upperBound - 1
        while !rowHasContent(last) { last -= 1 }

        // The columns of the first and last blocks with content that hold a non-zero byte.
        func columnBits(_ b: Int) -> SIMD16<UInt8> {
            var bits = SIMD16<UInt8>()
            if b * 16 + 16 <= width {
                for y in first...last { bits |= (pixels + y * width + b * 16).vector16(at: 0) }
            } else {
                for y in first...last {
                    for lane in 0..<width - b * 16 { bits[lane] |= pixels[y * width + b * 16 + lane] }
                }
            }
            return bits
        }
        let left = columnBits(firstBlock), right = columnBits(lastBlock)
        let firstColumn = firstBlock * 16 + (0..<16).first { left[$0] != 0 }!
        let lastColumn = lastBlock * 16 + (0..<16).last { right[$0] != 0 }!
        return Content(rows: first..<last + 1, columns: firstColumn..<lastColumn + 1)
    }

    /// `rowContent` for a frame whose masks have content in `rows` together: 1 there, 0 above
    /// and below.
    func setRowContent(_ rows: Range<Int>) {
        let inside = rows.clamped(to: 0..<height)
        rowContent.update(repeating: 0, count: inside.lowerBound)
        (rowContent + inside.lowerBound).update(repeating: 1, count: inside.count)
        (rowContent + inside.upperBound).update(repeating: 0, count: height - inside.upperBound)
    }
}
