import AlphaRaster

/// Deterministic icon-like masks: an antialiased disc and an antialiased rounded square.
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
