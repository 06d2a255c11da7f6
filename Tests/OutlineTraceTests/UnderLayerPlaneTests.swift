import AlphaRaster
import Foundation
import IconSymbols
import MorphKernel
import Testing
@testable import OutlineTrace
import PathMorph
import _TestSupport

/// The plane a translucent frame's under layers are traced from, against the rule written out
/// pixel by pixel, and what tracing from it keeps and leaves out.
struct UnderLayerPlaneTests {
    /// The rule of `UnderLayerPlane`, written plainly: a pixel by its neighbours, outside the
    /// plane empty.
    static func expected(_ a: [UInt8], width: Int, height: Int) -> [UInt8] {
        func value(_ x: Int, _ y: Int) -> Int { x < 0 || y < 0 || x >= width || y >= height ? 0 : Int(a[y * width + x]) }
        func isPartial(_ v: Int) -> Bool { v >= 3 && v <= 252 }
        // On an opaque edge's ramp along (dx, dy): the run of partial pixels through it is at
        // most two long and climbs strictly from an empty pixel at one end to two full ones
        // past the other.
        func onRamp(_ x: Int, _ y: Int, _ dx: Int, _ dy: Int) -> Bool {
            var first = 0, last = 0
            while isPartial(value(x + (first - 1) * dx, y + (first - 1) * dy)) { first -= 1 }
            while isPartial(value(x + (last + 1) * dx, y + (last + 1) * dy)) { last += 1 }
            guard last - first + 1 <= 2 else { return false }
            let run = (first...last).map { value(x + $0 * dx, y + $0 * dy) }
            let before = value(x + (first - 1) * dx, y + (first - 1) * dy), after = value(x + (last + 1) * dx, y + (last + 1) * dy)
            let rising = zip(run, run.dropFirst()).allSatisfy { $0 < $1 }, falling = zip(run, run.dropFirst()).allSatisfy { $0 > $1 }
            if rising && before <= 2 && after >= 253 && value(x + (last + 2) * dx, y + (last + 2) * dy) >= 253 { return true }
            return falling && after <= 2 && before >= 253 && value(x + (first - 2) * dx, y + (first - 2) * dy) >= 253
        }
        func isSoft(_ x: Int, _ y: Int) -> Bool {
            isPartial(value(x, y)) && !onRamp(x, y, 1, 0) && !onRamp(x, y, 0, 1)
        }
        let soft = (0..<(width * height)).map { isSoft($0 % width, $0 / width) }
        return (0..<(width * height)).map { i in
            let x = i % width, y = i / width
            // The nearest soft pixel, counting a square's rings.
            var nearest = Int.max
            for sy in max(0, y - 3)...min(height - 1, y + 3) {
                for sx in max(0, x - 3)...min(width - 1, x + 3) where soft[sy * width + sx] {
                    nearest = min(nearest, max(abs(sx - x), abs(sy - y)))
                }
            }
            let v = a[i]
            let keep = nearest <= UnderLayerPlane.reach
                && (!isPartial(Int(v)) || soft[i] || nearest <= UnderLayerPlane.hardReach)
            return keep ? v : 0
        }
    }

    static func plane(_ a: [UInt8], width: Int, height: Int) -> [UInt8] {
        a.withUnsafeBufferPointer { UnderLayerPlane.plane($0, width: width, height: height) }
    }

    /// Where `plane` and `expected` differ: how many pixels, and the first.
    static func differences(_ a: [UInt8], width: Int, height: Int) -> String? {
        let (got, want) = (plane(a, width: width, height: height), expected(a, width: width, height: height))
        let wrong = got.indices.filter { got[$0] != want[$0] }
        guard let first = wrong.first else { return nil }
        return "\(wrong.count) pixels differ, the first at (\(first % width), \(first / width)): \(got[first]) for \(want[first])"
    }

