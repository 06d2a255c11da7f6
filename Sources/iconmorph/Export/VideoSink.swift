import _IconMorphSupport
import MorphKernel
import PNGCodec
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Encodes the frames with ffmpeg into one video or animated image, with the recipes of
/// `FFmpegCommands` (`--print-ffmpeg`): the frames go to ffmpeg's standard input as raw RGBA
/// at the output's frame rate (a hold is its frame repeated), ffmpeg writes a temporary
/// sibling of the destination, and only a finished file is renamed into place, keeping the
/// mode of a file it replaces. Destinations are taken as `AtomicFileWriter` takes them: a
/// symbolic link is written through (the link stays, its target gets the file), and a device
/// or FIFO is written in place by ffmpeg, as a shell redirection would, rather than replaced
/// by a file.
///
/// - `.mov`: ProRes 4444 with a lossless alpha channel, for video editors.
/// - `.webm`: VP9 with alpha, for web pages.
/// - `.mp4`: H.264, no alpha: the frames arrive over an opaque background (the command
///   renders them so), an odd side padded to even in that colour.
/// - `.gif`: a palette made for the frames, transparency where alpha is under ½, `--loops`;
///   made in one pass, or by a first pass of its own for long or large animations
///   (`GIFPaletteSink`).
/// - `.webp`: lossless animated WebP with alpha, `--loops`.
///
/// A GIF's or WebP's delays are set after ffmpeg (`FrameDelayPatch`): a GIF's each frame's
/// own (its holds are single frames shown longer), a WebP's last frame what remains of the
/// animation's time. Both are written to a temporary file first, also for a pipe, FIFO or
/// device, which then gets the finished file.
final class VideoSink: FrameSink, @unchecked Sendable {
    let format: OutputFormat
    let destination: String
    /// The delays set after ffmpeg, which shows every frame one period: a GIF's or WebP's
    /// (`FrameDelayPatch`).
    private let delayPatch: FrameDelayPatch?
    private let process: FFmpegProcess
    /// The parts of its `Destination`.
    private let target: String
    private let temporary: String?
    private let replaced: AtomicFileWriter.ReplacedFile?
    private let copiesThrough: Bool
    /// After `finish`, the frames a WebP holds, which ffmpeg may have merged (a hold's
    /// repeated frames become one): what the summary counts. Nil for the other formats, or
    /// when the file did not parse.
    private(set) var framesInFile: Int?

    /// Why ffmpeg would refuse `width` × `height` frames for `format` (after every frame was
    /// rendered: a 16383 px MP4 took 12 s and 6.4 GB to fail), or nil when it takes them.
    /// The limits, measured with the ffmpeg here (Debian's 7.1): any frame of ffmpeg's
    /// (`av_image_check_size`: (w + 128) × (h + 128) under `largestFFmpegArea`), and WebP
    /// sides of at most `longestWebPSide` (libwebp). H.264 and VP9 take sides of 16384
    /// (libx264 refused 16400, an odd side padded to even; libvpx failed to allocate at
    /// 16400), GIF 65535: no side the tool draws is longer (`IconBox.maximumPixelSide`).
    static func frameSizeProblem(format: OutputFormat, width: Int, height: Int) -> String? {
        guard format.isVideo else { return nil }
        if format == .webp, max(width, height) > Self.longestWebPSide {
            return "a \(width)×\(height) frame is larger than ffmpeg encodes as .webp "
                + "(WebP: sides of at most \(Self.longestWebPSide) pixels)"
        }
        let (w, h) = format == .mp4 ? (width + width % 2, height + height % 2) : (width, height)
        let (area, overflows) = (w + 128).multipliedReportingOverflow(by: h + 128)
        if overflows || area >= Self.largestFFmpegArea {
            return "a \(width)×\(height) frame is larger than ffmpeg takes ((width + 128) × (height + 128) under \(Self.largestFFmpegArea))"
        }
        return nil
    }

    /// The least (w + 128) × (h + 128) that ffmpeg refuses: INT_MAX / 8.
    static let largestFFmpegArea = Int(Int32.max) / 8
    /// The longest side libwebp encodes.
    static let longestWebPSide = 16383

    /// ffmpeg's input: `width` × `height` RGBA frames at `fps` on its standard input.
    static func rawInput(width: Int, height: Int, fps: Rational) -> [String] {
        ["-hide_banner", "-loglevel", "error", "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)",
         "-r", "\(fps.numerator)/\(fps.denominator)", "-i", "-"]
    }

