import AlphaRaster
import _IconMorphSupport

/// Renders morph frames between two masks of one size into caller-provided buffers.
///
/// For progress p the frame is (see `MorphFrameMath` for each step):
/// M = (1 − e) · S + e · T with S, T the mask bytes / 255; V = the Gaussian blur of M at the
/// cached level nearest b = sin(π e), zero outside the canvas; α = smoothstep(t − s, t, V)
/// with `.fixed(s)` softness, or the automatic ramp (`MorphFrameMath.automaticCoverage`),
/// which also reads each pixel's four neighbours in V.
/// The coverage α becomes pixels through the style's colours (`MorphStyle`: the tint, a tint
/// ramp, a background) in the caller's `PixelFormat`; without a ramp or a background a
/// straight RGBA pixel is the tint's colour at A = round(tintAlpha · α).
/// A `MorphFrame` may also mix in a field captured from an earlier frame
/// (`render(_:into:bytesPerRow:format:)`, `captureField(of:)`, `MorphAnimator`).
///
/// Accuracy: single-precision arithmetic; every output byte is within ±1 of the same formula
/// evaluated in double precision and rounded (the test suite checks this against a plain
/// float64 implementation). Measured at the extremes of the valid range (softness 0.001,
/// 1000 px radius, 1024 × 1024) a byte stayed within 0.67 of the unrounded double-precision
/// value, so single precision added less than 0.17.
///
/// Cost: two passes of 2n + 1 taps per pixel (n = ⌈R_k⌉), 16 pixels per vector, but only
/// where they can change the output. Across, a block of 16 pixels is summed instead from the
/// places where the mix changes along its row, when at most n of them are within reach
/// (`MixSteps`): icon masks are flat but for their edges, so the horizontal pass costs a few
/// terms a block rather than n tap pairs. The frame is cut into tiles of 16 × 16 pixels; a tile
/// whose taps reach only mix values that keep V ≤ t − s (α = 0) or V ≥ t (α = 1) is filled,
/// and so are the rows and columns the taps cannot reach from any non-zero mask byte
/// (`TileMap`). The fills are exactly the bytes the passes would give, so the output does not
/// depend on what is skipped. Frames at both ends (level 0) skip the blur. The automatic
/// ramp stores V and reads it back with its neighbours a tile row later, in the vertical pass
/// (`FramePlan+AutomaticEdge.swift`), so it adds no third pass over the frame; it weighs most
/// near rest, where every pixel along an edge takes the ramp's division in frames that are
/// otherwise cheap. Times: `Benchmarks/results/morph-bench.md` (frames, threads) and
/// `Benchmarks/results/edge-modes.md` (automatic against fixed softness).
///
/// Allocation: all memory is allocated in `init`, the helper threads by the first frame that
/// is split over them, and the planes of the translucent-layer stage (`LayerOpacity`, about
/// 13 bytes a pixel) by the first frame of masks with `AlphaMask.opaqueCoverage`; after that a
/// frame allocates nothing, on one thread or several
/// (except the `[UInt8]` conveniences when the array has the wrong size; morph-bench counts
/// it with a counting `malloc`: `Benchmarks/results/morph-bench.md`).
///
/// The distance field (`MorphStyle.field` = `.distance`; the math is the documentation's
/// "Distance Morphs" article): each icon's signed distance field is computed on the first
/// frame that draws the mask and kept for the last four masks; a frame mixes and blurs the
/// fields only near its outline. Frames allocate nothing once the fields are kept, are split
/// over threads as metaball frames are, and depend on their inputs only. Every byte is within
/// ±1 of the float64 reference in the tests. Times against metaball frames:
/// `Benchmarks/results/field-styles.md`.
///
/// Threads: a renderer owns its scratch memory, so it renders one frame at a time. It is
/// `Sendable` and safe to share: a lock serialises concurrent calls. Use one renderer per
/// thread to render frames in parallel (`init(sharingIconsWith:)` makes them share the
/// distance field's icon fields). With `.automatic` concurrency a large frame is split over a
/// pool of helper threads the renderer starts once (one fewer than the active processors,
/// parked between frames) and stops and joins when it goes.
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

    /// With the distance field (`MorphField.distance`): how many icons' fields the renderer
    /// keeps, each computed once while it is kept (about 4 · (width + 2 · ⌈Rmax⌉ + 16) ·
    /// height bytes an icon). 4 by default: a morph's two, and two more for an animator sent
    /// on to other icons; a host that cycles through more icons keeps them all so that none
    /// is computed twice. At least 2 (a smaller value counts as 2), and any larger value is
    /// accepted: memory is taken only as fields are computed. Fewer than kept drops the
    /// least recently used. Shared
    /// with the renderers made with `init(sharingIconsWith:)`; 0 for the metaball field,
    /// which keeps no fields (setting it then does nothing).
    public var keptIconFields: Int {
        get { distance?.fields.keptFields ?? 0 }
        set { distance?.fields.keptFields = newValue }
    }

    /// The largest accepted width × height: 2²⁸ (16384 × 16384). The renderer works in
    /// columns and tile rows of 16 pixels, so each side rounded up to a multiple of 16,
    /// W and H, counts here too: W × H must be at most this as well (a frame 1 pixel wide has
    /// at most 2²⁴ rows, one 1 pixel high at most 2²⁴ columns). With the distance field, whose
    /// icon fields pad each row by the blur and whose bounds pad each column of 16 pixels
    /// likewise, (width + 2 · ⌈Rmax⌉ + 16) × height and W × (height + 2 · ⌈Rmax⌉ + 16) must be
    /// at most twice this (a frame 1 pixel wide at the default 12 px blur has at most about
    /// 13 million rows).
    ///
    /// A renderer holds about 4 · (height + 2 · k · (min(⌈Rmax⌉, height − 1) + 1)) · W bytes
    /// of scratch memory on top of the caller's buffers, where k is the parts a split frame
    /// can be drawn in (the threads, at most height / (4 · ⌈Rmax⌉), at least 1: about 1.5
    /// times the plane of one part, twice for the smallest blurs), three rows of it per band
    /// of the horizontal pass (four
    /// bands a thread), and with automatic softness another
    /// 4 · height · (W + 32) for the field plane and two rows per thread.
    /// It keeps the last four masks it drew (their storage, shared with the caller's copies)
    /// and two bytes per 16 × 16 tile of each (`MaskTileBounds`), and where the rows of the
    /// pair it drew last change: 16 · min(64, width + 1) bytes a row (`MixChanges`). With the distance field,
    /// about 4 · width · height bytes more for each of two planes and two per kept icon (its
    /// field, and its rows padded: 4 · (width + 2 · ⌈Rmax⌉ + 16) · height); for frames narrower
    /// than 16 pixels, 4 · 32 · height bytes for each plane; and two bounds per 16 pixels of a
    /// row on the blurred field, each column of them padded likewise: 8 · (W / 16) · (height +
    /// 2 · ⌈Rmax⌉ + 16) bytes. (Its size rule on those columns, W · (height + 2 · ⌈Rmax⌉ + 16) ≤
    /// 2²⁹, is stricter than they need, holding them to 256 MB: short frames at a wide blur,
    /// whose bounds outweigh their pixels, are refused first.) Computing an icon's field (once, at the first frame that uses the
    /// icon) takes about 20 · width · height bytes more while it runs, for each icon computed
    /// at the same time (both, where two threads compute them): measured as the process's
    /// peak, a 2048² distance frame took 193 MB on one thread and 274 MB on two, a metaball
    /// frame 63 MB.
    public static let maximumPixelCount = 1 << 28

    /// The work, in tap-pixels per pass over the tiles a frame computes (width × height ×
    /// (2n + 1) when nothing is skipped; width × height unblurred), from which `.automatic`
    /// splits a frame over threads; a frame is split too when its taps and `pixelWork` for
    /// each of its pixels, which every frame fills and writes however little it blurs, reach
    /// twice this.
    ///
    /// Splitting pays on an idle machine well below this much work; the threshold, 2¹⁹, is
    /// set above an icon frame (132² at n = 12: about 0.44 M tap-pixels, and with its pixels
    /// 0.58 M of the 1 M) to keep it on one thread, so apps that run one renderer per thread
    /// for small frames do not also wake helpers; a frame of 2¹⁷ pixels or more (a 363 px
    /// square) is split at any blur. The split never changes the bytes, only the time (one
    /// thread against `.automatic`: `Benchmarks/results/morph-bench.md`, `paced.md`).
    public static let concurrentWorkThreshold = 1 << 19

    /// A frame's cost per pixel beyond its taps, in tap-pixels (see `concurrentWorkThreshold`):
    /// the fills, the edge and the writing of every output pixel. Measured on this project's
    /// 2-core EPYC VM, one thread, 512 px frames of the real icon pairs (`morph-bench
    /// --paced`'s pairs): a tap-pixel takes about 20 ps, a frame's pixels 0.15–0.3 ns each
    /// (unblurred frames 40–78 µs, frames at n = 1 86–178 µs), 8–15 tap-pixels. Counted at
    /// taps only, frames of a 512 px morph's first and last tenths (n = 0 to 3, 0.15–0.48 M
    /// tap-pixels, 40–200 µs) stayed on one thread, where two took 1.6–1.9 times less time.
    /// (Counting the pixels instead of the taps alone, at twice the threshold, kept frames
    /// of about 200 px with a wide blur on one thread that gained from two: whole 200 px
    /// morphs took 1.05–1.09 times as long.)
    static let pixelWork = 8

    let lock = MutexLock()
    private var storedConcurrency: MorphConcurrency = .automatic
    /// The threshold this renderer applies (`MorphRenderer+Testing.swift`); guarded by `lock`.
    var storedWorkThreshold = MorphRenderer.concurrentWorkThreshold
    /// The horizontal pass's bands a thread (`MorphRenderer+Testing.swift`); guarded by `lock`.
    var storedHorizontalBandsPerThread = FramePlan.horizontalBandsPerThread
    /// Whether split frames keep each thread to its rows (`FramePlan.rowAffinity`,
    /// `MorphRenderer+Testing.swift`); guarded by `lock`.
    var storedKeepsRows = true
    /// Whether split frames are drawn in parts (`MorphRenderer+Testing.swift`); guarded by
    /// `lock`.
    var storedDrawsParts = true
    /// The fewest tiles classified on several threads (`MorphRenderer+Testing.swift`); guarded
    /// by `lock`.
    var storedSplitClassificationTiles = MorphRenderer.splitClassificationTiles
    let bank: GaussianKernelBank
    let scratch: RenderScratch
    /// Where split frames are cut into parts, and what they measured (nil when frames are
    /// never drawn in parts).
    let balance: PartBalance?
    let tiles: TileMap
    /// The tile bounds of the masks drawn last (`MaskTileBounds`).
    let maskBounds: MaskTileBoundsCache
    /// Where the rows of the pair of masks drawn last change (`MixChanges`).
    let mixChanges: MixChanges
    /// The helper threads, started by the first frame that is split; guarded by `lock`.
    var pool: WorkerPool?
    /// Whether the last metaball frame was split over the helpers (true before the first):
    /// a frame wakes sleeping helpers early only then, as a morph's frames split alike, and a
    /// frame whose canvas is large but whose content is small does not wake them for
    /// nothing. Guarded by `lock`.
    var lastFrameSplit = true
    /// The most threads a frame is split over: the metaball passes' bands of tile rows, or
    /// the distance stage's threads.
    let threadLimit: Int
    /// The output pixel of each alpha byte, for frames with a background or a rescaled alpha
    /// (`FrameFinish`), and what it was last filled for; guarded by `lock`.
    private let finishTable = UnsafeMutablePointer<UInt32>.allocate(capacity: 256)
    private var tableFinish: FrameFinish?
    /// Whether flat tiles are filled (`MorphRenderer+Testing.swift`); guarded by `lock`.
    var storedSkipsFlatTiles = true
    /// The fields and planes of the distance field stage; nil for the metaball field.
    let distance: DistanceStage?
    /// For metaball frames of icons with translucent layers, the stage that gives them their
    /// opacity and the shape's coverage bytes it scales; allocated by the first such frame,
    /// guarded by `lock`.
    var layerOpacity: LayerOpacity?
    var shapeCoverage: [UInt8] = []

    /// Validates the size and the style and allocates every buffer a frame needs (but the
    /// translucent-layer stage's, which the first frame of icons with translucent layers allocates).
    ///
    /// - Throws: `MorphError.invalidSize` for a non-positive width or height or an area
    ///   above `maximumPixelCount` (as it counts narrow and short frames and the distance
    ///   field's padded rows and columns); `MorphError.invalidParameter` for a style out of range
    ///   (see `MorphStyle.validate()`).
    public convenience init(width: Int, height: Int, style: MorphStyle = MorphStyle()) throws {
        try self.init(width: width, height: height, style: style, bandCount: nil)
    }

    /// `bandCount` (default: the active processor count) is how many row bands a threaded
    /// frame is split into, which tests vary.
    @_spi(Testing) public convenience init(width: Int, height: Int, style: MorphStyle, bandCount: Int?) throws {
        try self.init(width: width, height: height, style: style, bandCount: bandCount, fields: nil)
    }

    /// A renderer of `other`'s size and style (its concurrency `.automatic`) that shares the
    /// icon fields `other` computes for the distance field (`MorphField.distance`), for
    /// drawing frames of the same icons on another thread without computing each icon's field
    /// again. Everything else — scratch memory, helper threads — is its
    /// own, so the two render in parallel. With the metaball field nothing is shared.
    public convenience init(sharingIconsWith other: MorphRenderer) {
        // `other` was validated, so this cannot throw.
        try! self.init(width: other.width, height: other.height, style: other.style, bandCount: nil, fields: other.distance?.fields)
    }

    /// A renderer of `other`'s size in another style that shares the icon fields `other`
    /// computes where they serve both: where both draw the distance field
    /// (`MorphField.distance`) with the same `maxBlurRadius`, on which the fields depend. For
    /// another look of the same icons — a tint for dark mode, another background — without
    /// computing each icon's field again. A running `MorphAnimator` goes on in the new look
    /// when its frames (`MorphAnimator.frame(at:)`) are drawn with the new renderer. With any
    /// other pair of styles nothing is shared, as between renderers made apart.
    ///
    /// - Throws: `MorphError.invalidParameter` for a style out of range (see
    ///   `MorphStyle.validate()`); `MorphError.invalidSize` when `other`'s size is too large
    ///   for the distance field at `style`'s blur.
    public convenience init(sharingIconsWith other: MorphRenderer, style: MorphStyle) throws {
        try self.init(width: other.width, height: other.height, style: style, bandCount: nil, fields: other.distance?.fields)
    }

    /// The designated initializer; `fields`, the icon fields of another renderer's distance
    /// stage to share where they serve this one's style.
    private init(width: Int, height: Int, style: MorphStyle, bandCount: Int?, fields: DistanceFieldCache?) throws {
        guard MorphRenderer.acceptsSize(width: width, height: height) else {
            throw MorphError.invalidSize(width: width, height: height)
        }
        try style.validate()
        guard style.field == .metaball || MorphRenderer.distanceAcceptsSize(width: width, height: height, maxBlurRadius: style.maxBlurRadius) else {
            throw MorphError.invalidSize(width: width, height: height)
        }
        self.width = width
        self.height = height
        self.style = style
        bank = GaussianKernelBank.shared(maxBlurRadius: style.maxBlurRadius, blurLevels: style.blurLevels)
        let threads = max(1, bandCount ?? ActiveProcessors.count)
        // A distance renderer never runs the metaball passes: their memory is that of a
        // 1 × 1 frame.
        let (passWidth, passHeight) = style.field == .metaball ? (width, height) : (1, 1)
        let tileRows = (passHeight + TileMap.tileRows - 1) / TileMap.tileRows
        let bands = min(tileRows, threads)
        // The horizontal pass's bands: several a thread where there are several threads.
        let horizontalBands = FramePlan.horizontalBands(threads: bands, limit: tileRows)
        // Split frames are drawn in parts, one a thread, when the parts can have 4 · n rows
        // each or more at even cuts (`FramePlan+Parts.swift`): the rows a part computes again
        // for itself are then about half its own or fewer.
        let maxHalfWidth = style.field == .metaball ? bank.maxHalfWidth : 0
        let padding = min(maxHalfWidth, passHeight - 1)
        let drawsParts = style.field == .metaball && bands > 1 && padding > 0
        let partCapacity = drawsParts ? min(bands, passHeight / (4 * padding)) : 1
        scratch = RenderScratch(
            width: passWidth, height: passHeight, maxHalfWidth: maxHalfWidth,
            bandCount: horizontalBands, edgeBandCount: bands, fieldPlane: style.softness == .automatic && style.field == .metaball,
            planeParts: partCapacity)
        balance = partCapacity > 1 ? PartBalance(tileRowCount: tileRows, capacity: partCapacity) : nil
        tiles = TileMap(width: passWidth, height: passHeight, maxBands: horizontalBands)
        maskBounds = MaskTileBoundsCache(tiles: tiles.blockCount * tiles.tileRowCount)
        mixChanges = MixChanges(width: passWidth, height: passHeight)
        distance = style.field == .distance
            ? DistanceStage(width: width, height: height, style: style, threads: threads, fields: fields) : nil
        threadLimit = style.field == .metaball ? bands : distance!.frames.maximumThreads
        finishTable.initialize(repeating: 0, count: 256)
    }

    deinit {
        finishTable.deallocate()
    }

    /// Bytes of a tight RGBA frame: width × height × 4.
    public var rgbaByteCount: Int { width * height * 4 }

    /// Bytes of a tight alpha frame: width × height.
    public var alphaByteCount: Int { width * height }

    /// Renders the frame at `progress` into the caller's memory: `height` rows of `width`
    /// pixels in `format`, `bytesPerRow` apart (nil: tight rows), top row first.
    ///
    /// The frame is defined as straight RGBA8 (the style's tint at the frame's progress, its
    /// alpha scaled by the coverage, over the style's background; see `MorphStyle` and the
    /// frame math, step 8); every
    /// format carries those bytes exactly: `.rgba8` and `.bgra8` as they are, the
    /// premultiplied formats with each colour byte c as round(c · a / 255), `.alpha8` the
    /// alpha alone. Bytes between one row's pixels and the next row are left as they were,
    /// and so is the memory after the last row's pixels.
    ///
    /// - Throws: `MorphError.invalidParameter` (`.progress`) unless progress is finite and in
    ///   [0, 1]; `MorphError.sizeMismatch` when a mask has another size;
    ///   `MorphError.unsupportedPixelFormat` for `.gray8` or `.grayAlpha8`;
    ///   `MorphError.invalidBytesPerRow` for rows shorter than `width` pixels;
    ///   `MorphError.bufferTooSmall` when `output` holds fewer than
    ///   (height − 1) · bytesPerRow + width · bytesPerPixel bytes. Nothing is written when it
    ///   throws.
    public func render(
        source: AlphaMask, target: AlphaMask, progress: Double, into output: UnsafeMutableRawBufferPointer,
        bytesPerRow: Int? = nil, format: PixelFormat
    ) throws {
        try render(
            source: source, target: target, progress: progress, capture: nil, output: output,
            bytesPerRow: bytesPerRow, format: format)
    }

    /// Renders an RGBA frame into an array, resizing it to `rgbaByteCount` bytes first if it
    /// has another size (the only allocation; reuse the array to avoid it).
    ///
    /// - Throws: as `render(source:target:progress:into:bytesPerRow:format:)`; the array is
    ///   unchanged then.
    public func renderRGBA(source: AlphaMask, target: AlphaMask, progress: Double, into output: inout [UInt8]) throws {
        try checkInputs(source: source, target: target, progress: progress)
        if output.count != rgbaByteCount { output = [UInt8](repeating: 0, count: rgbaByteCount) }
        try output.withUnsafeMutableBytes {
            try render(source: source, target: target, progress: progress, into: $0, format: .rgba8)
        }
    }

    /// Renders an alpha frame into an array, resizing it to `alphaByteCount` bytes first if it
    /// has another size (the only allocation; reuse the array to avoid it).
    ///
    /// - Throws: as `render(source:target:progress:into:bytesPerRow:format:)`; the array is
    ///   unchanged then.
    public func renderAlpha(source: AlphaMask, target: AlphaMask, progress: Double, into output: inout [UInt8]) throws {
        try checkInputs(source: source, target: target, progress: progress)
        if output.count != alphaByteCount { output = [UInt8](repeating: 0, count: alphaByteCount) }
        try output.withUnsafeMutableBytes {
            try render(source: source, target: target, progress: progress, into: $0, format: .alpha8)
        }
    }

    /// Whether two new distance fields of this renderer's size are computed at once on two
    /// threads (`DistanceFieldCache.fields(of:_:concurrently:)`, which asks only when both
    /// are new); call under the lock. A field costs about as much per pixel as
    /// `fieldWorkPerPixel` tap-pixels of a frame (measured here: about 2 ms for a built-in
    /// symbol's field at 132 px, where a metaball frame of about 0.4 M tap-pixels takes
    /// 0.04–0.06 ms: some 800–1200 a pixel), so any icon but a tiny one is worth the thread.
    func computesFieldsConcurrentlyLocked() -> Bool {
        storedConcurrency == .automatic && ActiveProcessors.count > 1
            && width * height * Self.fieldWorkPerPixel >= storedWorkThreshold
    }

    /// A distance field's cost per pixel in tap-pixels of a frame (see
    /// `computesFieldsConcurrentlyLocked`).
    static let fieldWorkPerPixel = 1024

    /// How many bands a phase of a frame of `tapWork` tap-pixels is split into (its pixels
    /// counted too: `concurrentWorkThreshold`); call under the lock.
    func bandCountLocked(tapWork: Int) -> Int {
        // (Halved rather than the threshold doubled: a test may set the threshold to Int.max.)
        let splits = tapWork >= storedWorkThreshold || (tapWork + Self.pixelWork * width * height) / 2 >= storedWorkThreshold
        guard storedConcurrency == .automatic, splits, threadLimit > 1 else { return 1 }
        if pool == nil { pool = WorkerPool(bandCount: threadLimit) }
        return pool!.bandCount
    }

    /// Renders a frame; `capture` is a captured field with weight > 0 (`MorphFrame`), already
    /// checked against the renderer's size.
    func render(
        source: AlphaMask, target: AlphaMask, progress: Double, capture: (field: CapturedField, weight: Double)?,
        output: UnsafeMutableRawBufferPointer, bytesPerRow: Int?, format: PixelFormat
    ) throws {
        try checkInputs(source: source, target: target, progress: progress)
        let (outputBase, outputRowBytes) = try checkOutput(output, bytesPerRow: bytesPerRow, format: format)
        let finish = FrameFinish(style: style, progress: progress, format: format)
        lock.lock()
        defer { lock.unlock() }
        let writer = writerLocked(for: finish)
        if let distance {
            renderDistanceLocked(
                distance, source: source, target: target, progress: progress, capture: capture, writer: writer,
                output: outputBase, bytesPerRow: outputRowBytes)
            return
        }
        if LayerOpacity.applies(source: source, target: target, captured: capture?.field) {
            renderLayeredLocked(
                source: source, target: target, progress: progress, capture: capture, writer: writer,
                output: outputBase, bytesPerRow: outputRowBytes)
            return
        }
        renderMetaballLocked(
            source: source, target: target, progress: progress, capture: capture, writer: writer,
            output: outputBase, bytesPerRow: outputRowBytes)
    }

    /// The writer of `finish`, its table filled unless it already holds it; call under the lock.
    func writerLocked(for finish: FrameFinish) -> PixelWriter {
        if finish.needsTable, finish != tableFinish {
            finish.fillTable(finishTable)
            tableFinish = finish
        }
        return finish.writer(table: finishTable)
    }
}
