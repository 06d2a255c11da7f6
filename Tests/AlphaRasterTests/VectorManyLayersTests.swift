import AlphaRaster
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing

/// Icons of many overlapping layers (issue 8): the union and the composite stay exact, and the
/// sweep's time grows with the edges crossing each row, not with their square. Each rectangle
/// path gives its right side before its left side, so the row where thousands of them start
/// receives its edges in the worst order for an insertion sort (the old sweep spent
/// n² / 4 moves there: over 10 s for 100 000 rectangles in a release build).
@Suite("Vector icons: many overlapping layers")
struct VectorManyLayersTests {
    static let side = 10

    /// Exact float64 coverage of pixel (i, j) by the rectangle x0..<x1 × y0..<y1.
    static func rectangleCoverage(_ i: Int, _ j: Int, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Double {
        let w = max(0, min(Double(i + 1), x1) - max(Double(i), x0))
        let h = max(0, min(Double(j + 1), y1) - max(Double(j), y0))
        return w * h
    }

    static func mask(_ layers: [VectorIcon.Layer]) throws -> AlphaMask {
        let icon = VectorIcon(width: Double(side), height: Double(side), layers: layers)
        return try AlphaMask(icon: icon, box: IconBox(width: Double(side), height: Double(side), scale: 1))
    }

    static func rectangle(_ x: Double, _ y: Double, _ w: Double, _ h: Double, opacity: Double = 1) -> VectorIcon.Layer {
        VectorIcon.Layer(path: rectanglePath(x: x, y: y, width: w, height: h), paint: .fill(.nonZero), opacity: opacity)
    }

    @Test("20 000 identical opaque rectangles: the mask of one, in well under the old sweep's time")
    func identicalOpaque() throws {
        let (x, y, w, h) = (1.25, 2.5, 6.5, 3.75)
        let one = try Self.mask([Self.rectangle(x, y, w, h)])
        let layers = Array(repeating: Self.rectangle(x, y, w, h), count: 20_000)
        let clock = ContinuousClock()
        let start = clock.now
        let many = try Self.mask(layers)
        let elapsed = clock.now - start
        #expect(many.pixels == one.pixels)
        for j in 0..<Self.side {
            for i in 0..<Self.side {
                let expected = Self.rectangleCoverage(i, j, x, y, x + w, y + h) * 255
                #expect(abs(Double(many.pixels[j * Self.side + i]) - expected) <= 0.5 + 1e-3, "pixel (\(i), \(j))")
            }
        }
        // Linear in the layers: about 0.2 s in a debug build on a 2-core machine. The
        // quadratic first row took over 10 s here (10⁸ moves of 96-byte slots, unoptimised).
        #expect(elapsed < .seconds(3 * sanitizerTimeScale), "took \(elapsed)")
    }

    @Test("nested opaque rectangles out of order: the union is the widest one")
    func nestedOpaque() throws {
        // Shared left side, widths in a shuffled order: every right side lies inside the
        // widest rectangle except its own. (Heights are shared: thousands of distinct ends
        // inside one row still cost the sweep a strip each, over every edge of the cluster.)
        let count = 5_000
        let layers = (0..<count).map { k -> VectorIcon.Layer in
            let t = Double((k &* 7_919) % count) / Double(count)
            return Self.rectangle(1.5, 1.25, 2 + 5.3 * t, 6.5)
        }
        let largest = (0..<count).map { Double(($0 &* 7_919) % count) / Double(count) }.max()!
        let (x1, y1) = (1.5 + 2 + 5.3 * largest, 1.25 + 6.5)
        let many = try Self.mask(layers)
        for j in 0..<Self.side {
            for i in 0..<Self.side {
                let expected = Self.rectangleCoverage(i, j, 1.5, 1.25, x1, y1) * 255
                #expect(abs(Double(many.pixels[j * Self.side + i]) - expected) <= 0.5 + 1e-3, "pixel (\(i), \(j))")
            }
        }
    }

    @Test("2 000 translucent rectangles over each other: 1 − (1 − c·o)ⁿ per pixel")
    func translucentStack() throws {
        let (x, y, w, h) = (2.25, 1.5, 5.5, 6.25)
        let n = 2_000, opacity = 0.001
        let mask = try Self.mask(Array(repeating: Self.rectangle(x, y, w, h, opacity: opacity), count: n))
        for j in 0..<Self.side {
            for i in 0..<Self.side {
                let c = Self.rectangleCoverage(i, j, x, y, x + w, y + h)
                let expected = (1 - pow(1 - c * opacity, Double(n))) * 255
                // Float compositing over 2000 layers drifts by far less than a level.
                #expect(abs(Double(mask.pixels[j * Self.side + i]) - expected) <= 1, "pixel (\(i), \(j))")
            }
        }
    }
}