    /// The most frame memory a GIF's palette may take in one pass, where ffmpeg holds every
    /// frame until the palette is made (`GIFPaletteSink`): 128 MiB, at about 8 bytes a pixel
    /// and frame. Under it a pass of its own costs more than it saves (61 frames at 396 px,
    /// 76 MB: 0.46–0.59 s in one pass, 0.49–0.55 s in two; 120 at 513 px, 252 MB: 1.43 s
    /// and 348 MB in one, 1.28 s and 96 MB in two; whole commands, max RSS).
    static let gifOnePassBudget = 128 << 20

    /// Whether a GIF of `frameCount` frames of `width` × `height` gets its palette from a
    /// pass of its own (`GIFPaletteSink`) rather than in the same pass as its frames.
    static func gifNeedsPalettePass(frameCount: Int, width: Int, height: Int) -> Bool {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        let (bytes, tooMany) = pixels.multipliedReportingOverflow(by: 8 * max(frameCount, 1))
        return overflow || tooMany || bytes > gifOnePassBudget
    }

    /// Where a video goes, settled before ffmpeg starts (`VideoSink.init`): the file a link
    /// resolves to, whether it may be replaced, and the temporary file ffmpeg writes, so that
    /// a destination that cannot be written is refused before any frame is rendered (a long
    /// GIF renders its frames once before, for its palette).
    struct Destination {
        /// The path given.
        let path: String
        /// Where the file goes: `path`, or the file a link there resolves to.
        let target: String
        /// The temporary file ffmpeg writes (beside `target`, or in the temporary folder when
        /// `copiesThrough`), or nil for a device or FIFO written in place.
        let temporary: String?
        let replaced: AtomicFileWriter.ReplacedFile?
        /// Whether ffmpeg writes a temporary file in the temporary folder that is copied to
        /// the destination at the end: when `path` names standard output and that is a
        /// regular file (where .mp4 and .mov can seek; copied through descriptor 1, at the
        /// redirection's position, `AtomicFileWriter.isStandardOutputName`), and for a WebP
        /// or GIF going to a pipe, FIFO or device, so that a WebP's background is cleared
        /// (`clearWebPBackground`) and either's last delay set (`FrameDelayPatch`) first: the
        /// reader gets the file once it is whole.
        let copiesThrough: Bool

        /// The destination of a `format` video at `path`.
        ///
        /// - Throws: `PNGError` when the temporary file cannot be made, `path` may not be
        ///   replaced, or an .mp4 or .mov would go where ffmpeg cannot seek.
        init(format: OutputFormat, path: String) throws {
            self.path = path
            let (target, isRegular) = try AtomicFileWriter.resolvedDestination(of: path)
            self.target = target
            copiesThrough = isRegular ? AtomicFileWriter.isStandardOutputName(path) : FrameDelayPatch.formats.contains(format)
            if copiesThrough {
                replaced = nil
                let (folder, _) = AtomicFileWriter.temporaryFolder()
                let (descriptor, temporary) = try AtomicFileWriter.makeTemporaryFile(
                    template: folder + "/.iconmorph-video.XXXXXX.tmp", reportingAs: path)
                close(descriptor)
                self.temporary = temporary
            } else if isRegular {
                replaced = try AtomicFileWriter.replacedFile(at: target)
                let (descriptor, temporary) = try AtomicFileWriter.makeTemporaryFile(beside: target)
                close(descriptor)
                self.temporary = temporary
            } else {
                replaced = nil
                temporary = nil
                if format == .mp4 || format == .mov, !VideoSink.isSeekable(target) {
                    // Their muxers go back to the start to finish the file: ffmpeg would fail
                    // at the first frame.
                    throw PNGError.cannotCreate(
                        path: path, reason: "a .\(format.rawValue) file needs an output it can seek in, and a pipe or socket "
                            + "is none; write a file, or give --format webm")
                }
            }
        }

        /// Removes the temporary file, if any.
        func discard() {
            guard let temporary else { return }
            unlink(temporary)
            AtomicFileWriter.forgetTemporaryFile(temporary)
        }
    }

