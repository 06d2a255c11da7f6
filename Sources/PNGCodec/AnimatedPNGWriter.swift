/// Writes an animated PNG frame by frame, atomically: nothing appears at `path` until `finish()`.
///
/// The file follows the APNG specification (1.0): IHDR, sRGB, acTL (frame count and loop
/// count), PLTE and tRNS for an indexed file, then each frame as an fcTL chunk followed by its
/// image data. The first frame is the default image — its fcTL comes before IDAT, full size at
/// (0, 0) — so it is both the animation's first frame and what a viewer without APNG support
/// shows. Later frames are fdAT chunks. fcTL and fdAT share one sequence of numbers from 0.
///
/// Frames are reduced as they come, and the result shows exactly the frames given, straight
/// alpha included:
/// - a frame equal to the previous one is not stored; the previous frame's delay grows by its
///   delay (the exact sum of the fractions, in lowest terms; when that does not fit 16-bit
///   fields the frame is stored as a 1 × 1 frame that repeats one pixel, and later equal frames
///   add to it);
/// - a frame that changes only part of the picture is cropped to the bounding box of its changed
///   pixels. Every frame uses dispose op NONE (the canvas keeps the frame) and blend op SOURCE
///   (the region's pixels are replaced, alpha included, not composited over), so the canvas
///   outside the box keeps the previous frame — equal there — and inside becomes the new one.
///
/// Storage (see `AnimatedPNGLayout`): when the first frame has one colour (every
/// `addFrame(alpha:…)` frame, and every rendered morph frame) the file is indexed, 1 byte a
/// pixel, with a 256-entry palette of that colour at every alpha; otherwise RGBA. A later frame
/// of another colour turns an indexed file into RGBA by rewriting the frames already written
/// (once, frame by frame). Each frame's pixels are encoded by libpng as `PNGEncoder`'s are,
/// with `compression` (see `AnimatedPNGChunkEncoder`); `reducesColorType == false` keeps
/// RGBA throughout.
///
/// Frames are encoded and written to the temporary file as soon as the next frame shows they
/// are complete (one frame is held back, since the next may extend its delay); memory stays
/// at a few frames' worth however long the animation. Not thread-safe: add frames from one
/// thread at a time.
public final class AnimatedPNGWriter {
    /// The destination, as given.
    public let path: String
    /// Canvas width in pixels.
    public let width: Int
    /// Canvas height in pixels.
    public let height: Int
    /// How many times the animation plays; 0 is forever (acTL's `num_plays`).
    public let loopCount: Int

    private let encoder: AnimatedPNGChunkEncoder
    private var file: AnimatedPNGFile?
    /// Set by the first frame.
    private var layout: AnimatedPNGLayout?
    /// The last distinct frame, in `layout`: the frame `pending` describes.
    private var canvas = ScratchBuffer()
    /// The frame being added, converted to `layout`.
    private var incoming = ScratchBuffer()
    /// The last distinct frame, not yet written: its region and its delay so far.
    private var pending: AnimatedPNGFrameControl?
    /// Where the first fcTL starts in the file, once the head is written.
    private var framesStart: Int?
    private var sequence: UInt32 = 0
    /// Frames (fcTL chunks) written.
    private(set) var storedFrameCount = 0
    /// Longest chunk data before frame data is split over several chunks; tests lower it.
    @_spi(Testing) public var maximumChunkLength: Int {
        get { encoder.maximumChunkLength }
        set { encoder.maximumChunkLength = newValue }
    }
    /// Frames added, for messages.
    private var addedFrameCount = 0
    private var state = State.open

    private enum State {
        case open, finished, cancelled
        case failed(PNGError)
    }

    /// Creates the temporary file for an animation of `width × height` pixels.
    ///
    /// - loopCount: how many times it plays, 0 = forever (0 … 2³¹ − 1).
    /// - compression: as `PNGEncoder`'s.
    /// - Throws: `PNGError.cannotCreate` naming `path`: a size that is not positive or larger
    ///   than a PNG holds, a loop count out of range, a zlib level outside 0…9, a directory in
    ///   the way, a missing or unwritable folder.
    public init(path: String, width: Int, height: Int, loopCount: Int, compression: PNGCompression = .default) throws {
        self.path = path
        self.width = width
        self.height = height
        self.loopCount = loopCount
        guard width > 0, height > 0 else {
            throw PNGError.cannotCreate(path: path, reason: "the size \(width)×\(height) is not positive")
        }
        let (area, overflow) = width.multipliedReportingOverflow(by: height)
        guard width <= Int(Int32.max), height <= Int(Int32.max), !overflow,
              !area.multipliedReportingOverflow(by: 8).overflow
        else {
            throw PNGError.cannotCreate(path: path, reason: "\(width)×\(height) is larger than a PNG can hold")
        }
        guard (0...Int(Int32.max)).contains(loopCount) else {
            throw PNGError.cannotCreate(path: path, reason: "the loop count must be 0 (forever) to 2³¹ − 1, got \(loopCount)")
        }
        do {
            encoder = try AnimatedPNGChunkEncoder(compression: compression)
        } catch PNGError.encodingFailed(let reason) {
            throw PNGError.cannotCreate(path: path, reason: reason)
        }
        file = try AnimatedPNGFile(destination: path)
    }

