import AlphaRaster
import Testing
@_spi(Testing) @testable import MorphKernel

/// Split fixed-ramp frames drawn in parts, one a thread, each part with its own copy of the
/// rows it reads (`FramePlan+Parts.swift`), and the cuts learnt from the parts' times
/// (`PartBalance`).
@Suite struct FramePartsTests {
    private func render(
        _ renderer: MorphRenderer, _ source: AlphaMask, _ target: AlphaMask, _ progress: Double
    ) throws -> [UInt8] {
        var out = [UInt8]()
        try renderer.renderRGBA(source: source, target: target, progress: progress, into: &out)
        return out
    }

    /// A renderer that splits every frame over `bands` threads.
    private func threaded(width: Int, height: Int, style: MorphStyle, bands: Int) throws -> MorphRenderer {
        let renderer = try MorphRenderer(width: width, height: height, style: style, bandCount: bands)
        renderer.concurrentWorkThreshold = 0
        return renderer
    }

    /// Whether the last frame of `renderer` was drawn in `parts` parts, each of them drawn.
    private func drewParts(_ renderer: MorphRenderer, _ parts: Int) -> Bool {
        guard let balance = renderer.balance, balance.parts == parts else { return false }
        return (0..<parts).allSatisfy { balance.cuts[$0] == balance.cuts[$0 + 1] || balance.times[$0] > 0 }
    }

    @Test("frames drawn in parts are byte for byte the one-thread frames, and those drawn in bands")
    func partsEqualSerial() throws {
        var rng = SplitMix64(seed: 0x9A27_0001)
        // Heights from just room for two parts to room for four; widths with a partial
        // column block; every level including the unblurred one (drawn in bands).
        for (w, h, bands) in [(40, 64, 2), (33, 100, 3), (70, 160, 4), (150, 90, 2), (21, 200, 3)] {
            let style = MorphStyle(maxBlurRadius: 4, threshold: 0.4, softness: 0.3)
            let s = TestMasks.random(width: w, height: h, kind: .noise, using: &rng)
            let t = TestMasks.random(width: w, height: h, kind: .discs, using: &rng)
            let serial = try MorphRenderer(width: w, height: h, style: style)
            serial.concurrency = .serial
            let parts = try threaded(width: w, height: h, style: style, bands: bands)
            let banded = try threaded(width: w, height: h, style: style, bands: bands)
            banded.drawsParts = false
            let capacity = try #require(parts.balance).capacity
            for p in [0, 0.1, 0.3, 0.5, 0.77, 1] {
                let expected = try render(serial, s, t, p)
                #expect(try render(parts, s, t, p) == expected, "\(w)×\(h) on \(bands) p=\(p), parts")
                #expect(try render(banded, s, t, p) == expected, "\(w)×\(h) on \(bands) p=\(p), bands")
                if p > 0 && p < 1 {
                    #expect(drewParts(parts, min(bands, capacity)), "\(w)×\(h) on \(bands) p=\(p): not drawn in parts")
                    #expect(try parts.plannedFrame(source: s, target: t, progress: p).bands == min(bands, capacity))
                }
            }
        }
    }

    @Test("cuts anywhere, even pinned to the edges of the rows a part may start at, change no byte")
    func anyCutsGiveTheSameBytes() throws {
        var rng = SplitMix64(seed: 0x9A27_0002)
        let (w, h) = (48, 150)
        let style = MorphStyle(maxBlurRadius: 5, threshold: 0.45, softness: 0.2)
        let s = TestMasks.random(width: w, height: h, kind: .binary, using: &rng)
        let t = TestMasks.random(width: w, height: h, kind: .noise, using: &rng)
        let serial = try MorphRenderer(width: w, height: h, style: style)
        serial.concurrency = .serial
        let parts = try threaded(width: w, height: h, style: style, bands: 3)
        let balance = try #require(parts.balance)
        // Frames whose parts took very different times move the cuts far: a part that seems
        // slow shrinks frame after frame, down to the margins (`FramePlan.partCuts`).
        var seen = Set<[Int]>()
        for frame in 0..<60 {
            let p = [0.35, 0.5, 0.65][frame % 3]
            #expect(try render(parts, s, t, p) == render(serial, s, t, p), "frame \(frame)")
            seen.insert((0...balance.parts).map { balance.cuts[$0] })
            // The first part ten times slower than the others, learnt three times over (more
            // than the next frame's own times can undo).
            if frame < 40 {
                for _ in 0..<3 {
                    balance.times[0] = 10_000_000
                    balance.times[1] = 1_000_000
                    balance.times[2] = 1_000_000
                    balance.learn()
                }
            }
        }
        #expect(seen.count > 5, "the cuts stayed put: \(seen)")
        let v = try #require(FramePlan.partCuts(height: h, verticalHalfWidth: parts.bank.maxHalfWidth)).lowerBound
        #expect(seen.contains { $0[1] <= v + 1 }, "the first part never shrank to the margin: \(seen.sorted { $0[1] < $1[1] })")
    }