    /// Starts ffmpeg for `format` (a video format) into `destination`; a GIF maps its frames
    /// to the palette in the PNG file `palette` when given (`GIFPaletteSink`), else makes the
    /// palette in the same pass. On failure the destination's temporary file is removed.
    ///
    /// - Throws: `OutputError.encoderMissing` without ffmpeg, `.encoderFailed` when it cannot
    ///   start; `PNGError` when a device or FIFO cannot be opened.
    init(
        format: OutputFormat, destination prepared: Destination, width: Int, height: Int, fps: Rational,
        delayPatch: FrameDelayPatch?, loops: Int, background: TintColor?, palette: String? = nil
    ) throws {
        let path = prepared.path
        guard let ffmpeg = FFmpegProcess.locate() else {
            prepared.discard()
            throw OutputError.encoderMissing(path: path)
        }
        self.format = format
        self.delayPatch = delayPatch
        destination = path
        target = prepared.target
        temporary = prepared.temporary
        replaced = prepared.replaced
        copiesThrough = prepared.copiesThrough
        var input = Self.rawInput(width: width, height: height, fps: fps)
        let output: [String]
        switch format {
        case .mov:
            output = ["-c:v", "prores_ks", "-profile:v", "4444", "-pix_fmt", "yuva444p10le", "-f", "mov"]
        case .webm:
            output = ["-c:v", "libvpx-vp9", "-pix_fmt", "yuva420p", "-crf", "30", "-b:v", "0", "-f", "webm"]
        case .mp4:
            let color = background.map { String(hexString(TintColor(red: $0.red, green: $0.green, blue: $0.blue)).dropFirst()) } ?? "FFFFFF"
            let pad = width % 2 == 1 || height % 2 == 1 ? ["-vf", "pad=\(width + width % 2):\(height + height % 2):0:0:color=0x\(color)"] : []
            output = pad + ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-crf", "18", "-movflags", "+faststart", "-f", "mp4"]
        case .gif:
            // GIF: 0 repeats forever, -1 plays once, n repeats n times more.
            // The same palette and mapping either way, so the same bytes.
            let filter: String
            if let palette {
                input += ["-f", "png_pipe", "-i", palette]
                filter = "[0:v][1:v]paletteuse=alpha_threshold=128"
            } else {
                filter = "split[a][b];[a]palettegen=reserve_transparent=1[p];[b][p]paletteuse=alpha_threshold=128"
            }
            output = ["-filter_complex", filter,
                      "-loop", String(loops == 0 ? 0 : loops == 1 ? -1 : loops - 1), "-f", "gif"]
        case .webp:
            output = ["-c:v", "libwebp_anim", "-lossless", "1", "-loop", String(loops), "-f", "webp"]
        default:
            preconditionFailure("\(format) is not a video format")
        }
        // A device, FIFO or socket that no path names (/dev/stdout into a pipe: /proc/self/fd/1
        // is pipe:[…]) is opened here and handed to ffmpeg as its standard output: the name
        // would open ffmpeg's own, /dev/null. Others ffmpeg opens by name, so that it may seek
        // in a device that allows it (an .mp4 to /dev/null).
        var descriptor: Int32?
        if temporary == nil, !Self.hasName(target) {
            let opened = open(target, O_WRONLY | O_CLOEXEC)
            guard opened >= 0 else { throw PNGError.cannotCreate(path: path, reason: String(cString: strerror(errno))) }
            descriptor = opened
        }
        defer { if let descriptor { close(descriptor) } }
        do {
            process = try FFmpegProcess(
                executable: ffmpeg, arguments: input + output + ["-y", temporary ?? (descriptor == nil ? target : "pipe:1")], output: path,
                standardOutput: descriptor)
        } catch {
            prepared.discard()
            throw error
        }
    }

