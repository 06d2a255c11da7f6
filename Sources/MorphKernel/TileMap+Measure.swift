/// The stats pass: bounds on the mix over each tile, from the least and greatest mask bytes.
extension TileMap {
    /// The stats pass over tile rows `tileRows`: `low`, `high` and `tileContent`.
    func measure(
        tileRows: Range<Int>, source: UnsafePointer<UInt8>, target: UnsafePointer<UInt8>,
        sourceWeight: Float, targetWeight: Float
    ) {
        for r in tileRows {
            let rows = self.rows(ofTileRow: r)
            let partialRows = rows.count < TileMap.tileRows
            for b in 0..<blockCount {
                let x = b &* 16
                var sLow: UInt8 = 255, sHigh: UInt8 = 0, tLow: UInt8 = 255, tHigh: UInt8 = 0
                if x &+ 16 <= width {
                    var sMin = SIMD16<UInt8>(repeating: 255), sMax = SIMD16<UInt8>()
                    var tMin = SIMD16<UInt8>(repeating: 255), tMax = SIMD16<UInt8>()
                    var offset = rows.lowerBound &* width &+ x
                    var row = 0
                    while row < rows.count {
                        let s = (source + offset).vector16(at: 0)
                        let t = (target + offset).vector16(at: 0)
                        // `replace(with:where:)` compiles to pminub / pmaxub; `pointwiseMin` to a call.
                        sMin.replace(with: s, where: s .< sMin)
                        sMax.replace(with: s, where: s .> sMax)
                        tMin.replace(with: t, where: t .< tMin)
                        tMax.replace(with: t, where: t .> tMax)
                        offset &+= width
                        row &+= 1
                    }
                    sLow = sMin.min(); sHigh = sMax.max(); tLow = tMin.min(); tHigh = tMax.max()
                } else {
                    for y in rows {
                        for column in x..<width {
                            let s = source[y &* width &+ column], t = target[y &* width &+ column]
                            sLow = min(sLow, s); sHigh = max(sHigh, s)
                            tLow = min(tLow, t); tHigh = max(tHigh, t)
                        }
                    }
                }
                let tile = r &* blockCount &+ b
                low[tile] = partialRows || x &+ 16 > width
                    ? 0 : Float(sLow) * sourceWeight + Float(tLow) * targetWeight
                high[tile] = Float(sHigh) * sourceWeight + Float(tHigh) * targetWeight
                tileContent[tile] = sHigh | tHigh != 0 ? 1 : 0
            }
        }
    }
}
