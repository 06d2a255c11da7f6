/// Dilation: each tile's bounds combined with those of the tiles within the taps' reach.
extension TileMap {
    /// `lows` / `highs` (`lowAcross` / `highAcross`, or the wide ones) over tile rows
    /// `tileRows`: the measured bounds of each tile combined with those of the `reach` blocks
    /// on each side; a reach leaving the grid sees M = 0, so its low bound is 0. The loops run
    /// along tile rows so that they vectorise; each tile row depends on its own bounds only.
    func dilateAcross(
        tileRows: Range<Int>, reach: Int, lows lowPlane: UnsafeMutablePointer<Float>, highs highPlane: UnsafeMutablePointer<Float>
    ) {
        let blocks = blockCount
        for r in tileRows {
            let lowRow = low + r * blocks, highRow = high + r * blocks
            let lows = lowPlane + r * blocks, highs = highPlane + r * blocks
            lows.update(from: lowRow, count: blocks)
            highs.update(from: highRow, count: blocks)
            for d in stride(from: 1, through: min(reach, blocks - 1), by: 1) {
                // Block b takes the bounds of blocks b − d and b + d.
                TileMap.lower(lows + d, toward: lowRow, count: blocks - d)
                TileMap.lower(lows, toward: lowRow + d, count: blocks - d)
                TileMap.raise(highs + d, toward: highRow, count: blocks - d)
                TileMap.raise(highs, toward: highRow + d, count: blocks - d)
            }
            let edge = min(reach, blocks)
            lows.update(repeating: 0, count: edge)
            (lows + (blocks - edge)).update(repeating: 0, count: edge)
        }
    }

    /// `lows` / `highs` (tile row `r`'s, which may be `low` / `high` themselves): the
    /// across-dilated bounds of tile row r in `acrossLows` / `acrossHighs` combined with those
    /// of the `reach` tile rows above and below.
    func dilateDown(
        tileRow r: Int, reach: Int, acrossLows: UnsafePointer<Float>, acrossHighs: UnsafePointer<Float>,
        lows: UnsafeMutablePointer<Float>, highs: UnsafeMutablePointer<Float>
    ) {
        let blocks = blockCount
        lows.update(from: acrossLows + r * blocks, count: blocks)
        highs.update(from: acrossHighs + r * blocks, count: blocks)
        for neighbour in max(0, r - reach)...min(tileRowCount - 1, r + reach) where neighbour != r {
            TileMap.lower(lows, toward: acrossLows + neighbour * blocks, count: blocks)
            TileMap.raise(highs, toward: acrossHighs + neighbour * blocks, count: blocks)
        }
    }

    /// values[i] = min(values[i], others[i]) for i < count.
    @inline(__always)
    private static func lower(_ values: UnsafeMutablePointer<Float>, toward others: UnsafePointer<Float>, count: Int) {
        combine(values, with: others, count: count, keepingLarger: false)
    }

    /// values[i] = max(values[i], others[i]) for i < count.
    @inline(__always)
    private static func raise(_ values: UnsafeMutablePointer<Float>, toward others: UnsafePointer<Float>, count: Int) {
        combine(values, with: others, count: count, keepingLarger: true)
    }

    /// values[i] = the larger (or smaller) of values[i] and others[i] for i < count, 8 at a
    /// time; `keepingLarger` is a constant at each inlined call, so the choice folds away.
    @inline(__always)
    private static func combine(
        _ values: UnsafeMutablePointer<Float>, with others: UnsafePointer<Float>, count: Int, keepingLarger: Bool
    ) {
        var i = 0
        while i &+ 8 <= count {
            var a = UnsafeRawPointer(values + i).loadUnaligned(as: SIMD8<Float>.self)
            let b = UnsafeRawPointer(others + i).loadUnaligned(as: SIMD8<Float>.self)
            a.replace(with: b, where: keepingLarger ? b .> a : b .< a)
            UnsafeMutableRawPointer(values + i).storeBytes(of: a, as: SIMD8<Float>.self)
            i &+= 8
        }
        while i < count {
            if keepingLarger ? others[i] > values[i] : others[i] < values[i] { values[i] = others[i] }
            i &+= 1
        }
    }
}
