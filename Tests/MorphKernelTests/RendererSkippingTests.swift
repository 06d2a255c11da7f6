import AlphaRaster
import Testing
@_spi(Testing) @testable import MorphKernel

/// The renderer fills tiles it can prove empty (V ≤ t − s) or full (V ≥ t) and skips rows and
/// columns out of the content's reach; these tests check that this never changes a byte
/// against computing every tile, and that the skipping really happens.
@Suite struct RendererSkippingTests {
    /// Masks with the shapes that stress the skipping: empty ground, content touching each
    /// edge, large flat interiors, a hole, a single pixel.
    static func masks(width: Int, height: Int, using rng: inout SplitMix64) throws -> [AlphaMask] {
        func mask(_ value: (Int, Int) -> UInt8) throws -> AlphaMask {
            var pixels = [UInt8](repeating: 0, count: width * height)
            for y in 0..<height { for x in 0..<width { pixels[y * width + x] = value(x, y) } }
            return try AlphaMask(width: width, height: height, pixels: pixels)
        }
        let cx = Double(width) / 2, cy = Double(height) / 2
        let outer = Double(min(width, height)) * 0.45, inner = outer * 0.4
        return [
            try mask { _, _ in 0 },
            try mask { _, _ in 255 },
            // A block in the top-left corner, touching two edges, with a soft right edge.
            try mask { x, y in y < height * 2 / 3 ? (x < width / 2 ? 255 : x == width / 2 ? 128 : 0) : 0 },
            // A band touching the right and bottom edges.
            try mask { x, y in x >= width / 3 && y >= height / 4 ? 255 : 0 },
            // A ring: a full region around an empty hole.
            try mask { x, y in
                let d = ((Double(x) + 0.5 - cx) * (Double(x) + 0.5 - cx) + (Double(y) + 0.5 - cy) * (Double(y) + 0.5 - cy)).squareRoot()
                return UInt8((min(max(outer - d + 0.5, 0), 1) * min(max(d - inner + 0.5, 0), 1) * 255).rounded())
            },
            // One lit pixel near the bottom-right corner.
            try mask { x, y in x == width - 2 && y == height - 1 ? 255 : 0 },
            TestMasks.random(width: width, height: height, kind: .discs, using: &rng),
            TestMasks.random(width: width, height: height, kind: .binary, using: &rng),
        ]
    }

    static let styles: [MorphStyle] = [
        MorphStyle(maxBlurRadius: 12),
        MorphStyle(maxBlurRadius: 0),
        MorphStyle(maxBlurRadius: 3, blurLevels: 4, threshold: 0.3, softness: 0.3),
        MorphStyle(maxBlurRadius: 20, blurLevels: 5, threshold: 1, softness: 0.2),
        MorphStyle(maxBlurRadius: 9, blurLevels: 3, threshold: 0.6, softness: .fixed(MorphStyle.minimumSoftness),
                   tint: TintColor(red: 3, green: 200, blue: 90, alpha: 140)),
        MorphStyle(maxBlurRadius: 40, blurLevels: 3, threshold: 0.02, softness: 0.02),
        // Automatic softness: n a multiple of 16 (the plane row beyond the taps' reach that
        // the row around a computed tile needs), a threshold below ½ (the shape grows by a
        // fraction of a pixel, so α reaches past the taps near rest), one above.
        MorphStyle(maxBlurRadius: 16, blurLevels: 5),
        MorphStyle(maxBlurRadius: 3, threshold: 0.3),
        MorphStyle(maxBlurRadius: 32, blurLevels: 9, threshold: 0.9, easing: .linear,
                   tint: TintColor(red: 3, green: 200, blue: 90, alpha: 140)),
    ]

    @Test("skipping flat tiles and out-of-reach rows gives the bytes of computing everything",
          arguments: [(37, 53), (80, 56), (16, 16), (17, 33), (1, 40), (40, 1)])
    func skippingIsExact(width: Int, height: Int) throws {
        var rng = SplitMix64(seed: 0x5C1F_0000 &+ UInt64(width * 1000 + height))
        let masks = try Self.masks(width: width, height: height, using: &rng)
        for (index, style) in Self.styles.enumerated() {
            let skipping = try MorphRenderer(width: width, height: height, style: style, bandCount: 3)
            skipping.concurrentWorkThreshold = 0
            let reference = try MorphRenderer(width: width, height: height, style: style)
            reference.concurrency = .serial
            reference.skipsFlatTiles = false
            for (i, source) in masks.enumerated() {
                // Each mask meets itself and a different partner per style, at progress values
                // that cycle through both ends, both sides of ½ and ½ itself.
                for (k, j) in [i, (i + 1 + index) % masks.count].enumerated() {
                    let progress = [0.5, 0, 0.2, 0.9, 1][(i + index + 2 * k) % 5]
                    try expectSameFrames(
                        skipping, reference, source, masks[j], progress: progress,
                        context: "\(width)×\(height) style \(index) masks \(i), \(j) p=\(progress)")
                }
            }
        }
    }

