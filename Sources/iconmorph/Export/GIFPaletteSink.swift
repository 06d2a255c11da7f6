import _IconMorphSupport
import PNGCodec
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The first of a long or large GIF's two passes (`VideoSink.gifNeedsPalettePass`): ffmpeg's
/// `palettegen` reads every frame and writes the 256-colour palette for the whole animation
/// into a temporary PNG file, which the second pass (`VideoSink` for `.gif`) maps the frames
/// to.
///
/// In one pass (`split`, `palettegen`, `paletteuse`) ffmpeg must hold every frame until the
/// last has come and the palette is made, about 8 bytes a pixel and frame: 600 frames at
/// 513 px took 1.4 GB, 120 at 2049 px 2.2 GB. Rendering the frames twice costs less than
/// holding them: the same 600 frames took 99 MB and 5.2 s where one pass took 6.2 s, the
/// 120 large ones 449 MB and 15.4 s against 23.3 s, and the files are the same bytes (ffmpeg
/// given the same palette maps the same frames the same way).
///
/// The palette file is tracked like an output's temporary file, so an interrupt removes it;
/// `discard()` removes it once the GIF is written, or after a failure.
final class GIFPaletteSink: FrameSink, @unchecked Sendable {
    /// The palette file, in the temporary folder.
    let path: String
    /// The GIF the palette is for, named in messages.
    private let destination: String
    private let process: FFmpegProcess

    /// Starts ffmpeg reading `width` × `height` RGBA frames at `fps` for the GIF at
    /// `destination`.
    ///
    /// - Throws: `OutputError.encoderMissing` without ffmpeg, `.encoderFailed` when it cannot
    ///   start; `PNGError.cannotCreate` when the palette file cannot be made.
    init(destination: String, width: Int, height: Int, fps: Rational) throws {
        guard let ffmpeg = FFmpegProcess.locate() else { throw OutputError.encoderMissing(path: destination) }
        self.destination = destination
        let (folder, _) = AtomicFileWriter.temporaryFolder()
        let (descriptor, path) = try AtomicFileWriter.makeTemporaryFile(
            template: folder + "/.iconmorph-palette.XXXXXX.tmp", reportingAs: destination)
        close(descriptor)
        self.path = path
        do {
            process = try FFmpegProcess(
                executable: ffmpeg,
                arguments: VideoSink.rawInput(width: width, height: height, fps: fps) + [
                    "-vf", "palettegen=reserve_transparent=1", "-c:v", "png", "-f", "image2", "-update", "1", "-y", path,
                ],
                output: destination)
        } catch {
            unlink(path)
            AtomicFileWriter.forgetTemporaryFile(path)
            throw error
        }
    }

    var needsRGBA: Bool { true }

    func makeWorker() -> any FrameSinkWorker { FFmpegFrameWriter(process: process, failure: { [self] in failure($0) }) }

    /// Waits for ffmpeg to write the palette.
    ///
    /// - Throws: `failure(_:)` of ffmpeg's line that says why.
    func finish() throws {
        if let reason = process.finish() { throw failure(reason) }
    }

    /// The error for ffmpeg's line `reason`, naming the GIF: a failed write of the palette
    /// file (a full temporary folder) says so, with the file's path; others are the
    /// encoder's.
    func failure(_ reason: String) -> any Error {
        let line = "its palette: ffmpeg: " + reason
        if FFmpegProcess.writeFailures.contains(where: { reason.contains($0) }) {
            return PNGError.writeFailed(path: destination, reason: line)
        }
        return OutputError.encoderFailed(path: destination, reason: line)
    }

    func cancel() {
        process.stop()
        discard()
    }

    /// Removes the palette file (again: nothing).
    func discard() {
        unlink(path)
        AtomicFileWriter.forgetTemporaryFile(path)
    }
}
