import AlphaRaster
import CThreads
import Foundation
import Testing
import _IconMorphSupport
@_spi(Testing) @testable import MorphKernel

/// Which frames `.automatic` splits over threads (`MorphRenderer.concurrentWorkThreshold`):
/// by their taps and their pixels, so that icon frames stay on one thread and large frames
/// are split however little they blur. (The bytes are the same either way:
/// `RendererPropertyTests`.) Each renderer may use two threads, whatever this machine has.
@Suite struct SplitDecisionTests {
    /// The morph's progress values: the ends (unblurred), the first steps of the blur, the middle.
    static let progress = [0, 1.0 / 60, 2.0 / 60, 0.05, 0.1, 0.5, 0.95, 1]

    @Test("a 132 px icon frame stays on one thread at every blur level; a 512 px one is split at every one, unblurred too",
          arguments: [(side: 132, radius: 12.0, bands: 1), (side: 512, radius: 32.0, bands: 2)])
    func framesSplitBySize(side: Int, radius: Double, bands: Int) throws {
        let (disc, square) = try TestMasks.discAndSquare(size: side)
        for style in [MorphStyle(maxBlurRadius: radius), MorphStyle(maxBlurRadius: radius, softness: 0.05)] {
            let renderer = try MorphRenderer(width: side, height: side, style: style, bandCount: 2)
            for p in Self.progress {
                #expect(try renderer.plannedFrame(source: disc, target: square, progress: p).bands == bands, "\(side) px, p = \(p)")
            }
            if bands == 1 { #expect(renderer.helperState == nil, "no helper was started") }
        }
        if bands > 1 {
            // The unblurred frame's taps alone, one a pixel, are half the threshold: its
            // pixels split it.
            #expect(side * side < MorphRenderer.concurrentWorkThreshold)
            #expect((1 + MorphRenderer.pixelWork) * side * side / 2 >= MorphRenderer.concurrentWorkThreshold)
        }
    }

    @Test("a smaller frame whose taps alone reach the threshold is split, as before pixels counted")
    func wideBlursOfSmallerFramesAreSplit() throws {
        // 200 px at its widest blur (n = 16): its taps reach the threshold, its taps and
        // pixels not twice it. Kept on one thread, whole 200 px morphs took 1.05–1.09 times
        // as long on this project's VM.
        let (disc, square) = try TestMasks.discAndSquare(size: 200)
        let renderer = try MorphRenderer(width: 200, height: 200, style: MorphStyle(maxBlurRadius: 16, softness: 0.05), bandCount: 2)
        #expect(try renderer.plannedFrame(source: disc, target: square, progress: 0.5).bands == 2)
        #expect(try renderer.plannedFrame(source: disc, target: square, progress: 0).bands == 1, "unblurred: little work")
    }

    @Test("a distance-style 512 px frame starts the helpers at its unblurred ends, a 132 px one never")
    func distanceFramesSplitByTheSameCount() throws {
        for (size, radius, splits) in [(512, 32.0, true), (132, 12.0, false)] {
            let (disc, _) = try TestMasks.discAndSquare(size: size)
            let style = MorphStyle(field: .distance, maxBlurRadius: radius)
            let renderer = try MorphRenderer(width: size, height: size, style: style, bandCount: 2)
            // One icon: its field is computed on the calling thread (two new fields may take
            // a helper of their own, which is not the frame's split).
            var alpha = [UInt8](repeating: 0, count: renderer.alphaByteCount)
            try renderer.renderAlpha(source: disc, target: disc, progress: 0, into: &alpha)
            #expect((renderer.helperState != nil) == splits, "\(size) px")
        }
    }

    @Test("frames drawn apart in time leave the helpers free to run on every processor")
    func pacedFramesLeaveTheHelpersMasksWhole() throws {
        // A helper asleep when a frame is posted is kept off the caller's processor while it
        // wakes (`WorkerPool.perform`) and widens its mask again once awake.
        let (disc, square) = try TestMasks.discAndSquare(size: 512)
        let renderer = try MorphRenderer(width: 512, height: 512, style: MorphStyle(maxBlurRadius: 32), bandCount: 2)
        var alpha = [UInt8](repeating: 0, count: renderer.alphaByteCount)
        /// Waits until every helper sleeps and none has yet to widen its mask, or 10 s.
        func untilHelpersSleep(_ pool: WorkerPool) {
            let start = Date()
            while (im_atomic_load(pool.state.sleepers) != pool.threads.count || pool.state.placementCounts.pendingWidens != 0)
                && Date().timeIntervalSince(start) < 10 {
                Thread.sleep(forTimeInterval: 0.001)
            }
        }
        try renderer.renderAlpha(source: disc, target: square, progress: 0, into: &alpha)
        let pool = try #require(renderer.pool, "the renderer split its frames")
        for k in 1...12 {
            // Each frame finds the helper asleep, however slowly this busy process runs.
            untilHelpersSleep(pool)
            try renderer.renderAlpha(source: disc, target: square, progress: Double(k) / 12, into: &alpha)
        }
        untilHelpersSleep(pool)
        #expect(pool.state.placementCounts.pendingWidens == 0)
        let allowed = Int(im_affinity_count())
        #expect(!pool.threads.isEmpty)
        if allowed >= 2 {
            #expect(pool.state.placementCounts.narrowings > 0, "the sleeping helper was kept off the caller's processor")
        }
        for helper in pool.threads { #expect(helper.processorCount == allowed) }
    }
}