    /// Sets the background colour of the animated WebP open at `descriptor` to transparent
    /// black. libwebp's animation encoder writes opaque white into the ANIM chunk (ffmpeg has
    /// no option for it), and the format lets a player paint it behind the frames: a white
    /// box around a transparent morph. The frames are drawn over nothing, so 0 says what they
    /// are. Looked for among the first chunks (VP8X, then ICCP or ANIM); a file without one is
    /// left as it is. A WebP going to a pipe, FIFO or device is written to a temporary file first,
    /// so it is cleared too (`copiesThrough`).
    static func clearWebPBackground(_ descriptor: Int32) {
        var header = [UInt8](repeating: 0, count: 128)
        let count = header.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count >= 12, header[0..<4].elementsEqual("RIFF".utf8), header[8..<12].elementsEqual("WEBP".utf8) else { return }
        var offset = 12
        while offset + 12 <= count {
            let size = Int(header[offset + 4]) | Int(header[offset + 5]) << 8 | Int(header[offset + 6]) << 16 | Int(header[offset + 7]) << 24
            if header[offset..<offset + 4].elementsEqual("ANIM".utf8) {
                let transparent: [UInt8] = [0, 0, 0, 0]
                _ = transparent.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, 4, off_t(offset + 8)) }
                return
            }
            offset += 8 + size + (size & 1)
        }
    }

    /// Whether `path` (not a regular file) can be sought in: a device, not a FIFO or socket
    /// (nor a link with no name behind it, such as /dev/stdout into a pipe).
    fileprivate static func isSeekable(_ path: String) -> Bool {
        var info = stat()
        guard hasName(path), stat(path, &info) == 0 else { return false }
        let kind = info.st_mode & S_IFMT
        return kind != S_IFIFO && kind != S_IFSOCK
    }

    /// Whether `path` resolves to a name another process can open (realpath(3) succeeds).
    private static func hasName(_ path: String) -> Bool {
        guard let resolved = realpath(path, nil) else { return false }
        free(resolved)
        return true
    }

    var needsRGBA: Bool { true }

    func makeWorker() -> any FrameSinkWorker { FFmpegFrameWriter(process: process, failure: { [self] in failure($0) }) }

    /// Waits for ffmpeg and moves its file into place.
    ///
    /// - Throws: `PNGError.writeFailed` when ffmpeg could not write the file (a full disk, a
    ///   file size limit), `OutputError.encoderFailed` when it failed otherwise, each with
    ///   the line of ffmpeg's that says why, naming the destination, not the temporary file;
    ///   `PNGError.cannotCreate` when the file cannot be renamed into place.
    func finish() throws {
        if let reason = process.finish() {
            discard()
            throw failure(reason)
        }
        guard let temporary else { return }
        // An ffmpeg that exits 0 without writing (a wrapper, a broken build) would otherwise
        // leave an empty file reported as written.
        var written = stat()
        if stat(temporary, &written) == 0, written.st_size == 0 {
            discard()
            throw OutputError.encoderFailed(path: destination, reason: "it exited successfully but wrote nothing")
        }
        let descriptor = open(temporary, format == .webp || delayPatch != nil ? O_RDWR : O_RDONLY)
        if descriptor >= 0, format == .webp { Self.clearWebPBackground(descriptor) }
        if descriptor >= 0, let found = delayPatch?.apply(to: descriptor, format: format), format == .webp {
            framesInFile = found
        }
        if copiesThrough {
            // Copied through descriptor 1, or into the pipe, FIFO or device, then removed.
            defer { discard() }
            guard descriptor >= 0 else { throw PNGError.writeFailed(path: destination, reason: String(cString: strerror(errno))) }
            defer { close(descriptor) }
            let toStandardOutput = AtomicFileWriter.isStandardOutputName(destination)
            let output = toStandardOutput ? STDOUT_FILENO : open(target, O_WRONLY | O_CLOEXEC)
            guard output >= 0 else { throw PNGError.writeFailed(path: destination, reason: String(cString: strerror(errno))) }
            defer { if !toStandardOutput { close(output) } }
            if let code = DescriptorWriting.copyAll(from: descriptor, to: output).error {
                throw PNGError.writeFailed(path: destination, reason: String(cString: strerror(code)))
            }
            return
        }
        if descriptor >= 0 {
            AtomicFileWriter.settle(descriptor, replacing: replaced)
            close(descriptor)
        }
        if rename(temporary, target) != 0 {
            let reason = String(cString: strerror(errno))
            discard()
            throw PNGError.cannotCreate(path: destination, reason: reason)
        }
        AtomicFileWriter.forgetTemporaryFile(temporary)
    }

    /// The error for ffmpeg's line `reason` (`FFmpegProcess.reason(in:)`): a failed write
    /// where it gives the reason of one, else a failed encoder.
    func failure(_ reason: String) -> any Error {
        let named = temporary.map { reason.replacing($0, with: destination) } ?? reason
        if FFmpegProcess.writeFailures.contains(where: { named.contains($0) }) {
            return PNGError.writeFailed(path: destination, reason: "ffmpeg: " + named)
        }
        return OutputError.encoderFailed(path: destination, reason: named)
    }

    func cancel() {
        process.stop()
        discard()
    }

    private func discard() {
        guard let temporary else { return }
        unlink(temporary)
        AtomicFileWriter.forgetTemporaryFile(temporary)
    }
}
