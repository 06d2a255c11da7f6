/// Copies each frame into its cell of a sheet or strip held in memory; the caller owns the
/// pixels (already filled with the gap colour) and writes the PNG after the export.
///
/// Cells do not overlap, but frames are still copied in frame order, so that progress and a
/// failure stop the export the way every other output does.
struct SheetSink: FrameSink, @unchecked Sendable {
    /// The sheet's RGBA bytes, `layout.width × layout.height × 4`; valid for the export.
    let pixels: UnsafeMutableRawBufferPointer
    let layout: SheetLayout

    var needsRGBA: Bool { true }

    func makeWorker() -> any FrameSinkWorker { Worker(sink: self) }

    private struct Worker: FrameSinkWorker {
        let sink: SheetSink

        func deliver(_ frame: RenderedFrame, index: Int, waitForTurn: () -> Bool) throws -> FrameDelivery {
            guard case .rgba(let bytes, let width, let height) = frame else {
                preconditionFailure("a sheet takes RGBA frames")
            }
            guard waitForTurn() else { return .stopped }
            let layout = sink.layout
            let (x, y) = layout.origin(ofFrame: index)
            let rowBytes = width * 4, sheetRowBytes = layout.width * 4
            for row in 0..<height {
                let target = sink.pixels.baseAddress! + (y + row) * sheetRowBytes + x * 4
                target.copyMemory(from: bytes.baseAddress! + row * rowBytes, byteCount: rowBytes)
            }
            return .written
        }
    }
}
