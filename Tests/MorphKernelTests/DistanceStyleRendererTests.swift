import AlphaRaster
import Foundation
import Testing
@_spi(Testing) @testable import MorphKernel

/// `MorphRenderer` with `MorphStyle(field: .distance)` through its public API, against
/// expectations made without it: the float64 frame math (`ReferenceDistanceMorph`, with the
/// icons' fields, or a constant one for an empty mask), the shared finishing
/// (`render(coverage:progress:into:format:)`), the issue's measures of a morph
/// (`DistanceStyleReferenceTests`: partial pixels per contour, pops, rest frames), captured
/// fields, and `MorphAnimator` on top.
struct DistanceStyleRendererTests {
    /// Two icons at `RealIcons.box` (132 × 132 px) and their signed distance fields in
    /// double precision, for the reference.
    struct Pair: CustomStringConvertible {
        let source: AlphaMask
        let target: AlphaMask
        let sourceField: [Double]
        let targetField: [Double]
        let description: String

        var width: Int { source.width }
        var height: Int { source.height }

        init(_ names: [String]) throws {
            try self.init(
                source: DistanceStyleReferenceTests.mask(names[0]), target: DistanceStyleReferenceTests.mask(names[1]),
                description: names.joined(separator: " → "))
        }

        /// `sourceField`, `targetField`: nil for the mask's own field.
        init(source: AlphaMask, target: AlphaMask, sourceField: [Double]? = nil, targetField: [Double]? = nil, description: String) {
            self.source = source
            self.target = target
            self.sourceField = sourceField ?? DistanceStyleRendererTests.field(source)
            self.targetField = targetField ?? DistanceStyleRendererTests.field(target)
            self.description = description
        }

        /// The reference frame's bytes at `progress`.
        func reference(_ progress: Double, style: MorphStyle, captured: ReferenceDistanceMorph.Captured? = nil) -> [UInt8] {
            ReferenceDistanceMorph.frameBytes(
                source: sourceField, target: targetField, width: width, height: height, progress: progress, style: style,
                captured: captured)
        }

        /// The reference V over the whole canvas and the slope floor at `progress`.
        func referenceField(
            _ progress: Double, style: MorphStyle, captured: ReferenceDistanceMorph.Captured? = nil
        ) -> (values: [Double], slopeFloor: Double) {
            ReferenceDistanceMorph.field(
                source: sourceField, target: targetField, width: width, height: height, progress: progress, style: style,
                captured: captured)
        }

        /// The frame of the pair at `progress`, with a captured field at `weight`.
        func frame(_ progress: Double, captured: CapturedField? = nil, weight: Double = 0) -> MorphFrame {
            MorphFrame(source: source, target: target, progress: progress, captured: captured, capturedWeight: weight)
        }
    }

    /// A mask's signed distance field in double precision.
    static func field(_ mask: AlphaMask) -> [Double] { SignedDistanceFieldTests.field(mask).values.map { Double($0) } }

    static let style = MorphStyle(field: .distance)

    /// The frame's alpha bytes through `render(_:into:bytesPerRow:format:)`.
    static func alpha(_ renderer: MorphRenderer, _ frame: MorphFrame) throws -> [UInt8] {
        var out = [UInt8](repeating: 0x5A, count: renderer.alphaByteCount)
        try out.withUnsafeMutableBytes { try renderer.render(frame, into: $0, format: .alpha8) }
        return out
    }

