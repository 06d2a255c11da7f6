import AlphaRaster

/// Deterministic masks: an antialiased disc and an antialiased rounded square (icon-like,
/// scaled with the frame), and a checkerboard that defeats the renderer's tile skipping.
enum BenchShapes {
    static func disc(size: Int) throws -> AlphaMask {
        let c = Double(size) / 2, r = Double(size) * 0.36
        return try mask(size: size) { x, y in r - ((x - c) * (x - c) + (y - c) * (y - c)).squareRoot() }
    }

    static func roundedSquare(size: Int) throws -> AlphaMask {
        let c = Double(size) / 2, half = Double(size) * 0.3, corner = Double(size) * 0.08
        return try mask(size: size) { x, y in
            let qx = abs(x - c) - (half - corner), qy = abs(y - c) - (half - corner)
            let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
            return corner - outside - min(max(qx, qy), 0)
        }
    }

    /// A checkerboard of `cell` × `cell` squares of 255 and 0 over the whole frame: every
    /// 16 × 16 tile, and so every tile's reach, holds both values, so the renderer's tile
    /// skipping (`TileMap`) finds nothing to skip. Two cell sizes make a mix of 0, ½ and 1.
    static func checker(size: Int, cell: Int) throws -> AlphaMask {
        var pixels = [UInt8](repeating: 0, count: size * size)
        for y in 0..<size {
            for x in 0..<size where (x / cell + y / cell) % 2 == 0 {
                pixels[y * size + x] = 255
            }
        }
        return try AlphaMask(width: size, height: size, pixels: pixels)
    }

    /// Coverage from a signed distance (positive inside) sampled at pixel centres.
    private static func mask(size: Int, distance: (Double, Double) -> Double) throws -> AlphaMask {
        var pixels = [UInt8](repeating: 0, count: size * size)
        for y in 0..<size {
            for x in 0..<size {
                let d = distance(Double(x) + 0.5, Double(y) + 0.5)
                pixels[y * size + x] = UInt8((min(max(d + 0.5, 0), 1) * 255).rounded())
            }
        }
        return try AlphaMask(width: size, height: size, pixels: pixels)
    }
}
