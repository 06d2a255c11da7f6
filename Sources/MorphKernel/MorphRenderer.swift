import AlphaRaster
import Dispatch
import Foundation

/// Renders morph frames between two masks of one size into caller-provided buffers.
///
/// For progress p the frame is (see `MorphFrameMath` for each step):
/// M = (1 − e) · S + e · T with S, T the mask bytes / 255; V = the Gaussian blur of M at the
/// cached level nearest b = sin(π e), zero outside the canvas; α = smoothstep(t − s, t, V).
/// RGBA output is straight alpha: RGB = the tint, A = round(tintAlpha · α).
///
/// Accuracy: single-precision arithmetic; every output byte is within ±1 of the same formula
/// evaluated in double precision and rounded (the test suite checks this against a plain
/// float64 implementation). Measured at the extremes of the valid range (softness 0.001,
/// 1000 px radius, 1024 × 1024) a byte stayed within 0.67 of the unrounded double-precision
/// value, so single precision added less than 0.17.
///
/// Cost: two passes of 2n + 1 taps per pixel (n = ⌈R_k⌉), 16 pixels per vector; frames at
/// both ends (level 0) skip the blur. All memory is allocated in `init`; a frame on one
/// thread allocates nothing (except the `[UInt8]` conveniences when the array has the wrong
/// size). A frame split over threads makes a few small allocations inside libdispatch's
/// `concurrentPerform` on Linux (about 6 per frame, measured with a counting `malloc`).
///
/// Threads: a renderer owns its scratch memory, so it renders one frame at a time. It is
/// `Sendable` and safe to share: a lock serialises concurrent calls. Use one renderer per
/// thread to render frames in parallel.
public final class MorphRenderer: @unchecked Sendable {
    /// Frame width in pixels, ≥ 1.
    public let width: Int
    /// Frame height in pixels, ≥ 1.
    public let height: Int
    /// The validated style.
    public let style: MorphStyle

    /// Whether a frame may be split over several threads; `.automatic` by default. The
    /// output bytes are the same either way.
    public var concurrency: MorphConcurrency {
        get { lock.withLock { storedConcurrency } }
        set { lock.withLock { storedConcurrency = newValue } }
    }

    /// The largest accepted width × height: 2²⁸ (16384 × 16384).
    ///
    /// A renderer holds about 4 · (height + 2 · min(⌈Rmax⌉, height − 1)) · width bytes of
    /// scratch memory on top of the caller's buffers.
    public static let maximumPixelCount = 1 << 28

    /// The work, in width × height × (2n + 1) tap-pixels, from which `.automatic` splits a
    /// frame over threads.
    ///
    /// Measured on a 2-core VM (release): splitting a 132 × 132 frame at n = 12 (0.44 M)
    /// made it ≈ 40 µs slower (waking the other thread twice costs more than the work saved);
    /// 256 × 256 at n = 16 (2.2 M) was ≈ 15 % faster and 384 × 384 at n = 16 (4.9 M) ≈ 35 %.
    /// The split never changes the bytes, only the time.
    public static let concurrentWorkThreshold = 1 << 21

    /// The threshold this renderer applies; tests lower it to exercise the threaded path on
    /// small frames.
    var concurrentWorkThreshold: Int {
        get { lock.withLock { storedWorkThreshold } }
        set { lock.withLock { storedWorkThreshold = newValue } }
    }

    private let lock = NSLock()
    private var storedConcurrency: MorphConcurrency = .automatic
    private var storedWorkThreshold = MorphRenderer.concurrentWorkThreshold
    private let bank: GaussianKernelBank
    private let scratch: RenderScratch

    /// Validates the size and the style and allocates every buffer a frame needs.
    ///
    /// - Throws: `MorphError.invalidParameter` for a non-positive width or height, an area
    ///   above `maximumPixelCount` (name "width × height"), or a style out of range (see
    ///   `MorphStyle.validate()`).
    public convenience init(width: Int, height: Int, style: MorphStyle = MorphStyle()) throws {
        try self.init(width: width, height: height, style: style, bandCount: nil)
    }