    /// The largest byte difference.
    static func worst(_ a: [UInt8], _ b: [UInt8]) -> Int {
        precondition(a.count == b.count)
        return zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    /// Records an issue unless `a` and `b` are the same bytes, with how many differ and by
    /// how much at most (not the arrays).
    static func expectSame(_ a: [UInt8], _ b: [UInt8], _ what: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard a != b else { return }
        let differing = a.count == b.count ? zip(a, b).filter { $0 != $1 }.count : -1
        let largest = a.count == b.count ? worst(a, b) : -1
        Issue.record("\(what()): \(differing) bytes differ, by up to \(largest) (sizes \(a.count), \(b.count))", sourceLocation: sourceLocation)
    }

    /// The largest difference between two fields.
    static func worst(_ a: [Float], _ b: [Double]) -> Double {
        precondition(a.count == b.count)
        return zip(a, b).map { abs(Double($0) - $1) }.max() ?? 0
    }

    /// Whether `error` is `MorphError.invalidParameter(.fieldValues, _)`.
    static func refusesFieldValues(_ error: MorphError?) -> Bool {
        if case .invalidParameter(.fieldValues, _)? = error { true } else { false }
    }

    // MARK: Frames against the reference

    @Test(arguments: DistanceStyleReferenceTests.pairs)
    func alphaFramesAreWithinOneOfTheReference(_ names: [String]) throws {
        // 0.04 and 0.96 are the first frames blurred (level 1 of 49); 0.004 is not blurred
        // but mixes both fields.
        let pair = try Pair(names)
        let renderer = try MorphRenderer(width: pair.width, height: pair.height, style: Self.style)
        for p in [0, 0.004, 0.04, 0.25, 0.5, 0.8, 0.96, 1] {
            var frame = [UInt8]()
            try renderer.renderAlpha(source: pair.source, target: pair.target, progress: p, into: &frame)
            let worst = Self.worst(frame, pair.reference(p, style: Self.style))
            #expect(worst <= 1, "\(pair) at p = \(p): a byte \(worst) off")
        }
    }

    @Test func otherBlursAndEasingsAreWithinOneOfTheReference() throws {
        // A wider blur with few levels, a narrow one, none (Rmax = 0: every frame the mixed
        // fields' zero), with linear and smooth easing.
        let pair = try Pair(["heart", "star"])
        let styles = [
            MorphStyle(field: .distance, maxBlurRadius: 24, blurLevels: 7, easing: .linear),
            MorphStyle(field: .distance, maxBlurRadius: 3.5),
            MorphStyle(field: .distance, maxBlurRadius: 0, easing: .linear),
        ]
        for style in styles {
            let renderer = try MorphRenderer(width: pair.width, height: pair.height, style: style)
            for p in [0.15, 0.5, 0.7] {
                let worst = Self.worst(try Self.alpha(renderer, pair.frame(p)), pair.reference(p, style: style))
                #expect(worst <= 1, "R = \(style.maxBlurRadius), L = \(style.blurLevels), \(style.easing) at p = \(p): a byte \(worst) off")
            }
        }
    }

    @Test func theThresholdAndSoftnessADistanceStyleDoesNotUseAreNotChecked() throws {
        // A metaball style refuses them; a distance style takes any, and draws the frames of
        // its defaults.
        let pair = try Pair(["heart", "star"])
        let odd: [(threshold: Double, softness: MorphSoftness)] = [(0, .automatic), (.nan, .fixed(0.6)), (0.5, .fixed(0.6)), (2, .fixed(-1))]
        let plain = try MorphRenderer(width: pair.width, height: pair.height, style: MorphStyle(field: .distance))
        for (threshold, softness) in odd {
            #expect(throws: MorphError.self) {
                try MorphStyle(field: .metaball, threshold: threshold, softness: softness).validate()
            }
            let style = MorphStyle(field: .distance, threshold: threshold, softness: softness)
            try style.validate()
            let renderer = try MorphRenderer(width: pair.width, height: pair.height, style: style)
            for p in [0.25, 0.5] {
                #expect(try Self.alpha(renderer, pair.frame(p)) == (try Self.alpha(plain, pair.frame(p))), "threshold \(threshold), \(softness) at p = \(p)")
            }
        }
    }

    @Test func aRendererSharedByManyIconsGivesEachPairsFrames() throws {
        // Eight icons through one renderer, in an order that evicts fields from its cache and
        // brings them back (copies of the masks, as a host may pass), against a renderer that
        // only ever sees the one pair.
        let pairs = try DistanceStyleReferenceTests.pairs.map { names in
            try (DistanceStyleReferenceTests.mask(names[0]), DistanceStyleReferenceTests.mask(names[1]))
        }
        let (width, height) = (pairs[0].0.width, pairs[0].0.height)
        let shared = try MorphRenderer(width: width, height: height, style: Self.style)
        let own = try pairs.map { _ in try MorphRenderer(width: width, height: height, style: Self.style) }
        let order = [0, 1, 2, 0, 3, 1]
        for (step, index) in order.enumerated() {
            let (source, target) = pairs[index]
            let p = Double(step + 1) / 7
            let expected = try Self.alpha(own[index], MorphFrame(source: source, target: target, progress: p))
            // Swapped as well: the cache is keyed by mask, not by side.
            let reversed = try Self.alpha(own[index], MorphFrame(source: target, target: source, progress: p))
            let copy = try AlphaMask(width: source.width, height: source.height, pixels: source.pixels)
            Self.expectSame(try Self.alpha(shared, MorphFrame(source: copy, target: target, progress: p)), expected, "step \(step)")
            Self.expectSame(try Self.alpha(shared, MorphFrame(source: target, target: copy, progress: p)), reversed, "step \(step), swapped")
        }
    }

