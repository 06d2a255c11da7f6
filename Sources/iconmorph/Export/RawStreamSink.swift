#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes each frame's straight-alpha RGBA8 bytes to a file descriptor (standard output), in
/// frame order, with nothing between or around them: the stream ffmpeg reads with
/// `-f rawvideo -pix_fmt rgba -s WxH`. Deterministic: the same command gives the same bytes.
struct RawStreamSink: FrameSink {
    var descriptor: Int32 = STDOUT_FILENO

    var needsRGBA: Bool { true }

    func makeWorker() -> any FrameSinkWorker { Worker(descriptor: descriptor) }

    private struct Worker: FrameSinkWorker {
        let descriptor: Int32

        func deliver(_ frame: RenderedFrame, index: Int, waitForTurn: () -> Bool) throws -> FrameDelivery {
            guard case .rgba(let bytes, _, _) = frame else { preconditionFailure("the raw stream takes RGBA frames") }
            guard waitForTurn() else { return .stopped }
            try RawStreamSink.writeAll(bytes, to: descriptor)
            return .written
        }
    }

    /// Writes every byte, retrying short writes and EINTR.
    ///
    /// - Throws: `StandardOutputError.closed` for EPIPE (SIGPIPE is ignored, see
    ///   `Interrupts`), `.writeFailed` for anything else.
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) throws {
        guard let code = StandardStreams.writeAll(bytes, to: descriptor) else { return }
        if code == EPIPE { throw StandardOutputError.closed }
        throw StandardOutputError.writeFailed(reason: String(cString: strerror(code)))
    }
}
