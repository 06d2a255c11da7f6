import AlphaRaster
import Foundation
import IconSymbols
import MorphKernel
import Testing
@testable import OutlineTrace
import PathMorph
import SVGImport
import _TestSupport

/// The plane a translucent frame's under layers are traced from, against the rule written out
/// pixel by pixel, and what tracing from it keeps and leaves out.
struct UnderLayerPlaneTests {
    /// The rule of `UnderLayerPlane`, written plainly: a pixel by its neighbours, outside the
    /// plane empty.
    static func expected(_ a: [UInt8], width: Int, height: Int) -> [UInt8] {
        func value(_ x: Int, _ y: Int) -> Int { x < 0 || y < 0 || x >= width || y >= height ? 0 : Int(a[y * width + x]) }
        func isPartial(_ v: Int) -> Bool { v >= 3 && v <= 252 }
        // The opaque edge's ramp through (x, y) along (dx, dy), as the pixels' offsets from
        // it: the run of partial pixels through it is at most two long and climbs strictly from
        // an empty pixel at one end to two full ones past the other. Nil when there is none.
        func ramp(_ x: Int, _ y: Int, _ dx: Int, _ dy: Int) -> ClosedRange<Int>? {
            var first = 0, last = 0
            while isPartial(value(x + (first - 1) * dx, y + (first - 1) * dy)) { first -= 1 }
            while isPartial(value(x + (last + 1) * dx, y + (last + 1) * dy)) { last += 1 }
            guard last - first + 1 <= 2 else { return nil }
            let run = (first...last).map { value(x + $0 * dx, y + $0 * dy) }
            let before = value(x + (first - 1) * dx, y + (first - 1) * dy), after = value(x + (last + 1) * dx, y + (last + 1) * dy)
            let rising = zip(run, run.dropFirst()).allSatisfy { $0 < $1 }, falling = zip(run, run.dropFirst()).allSatisfy { $0 > $1 }
            if rising && before <= 2 && after >= 253 && value(x + (last + 2) * dx, y + (last + 2) * dy) >= 253 { return first...last }
            if falling && after <= 2 && before >= 253 && value(x + (first - 2) * dx, y + (first - 2) * dy) >= 253 { return first...last }
            return nil
        }
        let ramps = (0..<(width * height)).map { i -> [[(Int, Int)]] in
            let x = i % width, y = i / width
            guard isPartial(value(x, y)) else { return [] }
            return [(1, 0), (0, 1)].compactMap { d in ramp(x, y, d.0, d.1).map { $0.map { (x + $0 * d.0, y + $0 * d.1) } } }
        }
        let soft = (0..<(width * height)).map { isPartial(value($0 % width, $0 / width)) && ramps[$0].isEmpty }
        // The distance from each pixel to the nearest soft one, counting a square's rings.
        func distance(_ x: Int, _ y: Int) -> Int {
            var nearest = Int.max
            let r = UnderLayerPlane.fullReach
            for sy in max(0, y - r)...min(height - 1, y + r) {
                for sx in max(0, x - r)...min(width - 1, x + r) where soft[sy * width + sx] {
                    nearest = min(nearest, max(abs(sx - x), abs(sy - y)))
                }
            }
            return nearest
        }
        return (0..<(width * height)).map { i in
            let x = i % width, y = i / width, v = a[i]
            let keep: Bool
            if soft[i] {
                keep = true
            } else if isPartial(Int(v)) {
                // With its ramp: kept when a pixel of any of its ramps is near a soft one.
                keep = ramps[i].contains { $0.contains { distance($0.0, $0.1) <= UnderLayerPlane.hardReach } }
            } else {
                keep = distance(x, y) <= UnderLayerPlane.fullReach
            }
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

    @Test func aRampNearASoftPixelIsKeptWhole() {
        // A soft pixel (100), then an opaque edge whose ramp starts two pixels from it: the
        // ramp's partial pixels and both full pixels past them stay, so the layers under the
        // opaque one still find the edge and keep inside it; full pixels further on go.
        let one: [UInt8] = [100, 0, 128, 255, 255, 255, 255, 255, 255, 255]
        #expect(Self.plane(one, width: 10, height: 1) == [100, 0, 128, 255, 255, 255, 0, 0, 0, 0])
        // Its second partial pixel is three pixels away: kept with the first.
        let two: [UInt8] = [100, 0, 90, 160, 255, 255, 255, 255, 255, 255]
        #expect(Self.plane(two, width: 10, height: 1) == [100, 0, 90, 160, 255, 255, 0, 0, 0, 0])
        for a in [one, two] { #expect(Self.differences(a, width: 10, height: 1) == nil) }
    }

    @Test func anOpaqueEdgesRampIsFoundEitherWay() {
        // Rows with three empty pixels each side (`rampPartner` reads three pixels either
        // way): for each partial pixel, whether it lies on an opaque edge's ramp, and where the
        // ramp's other partial pixel is (0: none).
        let cases: [([UInt8], [Int?])] = [
            ([0, 128, 255, 255], [nil, 0, nil, nil]),                        // one partial pixel
            ([0, 90, 160, 255, 255], [nil, 1, -1, nil, nil]),                // two, climbing
            ([255, 255, 160, 90, 0], [nil, nil, 1, -1, nil]),                // the other way
            ([0, 60, 130, 200, 255, 255], [nil, nil, nil, nil, nil, nil]),   // three: soft
            ([0, 100, 100, 255, 255], [nil, nil, nil, nil, nil]),            // not climbing
            ([0, 160, 90, 255, 255], [nil, nil, nil, nil, nil]),             // down, then up
            ([0, 128, 255, 0], [nil, nil, nil, nil]),                        // one full pixel
            ([0, 90, 160, 255, 0], [nil, nil, nil, nil, nil]),               // two, then one full
            ([20, 9, 128, 255, 255], [nil, nil, nil, nil, nil]),             // not from empty
        ]
        for (pixels, expected) in cases {
            let row = [UInt8](repeating: 0, count: 3) + pixels + [0, 0, 0]
            let found = row.withUnsafeBufferPointer { row in
                pixels.indices.map { i -> Int? in
                    pixels[i] >= 3 && pixels[i] <= 252 ? UnderLayerPlane.rampPartner(row.baseAddress! + 3 + i, 1) : nil
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

    /// The layers of `frame` drawn back by the exact-area rasterizer, traced with and without
    /// the plane: the soft IoU of each with the frame, and how many pixels the cropped
    /// drawing leaves more than 16 levels further from the frame than the whole one does.
    static func cropEffect(_ frame: AlphaMask) throws -> (cropped: Double, whole: Double, worse: Int) {
        let tracer = try MaskTracer()
        let cropped = try MaskTracerTests.drawn(tracer.layers(of: frame, croppingUnderLayers: true), like: frame)
        let whole = try MaskTracerTests.drawn(tracer.layers(of: frame, croppingUnderLayers: false), like: frame)
        let worse = frame.pixels.indices.filter { i in
            let f = Int(frame.pixels[i])
            return abs(Int(cropped.pixels[i]) - f) > abs(Int(whole.pixels[i]) - f) + 16
        }.count
        return (MaskTracerTests.compare(cropped, frame).iou, MaskTracerTests.compare(whole, frame).iou, worse)
    }

    @Test func anOpaqueEdgeBesideASoftPixelStaysUnderTheOpaqueLayer() throws {
        // A soft column (100), an empty one, then an opaque shape whose edge ramps up two
        // pixels from the soft one, and four translucent squares further right (so that the
        // frame has four layers under the opaque one). Cut through the ramp, the layers under
        // the opaque one lost the edge and drew over it: its pixels at 192 instead of 128.
        for ramp in [[128], [90, 160]] as [[UInt8]] {
            var pixels = [UInt8](repeating: 0, count: 64 * 40)
            for y in 8..<32 {
                pixels[y * 64 + 9] = 100
                for (k, v) in ramp.enumerated() { pixels[y * 64 + 11 + k] = v }
                for x in (11 + ramp.count)..<32 { pixels[y * 64 + x] = 255 }
                for (k, v) in [40, 90, 140, 190, 230].enumerated() where y >= 10 + 4 * k && y < 14 + 4 * k {
                    for x in 46..<60 { pixels[y * 64 + x] = UInt8(v) }
                }
            }
            let frame = try AlphaMask(width: 64, height: 40, pixels: pixels)
            #expect(try MaskTracer().layers(of: frame).count >= 3)
            let effect = try Self.cropEffect(frame)
            #expect(effect.worse == 0 && effect.cropped > effect.whole - 0.0005,
                    "\(ramp): \(effect.worse) pixels worse, IoU \(effect.cropped) against \(effect.whole)")
        }
    }

    @Test func translucentFramesDrawAsTheyDidFromTheWholeFrame() throws {
        let layout = try IconBox(width: 44, height: 44, scale: 3, padding: 4).layout()
        let adwaita = "/usr/share/icons/Adwaita/scalable/"
        let files = [("actions/document-open-symbolic.svg", "actions/document-save-symbolic.svg"),
                     ("actions/edit-delete-symbolic.svg", "actions/list-add-symbolic.svg"),
                     ("actions/edit-find-symbolic.svg", "actions/mail-send-symbolic.svg"),
                     ("status/dialog-warning-symbolic.svg", "status/dialog-information-symbolic.svg"),
                     ("actions/media-playback-start-symbolic.svg", "actions/media-playback-pause-symbolic.svg")]
        var pairs: [(String, AlphaMask, AlphaMask)] = try files.map { a, b in
            let masks = try [a, b].map { try AlphaMask(icon: SVGImporter.load(contentsOfFile: adwaita + $0).icon, layout: layout) }
            return ("\(a) → \(b)", masks[0], masks[1])
        }
        pairs += try [(BuiltInSymbol.bell, BuiltInSymbol.magnifyingglass), (.gear, .house), (.bolt, .cloud)].map { a, b in
            ("\(a) → \(b)", try AlphaMask(icon: a.icon, layout: layout), try AlphaMask(icon: b.icon, layout: layout))
        }
        for (name, a, b) in pairs {
            let renderer = try MorphRenderer(width: a.width, height: a.height, style: MorphStyle())
            for k in stride(from: 15, through: 45, by: 3) {
                var alpha = [UInt8](repeating: 0, count: a.width * a.height)
                try alpha.withUnsafeMutableBytes {
                    try renderer.render(source: a, target: b, progress: Double(k) / 60, into: $0, format: .alpha8)
                }
                let effect = try Self.cropEffect(try AlphaMask(width: a.width, height: a.height, pixels: alpha))
                // Measured: at most 10 pixels, and the IoU 0.0002 lower to 0.0004 higher.
                #expect(effect.worse <= 16 && effect.cropped > effect.whole - 0.0005,
                        "\(name) at \(k)/60: \(effect.worse) pixels worse, IoU \(effect.cropped) against \(effect.whole)")
            }
        }
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
