import AlphaRaster

/// Random masks of a few kinds, so frames cover flat areas, hard and soft edges and noise.
enum TestMasks {
    enum Kind: CaseIterable {
        /// Every byte uniform in 0…255.
        case noise
        /// Every byte 0 or 255.
        case binary
        /// A few discs with a one-pixel antialiased rim, on empty ground.
        case discs
    }

    /// The benchmarks' workload shapes at `size` × `size`: a disc of radius 0.36 · size and a
    /// square of half-side 0.3 · size, centred, each edge a pixel wide (coverage: the
    /// distance inside + ½, clamped to 0…1).
    static func discAndSquare(size: Int) throws -> (disc: AlphaMask, square: AlphaMask) {
        func mask(_ inside: (Double, Double) -> Double) throws -> AlphaMask {
            var pixels = [UInt8](repeating: 0, count: size * size)
            for y in 0..<size {
                for x in 0..<size {
                    pixels[y * size + x] = UInt8((min(max(inside(Double(x) + 0.5, Double(y) + 0.5) + 0.5, 0), 1) * 255).rounded())
                }
            }
            return try AlphaMask(width: size, height: size, pixels: pixels)
        }
        let c = Double(size) / 2
        return (try mask { x, y in Double(size) * 0.36 - ((x - c) * (x - c) + (y - c) * (y - c)).squareRoot() },
                try mask { x, y in Double(size) * 0.3 - max(abs(x - c), abs(y - c)) })
    }

    /// Three masks of `kinds`, drawn in turn from one generator seeded with `seed`.
    static func three(
        width: Int, height: Int, seed: UInt64, kinds: (Kind, Kind, Kind)
    ) -> (AlphaMask, AlphaMask, AlphaMask) {
        var rng = SplitMix64(seed: seed)
        let a = random(width: width, height: height, kind: kinds.0, using: &rng)
        let b = random(width: width, height: height, kind: kinds.1, using: &rng)
        return (a, b, random(width: width, height: height, kind: kinds.2, using: &rng))
    }

    static func random(width: Int, height: Int, kind: Kind, using rng: inout SplitMix64) -> AlphaMask {
        var pixels = [UInt8](repeating: 0, count: width * height)
        switch kind {
        case .noise:
            for i in pixels.indices { pixels[i] = UInt8.random(in: 0...255, using: &rng) }
        case .binary:
            for i in pixels.indices { pixels[i] = Bool.random(using: &rng) ? 255 : 0 }
        case .discs:
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let cx = Double.random(in: 0...Double(width), using: &rng)
                let cy = Double.random(in: 0...Double(height), using: &rng)
                let r = Double.random(in: 0.5...(Double(max(width, height)) / 2 + 1), using: &rng)
                for y in 0..<height {
                    for x in 0..<width {
                        let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
                        let coverage = min(max(r - (dx * dx + dy * dy).squareRoot() + 0.5, 0), 1)
                        let value = UInt8((coverage * 255).rounded())
                        pixels[y * width + x] = max(pixels[y * width + x], value)
                    }
                }
            }
        }
        return try! AlphaMask(width: width, height: height, pixels: pixels)
    }
}
