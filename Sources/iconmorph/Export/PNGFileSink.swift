import PNGCodec

/// Writes each frame to its own PNG file; encoding and writing each file happen on the
/// workers in parallel. With a `StagedSequence` (files in one folder, the usual case) every
/// file is staged into it, for the writer to put them all in place at once after the export
/// (`FrameWriter.inPlannedFolder`), so a run that fails or is stopped leaves a folder's
/// earlier frames as they were; otherwise each file is staged beside its destination
/// (`AtomicFileWriter.stage`) and renamed into place at the frame's turn.
///
/// A one-colour frame is encoded from its alpha plane (`PNGEncoder.withPNGData(alpha:…)`,
/// stored indexed or gray+alpha); a frame over a background as RGBA (stored as RGB when it is
/// opaque). Either way the file decodes to exactly the frame's RGBA.
struct PNGFileSink: FrameSink {
    /// One path per frame.
    let paths: [String]
    let compression: PNGCompression
    /// Where the files are staged to be put in place together, or nil for one at a time.
    let sequence: StagedSequence?

    var needsRGBA: Bool { false }

    func makeWorker() -> any FrameSinkWorker {
        Worker(paths: paths, sequence: sequence, encoder: PNGEncoder(compression: compression))
    }

    private struct Worker: FrameSinkWorker {
        let paths: [String]
        let sequence: StagedSequence?
        let encoder: PNGEncoder
        /// A copy of an RGBA frame, which `PNGImage` needs as an array; reused, so that a
        /// frame allocates nothing (the image made from it is gone before the next copy).
        var pixels: [UInt8] = []

        mutating func deliver(_ frame: RenderedFrame, index: Int, waitForTurn: () -> Bool) throws -> FrameDelivery {
            let path = paths[index], sequence = sequence
            let stage = { (png: UnsafeRawBufferPointer) in
                try InOrderStep.frameFile(png, index: index, path: path, sequence: sequence)
            }
            let step: InOrderStep
            switch frame {
            case .oneColor(let alpha, let red, let green, let blue, let width, let height):
                step = try encoder.withPNGData(
                    alpha: alpha, width: width, height: height, red: red, green: green, blue: blue, stage)
            case .rgba(let bytes, let width, let height):
                if pixels.count != bytes.count { pixels = [UInt8](repeating: 0, count: bytes.count) }
                pixels.withUnsafeMutableBytes { $0.copyMemory(from: bytes) }
                let picture = try PNGImage(width: width, height: height, format: .rgba, pixels: pixels)
                step = try encoder.withPNGData(of: picture, stage)
            }
            return .deferred(step)
        }
    }
}
