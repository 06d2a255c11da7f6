/// The least and greatest value of each tile of a field, for `DistanceFrameRenderer`'s
/// choice of the tiles near a frame's outline.
enum TileBounds {
    /// Per tile of `DistanceFrameRenderer.tileSide` pixels a side (the last ones cut by the
    /// canvas), row-major: (least, greatest) of `values` (`width` × `height`, row-major).
    static func of(_ values: [Float], width: Int, height: Int) -> [SIMD2<Float>] {
        let side = DistanceFrameRenderer.tileSide
        let across = (width + side - 1) / side, down = (height + side - 1) / side
        var bounds = [SIMD2<Float>](repeating: SIMD2(.infinity, -.infinity), count: across * down)
        values.withUnsafeBufferPointer { v in
            for y in 0..<height {
                let tileRow = y / side * across
                for x in 0..<width {
                    let value = v[y * width + x]
                    let tile = tileRow + x / side
                    bounds[tile].x = min(bounds[tile].x, value)
                    bounds[tile].y = max(bounds[tile].y, value)
                }
            }
        }
        return bounds
    }
}
