import AlphaRaster
import Testing
@_spi(Testing) @testable import MorphKernel

/// Split frames drawn in parts, one a thread, each part with its own copy of the rows it
/// reads (`FramePlan+Parts.swift`), and the cuts learnt from the parts' times
/// (`PartBalance`).
@Suite struct FramePartsTests {
    static let softnesses: [MorphSoftness] = [.fixed(0.3), .automatic]

    /// A renderer that splits every frame over `bands` threads, or none (1 band) that draws
    /// every frame on the calling thread.
    private func renderer(width: Int, height: Int, style: MorphStyle, bands: Int = 1) throws -> MorphRenderer {
        let renderer = try MorphRenderer(width: width, height: height, style: style, bandCount: bands)
        if bands == 1 { renderer.concurrency = .serial } else { renderer.concurrentWorkThreshold = 0 }
        return renderer
    }

    /// Masks of `kinds` drawn from `seed`, a one-thread renderer and one on `bands` threads.
    private func subject(
        width: Int, height: Int, style: MorphStyle, seed: UInt64, kinds: (TestMasks.Kind, TestMasks.Kind), bands: Int
    ) throws -> (source: AlphaMask, target: AlphaMask, serial: MorphRenderer, threaded: MorphRenderer) {
        var rng = SplitMix64(seed: seed)
        let source = TestMasks.random(width: width, height: height, kind: kinds.0, using: &rng)
        let target = TestMasks.random(width: width, height: height, kind: kinds.1, using: &rng)
        return (source, target, try renderer(width: width, height: height, style: style),
                try renderer(width: width, height: height, style: style, bands: bands))
    }

    /// Whether every blurred frame of `renderer` on `bands` threads can be drawn in parts: room
    /// for them, and rows for the cuts at the largest blur.
    private func takesParts(_ renderer: MorphRenderer, bands: Int) -> Bool {
        guard let balance = renderer.balance, bands <= balance.capacity else { return false }
        let automatic = renderer.style.softness == .automatic
        return FramePlan.partCuts(height: renderer.height, verticalHalfWidth: renderer.bank.maxHalfWidth, automaticEdge: automatic) != nil
    }

    @Test("frames drawn in parts are byte for byte the one-thread frames, and those drawn in bands",
          arguments: softnesses)
    func partsEqualSerial(softness: MorphSoftness) throws {
        // Widths with a partial column block, heights not all multiples of 16, two to four
        // threads; every level including the unblurred one (drawn in bands).
        let style = MorphStyle(maxBlurRadius: 4, threshold: 0.4, softness: softness)
        var drawnInParts = 0
        for (index, (w, h, bands)) in [(40, 64, 2), (33, 100, 3), (70, 160, 4), (150, 90, 2), (21, 200, 3)].enumerated() {
            let (s, t, serial, parts) = try subject(
                width: w, height: h, style: style, seed: 0x9A27_0001 + UInt64(index), kinds: (.noise, .discs), bands: bands)
            let banded = try renderer(width: w, height: h, style: style, bands: bands)
            banded.drawsParts = false
            let balance = try #require(parts.balance)
            let expectsParts = takesParts(parts, bands: bands)
            for p in [0, 0.1, 0.3, 0.5, 0.77, 1] {
                let cutBefore = balance.framesCut
                try expectSameFrames(parts, serial, s, t, progress: p, context: "\(w)×\(h) on \(bands) p=\(p), parts")
                // Both frames (RGBA and alpha) in parts, each part drawn, but at rest (unblurred).
                let blurred = p > 0 && p < 1
                #expect(balance.framesCut - cutBefore == (blurred && expectsParts ? 2 : 0), "\(w)×\(h) on \(bands) p=\(p)")
                if blurred && expectsParts {
                    #expect(balance.parts == bands)
                    #expect((0..<bands).allSatisfy { balance.cuts[$0] == balance.cuts[$0 + 1] || balance.times[$0] > 0 })
                    drawnInParts += 1
                }
                try expectSameFrames(banded, serial, s, t, progress: p, context: "\(w)×\(h) on \(bands) p=\(p), bands")
            }
        }
        #expect(drawnInParts >= 12, "only \(drawnInParts) frames were drawn in parts")
    }

