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
    /// bounds where they are not kept, then `low`, `high` and `tileContent`.
    func measure(
        tileRows: Range<Int>, source: UnsafePointer<UInt8>, sourceBounds: MaskBounds,
        target: UnsafePointer<UInt8>, targetBounds: MaskBounds, sourceWeight: Float, targetWeight: Float
    ) {
        if sourceBounds.measures { measureBounds(tileRows: tileRows, of: source, into: sourceBounds) }
        if targetBounds.measures { measureBounds(tileRows: tileRows, of: target, into: targetBounds) }
        for r in tileRows {
            let partialRows = rows(ofTileRow: r).count < TileMap.tileRows
            for b in 0..<blockCount {
                let tile = r &* blockCount &+ b
                let sLow = sourceBounds.least[tile], sHigh = sourceBounds.greatest[tile]
                let tLow = targetBounds.least[tile], tHigh = targetBounds.greatest[tile]
                low[tile] = partialRows || b &* 16 &+ 16 > width
                    ? 0 : Float(sLow) * sourceWeight + Float(tLow) * targetWeight
                high[tile] = Float(sHigh) * sourceWeight + Float(tHigh) * targetWeight
                tileContent[tile] = sHigh | tHigh != 0 ? 1 : 0
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