    deinit { file?.discard() }

    /// Adds one frame of straight-alpha RGBA8 (width*height*4 bytes) shown for
    /// delayNumerator/delayDenominator seconds. A frame equal to the previous one extends its delay.
    ///
    /// A denominator of 0 means 1/100 s units, as in the APNG specification.
    ///
    /// - Throws: `PNGError.invalidImage` naming the path when `rgba` does not hold
    ///   `width × height × 4` bytes (nothing is added); `PNGError.writeFailed` naming the path
    ///   when writing fails (the temporary file is then removed and the writer stops), or when
    ///   the writer was finished or cancelled.
    public func addFrame(rgba: UnsafeRawBufferPointer, delayNumerator: UInt16, delayDenominator: UInt16) throws {
        try checkOpen()
        let pixelCount = width &* height
        guard rgba.count == pixelCount &* 4, let base = rgba.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
            throw PNGError.invalidImage(
                reason: "\(path): frame \(addedFrameCount) holds \(rgba.count) bytes; a \(width)×\(height) RGBA frame needs \(pixelCount &* 4)")
        }
        try run {
            // A first frame is tried as indexed in its first pixel's colour: `store` checks
            // every pixel as it copies, and one that does not fit turns the (still empty) file
            // to RGBA below.
            let chosen = layout
                ?? (encoder.compression.reducesColorType ? .indexed(red: base[0], green: base[1], blue: base[2]) : .rgba)
            layout = chosen
            if !chosen.store(rgba: base, pixelCount: pixelCount, into: incoming.bytes(pixelCount &* chosen.bytesPerPixel)) {
                try promoteToRGBA()
                _ = AnimatedPNGLayout.rgba.store(rgba: base, pixelCount: pixelCount, into: incoming.bytes(pixelCount &* 4))
            }
            try add(AnimatedPNGDelay(numerator: delayNumerator, denominator: delayDenominator))
        }
    }

    /// Adds one frame given as alpha (width*height bytes) of one straight RGB colour (the morph's
    /// frames): same as addFrame(rgba:) of (r, g, b, alpha[i]) for every pixel, cheaper.
    ///
    /// - Throws: as `addFrame(rgba:…)`, for `alpha` not holding `width × height` bytes.
    public func addFrame(
        alpha: UnsafeRawBufferPointer, red: UInt8, green: UInt8, blue: UInt8,
        delayNumerator: UInt16, delayDenominator: UInt16
    ) throws {
        try checkOpen()
        let pixelCount = width &* height
        guard alpha.count == pixelCount, let base = alpha.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
            throw PNGError.invalidImage(
                reason: "\(path): frame \(addedFrameCount) holds \(alpha.count) alpha bytes; a \(width)×\(height) frame needs \(pixelCount)")
        }
        try run {
            let chosen = layout ?? (encoder.compression.reducesColorType ? .indexed(red: red, green: green, blue: blue) : .rgba)
            layout = chosen
            let output = incoming.bytes(pixelCount &* chosen.bytesPerPixel)
            if !chosen.store(alpha: base, pixelCount: pixelCount, red: red, green: green, blue: blue, into: output) {
                try promoteToRGBA()
                AnimatedPNGLayout.expand(
                    alpha: base, count: pixelCount, red: red, green: green, blue: blue, into: incoming.bytes(pixelCount &* 4))
            }
            try add(AnimatedPNGDelay(numerator: delayNumerator, denominator: delayDenominator))
        }
    }

    /// Writes the rest and renames the file into place. Throws PNGError naming the path.
    ///
    /// - Throws: `PNGError.cannotCreate` when no frame was added or the file cannot be renamed
    ///   into place, `.writeFailed` when writing fails or the writer was finished or cancelled.
    ///   The temporary file is removed on any failure, and the destination left as it was.
    public func finish() throws {
        try checkOpen()
        guard pending != nil else {
            state = .failed(.cannotCreate(path: path, reason: "no frame was added"))
            file?.discard()
            throw PNGError.cannotCreate(path: path, reason: "no frame was added")
        }
        try run {
            try writePending()
            guard let file else { return }
            try file.append(encoder.end())
            try file.overwrite(
                encoder.animationControl(frameCount: UInt32(storedFrameCount), loopCount: UInt32(loopCount)),
                at: AnimatedPNGChunkEncoder.animationControlOffset)
            try file.commit()
            state = .finished
        }
    }

    /// Removes the temporary file, leaving the destination as it was (also done when the
    /// writer is released without `finish()`; the `iconmorph` tool also removes it on Ctrl-C).
    ///
    /// Later calls to `addFrame` and `finish` throw; cancelling again, or after `finish`, does
    /// nothing.
    public func cancel() {
        if case .finished = state { return }
        file?.discard()
        file = nil
        if case .open = state { state = .cancelled }
    }

    // MARK: - Frames

    /// Takes the frame in `incoming`: merged into `pending` when equal to it, else `pending`
    /// is written and the new frame becomes pending.
    private func add(_ delay: AnimatedPNGDelay) throws {
        guard let layout else { return }
        let step = layout.bytesPerPixel
        let frameBytes = width &* height &* step
        addedFrameCount += 1
        guard var held = pending else {
            pending = AnimatedPNGFrameControl(
                region: AnimatedPNGRegion(x: 0, y: 0, width: width, height: height), delay: delay)
            swap(&canvas, &incoming)
            return
        }
        let changed = AnimatedPNGRegion.changed(
            from: canvas.bytes(frameBytes), to: incoming.bytes(frameBytes), width: width, height: height, step: step)
        guard let changed else {
            if let sum = held.delay.adding(delay) {
                held.delay = sum
                pending = held
            } else {
                // The canvas is unchanged: a 1 × 1 frame of its first pixel repeats it.
                try writePending()
                pending = AnimatedPNGFrameControl(region: AnimatedPNGRegion(x: 0, y: 0, width: 1, height: 1), delay: delay)
            }
            return
        }
        try writePending()
        pending = AnimatedPNGFrameControl(region: changed, delay: delay)
        swap(&canvas, &incoming)
    }

    /// Writes the head if not yet written, then `pending`'s chunks from `canvas`.
    private func writePending() throws {
        guard let held = pending, let layout, let file else { return }
        let step = layout.bytesPerPixel
        if framesStart == nil {
            try file.append(encoder.head(width: width, height: height, layout: layout, frameCount: 0, loopCount: UInt32(loopCount)))
            framesStart = file.count
        }
        let rowStride = width &* step
        let origin = canvas.bytes(rowStride &* height) + (held.region.y &* rowStride &+ held.region.x &* step)
        try file.append(
            encoder.frame(
                origin, rowStride: rowStride, layout: layout, control: held, isDefaultImage: storedFrameCount == 0,
                sequence: &sequence))
        storedFrameCount += 1
        pending = nil
    }

    /// Switches an indexed file to RGBA: converts the pending frame in `canvas`, and rewrites
    /// any frames already in the file (`AnimatedPNGTranscoder`).
    private func promoteToRGBA() throws {
        guard case .indexed(let red, let green, let blue) = layout else { return }
        let pixelCount = width &* height
        if pending != nil {
            // `incoming` is free: build the RGBA canvas there, then swap.
            AnimatedPNGLayout.expand(
                alpha: canvas.bytes(pixelCount), count: pixelCount, red: red, green: green, blue: blue,
                into: incoming.bytes(pixelCount &* 4))
            swap(&canvas, &incoming)
        }
        if let start = framesStart, let original = file {
            let replacement = try AnimatedPNGFile(destination: path)
            framesStart = try AnimatedPNGTranscoder.rewrite(
                original, framesStart: start, color: (red, green, blue), width: width, height: height,
                loopCount: UInt32(loopCount), into: replacement, encoder: encoder, sequence: &sequence)
            original.discard()
            file = replacement
        }
        layout = .rgba
    }

    // MARK: - State

    private func checkOpen() throws {
        switch state {
        case .open: return
        case .finished: throw PNGError.writeFailed(path: path, reason: "the animation was already finished")
        case .cancelled: throw PNGError.writeFailed(path: path, reason: "the animation was cancelled")
        case .failed(let error): throw error
        }
    }

    /// Runs `body`; on an error the temporary file is removed and the writer stops, every later
    /// call throwing the same error. libpng failures are reported with the path.
    private func run(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as PNGError {
            var reported = error
            if case .encodingFailed(let reason) = error { reported = .writeFailed(path: path, reason: reason) }
            state = .failed(reported)
            file?.discard()
            file = nil
            throw reported
        }
    }
}
