import PNGCodec

/// Writes each frame to its own PNG file, atomically, in frame order; encoding and writing
/// each file (to its temporary sibling, `AtomicFileWriter.stage`) happen on the workers in
/// parallel, and only the renames into place wait for the frame's turn.
///
/// A one-colour frame is encoded from its alpha plane (`PNGEncoder.withPNGData(alpha:…)`,
/// stored indexed or gray+alpha); a frame over a background as RGBA (stored as RGB when it is
/// opaque). Either way the file decodes to exactly the frame's RGBA.
struct PNGFileSink: FrameSink {
    /// One path per frame.
    let paths: [String]
    let compression: PNGCompression

    var needsRGBA: Bool { false }

    func makeWorker() -> any FrameSinkWorker { Worker(paths: paths, encoder: PNGEncoder(compression: compression)) }

    private struct Worker: FrameSinkWorker {
        let paths: [String]
        let encoder: PNGEncoder
        /// A copy of an RGBA frame, which `PNGImage` needs as an array; reused, so that a
        /// frame allocates nothing (the image made from it is gone before the next copy).
        var pixels: [UInt8] = []

        mutating func deliver(_ frame: RenderedFrame, index: Int, waitForTurn: () -> Bool) throws -> FrameDelivery {
            let path = paths[index]
            let stage: (UnsafeRawBufferPointer) throws -> AtomicFileWriter.StagedFile = {
                try AtomicFileWriter.stage($0, for: path)
            }
            let staged: AtomicFileWriter.StagedFile
            switch frame {
            case .oneColor(let alpha, let red, let green, let blue, let width, let height):
                staged = try encoder.withPNGData(
                    alpha: alpha, width: width, height: height, red: red, green: green, blue: blue, stage)
            case .rgba(let bytes, let width, let height):
                if pixels.count != bytes.count { pixels = [UInt8](repeating: 0, count: bytes.count) }
                pixels.withUnsafeMutableBytes { $0.copyMemory(from: bytes) }
                let picture = try PNGImage(width: width, height: height, format: .rgba, pixels: pixels)
                staged = try encoder.withPNGData(of: picture, stage)
            }
            return .deferred(InOrderStep(moving: staged))
        }
    }
}
