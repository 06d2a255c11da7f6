/// The least and greatest value of each segment of a field (16 pixels of a row, the last
/// one cut by the canvas), for `DistanceFrameRenderer`'s choice of the segments near a
/// frame's outline.
enum SegmentBounds {
    /// Per segment of `DistanceFrameRenderer.segmentLength` pixels, row-major: (least,
    /// greatest) of `values` (`width` × `height`, row-major).
    static func of(_ values: [Float], width: Int, height: Int) -> [SIMD2<Float>] {
        let length = DistanceFrameRenderer.segmentLength
        let across = (width + length - 1) / length
        var bounds = [SIMD2<Float>](repeating: SIMD2(.infinity, -.infinity), count: across * height)
        values.withUnsafeBufferPointer { v in
            bounds.withUnsafeMutableBufferPointer { bounds in
                for y in 0..<height {
                    for x in 0..<width {
                        let value = v[y * width + x]
                        let segment = y * across + x / length
                        bounds[segment].x = min(bounds[segment].x, value)
                        bounds[segment].y = max(bounds[segment].y, value)
                    }
                }
            }
        }
        return bounds
    }
}