    @Test func aRampMustClimbAllAlong() {
        // Two equal partial pixels between an empty and two full ones are no opaque edge's
        // ramp: soft, so kept; two rising ones are a ramp, so dropped (no soft pixel near).
        let flat: [UInt8] = [0, 0, 100, 100, 255, 255, 255, 0, 0, 0]
        #expect(Self.plane(flat, width: 10, height: 1) == flat)
        let ramp: [UInt8] = [0, 0, 90, 160, 255, 255, 255, 0, 0, 0]
        #expect(Self.plane(ramp, width: 10, height: 1) == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
        // Three partial pixels are a soft ramp (the field shallow where two shapes part).
        let soft: [UInt8] = [0, 0, 60, 130, 200, 255, 255, 0, 0, 0]
        #expect(Self.plane(soft, width: 10, height: 1) == soft)
        for a in [flat, ramp, soft] { #expect(Self.differences(a, width: 10, height: 1) == nil) }
    }

    @Test func anOpaqueEdgesRampIsFoundEitherWay() {
        // Rows with three empty pixels each side (`onRamp` reads three pixels either way):
        // which of their partial pixels lie on an opaque edge's ramp.
        let cases: [([UInt8], [Bool])] = [
            ([0, 128, 255, 255], [false, true, false, false]),                  // one partial pixel
            ([0, 90, 160, 255, 255], [false, true, true, false, false]),        // two, climbing
            ([255, 255, 160, 90, 0], [false, false, true, true, false]),        // the other way
            ([0, 60, 130, 200, 255, 255], [false, false, false, false, false, false]),  // three: soft
            ([0, 100, 100, 255, 255], [false, false, false, false, false]),     // not climbing
            ([0, 160, 90, 255, 255], [false, false, false, false, false]),      // down, then up
            ([0, 128, 255, 0], [false, false, false, false]),                    // one full pixel
            ([128, 255, 255], [true, false, false]),                             // the frame's edge is empty
        ]
        for (pixels, expected) in cases {
            let row = [UInt8](repeating: 0, count: 3) + pixels + [0, 0, 0]
            let found = row.withUnsafeBufferPointer { row in
                pixels.indices.map { i in
                    pixels[i] >= 3 && pixels[i] <= 252 && UnderLayerPlane.onRamp(row.baseAddress! + 3 + i, 1)
                }
            }
            #expect(found == expected, "\(pixels)")
        }
    }

    @Test func keepsThePixelsTheRuleKeeps() throws {
        // Planes of every kind of neighbourhood: random bytes biased to empty and full, at
        // sizes across the 8-pixel groups and 64-pixel words, down to one pixel.
        var generator = SplitMix64(seed: 17)
        for (width, height) in [(1, 1), (3, 2), (7, 9), (8, 8), (13, 5), (63, 4), (64, 3), (65, 7), (130, 6)] {
            for round in 0..<20 {
                let a = (0..<(width * height)).map { _ -> UInt8 in
                    switch generator.next() % 8 {
                    case 0, 1, 2: 0
                    case 3, 4, 5: 255
                    default: UInt8(truncatingIfNeeded: generator.next())
                    }
                }
                let differences = Self.differences(a, width: width, height: height)
                #expect(differences == nil, "\(width) × \(height), round \(round): \(differences ?? "")")
            }
        }
        // And real translucent frames.
        let layout = try IconBox(width: 44, height: 44, scale: 3, padding: 4).layout()
        for (from, to) in [(BuiltInSymbol.bell, BuiltInSymbol.magnifyingglass), (.gear, .house), (.play, .pause)] {
            let frame = try Self.frame(from, to, progress: 0.5, layout: layout)
            let differences = Self.differences(frame.pixels, width: frame.width, height: frame.height)
            #expect(differences == nil, "\(from) → \(to): \(differences ?? "")")
        }
    }

    static func frame(_ from: BuiltInSymbol, _ to: BuiltInSymbol, progress: Double, layout: IconLayout) throws -> AlphaMask {
        let a = try AlphaMask(icon: from.icon, layout: layout), b = try AlphaMask(icon: to.icon, layout: layout)
        let renderer = try MorphRenderer(width: a.width, height: a.height, style: MorphStyle(maxBlurRadius: 12))
        var alpha = [UInt8](repeating: 0, count: a.width * a.height)
        try alpha.withUnsafeMutableBytes { try renderer.render(source: a, target: b, progress: progress, into: $0, format: .alpha8) }
        return try AlphaMask(width: a.width, height: a.height, pixels: alpha)
    }

    @Test func anOpaqueShapeFarFromTheSoftOnesHasNoUnderLayerOutline() throws {
        // An opaque disc (an icon's anti-aliased edge) on the left and a translucent square of
        // two coverages on the right, far apart: the square's two layers are traced round the
        // square only, and the disc once, in the opaque layer.
        var disc = VectorPath()
        disc.move(to: SIMD2(30, 20))
        for k in 1...64 {
            let angle = Double(k) / 64 * 2 * Double.pi
            disc.line(to: SIMD2(20 + 10 * cos(angle), 20 + 10 * sin(angle)))
        }
        disc.close()
        let shape = try VectorRasterizer().mask(for: disc, paint: .fill(.nonZero), width: 60, height: 40)
        var pixels = shape.pixels
        for y in 12..<28 {
            for x in 40..<56 { pixels[y * 60 + x] = x < 48 ? 80 : 170 }
        }
        let frame = try AlphaMask(width: 60, height: 40, pixels: pixels)
        let layers = try MaskTracer().layers(of: frame)
        #expect(layers.count == 3, "two translucent layers and the opaque one: \(layers.count)")
        for under in layers.dropLast() {
            let bounds = under.contours.map(\.boundsForTests)
            #expect(!bounds.isEmpty && bounds.allSatisfy { $0.min.x > 36 }, "\(bounds)")
        }
        #expect(try #require(layers.last).contours.contains { $0.boundsForTests.max.x < 32 })
        // Drawn back, the layers give the frame.
        let (mean, iou) = MaskTracerTests.compare(try MaskTracerTests.drawn(layers, like: frame), frame)
        #expect(mean < 1 && iou > 0.99, "mean \(mean), IoU \(iou)")
    }
}

extension PathContour {
    /// The bounds of the contour's nodes and control points, for the tests.
    var boundsForTests: (min: SIMD2<Double>, max: SIMD2<Double>) {
        var low = start, high = start
        for curve in curves {
            for p in [curve.control1, curve.control2, curve.end] {
                low = SIMD2(Swift.min(low.x, p.x), Swift.min(low.y, p.y))
                high = SIMD2(Swift.max(high.x, p.x), Swift.max(high.y, p.y))
            }
        }
        return (low, high)
    }
}