    @Test("flat regions just above and below the ramp's ends and middle are filled only when exact")
    func plateausAtTheThresholds() throws {
        // Flat 16-pixel tiles (unblurred) and flat 64-pixel quadrants (blurred) with values
        // on both sides of each style's t and t − s (fixed) or t and t ± w_flat / 2
        // (automatic), in bytes.
        let size = 128
        var edges = [UInt8]()
        for style in Self.styles {
            let values: [Double]
            switch style.softness {
            case .fixed(let s): values = [style.threshold, style.threshold - s]
            case .automatic: values = [style.threshold, style.threshold - 0.05, style.threshold + 0.05]
            }
            for value in values {
                let byte = Int((value * 255).rounded(.down))
                edges += [byte - 1, byte, byte + 1, byte + 2].filter { (0...255).contains($0) }.map { UInt8($0) }
            }
        }
        var tiles = [UInt8](repeating: 0, count: size * size)
        var quadrants = tiles
        for y in 0..<size {
            for x in 0..<size {
                tiles[y * size + x] = edges[(x / 16 + 5 * (y / 16)) % edges.count]
                quadrants[y * size + x] = edges[(x / 64 + 2 * (y / 64) + 4 * (x / 16 % 2)) % edges.count]
            }
        }
        let flat = try AlphaMask(width: size, height: size, pixels: tiles)
        let wide = try AlphaMask(width: size, height: size, pixels: quadrants)
        for (index, style) in Self.styles.enumerated() {
            let skipping = try MorphRenderer(width: size, height: size, style: style)
            let reference = try MorphRenderer(width: size, height: size, style: style)
            reference.skipsFlatTiles = false
            for (source, target, progress) in [(flat, wide, 0.0), (wide, flat, 0.0), (flat, wide, 1.0), (wide, wide, 0.5)] {
                try expectSameFrames(
                    skipping, reference, source, target, progress: progress, context: "style \(index) p=\(progress)")
            }
        }
    }

    @Test("frames with empty ground and flat interiors match the float64 reference")
    func edgeCasesMatchReference() throws {
        var rng = SplitMix64(seed: 0x5C1F_0100)
        let masks = try Self.masks(width: 45, height: 38, using: &rng)
        for style in [MorphStyle(maxBlurRadius: 6), MorphStyle(maxBlurRadius: 15, blurLevels: 4, threshold: 1, softness: 0.3)] {
            for (i, source) in masks.enumerated() {
                for progress in [0, 0.5, 0.3] {
                    try expectMatchesReference(
                        source: source, target: masks[(i + 2) % masks.count], progress: progress, style: style)
                }
            }
        }
    }

    @Test("a disc on empty ground computes only the tiles near its rim")
    func skippingHappens() throws {
        let size = 256, radius = 90.0, blur = 12.0
        func distance(_ x: Double, _ y: Double) -> Double { ((x - 128) * (x - 128) + (y - 128) * (y - 128)).squareRoot() }
        var pixels = [UInt8](repeating: 0, count: size * size)
        for y in 0..<size {
            for x in 0..<size {
                pixels[y * size + x] = UInt8((min(max(radius - distance(Double(x) + 0.5, Double(y) + 0.5) + 0.5, 0), 1) * 255).rounded())
            }
        }
        let disc = try AlphaMask(width: size, height: size, pixels: pixels)
        let renderer = try MorphRenderer(width: size, height: size, style: MorphStyle(maxBlurRadius: blur))
        let tiles = (size / 16) * (size / 16)
        // Tiles within `reach` of the rim (nearest and farthest points of the tile square).
        func tilesNearRim(within reach: Double) -> Int {
            var count = 0
            for ty in 0..<size / 16 {
                for tx in 0..<size / 16 {
                    let x0 = Double(tx * 16), y0 = Double(ty * 16)
                    let nearX = min(max(128, x0), x0 + 16), nearY = min(max(128, y0), y0 + 16)
                    let near = distance(nearX, nearY)
                    let far = [(x0, y0), (x0 + 16, y0), (x0, y0 + 16), (x0 + 16, y0 + 16)].map { distance($0.0, $0.1) }.max()!
                    if near <= radius + reach && far >= radius - reach { count += 1 }
                }
            }
            return count
        }
        for (progress, reach) in [(0.0, 0.0), (0.5, blur)] {
            let computed = try renderer.plannedFrame(source: disc, target: disc, progress: progress).computedTiles
            // At least every tile where the float64 frame has a byte that is neither 0 nor
            // 255 by more than the ±1 tolerance (a filled tile is constant)...
            let alpha = ReferenceMorph.alpha(
                source: pixels, target: pixels, width: size, height: size, progress: progress, style: renderer.style)
            var partial = Set<Int>()
            for y in 0..<size {
                for x in 0..<size where alpha[y * size + x] > 1.5 && alpha[y * size + x] < 253.5 {
                    partial.insert(y / 16 * (size / 16) + x / 16)
                }
            }
            #expect(computed >= partial.count, "p = \(progress): \(computed) tiles")
            // ...and at most those within the taps' reach of the rim plus two tiles of rounding.
            let bound = tilesNearRim(within: reach + 32)
            #expect(computed <= bound && bound < tiles, "p = \(progress): \(computed) tiles, bound \(bound)")
        }
        let empty = try AlphaMask(width: size, height: size)
        #expect(try renderer.plannedFrame(source: empty, target: empty, progress: 0.5).computedTiles == 0)
        renderer.skipsFlatTiles = false
        #expect(try renderer.plannedFrame(source: disc, target: disc, progress: 0.5).computedTiles == tiles)
    }
}