    @Test func renderersSharingIconsComputeEachFieldOnceAndDrawTheSameFrames() throws {
        // Two renderers sharing icons, drawing on two threads at once, against a renderer of
        // their own: the same bytes, and one field object per mask between the two.
        let source = try DistanceStyleReferenceTests.mask("heart"), target = try DistanceStyleReferenceTests.mask("star")
        let first = try MorphRenderer(width: source.width, height: source.height, style: Self.style)
        let second = MorphRenderer(sharingIconsWith: first)
        #expect(second.width == first.width && second.height == first.height && second.style == first.style)
        let alone = try MorphRenderer(width: source.width, height: source.height, style: Self.style)
        let progress = (0...20).map { Double($0) / 20 }
        // One buffer per worker, each written by its worker only.
        let drawn = UnsafeMutablePointer<[[UInt8]]>.allocate(capacity: 2)
        drawn.initialize(repeating: [], count: 2)
        defer { drawn.deinitialize(count: 2); drawn.deallocate() }
        nonisolated(unsafe) let buffers = drawn
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            let renderer = worker == 0 ? first : second
            (buffers + worker).pointee = progress.map { try! Self.alpha(renderer, MorphFrame(source: source, target: target, progress: $0)) }
        }
        for (index, p) in progress.enumerated() {
            let expected = try Self.alpha(alone, MorphFrame(source: source, target: target, progress: p))
            Self.expectSame(drawn[0][index], expected, "first, p = \(p)")
            Self.expectSame(drawn[1][index], expected, "second, p = \(p)")
        }
        #expect(first.distance!.fields === second.distance!.fields)
        let kept = (first.distance!.fields.fields(of: source, target) { false }, second.distance!.fields.fields(of: source, target) { false })
        #expect(kept.0.source === kept.1.source && kept.0.target === kept.1.target)
        let metaball = try MorphRenderer(width: 8, height: 8)
        #expect(MorphRenderer(sharingIconsWith: metaball).distance == nil)
    }

    @Test func aRendererInAnotherLookSharesTheFieldsThatServeIt() throws {
        // A dark-mode switch: the same icons in another tint over a background. The new
        // renderer uses the fields the first computed (no field computed again) and draws the
        // bytes of a renderer made apart in that style; a running animator's frames go on in
        // the new look. Another blur, or the metaball field, shares nothing.
        let source = try DistanceStyleReferenceTests.mask("heart"), target = try DistanceStyleReferenceTests.mask("star")
        let first = try MorphRenderer(width: source.width, height: source.height, style: Self.style)
        let frame = MorphFrame(source: source, target: target, progress: 0.4)
        _ = try Self.alpha(first, frame)
        var dark = Self.style
        dark.tint = TintColor(red: 240, green: 240, blue: 250)
        dark.background = TintColor(red: 20, green: 22, blue: 30)
        let second = try MorphRenderer(sharingIconsWith: first, style: dark)
        #expect(second.style == dark && second.distance!.fields === first.distance!.fields)
        let computed = first.distance!.fields.computedFields
        let alone = try MorphRenderer(width: source.width, height: source.height, style: dark)
        func rgba(_ renderer: MorphRenderer, _ frame: MorphFrame) throws -> [UInt8] {
            var out = [UInt8](repeating: 0x5A, count: renderer.rgbaByteCount)
            try out.withUnsafeMutableBytes { try renderer.render(frame, into: $0, format: .rgba8) }
            return out
        }
        #expect(try rgba(second, frame) == rgba(alone, frame))
        #expect(first.distance!.fields.computedFields == computed, "no field computed again")
        // An animator's frame, drawn in the new look, is the new renderer's frame of it.
        let animator = try MorphAnimator(renderer: first, source: source, target: target)
        try animator.animate(to: source, duration: 1, at: 0)
        let moving = try animator.frame(at: 0.3)
        #expect(try rgba(second, moving) == rgba(alone, moving))
        var wider = Self.style
        wider.maxBlurRadius = Self.style.maxBlurRadius + 2
        #expect(try MorphRenderer(sharingIconsWith: first, style: wider).distance!.fields !== first.distance!.fields)
        #expect(try MorphRenderer(sharingIconsWith: first, style: MorphStyle()).distance == nil)
        #expect(throws: MorphError.self) { try MorphRenderer(sharingIconsWith: first, style: MorphStyle(field: .distance, blurLevels: 1)) }
    }

    @Test func framesSplitOverThreadsAreTheFramesOfOne() throws {
        // Every phase of a distance frame split into bands over 2, 3 and 5 threads (the work
        // threshold lowered so that even these small frames split): the bytes of one thread,
        // at sizes that are and are not multiples of the 16-pixel segments, with a blur wide
        // enough to sort twice and one too narrow to, with a captured field, and through an
        // animator interrupted mid-morph.
        let cases: [(source: String, target: String, size: Int, blur: Double)] = [
            ("heart", "star", 132, 12), ("bell", "magnifyingglass", 101, 24), ("play", "pause", 67, 3),
        ]
        for item in cases {
            let box = IconBox(width: Double(item.size), height: Double(item.size), scale: 1)
            let source = try RealIcons.symbol(item.source, box: box), target = try RealIcons.symbol(item.target, box: box)
            let style = MorphStyle(field: .distance, maxBlurRadius: item.blur)
            let one = try MorphRenderer(width: source.width, height: source.height, style: style, bandCount: 1)
            let split = try [2, 3, 5].map { try MorphRenderer(width: source.width, height: source.height, style: style, bandCount: $0) }
            for renderer in split { renderer.concurrentWorkThreshold = 0 }
            for p in [0, 0.1, 0.3, 0.5, 0.77, 1] {
                let frame = MorphFrame(source: source, target: target, progress: p)
                let expected = try Self.alpha(one, frame)
                for renderer in split { Self.expectSame(try Self.alpha(renderer, frame), expected, "\(item) at \(p)") }
            }
            let captured = try one.captureField(of: MorphFrame(source: source, target: target, progress: 0.4))
            let afterCapture = MorphFrame(source: target, target: source, progress: 0.2, captured: captured, capturedWeight: 0.6)
            let expected = try Self.alpha(one, afterCapture)
            for renderer in split { Self.expectSame(try Self.alpha(renderer, afterCapture), expected, "\(item), captured") }
        }
    }

    @Test func aMorphsTwoNewFieldsAreComputedAtOnceAsTheyWouldBeOneAfterTheOther() throws {
        // With `.automatic` concurrency the first frame computes both icons' fields at once,
        // the target's on a thread of its own; the frames (and so the fields) are those of a
        // renderer computing them on one thread, and later frames find both kept.
        try #require(MorphConcurrency.activeProcessorCount > 1, "this machine runs one thread at a time")
        let source = try DistanceStyleReferenceTests.mask("bell"), target = try DistanceStyleReferenceTests.mask("magnifyingglass")
        let together = try MorphRenderer(width: source.width, height: source.height, style: Self.style)
        let alone = try MorphRenderer(width: source.width, height: source.height, style: Self.style)
        alone.concurrency = .serial
        for p in [0.5, 0.2, 1] {
            let frame = MorphFrame(source: source, target: target, progress: p)
            Self.expectSame(try Self.alpha(together, frame), try Self.alpha(alone, frame), "p = \(p)")
        }
        #expect(together.distance!.fields.concurrentPairs == 1 && alone.distance!.fields.concurrentPairs == 0)
        // A third icon: one new field, computed on the calling thread.
        let third = try DistanceStyleReferenceTests.mask("star")
        let frame = MorphFrame(source: target, target: third, progress: 0.4)
        Self.expectSame(try Self.alpha(together, frame), try Self.alpha(alone, frame), "magnifyingglass → star")
        #expect(together.distance!.fields.concurrentPairs == 1)
    }

    /// A host cycling through more icons than the four kept by default keeps them all with
    /// `keptIconFields`: each field is computed once, where with four every step through six
    /// icons computed one again (an `animate` timeline of five icons took five times as long).
    /// The frames are the same either way.
    @Test func keptIconFieldsKeepACycleOfIconsComputedOnce() throws {
        let names = ["play", "pause", "stop", "heart", "star", "bell"]
        let masks = try names.map { try DistanceStyleReferenceTests.mask($0) }
        let keeping = try MorphRenderer(width: masks[0].width, height: masks[0].height, style: Self.style)
        let forgetting = try MorphRenderer(width: masks[0].width, height: masks[0].height, style: Self.style)
        #expect(keeping.keptIconFields == 4)
        keeping.keptIconFields = names.count
        for round in 0..<2 {
            for k in masks.indices {
                let frame = MorphFrame(source: masks[k], target: masks[(k + 1) % masks.count], progress: 0.3)
                Self.expectSame(try Self.alpha(keeping, frame), try Self.alpha(forgetting, frame), "round \(round), \(names[k])")
            }
        }
        #expect(keeping.distance!.fields.computedFields == names.count)
        #expect(forgetting.distance!.fields.computedFields > names.count)
        // Fewer than kept drops the oldest; never under a morph's two.
        keeping.keptIconFields = 1
        #expect(keeping.keptIconFields == 2)
        // Any larger count is taken as it is, without making room for it ahead (2⁴⁰ entries
        // reserved trapped on the allocation), and frames draw as before.
        keeping.keptIconFields = 1 << 40
        #expect(keeping.keptIconFields == 1 << 40)
        let frame = MorphFrame(source: masks[0], target: masks[1], progress: 0.3)
        Self.expectSame(try Self.alpha(keeping, frame), try Self.alpha(forgetting, frame), "with 2⁴⁰ kept")
        #expect(try MorphRenderer(width: 8, height: 8, style: MorphStyle()).keptIconFields == 0)
    }

    // MARK: The shared finishing

    @Test func coloursAndFormatsAreTheSharedFinishingOfTheCoverage() throws {
        // A frame's pixels in every format are what `render(coverage:)` makes of its coverage
        // (the alpha8 frame of the same style in opaque black), with a translucent tint, a
        // tint ramp and an opaque or translucent background.
        let pair = try Pair(["status/weather-clear-symbolic", "heart"])
        let looks = [
            MorphStyle(
                field: .distance, tint: TintColor(red: 0x34, green: 0x78, blue: 0xF6, alpha: 200),
                targetTint: TintColor(red: 0xFF, green: 0x3B, blue: 0x30), background: TintColor(red: 250, green: 245, blue: 230)),
            MorphStyle(
                field: .distance, tint: TintColor(red: 0x20, green: 0xC0, blue: 0x40),
                targetTint: TintColor(red: 0x90, green: 0x10, blue: 0xE0, alpha: 90),
                background: TintColor(red: 10, green: 20, blue: 200, alpha: 120)),
        ]
        let plain = try MorphRenderer(width: pair.width, height: pair.height, style: Self.style)
        for look in looks {
            let renderer = try MorphRenderer(width: pair.width, height: pair.height, style: look)
            for p in [0, 0.3, 0.5, 1] {
                let coverage = try AlphaMask(width: pair.width, height: pair.height, pixels: Self.alpha(plain, pair.frame(p)))
                #expect(coverage.pixels.contains { $0 > 0 && $0 < 255 }, "the frame has an anti-aliased edge")
                for format in [PixelFormat.rgba8, .rgba8Premultiplied, .bgra8, .bgra8Premultiplied, .alpha8] {
                    let count = pair.width * pair.height * format.bytesPerPixel
                    var frame = [UInt8](repeating: 0xA5, count: count), finished = frame
                    try frame.withUnsafeMutableBytes {
                        try renderer.render(source: pair.source, target: pair.target, progress: p, into: $0, format: format)
                    }
                    try finished.withUnsafeMutableBytes { try renderer.render(coverage: coverage, progress: p, into: $0, format: format) }
                    Self.expectSame(frame, finished, "\(format) at p = \(p), tint \(look.tint)")
                }
            }
            // Rows with padding between them: the padding is left as it was.
            let stride = pair.width * 4 + 7
            var padded = [UInt8](repeating: 0xA5, count: (pair.height - 1) * stride + pair.width * 4)
            try padded.withUnsafeMutableBytes {
                try renderer.render(source: pair.source, target: pair.target, progress: 0.4, into: $0, bytesPerRow: stride, format: .rgba8)
            }
            var tight = [UInt8]()
            try renderer.renderRGBA(source: pair.source, target: pair.target, progress: 0.4, into: &tight)
            for y in 0..<pair.height {
                #expect(Array(padded[(y * stride)..<(y * stride + pair.width * 4)]) == Array(tight[(y * pair.width * 4)..<((y + 1) * pair.width * 4)]))
                if y + 1 < pair.height { #expect(padded[(y * stride + pair.width * 4)..<((y + 1) * stride)].allSatisfy { $0 == 0xA5 }) }
            }
        }
    }

    // MARK: The issue's measures, on the product

    @Test(arguments: DistanceStyleReferenceTests.pairs)
    func theRenderersMorphsGrowWithACrispEdgeAndNoPops(_ names: [String]) throws {
        // The bounds of `DistanceStyleReferenceTests`, on the renderer's 61 frames (measured:
        // up to 1.58 partial pixels per pixel of contour, warning → information; no step more
        // than 1.37 times the larger beside it; at rest within 0.035 of the masks).
        let source = try DistanceStyleReferenceTests.mask(names[0]), target = try DistanceStyleReferenceTests.mask(names[1])
        let (width, height) = (source.width, source.height)
        let renderer = try MorphRenderer(width: width, height: height, style: Self.style)
        let frames = try (0...60).map { k in try Self.alpha(renderer, MorphFrame(source: source, target: target, progress: Double(k) / 60)) }
        let partial = frames.map { DistanceStyleReferenceTests.partialPerContour($0, width: width, height: height) }
        let worst = partial.indices.max { partial[$0] < partial[$1] }!
        #expect(partial[worst] <= 2, "\(names): \(partial[worst]) partial pixels per pixel of contour at frame \(worst)")
        let steps = DistanceStyleReferenceTests.steps(frames)
        for pop in DistanceStyleReferenceTests.pops(steps) {
            Issue.record("\(names): frame \(pop.step) → \(pop.step + 1) changes \(pop.change), beside it \(pop.beside)")
        }
        #expect(steps.reduce(0, +) > 1, "\(names): the frames move")
        for (frame, mask) in [(frames[0], source), (frames[60], target)] {
            let mean = DistanceStyleReferenceTests.meanDifference(frame, mask.pixels)
            #expect(mean <= 1, "\(names): mean |Δα| \(mean) bytes at rest")
        }
    }

    // MARK: Empty masks

    @Test func anEmptyMaskMorphsAsAConstantFieldOfTheDeepestBlur() throws {
        // An empty mask's field is −max(Rmax, 1) px everywhere: the icon grows from its
        // deepest parts. Frame 0 of empty → heart is empty and the last is the heart at rest
        // (the bytes of the heart's own frame, within a level of its mask on average);
        // heart → empty at a blur under 1 px, and empty → empty, likewise.
        let heart = try RealIcons.symbol("heart")
        let empty = try AlphaMask(width: heart.width, height: heart.height)
        let rest = try Self.alpha(
            MorphRenderer(width: heart.width, height: heart.height, style: Self.style),
            MorphFrame(source: heart, target: try RealIcons.symbol("star"), progress: 0))
        for (style, grows) in [(Self.style, true), (MorphStyle(field: .distance, maxBlurRadius: 0.5), false)] {
            let constant = [Double](repeating: -max(style.maxBlurRadius, 1), count: heart.width * heart.height)
            let pair = grows
                ? Pair(source: empty, target: heart, sourceField: constant, description: "empty → heart")
                : Pair(source: heart, target: empty, targetField: constant, description: "heart → empty")
            let renderer = try MorphRenderer(width: pair.width, height: pair.height, style: style)
            let progresses = grows ? [0, 0.1, 0.3, 0.5, 0.7, 0.9, 1] : [0.2, 0.5, 0.8]
            var frames: [[UInt8]] = []
            for p in progresses {
                let frame = try Self.alpha(renderer, pair.frame(p))
                let worst = Self.worst(frame, pair.reference(p, style: style))
                #expect(worst <= 1, "\(pair), R = \(style.maxBlurRadius) at p = \(p): a byte \(worst) off")
                frames.append(frame)
            }
            if grows {
                #expect(frames.first!.allSatisfy { $0 == 0 }, "\(pair): frame 0 is empty")
                Self.expectSame(frames.last!, rest, "\(pair): the last frame against the heart's")
                #expect(DistanceStyleReferenceTests.meanDifference(frames.last!, heart.pixels) <= 1)
                let covered = frames.map { $0.reduce(0) { $0 + Int($1) } }
                // At p = 0.1 the mix, 0.97 · −12 + 0.03 · φ_heart, is negative everywhere; by ½
                // the heart's inner parts show, and from there it grows.
                #expect(covered[1] == 0 && covered[3] > 0 && zip(covered[3...], covered[4...]).allSatisfy { $0 < $1 },
                        "\(pair): the heart grows from its deepest parts (\(covered))")
            }
        }
        let nothing = try MorphRenderer(width: heart.width, height: heart.height, style: Self.style)
        for p in [0, 0.5, 1] {
            #expect(try Self.alpha(nothing, MorphFrame(source: empty, target: empty, progress: p)).allSatisfy { $0 == 0 })
        }
    }

    // MARK: Captured fields

    @Test func aCaptureKeepsTheFramesFieldOverTheWholeCanvas() throws {
        // heart → star at 0.4 (e = 0.352, b = 0.89, floor f = 0.107): V within 10⁻³ px of
        // the float64 field everywhere, and the floor.
        let pair = try Pair(["heart", "star"])
        let renderer = try MorphRenderer(width: pair.width, height: pair.height, style: Self.style)
        let captured = try renderer.captureField(of: pair.frame(0.4))
        let reference = pair.referenceField(0.4, style: Self.style)
        #expect(captured.kind == .distance && captured.blurRadius == 0)
        #expect(captured.width == pair.width && captured.height == pair.height)
        let error = Self.worst(captured.values, reference.values)
        #expect(error < 1e-3, "V off by \(error) px")
        #expect(abs(captured.slopeFloor - reference.slopeFloor) < 1e-9, "floor \(captured.slopeFloor), expected \(reference.slopeFloor)")
        // Far from the outline too (where a frame skips the blur): the deepest parts of the
        // canvas are tens of pixels from it.
        #expect(reference.values.map(abs).max()! > 20)
        // At rest: no blur, floor 1.
        let atRest = try renderer.captureField(of: pair.frame(1))
        #expect(abs(atRest.slopeFloor - 1) < 1e-9 && Self.worst(atRest.values, pair.targetField) == 0)
    }

    @Test func framesMixingACaptureAreWithinOneOfTheReference() throws {
        // X = heart → star at 0.4, captured; star → play at several progresses and weights
        // with X mixed in, against the reference with X's float64 V and floor; then a capture
        // of such a frame (Y) mixed into play → heart.
        let first = try Pair(["heart", "star"]), second = try Pair(["star", "play"]), third = try Pair(["play", "heart"])
        let renderer = try MorphRenderer(width: first.width, height: first.height, style: Self.style)
        let x = try renderer.captureField(of: first.frame(0.4))
        let referenceX = first.referenceField(0.4, style: Self.style)
        func captured(_ field: (values: [Double], slopeFloor: Double), weight: Double) -> ReferenceDistanceMorph.Captured {
            .init(values: field.values, slopeFloor: field.slopeFloor, weight: weight)
        }
        for (p, w) in [(0.0, 0.7), (0.1, 0.9), (0.35, 0.6), (0.6, 0.25), (0.9, 0.02)] {
            let frame = try Self.alpha(renderer, second.frame(p, captured: x, weight: w))
            let worst = Self.worst(frame, second.reference(p, style: Self.style, captured: captured(referenceX, weight: w)))
            #expect(worst <= 1, "star → play at p = \(p) with X at w = \(w): a byte \(worst) off")
        }
        let y = try renderer.captureField(of: second.frame(0.35, captured: x, weight: 0.6))
        let referenceY = second.referenceField(0.35, style: Self.style, captured: captured(referenceX, weight: 0.6))
        #expect(Self.worst(y.values, referenceY.values) < 1e-3)
        #expect(abs(y.slopeFloor - referenceY.slopeFloor) < 1e-9, "floor \(y.slopeFloor), expected \(referenceY.slopeFloor)")
        for (p, w) in [(0.0, 1.0), (0.3, 0.5)] {
            let frame = try Self.alpha(renderer, third.frame(p, captured: y, weight: w))
            let worst = Self.worst(frame, third.reference(p, style: Self.style, captured: captured(referenceY, weight: w)))
            #expect(worst <= 1, "play → heart at p = \(p) with Y at w = \(w): a byte \(worst) off")
        }
    }

    @Test func theFrameAfterACaptureIsTheCapturedFrame() throws {
        // Frame X of heart → star at 0.4 captured; star → play at 0 with it at weight 1 is X
        // to the byte, through this renderer and through another of the same style, and in
        // colour as well.
        let heart = try RealIcons.symbol("heart"), star = try RealIcons.symbol("star"), play = try RealIcons.symbol("play")
        let look = MorphStyle(field: .distance, tint: TintColor(red: 0x34, green: 0x78, blue: 0xF6, alpha: 230))
        let renderer = try MorphRenderer(width: heart.width, height: heart.height, style: look)
        let other = try MorphRenderer(width: heart.width, height: heart.height, style: look)
        let frameX = MorphFrame(source: heart, target: star, progress: 0.4)
        var x = [UInt8](repeating: 0, count: renderer.rgbaByteCount)
        try x.withUnsafeMutableBytes { try renderer.render(frameX, into: $0, format: .rgba8) }
        let captured = try renderer.captureField(of: frameX)
        for drawer in [renderer, other] {
            let after = MorphFrame(source: star, target: play, progress: 0, captured: captured, capturedWeight: 1)
            var bytes = [UInt8](repeating: 0, count: drawer.rgbaByteCount)
            try bytes.withUnsafeMutableBytes { try drawer.render(after, into: $0, format: .rgba8) }
            Self.expectSame(bytes, x, "the frame after the capture (\(drawer === renderer ? "same" : "another") renderer)")
        }
        // X is a frame in flight: neither icon.
        var star0 = [UInt8](repeating: 0, count: renderer.rgbaByteCount)
        try star0.withUnsafeMutableBytes { try renderer.render(MorphFrame(source: star, target: play, progress: 0), into: $0, format: .rgba8) }
        #expect(Self.worst(star0, x) > 100, "X is not the star")
    }

    @Test func aCaptureOfTheOtherFieldIsRefused() throws {
        let heart = try RealIcons.symbol("heart"), star = try RealIcons.symbol("star"), play = try RealIcons.symbol("play")
        let metaball = try MorphRenderer(width: heart.width, height: heart.height, style: MorphStyle())
        let distance = try MorphRenderer(width: heart.width, height: heart.height, style: Self.style)
        let frameX = MorphFrame(source: heart, target: star, progress: 0.4)
        let metaballField = try metaball.captureField(of: frameX), distanceField = try distance.captureField(of: frameX)
        let made = try CapturedField(width: heart.width, height: heart.height, values: [Float](repeating: 0.5, count: heart.width * heart.height))
        #expect(metaballField.kind == .metaball && made.kind == .metaball && distanceField.kind == .distance)
        for (renderer, field, name) in [(distance, metaballField, "metaball into distance"), (distance, made, "made into distance"),
                                        (metaball, distanceField, "distance into metaball")] {
            for w in [0.5, 1] {
                let frame = MorphFrame(source: star, target: play, progress: 0.2, captured: field, capturedWeight: w)
                var out = [UInt8](repeating: 0xA5, count: renderer.rgbaByteCount)
                let rendering = #expect(throws: MorphError.self, "\(name)") {
                    try out.withUnsafeMutableBytes { try renderer.render(frame, into: $0, format: .rgba8) }
                }
                #expect(Self.refusesFieldValues(rendering), "\(name): \(String(describing: rendering))")
                #expect(out.allSatisfy { $0 == 0xA5 }, "\(name): nothing written")
                let capturing = #expect(throws: MorphError.self, "\(name)") { try renderer.captureField(of: frame) }
                #expect(Self.refusesFieldValues(capturing), "\(name): \(String(describing: capturing))")
            }
        }
        // Each kind is taken by its own renderer.
        _ = try Self.alpha(distance, MorphFrame(source: star, target: play, progress: 0.2, captured: distanceField, capturedWeight: 0.5))
        _ = try Self.alpha(metaball, MorphFrame(source: star, target: play, progress: 0.2, captured: metaballField, capturedWeight: 0.5))
    }

    // MARK: MorphAnimator

    /// The animator's alpha frames at `times`, through `render(at:)` into one reused buffer.
    static func frames(_ animator: MorphAnimator, at times: [Double]) throws -> [[UInt8]] {
        var buffer = [UInt8](repeating: 0, count: animator.renderer.alphaByteCount)
        return try times.map { t in
            try buffer.withUnsafeMutableBytes { _ = try animator.render(at: t, into: $0, format: .alpha8) }
            return buffer
        }
    }

    /// Records every pop in `frames` (`DistanceStyleReferenceTests.pops`).
    static func expectNoPops(_ frames: [[UInt8]], _ what: String) {
        let steps = DistanceStyleReferenceTests.steps(frames)
        for pop in DistanceStyleReferenceTests.pops(steps) {
            Issue.record("\(what): frame \(pop.step) → \(pop.step + 1) changes \(pop.change), beside it \(pop.beside); steps \(steps)")
        }
    }

    @Test func anAnimatorTurnsBackWithoutAJump() throws {
        // heart → star over 1 s, sent back to heart at 0.4 s (p = 0.4): the frame at the
        // switch is the same within ±1, the way back has no pops and ends on the heart's
        // own frame at 0.8 s (measured: the frame at the switch is the same to the byte; no
        // step more than 1.07 times the larger beside it).
        let heart = try RealIcons.symbol("heart"), star = try RealIcons.symbol("star")
        let renderer = try MorphRenderer(width: heart.width, height: heart.height, style: Self.style)
        let animator = try MorphAnimator(renderer: renderer, source: heart, target: star)
        try animator.animate(to: star, duration: 1, at: 0)
        var frames = try Self.frames(animator, at: (0...24).map { Double($0) / 60 })
        try animator.animate(to: heart, duration: 1, at: 0.4)
        #expect(animator.source == star && animator.target == heart)
        let atSwitch = try Self.frames(animator, at: [0.4])[0]
        #expect(Self.worst(atSwitch, frames.last!) <= 1, "the frame at the reversal")
        frames += try Self.frames(animator, at: (25...51).map { Double($0) / 60 })
        #expect(!animator.isAnimating)
        let rest = try Self.alpha(renderer, MorphFrame(source: heart, target: star, progress: 0))
        Self.expectSame(frames.first!, rest, "the first frame against the heart's")
        Self.expectSame(frames.last!, rest, "the last frame against the heart's")
        Self.expectNoPops(Array(frames[0...48]), "heart → star → heart")
        #expect(Self.worst(frames[24], rest) > 100, "the switch happens in flight")
    }

    @Test func anAnimatorSentToAThirdIconGoesOnFromTheFrameInFlight() throws {
        // heart → star over 1 s, sent to play at 0.4 s: the frame at the switch is the same
        // within ±1, the frames from there change smoothly (no pops) into play at 1.4 s, and a
        // frame on the way is the float64 reference's with the capture at w = 1 − e. (The
        // new morph starts slowly, as the smooth easing does: measured, the step after the
        // switch is 0.01 against 0.61 before it; no step more than 1.13 times the larger
        // beside it.)
        let first = try Pair(["heart", "star"]), second = try Pair(["star", "play"])
        let renderer = try MorphRenderer(width: first.width, height: first.height, style: Self.style)
        let animator = try MorphAnimator(renderer: renderer, source: first.source, target: first.target)
        try animator.animate(to: first.target, duration: 1, at: 0)
        var frames = try Self.frames(animator, at: (0...24).map { Double($0) / 60 })
        try animator.animate(to: second.target, duration: 1, at: 0.4)
        #expect(animator.source == second.source && animator.target == second.target)
        let atSwitch = try Self.frames(animator, at: [0.4])[0]
        #expect(Self.worst(atSwitch, frames.last!) <= 1, "the frame at the switch")
        // The morph ends at 1.4 s (frame 84); two frames more at rest.
        frames += try Self.frames(animator, at: (25...86).map { Double($0) / 60 })
        Self.expectNoPops(Array(frames[24...84]), "from the switch on")
        Self.expectNoPops(Array(frames[...84]), "heart → star → play")
        #expect(!animator.isAnimating)
        #expect(try animator.frame(at: 86.0 / 60).captured == nil, "the capture is dropped at the end")
        let rest = try Self.alpha(renderer, second.frame(1))
        Self.expectSame(frames.last!, rest, "the last frame against play's")
        #expect(DistanceStyleReferenceTests.meanDifference(frames.last!, second.target.pixels) <= 1)
        // A frame on the way (0.7 s, p = 0.3), against the reference: the same calls to
        // another animator, asked for the frame it drew.
        let again = try MorphAnimator(renderer: renderer, source: first.source, target: first.target)
        try again.animate(to: first.target, duration: 1, at: 0)
        try again.animate(to: second.target, duration: 1, at: 0.4)
        let frame = try again.frame(at: 42.0 / 60)
        let e = ReferenceMorph.eased(frame.progress, Self.style.easing)
        #expect(abs(frame.progress - 0.3) < 1e-9 && abs(frame.capturedWeight - (1 - e)) < 1e-12 && frame.captured?.kind == .distance)
        let referenceX = first.referenceField(0.4, style: Self.style)
        let reference = second.reference(
            frame.progress, style: Self.style,
            captured: .init(values: referenceX.values, slopeFloor: referenceX.slopeFloor, weight: 1 - e))
        let worst = Self.worst(frames[42], reference)
        #expect(worst <= 1, "star → play at p = 0.3 with the capture: a byte \(worst) off")
    }
}
