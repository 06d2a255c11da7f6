/// The stats pass: bounds on the mix over each tile, from the least and greatest mask bytes.
extension TileMap {
    /// A mask's tile bounds as the stats pass reads them: where they are, and whether this
    /// frame fills them from the mask's bytes first (`MaskTileBounds`).
    struct MaskBounds {
        let pixels: UnsafePointer<UInt8>
        let least: UnsafeMutablePointer<UInt8>
        let greatest: UnsafeMutablePointer<UInt8>
        let measures: Bool
    }

    /// The stats pass over tile rows `tileRows`: each mask's bounds where they are not kept,
    /// then `low`, `high` and `tileContent`.
    func measure(
        tileRows: Range<Int>, source: MaskBounds, target: MaskBounds, sourceWeight: Float, targetWeight: Float
    ) {
        if source.measures { measureBounds(tileRows: tileRows, of: source) }
        if target.measures { measureBounds(tileRows: tileRows, of: target) }
        for r in tileRows {
            let partialRows = rows(ofTileRow: r).count < TileMap.tileRows
            for b in 0..<blockCount {
                let tile = r &* blockCount &+ b
                let sLow = source.least[tile], sHigh = source.greatest[tile]
                let tLow = target.least[tile], tHigh = target.greatest[tile]
                low[tile] = partialRows || b &* 16 &+ 16 > width
                    ? 0 : Float(sLow) * sourceWeight + Float(tLow) * targetWeight
                high[tile] = Float(sHigh) * sourceWeight + Float(tHigh) * targetWeight
                tileContent[tile] = sHigh | tHigh != 0 ? 1 : 0
            }
        }
    }

    /// The least and greatest byte of each tile of tile rows `tileRows` of a mask.
    private func measureBounds(tileRows: Range<Int>, of mask: MaskBounds) {
        let pixels = mask.pixels
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
