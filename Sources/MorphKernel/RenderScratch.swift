/// The working memory of one renderer, allocated and zeroed once in init.
///
/// - The blur plane: the horizontal pass's output, `rowStride` floats a row (width rounded up
///   to 16), with `paddingRows` rows of zeros above and below so the vertical pass never
///   tests bounds. Only the `height` data rows are ever written.
/// - Per band (one per thread): a padded row, `paddingColumns` zeros, the row, zeros to
///   `rowStride + paddingColumns`, into which the mix is written before the horizontal pass;
///   and an accumulator row of `rowStride` floats for the vertical pass.
///
/// The padding covers the largest half-width a frame can use, ⌈Rmax⌉, capped by the taps
/// that can reach the canvas (`rowStride − 1` across, `height − 1` down).
final class RenderScratch {
    let rowStride: Int
    let paddingRows: Int
    let paddingColumns: Int
    let bandCount: Int

    private let plane: UnsafeMutableRawPointer
    private let bandRows: UnsafeMutableRawPointer
    private let paddedRowLength: Int
    private let leftPadding: Int

    init(width: Int, height: Int, maxHalfWidth: Int, bandCount: Int) {
        rowStride = (width + 15) / 16 * 16
        paddingRows = min(maxHalfWidth, height - 1)
        paddingColumns = min(maxHalfWidth, rowStride - 1)
        self.bandCount = bandCount
        // The left padding is rounded up to 16 floats so each row's values start 64-byte aligned.
        leftPadding = (paddingColumns + 15) / 16 * 16
        paddedRowLength = leftPadding + rowStride + paddingColumns
        let planeBytes = (height + 2 * paddingRows) * rowStride * 4
        plane = .allocate(byteCount: planeBytes, alignment: 64)
        plane.initializeMemory(as: UInt8.self, repeating: 0, count: planeBytes)
        let bandBytes = bandCount * (paddedRowLength + rowStride) * 4
        bandRows = .allocate(byteCount: bandBytes, alignment: 64)
        bandRows.initializeMemory(as: UInt8.self, repeating: 0, count: bandBytes)
    }

    deinit {
        plane.deallocate()
        bandRows.deallocate()
    }

    /// Row 0 of the blur plane; rows −paddingRows ..< height + paddingRows are addressable.
    var planeRow0: UnsafeMutablePointer<Float> {
        plane.assumingMemoryBound(to: Float.self) + paddingRows * rowStride
    }

    /// Pixel 0 of the padded row of `band`; −paddingColumns ..< rowStride + paddingColumns
    /// are addressable.
    func paddedRow(band: Int) -> UnsafeMutablePointer<Float> {
        bandRows.assumingMemoryBound(to: Float.self) + band * (paddedRowLength + rowStride) + leftPadding
    }

    /// The `rowStride` accumulator floats of `band`.
    func accumulatorRow(band: Int) -> UnsafeMutablePointer<Float> {
        bandRows.assumingMemoryBound(to: Float.self) + band * (paddedRowLength + rowStride) + paddedRowLength
    }
}
