import AlphaRaster
import Testing
@_spi(Testing) @testable import MorphKernel

@Suite struct RendererPropertyTests {
    private func render(
        _ renderer: MorphRenderer, _ source: AlphaMask, _ target: AlphaMask, _ progress: Double
    ) throws -> [UInt8] {
        var out = [UInt8]()
        try renderer.renderRGBA(source: source, target: target, progress: progress, into: &out)
        return out
    }

    @Test("level 0 is the identity: the end frames are the thresholded masks themselves")
    func levelZeroIsIdentity() throws {
        var rng = SplitMix64(seed: 0x1D00_0001)
        let style = MorphStyle(maxBlurRadius: 7, threshold: 0.4, softness: 0.25)
        let (width, height) = (19, 11)
        let source = TestMasks.random(width: width, height: height, kind: .noise, using: &rng)
        let target = TestMasks.random(width: width, height: height, kind: .discs, using: &rng)
        let renderer = try MorphRenderer(width: width, height: height, style: style)
        for (progress, mask) in [(0.0, source), (1.0, target)] {
            var alpha = [UInt8]()
            try renderer.renderAlpha(source: source, target: target, progress: progress, into: &alpha)
            for i in 0..<width * height {
                let a = ReferenceMorph.smoothstep(0.15, 0.4, Double(mask.pixels[i]) / 255)
                #expect(abs(Int(alpha[i]) - Int((255 * a).rounded())) <= 1)
            }
        }
        // The bank's level 0 is exactly [1].
        let bank = GaussianKernelBank.shared(maxBlurRadius: 7, blurLevels: style.blurLevels)
        #expect(bank.levels[0].weights == [1])
        #expect(bank.levels[0].halfWidth == 0)
    }

    @Test("playing backwards gives identical bytes: (S, T, p) == (T, S, 1 − p)",
          arguments: MorphEasing.allCases, [MorphSoftness.fixed(0.3), .automatic])
    func reversalIsExact(easing: MorphEasing, softness: MorphSoftness) throws {
        var rng = SplitMix64(seed: 0x5A4A_0001)
        for (width, height, radius) in [(21, 13, 5.0), (16, 1, 12.0), (3, 30, 2.6)] {
            let style = MorphStyle(maxBlurRadius: radius, threshold: 0.45, softness: softness, easing: easing)
            let renderer = try MorphRenderer(width: width, height: height, style: style)
            let s = TestMasks.random(width: width, height: height, kind: .discs, using: &rng)
            let t = TestMasks.random(width: width, height: height, kind: .noise, using: &rng)
            // p in [½, 1] so that 1 − p is exact and 1 − (1 − p) == p.
            var progresses = [0.5, 0.5 + 0x1p-53, 0.6, 2.0 / 3, 0.75, 0.9, 0.999, 1]
            for _ in 0..<8 { progresses.append(Double.random(in: 0.5...1, using: &rng)) }
            for p in progresses {
                let q = 1 - p
                #expect(1 - q == p)
                #expect(try render(renderer, s, t, p) == render(renderer, t, s, q), "p = \(p)")
            }
        }
    }