    @Test("a frame of fewer parts after one of more reads zeros below the canvas, not the rows left there")
    func fewerPartsAfterMoreReadZerosBelow() throws {
        // Content down to the bottom edge, so the last rows' vertical sums read the zero
        // rows below the canvas; a frame of three parts writes canvas rows where a frame of
        // one or two keeps those zeros.
        var rng = SplitMix64(seed: 0x9A27_0003)
        let (w, h) = (36, 130)
        let style = MorphStyle(maxBlurRadius: 5, threshold: 0.4, softness: 0.25)
        let s = TestMasks.random(width: w, height: h, kind: .noise, using: &rng)
        let t = TestMasks.random(width: w, height: h, kind: .binary, using: &rng)
        let serial = try MorphRenderer(width: w, height: h, style: style)
        serial.concurrency = .serial
        let renderer = try threaded(width: w, height: h, style: style, bands: 3)
        #expect(try #require(renderer.balance).capacity == 3)
        let steps: [(String, (MorphRenderer) -> Void)] = [
            ("3 parts", { $0.concurrency = .automatic; $0.drawsParts = true }),
            ("1 thread", { $0.concurrency = .serial }),
            ("3 parts", { $0.concurrency = .automatic }),
            ("bands", { $0.drawsParts = false }),
            ("3 parts", { $0.drawsParts = true }),
            ("1 thread", { $0.concurrency = .serial }),
        ]
        for (index, (name, configure)) in steps.enumerated() {
            configure(renderer)
            for p in [0.4, 0.6] {
                #expect(try render(renderer, s, t, p) == render(serial, s, t, p), "step \(index), \(name), p=\(p)")
            }
        }
    }

    @Test("the cut moves towards the slower part and stays where the parts take the same time")
    func balanceFollowsTheTimes() throws {
        var rng = SplitMix64(seed: 0x9A27_0004)
        let (w, h) = (64, 256)
        let style = MorphStyle(maxBlurRadius: 6, softness: 0.2)
        let s = TestMasks.random(width: w, height: h, kind: .noise, using: &rng)
        let renderer = try threaded(width: w, height: h, style: style, bands: 2)
        _ = try render(renderer, s, s, 0.5)
        let balance = try #require(renderer.balance)
        #expect(balance.parts == 2)
        // From here on the balance learns only the times given (no frame is drawn) and cuts
        // the tiles the frame classified.
        let allowed = try #require(FramePlan.partCuts(height: h, verticalHalfWidth: 6))
        func next(first: UInt64, second: UInt64) -> Int {
            balance.times[0] = first
            balance.times[1] = second
            balance.learn()
            balance.cut(renderer.tiles, parts: 2, horizontalHalfWidth: 6, verticalHalfWidth: 6, allowed: allowed)
            return balance.cuts[1]
        }
        // The same mask both ends, noise all over: the estimate cuts near the middle.
        let middle = next(first: 1_000_000, second: 1_000_000)
        #expect(abs(middle - h / 2) <= 16, "cut at \(middle)")
        // The first part slower: the cut rises, by at most `largestStep` of the rows a frame
        // (the estimate is about even down the rows).
        var cut = middle
        for _ in 0..<5 {
            let moved = next(first: 2_000_000, second: 1_000_000)
            #expect(moved < cut && Double(cut - moved) <= PartBalance.largestStep * Double(h) * 1.2 + 1, "\(cut) → \(moved)")
            cut = moved
        }
        // Even times: it stays.
        #expect(next(first: 1_000_000, second: 1_000_000) == cut)
        // The second part slower: it falls back.
        for _ in 0..<5 { _ = next(first: 1_000_000, second: 2_000_000) }
        #expect(balance.cuts[1] > cut)
        // A part without a time (not drawn) teaches nothing.
        let before = balance.cuts[1]
        #expect(next(first: 0, second: 5_000_000) == before)
        // Nor does a frame whose first part is empty, beyond moving its cut down.
        #expect(next(first: 3_000_000, second: 3_000_000) == before)
    }
}