    @Test("large blurs: parts reach over several tile rows, n a multiple of 16 or not, quiet rows",
          arguments: softnesses)
    func largeBlursInParts(softness: MorphSoftness) throws {
        // Rmax 16 (n a multiple of 16 at the largest level, where the automatic edge's rows
        // beside a band take their far row from the masks), 20 and 32 (quiet rows), on frames
        // with room for two parts.
        for (index, radius) in [16.0, 20, 32].enumerated() {
            let style = MorphStyle(maxBlurRadius: radius, threshold: 0.45, softness: softness)
            let probe = try renderer(width: 16, height: 16, style: style)
            let (w, h) = (56, 8 * probe.bank.maxHalfWidth + 24)
            let (s, t, serial, parts) = try subject(
                width: w, height: h, style: style, seed: 0x9A27_0040 + UInt64(index), kinds: (.discs, .binary), bands: 2)
            #expect(takesParts(parts, bands: 2), "Rmax \(radius)")
            let balance = try #require(parts.balance)
            for p in [0.2, 0.5, 0.8] {
                let cutBefore = balance.framesCut
                try expectSameFrames(parts, serial, s, t, progress: p, context: "Rmax \(radius) p=\(p)")
                #expect(balance.framesCut - cutBefore == 2, "Rmax \(radius) p=\(p): not drawn in parts")
            }
        }
    }