    @Test("concurrent and serial rendering give identical bytes", arguments: [MorphSoftness.fixed(0.05), .automatic])
    func concurrentEqualsSerial(softness: MorphSoftness) throws {
        var rng = SplitMix64(seed: 0xC0C0_0001)
        // A frame that takes the threaded path with the shipped threshold.
        let style = MorphStyle(maxBlurRadius: 16, softness: softness)
        let (width, height) = (260, 250)
        let source = TestMasks.random(width: width, height: height, kind: .discs, using: &rng)
        let target = TestMasks.random(width: width, height: height, kind: .binary, using: &rng)
        let renderer = try MorphRenderer(width: width, height: height, style: style, bandCount: 3)
        #expect(try renderer.plannedFrame(source: source, target: target, progress: 0.5).bands == 3)
        let automatic = try render(renderer, source, target, 0.5)
        renderer.concurrency = .serial
        #expect(try renderer.plannedFrame(source: source, target: target, progress: 0.5).bands == 1)
        #expect(try render(renderer, source, target, 0.5) == automatic)

        // Small frames with odd band splits (at most one band per 16-row tile row), every
        // level including the unblurred one; and a wide one, whose fixed ramp's vertical pass
        // runs in groups of two column blocks, the last group one block. The fixed ramp's
        // vertical pass both ways: in parts of rows, one a thread (`splitVerticalByRows`, the
        // default), and in column groups (`splitVerticalByColumns`, kept for comparison); the
        // first way with the tiles classified on the threads too (as frames of 1024 px and
        // more are), the second on the calling thread.
        for (w, h, bands) in [(17, 40, 2), (33, 50, 3), (5, 70, 4), (20, 9, 3), (560, 40, 2), (70, 120, 2)] {
            let style = MorphStyle(maxBlurRadius: 4, threshold: 0.4, softness: softness == .automatic ? .automatic : 0.3)
            let s = TestMasks.random(width: w, height: h, kind: .noise, using: &rng)
            let t = TestMasks.random(width: w, height: h, kind: .discs, using: &rng)
            let serial = try MorphRenderer(width: w, height: h, style: style)
            serial.concurrency = .serial
            for byRows in [true, false] {
                let threaded = try MorphRenderer(width: w, height: h, style: style, bandCount: bands)
                threaded.concurrentWorkThreshold = 0
                if byRows { threaded.splitClassificationTiles = 0 } else { threaded.keepsRows = false }
                for p in [0, 0.1, 0.3, 0.5, 0.77, 1] {
                    #expect(try threaded.plannedFrame(source: s, target: t, progress: p).bands == min(bands, (h + 15) / 16))
                    #expect(try render(threaded, s, t, p) == render(serial, s, t, p), "\(w)×\(h) p=\(p), by rows: \(byRows)")
                }
            }
        }
    }

    @Test("tiles classified on several threads leave no trace of the frame before")
    func splitClassificationFollowsTheMasks() throws {
        // Masks whose content lies in different bands of tile rows, drawn in turn by one
        // renderer that classifies every other frame on three threads (and the others on one):
        // a band that kept the last frame's tiles would fill where this frame computes.
        var rng = SplitMix64(seed: 0xC1A5_0001)
        let (width, height) = (90, 200)
        func discs(inRows rows: Range<Int>) -> AlphaMask {
            let full = TestMasks.random(width: width, height: height, kind: .discs, using: &rng)
            var pixels = full.pixels
            for y in 0..<height where !rows.contains(y) {
                pixels.replaceSubrange(y * width..<(y + 1) * width, with: repeatElement(0, count: width))
            }
            return try! AlphaMask(width: width, height: height, pixels: pixels)
        }
        let top = discs(inRows: 0..<60), middle = discs(inRows: 70..<130), bottom = discs(inRows: 140..<200)
        for softness in [MorphSoftness.fixed(0.1), .automatic] {
            let style = MorphStyle(maxBlurRadius: 5, softness: softness)
            let serial = try MorphRenderer(width: width, height: height, style: style)
            serial.concurrency = .serial
            let threaded = try MorphRenderer(width: width, height: height, style: style, bandCount: 3)
            threaded.concurrentWorkThreshold = 0
            let frames = [(top, top, 0.5), (bottom, bottom, 0.5), (middle, top, 0.3), (top, bottom, 0.6), (bottom, middle, 1.0)]
            for (index, (s, t, p)) in (frames + frames.reversed()).enumerated() {
                threaded.splitClassificationTiles = index % 2 == 0 ? .max : 0
                #expect(try render(threaded, s, t, p) == render(serial, s, t, p), "\(softness) frame \(index)")
            }
        }
    }

    @Test("a renderer's helper threads start with its first split frame and are gone with it")
    func helperThreadsAreJoined() throws {
        var rng = SplitMix64(seed: 0x7E1D_0001)
        let (width, height) = (40, 64)
        let s = TestMasks.random(width: width, height: height, kind: .discs, using: &rng)
        let t = TestMasks.random(width: width, height: height, kind: .noise, using: &rng)
        weak var helpers: AnyObject?
        do {
            let renderer = try MorphRenderer(width: width, height: height, style: MorphStyle(maxBlurRadius: 6), bandCount: 3)
            renderer.concurrency = .serial
            _ = try render(renderer, s, t, 0.5)
            #expect(renderer.helperState == nil)
            renderer.concurrency = .automatic
            renderer.concurrentWorkThreshold = 0
            for p in [0.5, 0, 0.3] { _ = try render(renderer, s, t, p) }
            helpers = renderer.helperState
            #expect(helpers != nil)
        }
        // The helpers hold the state until they exit; the renderer's deinit joins them.
        #expect(helpers == nil)
    }

