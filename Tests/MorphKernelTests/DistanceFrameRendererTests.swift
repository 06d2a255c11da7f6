import Foundation
import AlphaRaster
import IconSymbols
import Testing
import _TestSupport
@testable import MorphKernel

/// The distance style's single-precision frames against the float64 reference.
struct DistanceFrameRendererTests {
    /// The frame's coverage bytes with `renderer`; `s` and `t` as `IconField`s of its padding.
    static func bytes(_ renderer: DistanceFrameRenderer, _ s: SignedDistanceField, _ t: SignedDistanceField, _ p: Double) -> [UInt8] {
        bytes(renderer, IconField(field: s, padding: renderer.padding), IconField(field: t, padding: renderer.padding), p)
    }

    static func bytes(_ renderer: DistanceFrameRenderer, _ s: IconField, _ t: IconField, _ p: Double) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: renderer.width * renderer.height)
        out.withUnsafeMutableBytes {
            renderer.render(
                source: s, target: t, progress: p, writer: PixelWriter(alphaScale: 255, format: .alpha), output: $0.baseAddress!,
                bytesPerRow: renderer.width)
        }
        return out
    }

    /// The fields of the built-in symbols `pair` (source, target) drawn `size` px square.
    static func symbolFields(_ pair: [String], size: Int) throws -> (SignedDistanceField, SignedDistanceField) {
        let box = IconBox(width: Double(size), height: Double(size), scale: 1)
        let source = try AlphaMask(icon: BuiltInSymbol(named: pair[0])!.icon, box: box)
        let target = try AlphaMask(icon: BuiltInSymbol(named: pair[1])!.icon, box: box)
        return (SignedDistanceFieldTests.field(source), SignedDistanceFieldTests.field(target))
    }

    /// A random case of masks of noise, drawn from `generator` in this order: a canvas of
    /// `widths` × `heights` px, the two fields, and a distance renderer blurring up to a
    /// radius drawn from `radii`.
    static func noiseCase(
        _ generator: inout SplitMix64, widths: ClosedRange<Int>, heights: ClosedRange<Int>, radii: ClosedRange<Double>
    ) -> (source: SignedDistanceField, target: SignedDistanceField, style: MorphStyle, renderer: DistanceFrameRenderer) {
        let width = Int.random(in: widths, using: &generator), height = Int.random(in: heights, using: &generator)
        let fs = SignedDistanceFieldTests.noise(width: width, height: height, &generator)
        let ft = SignedDistanceFieldTests.noise(width: width, height: height, &generator)
        let style = MorphStyle(field: .distance, maxBlurRadius: Double.random(in: radii, using: &generator))
        return (fs, ft, style, DistanceFrameRenderer(width: width, height: height, style: style))
    }

    /// How many of the segments of `renderer`'s last frame were edge segments.
    static func edgeSegments(_ renderer: DistanceFrameRenderer) -> Int {
        (0..<(renderer.segmentsAcross * renderer.height)).count { renderer.kinds[$0] == .edge }
    }

    /// The frame at `p` of `renderer` (in `style`) from fields `s` and `t`, its float64
    /// reference, and the largest difference between the two in bytes.
    static func againstReference(
        _ renderer: DistanceFrameRenderer, _ s: SignedDistanceField, _ t: SignedDistanceField, _ p: Double, style: MorphStyle
    ) -> (worst: Int, reference: [UInt8]) {
        let frame = bytes(renderer, s, t, p)
        let reference = ReferenceDistanceMorph.frameBytes(
            source: s.values.map(Double.init), target: t.values.map(Double.init), width: s.width, height: s.height,
            progress: p, style: style)
        return (zip(frame, reference).map { abs(Int($0) - Int($1)) }.max()!, reference)
    }

    @Test(arguments: DistanceStyleReferenceTests.pairs)
    func realIconFramesAreWithinOneOfTheReference(_ pair: [String]) throws {
        let source = try DistanceStyleReferenceTests.mask(pair[0]), target = try DistanceStyleReferenceTests.mask(pair[1])
        let fs = SignedDistanceFieldTests.field(source), ft = SignedDistanceFieldTests.field(target)
        let referenceSource = fs.values.map { Double($0) }, referenceTarget = ft.values.map { Double($0) }
        let style = MorphStyle()
        let renderer = DistanceFrameRenderer(width: source.width, height: source.height, style: style)
        let iconS = IconField(field: fs, padding: renderer.padding)
        let iconT = IconField(field: ft, padding: renderer.padding)
        for p in [0, 0.05, 0.2, 0.37, 0.5, 0.63, 0.9, 1] {
            let frame = Self.bytes(renderer, iconS, iconT, p)
            let reference = ReferenceDistanceMorph.frameBytes(
                source: referenceSource, target: referenceTarget, width: source.width, height: source.height, progress: p, style: style)
            let worst = zip(frame, reference).map { abs(Int($0) - Int($1)) }.max()!
            #expect(worst <= 1, "\(pair) at p = \(p): a byte \(worst) off")
        }
    }

    @Test func smallAndOddCanvasesAreWithinOneOfTheReference() {
        // Sizes down to 1 × 1 (every pixel on the border), blur wider than the canvas, linear
        // easing, random masks (a fixed seed).
        var generator = SplitMix64(seed: 1818)
        for _ in 0..<40 {
            let width = Int.random(in: 1...24, using: &generator), height = Int.random(in: 1...24, using: &generator)
            func randomField() -> SignedDistanceField {
                var pixels = [UInt8](repeating: 0, count: width * height)
                let x0 = Int.random(in: 0..<width, using: &generator), y0 = Int.random(in: 0..<height, using: &generator)
                for y in y0..<min(height, y0 + 6) { for x in x0..<min(width, x0 + 7) { pixels[y * width + x] = 255 } }
                for _ in 0..<4 { pixels[Int.random(in: 0..<(width * height), using: &generator)] = UInt8.random(in: 1...254, using: &generator) }
                return SignedDistanceFieldTests.field(pixels, width: width, height: height)
            }
            let fs = randomField(), ft = randomField()
            let style = MorphStyle(maxBlurRadius: Double.random(in: 0...30, using: &generator), easing: Bool.random(using: &generator) ? .linear : .smooth)
            let renderer = DistanceFrameRenderer(width: width, height: height, style: style)
            let p = Double.random(in: 0...1, using: &generator)
            let worst = Self.againstReference(renderer, fs, ft, p, style: style).worst
            #expect(worst <= 1, "\(width)×\(height), radius \(style.maxBlurRadius), p = \(p): a byte \(worst) off")
        }
    }

    @Test func framesDoNotDependOnWhatTheRendererDrewBefore() throws {
        // One renderer drawing a morph forwards, backwards and again (its planes holding
        // values of other frames where this one computes none) against a fresh renderer for
        // every frame: the same bytes.
        let source = try DistanceStyleReferenceTests.mask("heart"), target = try DistanceStyleReferenceTests.mask("star")
        let fs = SignedDistanceFieldTests.field(source), ft = SignedDistanceFieldTests.field(target)
        let style = MorphStyle(maxBlurRadius: 9)
        let renderer = DistanceFrameRenderer(width: source.width, height: source.height, style: style)
        let iconS = IconField(field: fs, padding: renderer.padding)
        let iconT = IconField(field: ft, padding: renderer.padding)
        let progress = (0...12).map { Double($0) / 12 }
        for p in progress + progress.reversed() + progress {
            let fresh = DistanceFrameRenderer(width: source.width, height: source.height, style: style)
            #expect(Self.bytes(renderer, iconS, iconT, p) == Self.bytes(fresh, fs, ft, p), "p = \(p)")
        }
    }

    @Test func sortedFramesDoNotDependOnWhatTheRendererDrewBefore() throws {
        // Symbols large and blurred enough for the second sort (every fourth row measured) to
        // leave segments out: one renderer drawing random frames of three pairs in turn, its
        // planes and bounds holding another pair's or frame's values, against a fresh renderer
        // for every frame.
        var generator = SplitMix64(seed: 5150)
        let style = MorphStyle(field: .distance, maxBlurRadius: 32)
        let fields = try [["bell", "magnifyingglass"], ["heart", "star"], ["gear", "house"]].map { try Self.symbolFields($0, size: 160) }
        let size = fields[0].0.width
        let renderer = DistanceFrameRenderer(width: size, height: size, style: style)
        let once = DistanceFrameRenderer(width: size, height: size, style: style)
        once.sortsTwice = false
        var leftOut = 0
        for round in 0..<24 {
            let (fs, ft) = fields[Int.random(in: 0..<fields.count, using: &generator)]
            let iconS = IconField(field: fs, padding: renderer.padding), iconT = IconField(field: ft, padding: renderer.padding)
            let p = Double.random(in: 0...1, using: &generator)
            let fresh = DistanceFrameRenderer(width: size, height: size, style: style)
            #expect(Self.bytes(renderer, iconS, iconT, p) == Self.bytes(fresh, fs, ft, p), "round \(round), p = \(p)")
            _ = Self.bytes(once, iconS, iconT, p)
            leftOut += Self.edgeSegments(once) - Self.edgeSegments(renderer)
        }
        #expect(leftOut > 0, "the second sort left no segment out")
    }

    @Test func boundsOfSegmentsThatWereEdgeSegmentsLastFrameAreTakenAfresh() {
        // Fields that are planes down the columns, 1 a row, blurred at 96 px: first with the
        // outline at row 100, empty below it, so the segments down to row 153 or so are edge
        // segments whose bounds on A are negative; then with the outline at row 60, full
        // below it, so those rows are full segments far above zero. The second sort's bound
        // on V at row 60 reads their rows' bounds within 96 rows; had they kept the first
        // frame's, they would pull it below zero by several pixels, and row 60 would come
        // out empty.
        let width = 32, height = 240
        func plane(_ value: @escaping (Int) -> Float) -> SignedDistanceField {
            SignedDistanceField(width: width, height: height, values: (0..<(width * height)).map { value($0 / width) }, hasOutline: true)
        }
        let emptyBelow = plane { Float(100 - $0) }, fullBelow = plane { Float($0 - 60) }
        let style = MorphStyle(field: .distance, maxBlurRadius: 96)
        let renderer = DistanceFrameRenderer(width: width, height: height, style: style)
        _ = Self.bytes(renderer, emptyBelow, emptyBelow, 0.5)
        let fresh = DistanceFrameRenderer(width: width, height: height, style: style)
        let after = Self.bytes(renderer, fullBelow, fullBelow, 0.5)
        let differing = zip(after, Self.bytes(fresh, fullBelow, fullBelow, 0.5)).count { $0 != $1 }
        #expect(differing == 0, "\(differing) bytes differ from a fresh renderer's")
        // The outline is drawn, near row 60 (the blur repeats the top row, which lifts V there).
        let column = (0..<height).map { after[$0 * width + width / 2] }
        #expect(column.indices.contains { column[$0] > 0 && column[$0] < 255 && abs($0 - 60) <= 8 }, "rows 50–70: \(column[50...70])")
        #expect(Self.againstReference(fresh, fullBelow, fullBelow, 0.5, style: style).worst <= 1)
    }

    @Test func aFieldSteepAlongBothAxesIsDrawnToItsEdgesReach() {
        // Fields that are planes rising 1 a pixel along a row and 0.93 along a column at once
        // (no distance does that, but a frame takes any field): the edge then reaches
        // |V| = 0.965, beyond a distance's √½, and the pixels between are drawn from their slope.
        let width = 48, height = 40
        func plane(_ offset: Float) -> SignedDistanceField {
            let values = (0..<(width * height)).map { Float($0 % width) + 0.93 * Float($0 / width) - offset }
            return SignedDistanceField(width: width, height: height, values: values, hasOutline: true)
        }
        let fs = plane(40), ft = plane(44.3)
        #expect(abs(fs.steepestStep - 1) < 1e-4)
        for radius in [0.0, 6, 20] {
            let style = MorphStyle(field: .distance, maxBlurRadius: radius)
            let renderer = DistanceFrameRenderer(width: width, height: height, style: style)
            for p in [0.3, 0.5, 0.7] {
                let (worst, reference) = Self.againstReference(renderer, fs, ft, p, style: style)
                #expect(worst <= 1, "radius \(radius), p = \(p): a byte \(worst) off")
                // Some pixels past a distance's reach (|V| ≥ √½ and a margin) are partly covered.
                let v = ReferenceDistanceMorph.field(
                    source: fs.values.map(Double.init), target: ft.values.map(Double.init), width: width, height: height,
                    progress: p, style: style).values
                let beyond = v.indices.filter { abs(v[$0]) >= 0.72 && reference[$0] > 1 && reference[$0] < 254 }
                #expect(!beyond.isEmpty, "radius \(radius), p = \(p)")
            }
        }
    }

    @Test func theSecondSortLeavesOutSegmentsAndNoByteChanges() throws {
        // Real icons large and blurred enough for the bounds on V to matter, every frame of a
        // 25-frame morph: the same bytes as blurring down every segment of the first sort,
        // with fewer segments blurred down (at p = ½ under half as many, where the blur is
        // wide enough to sort twice).
        for (pair, size, radius) in [(["heart", "star"], 200, 24.0), (["bell", "magnifyingglass"], 160, 40.0), (["play", "pause"], 96, 6.0)] {
            let (fs, ft) = try Self.symbolFields(pair, size: size)
            let style = MorphStyle(field: .distance, maxBlurRadius: radius)
            let sorted = DistanceFrameRenderer(width: fs.width, height: fs.height, style: style)
            let once = DistanceFrameRenderer(width: fs.width, height: fs.height, style: style)
            once.sortsTwice = false
            let iconS = IconField(field: fs, padding: sorted.padding), iconT = IconField(field: ft, padding: sorted.padding)
            for k in 0...24 {
                let p = Double(k) / 24
                let twice = Self.bytes(sorted, iconS, iconT, p), single = Self.bytes(once, iconS, iconT, p)
                #expect(twice == single, "\(pair) \(size) px, p = \(p)")
                let (fewer, all) = (Self.edgeSegments(sorted), Self.edgeSegments(once))
                #expect(fewer <= all)
                guard k == 12 else { continue }
                // At p = ½ the blur is widest: sorted twice from a half-width of 8 px, once below.
                if Int(radius.rounded(.up)) >= DistanceFrameRenderer.secondSortHalfWidth {
                    #expect(2 * fewer < all, "\(pair) \(size) px at p = ½: \(fewer) of \(all) segments blurred down")
                } else {
                    #expect(fewer == all, "\(pair) \(size) px at p = ½, blur too narrow to sort twice")
                }
            }
        }
    }

    @Test func segmentBoundsAreTheLeastAndGreatestOfTheirLanes() {
        // What the second sort bounds A by: every lane of a whole segment, the first `lanes`
        // of the canvas's last one, whatever lane holds the extremes.
        var generator = SplitMix64(seed: 11)
        for trial in 0..<2000 {
            var v = SIMD16<Float>()
            for lane in 0..<16 { v[lane] = Float(generator.next() % 20001) / 100 - 100 }
            let lanes = trial % 16 + 1
            let taken = (0..<lanes).map { v[$0] }
            let (least, greatest) = lanes == 16
                ? DistanceFrameRenderer.bounds(v) : DistanceFrameRenderer.bounds(v, lanes: lanes)
            #expect(least == taken.min()! && greatest == taken.max()!, "\(v), \(lanes) lanes")
        }
    }

    @Test func masksOfNoiseAreWithinOneOfTheReference() {
        // Masks of noise (saddles, checkerboards, single pixels), where the slope of the
        // frame's field vanishes in places: within ±1 there too (a review found up to 11 levels
        // off before the normal turned to the row as the slope vanishes).
        var generator = SplitMix64(seed: 7)
        for _ in 0..<24 {
            let (fs, ft, style, renderer) = Self.noiseCase(&generator, widths: 17...60, heights: 3...60, radii: 0...24)
            for p in [0.0, 0.02, 0.1, 0.3, 0.5, 0.7, 0.97, 1] {
                let worst = Self.againstReference(renderer, fs, ft, p, style: style).worst
                #expect(worst <= 1, "\(fs.width)×\(fs.height), radius \(style.maxBlurRadius), p = \(p): a byte \(worst) off")
            }
        }
    }
}