    @Test("cuts anywhere, even pinned to the edges of the rows a part may start at, change no byte",
          arguments: softnesses)
    func anyCutsGiveTheSameBytes(softness: MorphSoftness) throws {
        let h = 150
        let (s, t, serial, parts) = try subject(
            width: 48, height: h, style: MorphStyle(maxBlurRadius: 5, threshold: 0.45, softness: softness), seed: 0x9A27_0010,
            kinds: (.binary, .noise), bands: 3)
        let balance = try #require(parts.balance)
        #expect(takesParts(parts, bands: 3))
        // Frames whose parts took very different times move the cuts far: a part that seems
        // slow shrinks frame after frame, down to the margins (`FramePlan.partCuts`), and the
        // middle one, squeezed between the others, may vanish.
        var seen = Set<[Int]>()
        for frame in 0..<60 {
            let p = [0.35, 0.5, 0.65][frame % 3]
            try expectSameFrames(parts, serial, s, t, progress: p, context: "frame \(frame)")
            seen.insert((0...balance.parts).map { balance.cuts[$0] })
            // The first part ten times slower than the others, learnt three times over (more
            // than the next frame's own times can undo); later the last one.
            for _ in 0..<3 {
                let slow = frame < 30 ? 0 : 2
                for part in 0..<3 { balance.times[part] = part == slow ? 10_000_000 : 1_000_000 }
                balance.learn()
            }
        }
        #expect(seen.count > 5, "the cuts stayed put: \(seen)")
        let allowed = try #require(FramePlan.partCuts(
            height: h, verticalHalfWidth: parts.bank.maxHalfWidth, automaticEdge: softness == .automatic))
        // This frame's level may read fewer rows than the largest: a cut may then lie
        // beyond the largest level's margin.
        let byFirst = seen.sorted { $0[1] < $1[1] }
        #expect(seen.contains { $0[1] <= allowed.lowerBound }, "the first part never shrank to the margin: \(byFirst)")
        #expect(seen.contains { $0[2] >= allowed.upperBound }, "the last part never shrank to the margin: \(byFirst)")
    }

    @Test("interrupted animations, whose frames carry a captured field, draw the same bytes in parts",
          arguments: softnesses)
    func capturedFieldsInParts(softness: MorphSoftness) throws {
        let (w, h) = (40, 120)
        let style = MorphStyle(maxBlurRadius: 5, softness: softness)
        var rng = SplitMix64(seed: 0x9A27_0050)
        let icons = (0..<3).map { _ in TestMasks.random(width: w, height: h, kind: .discs, using: &rng) }
        let serial = try renderer(width: w, height: h, style: style)
        let threaded = try renderer(width: w, height: h, style: style, bands: 2)
        #expect(takesParts(threaded, bands: 2))
        let animators = try [serial, threaded].map { try MorphAnimator(renderer: $0, source: icons[0], target: icons[1]) }
        // Each new target interrupts the animation under way, which captures its field.
        let events: [(time: Double, icon: Int)] = [(0, 1), (0.15, 2), (0.3, 0), (0.42, 1)]
        var next = 0
        for k in 0...60 {
            let t = Double(k) / 60
            while next < events.count && events[next].time <= t {
                for animator in animators { try animator.animate(to: icons[events[next].icon], duration: 0.4, at: events[next].time) }
                next += 1
            }
            var frames = [[UInt8]](repeating: [UInt8](repeating: 0, count: w * h * 4), count: 2)
            for index in 0..<2 {
                _ = try frames[index].withUnsafeMutableBytes { try animators[index].render(at: t, into: $0, format: .rgba8) }
            }
            #expect(frames[1] == frames[0], "t = \(t)")
        }
        #expect(try #require(threaded.balance).framesCut >= 30)
    }

    @Test("a frame of fewer parts after one of more reads zeros below the canvas, not the rows left there",
          arguments: softnesses)
    func fewerPartsAfterMoreReadZerosBelow(softness: MorphSoftness) throws {
        // Content down to the bottom edge, so the last rows' vertical sums read the zero
        // rows below the canvas; a frame of three parts writes canvas rows where a frame of
        // one keeps those zeros.
        let (s, t, serial, threaded) = try subject(
            width: 36, height: 130, style: MorphStyle(maxBlurRadius: 5, threshold: 0.4, softness: softness),
            seed: 0x9A27_0020, kinds: (.noise, .binary), bands: 3)
        #expect(takesParts(threaded, bands: 3))
        let steps: [(String, (MorphRenderer) -> Void)] = [
            ("3 parts", { $0.concurrency = .automatic; $0.drawsParts = true }),
            ("1 thread", { $0.concurrency = .serial }),
            ("3 parts", { $0.concurrency = .automatic }),
            ("bands", { $0.drawsParts = false }),
            ("3 parts", { $0.drawsParts = true }),
            ("1 thread", { $0.concurrency = .serial }),
        ]
        for (index, (name, configure)) in steps.enumerated() {
            configure(threaded)
            for p in [0.4, 0.6] {
                try expectSameFrames(threaded, serial, s, t, progress: p, context: "step \(index), \(name), p=\(p)")
            }
        }
    }

    @Test("the cut moves towards the slower part, stays where the parts take the same time, and turns at once")
    func balanceFollowsTheTimes() throws {
        let h = 256
        let (s, _, _, threaded) = try subject(
            width: 64, height: h, style: MorphStyle(maxBlurRadius: 6, softness: 0.2), seed: 0x9A27_0030,
            kinds: (.noise, .noise), bands: 2)
        var frame = [UInt8]()
        try threaded.renderAlpha(source: s, target: s, progress: 0.5, into: &frame)
        let balance = try #require(threaded.balance)
        #expect(balance.parts == 2)
        // From here on the balance learns only the times given (no frame is drawn) and cuts
        // the tiles the frame classified.
        let allowed = try #require(FramePlan.partCuts(height: h, verticalHalfWidth: 6, automaticEdge: false))
        func next(first: UInt64, second: UInt64) -> Int {
            balance.times[0] = first
            balance.times[1] = second
            balance.learn()
            balance.cut(threaded.tiles, parts: 2, horizontalHalfWidth: 6, verticalHalfWidth: 6, allowed: allowed)
            return balance.cuts[1]
        }
        // The same mask both ends, noise all over: the estimate cuts near the middle.
        let middle = next(first: 1_000_000, second: 1_000_000)
        #expect(abs(middle - h / 2) <= 16, "cut at \(middle)")
        // The first part slower: the cut rises, by at most `largestStep` of the estimate a
        // frame (the estimate is about even down the rows).
        var cut = middle
        for _ in 0..<5 {
            let moved = next(first: 2_000_000, second: 1_000_000)
            #expect(moved < cut && Double(cut - moved) <= PartBalance.largestStep * Double(h) * 1.2 + 1, "\(cut) → \(moved)")
            cut = moved
        }
        // Even times: it stays.
        #expect(next(first: 1_000_000, second: 1_000_000) == cut)
        // Tile-aligned cuts (the automatic ramp's) fall on the multiple of 16 nearest.
        balance.cut(threaded.tiles, parts: 2, horizontalHalfWidth: 6, verticalHalfWidth: 6, allowed: 16...240, step: 16)
        #expect(balance.cuts[1] % 16 == 0 && abs(balance.cuts[1] - cut) <= 8, "\(cut) → \(balance.cuts[1])")
        // The second part slower: it falls back.
        for _ in 0..<5 { _ = next(first: 1_000_000, second: 2_000_000) }
        #expect(balance.cuts[1] > cut)
        // A part without a time (not drawn) teaches nothing.
        let before = balance.cuts[1]
        #expect(next(first: 0, second: 5_000_000) == before)
        // Held at the margin for many frames, the cut leaves it with the first frame whose
        // times turn: the share did not run on while the cut could not follow.
        for _ in 0..<100 { _ = next(first: 5_000_000, second: 1_000_000) }
        #expect(balance.cuts[1] == allowed.lowerBound)
        #expect(next(first: 1_000_000, second: 5_000_000) > allowed.lowerBound)
    }
}