    @Test("rendering again gives the same bytes, whatever was rendered in between")
    func renderingIsRepeatable() throws {
        var rng = SplitMix64(seed: 0xAAAA_0001)
        let (width, height) = (37, 23)
        let style = MorphStyle(maxBlurRadius: 9, threshold: 0.3, softness: 0.2)
        let s = TestMasks.random(width: width, height: height, kind: .discs, using: &rng)
        let t = TestMasks.random(width: width, height: height, kind: .discs, using: &rng)
        let other = TestMasks.random(width: width, height: height, kind: .noise, using: &rng)
        let renderer = try MorphRenderer(width: width, height: height, style: style)
        var buffer = [UInt8]()
        try renderer.renderRGBA(source: s, target: t, progress: 0.4, into: &buffer)
        let first = buffer
        try renderer.renderRGBA(source: s, target: t, progress: 0.4, into: &buffer)
        #expect(buffer == first)
        // A different level and different masks in between must leave no trace.
        for p in [0.5, 0.0, 0.05] {
            _ = try render(renderer, other, s, p)
        }
        var alpha = [UInt8]()
        try renderer.renderAlpha(source: other, target: other, progress: 0.9, into: &alpha)
        try renderer.renderRGBA(source: s, target: t, progress: 0.4, into: &buffer)
        #expect(buffer == first)
        // A fresh renderer (sharing the cached kernels) agrees too.
        let fresh = try MorphRenderer(width: width, height: height, style: style)
        #expect(try render(fresh, s, t, 0.4) == first)
    }

    @Test("one renderer shared by many tasks renders every frame as if alone")
    func sharedRendererIsSafe() async throws {
        var rng = SplitMix64(seed: 0x7A5C_0001)
        let (width, height) = (29, 18)
        let s = TestMasks.random(width: width, height: height, kind: .discs, using: &rng)
        let t = TestMasks.random(width: width, height: height, kind: .noise, using: &rng)
        let renderer = try MorphRenderer(width: width, height: height, style: MorphStyle(maxBlurRadius: 5))
        let progresses = (0..<12).map { Double($0) / 11 }
        let alone = try progresses.map { try render(renderer, s, t, $0) }
        let shared = try await withThrowingTaskGroup(of: (Int, [UInt8]).self) { group in
            for (index, p) in progresses.enumerated() {
                group.addTask {
                    var out = [UInt8]()
                    for _ in 0..<3 { try renderer.renderRGBA(source: s, target: t, progress: p, into: &out) }
                    return (index, out)
                }
            }
            return try await group.reduce(into: [Int: [UInt8]]()) { $0[$1.0] = $1.1 }
        }
        for index in progresses.indices {
            #expect(shared[index] == alone[index], "p = \(progresses[index])")
        }
    }

    @Test("the raw-buffer and array entry points write the same bytes")
    func rawBufferMatchesArray() throws {
        var rng = SplitMix64(seed: 0xB0FF_0001)
        let (width, height) = (10, 6)
        let style = MorphStyle(maxBlurRadius: 3, tint: TintColor(red: 10, green: 20, blue: 30, alpha: 200))
        let s = TestMasks.random(width: width, height: height, kind: .discs, using: &rng)
        let t = TestMasks.random(width: width, height: height, kind: .binary, using: &rng)
        let renderer = try MorphRenderer(width: width, height: height, style: style)
        var raw = [UInt8](repeating: 0xEE, count: renderer.rgbaByteCount)
        try raw.withUnsafeMutableBytes { try renderer.render(source: s, target: t, progress: 0.3, into: $0, format: .rgba8) }
        #expect(try render(renderer, s, t, 0.3) == raw)
        var rawAlpha = [UInt8](repeating: 0xEE, count: renderer.alphaByteCount)
        try rawAlpha.withUnsafeMutableBytes { try renderer.render(source: s, target: t, progress: 0.3, into: $0, format: .alpha8) }
        #expect(rawAlpha == stride(from: 3, to: raw.count, by: 4).map { raw[$0] })
    }
}
