import PNGCodec

extension AnimatedPNGWriter: AnimatedPNGWriting {}

/// Opens the animated PNG writer for `--format apng`.
enum AnimatedPNGOutput {
    /// A writer of `width × height` frames to `path` (nothing appears there until `finish()`).
    ///
    /// - Throws: `PNGError.cannotCreate` naming `path`.
    static func makeWriter(
        path: String, width: Int, height: Int, loopCount: Int, compression: PNGCompression
    ) throws -> any AnimatedPNGWriting {
        try AnimatedPNGWriter(path: path, width: width, height: height, loopCount: loopCount, compression: compression)
    }
}