    /// The designated initializer; `bandCount` (default: the active processor count) is how
    /// many row bands a threaded frame is split into, which tests vary.
    init(width: Int, height: Int, style: MorphStyle, bandCount: Int?) throws {
        guard width > 0 else {
            throw MorphError.invalidParameter(name: "width", reason: "must be at least 1 pixel, got \(width)")
        }
        guard height > 0 else {
            throw MorphError.invalidParameter(name: "height", reason: "must be at least 1 pixel, got \(height)")
        }
        let (area, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, area <= MorphRenderer.maximumPixelCount else {
            throw MorphError.invalidParameter(
                name: "width × height",
                reason: "must be at most \(MorphRenderer.maximumPixelCount) pixels, got \(width) × \(height)")
        }
        try style.validate()
        self.width = width
        self.height = height
        self.style = style
        bank = GaussianKernelBank.shared(maxBlurRadius: style.maxBlurRadius, blurLevels: style.blurLevels)
        let threads = max(1, bandCount ?? ProcessInfo.processInfo.activeProcessorCount)
        scratch = RenderScratch(
            width: width, height: height, maxHalfWidth: bank.maxHalfWidth,
            bandCount: min(height, threads))
    }

    /// Bytes of an RGBA frame: width × height × 4.
    public var rgbaByteCount: Int { width * height * 4 }

    /// Bytes of an alpha frame: width × height.
    public var alphaByteCount: Int { width * height }

    /// Renders the frame at `progress` as straight-alpha RGBA8 (R, G, B, A bytes, rows top to
    /// bottom, no padding) into `output`, which must hold exactly `rgbaByteCount` bytes.
    ///
    /// - Throws: `MorphError.invalidParameter` (name "progress") unless progress is finite and
    ///   in [0, 1]; `MorphError.sizeMismatch` when a mask or `output` has the wrong size.
    ///   Nothing is written when it throws.
    public func renderRGBA(
        source: AlphaMask, target: AlphaMask, progress: Double, into output: UnsafeMutableRawBufferPointer
    ) throws {
        try render(
            source: source, target: target, progress: progress, output: output,
            format: .rgba(rgb: style.tint.rgbBits), formatName: "RGBA")
    }

    /// Renders the frame's alpha only, round(tintAlpha · α), one byte a pixel, into `output`,
    /// which must hold exactly `alphaByteCount` bytes.
    ///
    /// - Throws: as `renderRGBA(source:target:progress:into:)`.
    public func renderAlpha(
        source: AlphaMask, target: AlphaMask, progress: Double, into output: UnsafeMutableRawBufferPointer
    ) throws {
        try render(source: source, target: target, progress: progress, output: output, format: .alpha, formatName: "alpha")
    }

    /// Renders an RGBA frame into an array, resizing it to `rgbaByteCount` bytes first if it
    /// has another size (the only allocation; reuse the array to avoid it).
    ///
    /// - Throws: as `renderRGBA(source:target:progress:into:)`; the array is unchanged then.
    public func renderRGBA(source: AlphaMask, target: AlphaMask, progress: Double, into output: inout [UInt8]) throws {
        try checkInputs(source: source, target: target, progress: progress)
        if output.count != rgbaByteCount { output = [UInt8](repeating: 0, count: rgbaByteCount) }
        try output.withUnsafeMutableBytes { try renderRGBA(source: source, target: target, progress: progress, into: $0) }
    }

    /// Renders an alpha frame into an array, resizing it to `alphaByteCount` bytes first if it
    /// has another size (the only allocation; reuse the array to avoid it).
    ///
    /// - Throws: as `renderRGBA(source:target:progress:into:)`; the array is unchanged then.
    public func renderAlpha(source: AlphaMask, target: AlphaMask, progress: Double, into output: inout [UInt8]) throws {
        try checkInputs(source: source, target: target, progress: progress)
        if output.count != alphaByteCount { output = [UInt8](repeating: 0, count: alphaByteCount) }
        try output.withUnsafeMutableBytes { try renderAlpha(source: source, target: target, progress: progress, into: $0) }
    }

    private func checkInputs(source: AlphaMask, target: AlphaMask, progress: Double) throws {
        guard progress.isFinite, progress >= 0, progress <= 1 else {
            throw MorphError.invalidParameter(name: "progress", reason: "must be a finite number in [0, 1], got \(progress)")
        }
        try checkSize(of: source, named: "source")
        try checkSize(of: target, named: "target")
    }

    private func checkSize(of mask: AlphaMask, named name: String) throws {
        guard mask.width == width, mask.height == height else {
            throw MorphError.sizeMismatch(
                "The \(name) mask is \(mask.width)×\(mask.height) pixels but the renderer is \(width)×\(height).")
        }
    }

    /// How many bands the frame at `progress` (validated) would be split into.
    func plannedBandCount(progress: Double) -> Int {
        let level = MorphFrameMath.frame(progress: progress, style: style).level
        return lock.withLock { bandCountLocked(halfWidth: bank.levels[level].halfWidth) }
    }

    /// How many bands a frame whose level has half-width `n` is split into; call under the lock.
    private func bandCountLocked(halfWidth n: Int) -> Int {
        let work = width * height * (2 * n + 1)
        return storedConcurrency == .automatic && work >= storedWorkThreshold ? scratch.bandCount : 1
    }

    private func render(
        source: AlphaMask, target: AlphaMask, progress: Double, output: UnsafeMutableRawBufferPointer,
        format: Threshold.Format, formatName: String
    ) throws {
        try checkInputs(source: source, target: target, progress: progress)
        let threshold = Threshold(style: style, format: format)
        let needed = width * height * threshold.bytesPerPixel
        guard output.count == needed, let outputBase = output.baseAddress else {
            throw MorphError.sizeMismatch(
                "The output buffer holds \(output.count) bytes but a \(width)×\(height) \(formatName) frame needs \(needed).")
        }
        let frame = MorphFrameMath.frame(progress: progress, style: style)
        let kernel = bank.levels[frame.level]
        let n = kernel.halfWidth
        lock.lock()
        defer { lock.unlock() }
        let bands = bandCountLocked(halfWidth: n)
        source.pixels.withUnsafeBufferPointer { sourcePixels in
            target.pixels.withUnsafeBufferPointer { targetPixels in
                kernel.weights.withUnsafeBufferPointer { weights in
                    let plan = FramePlan(
                        width: width, height: height,
                        source: sourcePixels.baseAddress!, target: targetPixels.baseAddress!,
                        sourceWeight: frame.sourceWeight, targetWeight: frame.targetWeight,
                        taps: weights.baseAddress! + n,
                        horizontalHalfWidth: min(n, scratch.paddingColumns),
                        verticalHalfWidth: min(n, scratch.paddingRows),
                        threshold: threshold, output: outputBase, scratch: scratch, bandCount: bands)
                    MorphRenderer.run(plan, blurred: n > 0)
                }
            }
        }
    }

    private static func run(_ plan: FramePlan, blurred: Bool) {
        let bands = plan.bandCount
        if !blurred {
            if bands == 1 {
                plan.unblurredBand(0)
            } else {
                DispatchQueue.concurrentPerform(iterations: bands) { plan.unblurredBand($0) }
            }
        } else if bands == 1 {
            plan.horizontalBand(0)
            plan.verticalBand(0)
        } else {
            // The vertical pass reads rows of neighbouring bands, so it waits for all of them.
            DispatchQueue.concurrentPerform(iterations: bands) { plan.horizontalBand($0) }
            DispatchQueue.concurrentPerform(iterations: bands) { plan.verticalBand($0) }
        }
    }
}
