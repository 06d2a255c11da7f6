/// The stats pass: bounds on the mix over each tile, from the least and greatest mask bytes.
extension TileMap {
    /// A mask's tile bounds as the stats pass reads them: where they are, and whether this
    /// frame fills them from the mask's bytes first (`MaskTileBounds`).
    struct MaskBounds {
        let least: UnsafeMutablePointer<UInt8>
        let greatest: UnsafeMutablePointer<UInt8>
        let measures: Bool
    }

    /// The stats pass over tile rows `tileRows` of masks `source` and `target`: each mask's
    /// bounds where they are not kept, then `low` and `high`.
    func measure(
        tileRows: Range<Int>, source: UnsafePointer<UInt8>, sourceBounds: MaskBounds,
        target: UnsafePointer<UInt8>, targetBounds: MaskBounds, sourceWeight: Float, targetWeight: Float
    ) {
        if sourceBounds.measures { measureBounds(tileRows: tileRows, of: source, into: sourceBounds) }
        if targetBounds.measures { measureBounds(tileRows: tileRows, of: target, into: targetBounds) }
        let blocks = blockCount
        for r in tileRows {
            // A straight loop over the row's tiles (the compiler makes it a vector loop), then
            // the low bound of tiles cut by the mask's edges (their missing pixels are 0).
            let first = r &* blocks
            let sLows = sourceBounds.least + first, sHighs = sourceBounds.greatest + first
            let tLows = targetBounds.least + first, tHighs = targetBounds.greatest + first
            let lows = low + first, highs = high + first
            for b in 0..<blocks {
                lows[b] = Float(sLows[b]) * sourceWeight + Float(tLows[b]) * targetWeight
                highs[b] = Float(sHighs[b]) * sourceWeight + Float(tHighs[b]) * targetWeight
            }
            if rows(ofTileRow: r).count < TileMap.tileRows {
                lows.update(repeating: 0, count: blocks)
            } else if width % 16 != 0 {
                lows[blocks - 1] = 0
            }
        }
    }

    /// The least and greatest byte of each tile of tile rows `tileRows` of mask `pixels`.
    private func measureBounds(tileRows: Range<Int>, of pixels: UnsafePointer<UInt8>, into mask: MaskBounds) {
        for r in tileRows {
            let rows = self.rows(ofTileRow: r)
            for b in 0..<blockCount {
                let x = b &* 16
                var least: UInt8 = 255, greatest: UInt8 = 0
                if x &+ 16 <= width {
                    var lanesLeast = SIMD16<UInt8>(repeating: 255), lanesGreatest = SIMD16<UInt8>()
                    var offset = rows.lowerBound &* width &+ x
                    var row = 0
                    while row < rows.count {
                        let bytes = (pixels + offset).vector16(at: 0)
                        // `replace(with:where:)` compiles to pminub / pmaxub; `pointwiseMin` to a call.
                        lanesLeast.replace(with: bytes, where: bytes .< lanesLeast)
                        lanesGreatest.replace(with: bytes, where: bytes .> lanesGreatest)
                        offset &+= width
                        row &+= 1
                    }
                    least = lanesLeast.min(); greatest = lanesGreatest.max()
                } else {
                    for y in rows {
                        for column in x..<width {
                            let byte = pixels[y &* width &+ column]
                            least = min(least, byte); greatest = max(greatest, byte)
                        }
                    }
                }
                let tile = r &* blockCount &+ b
                mask.least[tile] = least
                mask.greatest[tile] = greatest
            }
        }
    }
}
