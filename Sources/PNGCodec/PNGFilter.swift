/// How the encoder transforms each row before compressing it (PNG filter method 0).
///
/// A filter replaces each byte by its difference from a prediction made from bytes already
/// written (the byte one pixel to the left, the byte above, or both); the decoder adds the
/// prediction back, so every filter is lossless. Differences of smooth or flat images are
/// mostly zero, which zlib compresses far better than the bytes themselves.
public enum PNGFilter: Sendable, Equatable, Hashable, CaseIterable {
    /// Bytes as they are (filter type 0).
    case none
    /// Difference from the byte one pixel to the left (type 1).
    case sub
    /// Difference from the byte above (type 2).
    case up
    /// Difference from ⌊(left + above) / 2⌋ (type 3).
    case average
    /// Difference from whichever of left, above and upper-left is nearest to
    /// left + above − upper-left (type 4, Alan Paeth's predictor).
    case paeth
    /// Per row, whichever of the five types leaves the most zero bytes (the lowest type on a
    /// tie). Zeros are what zlib's run-length matching feeds on: with zlib's run-length
    /// strategy this made the smallest files of any filter on rendered morph frames (at
    /// 1024 px 2 % below `minimumSum`, 9 % below the best fixed type; `export-bench`).
    /// Five times the filtering work of a fixed type: about 0.6 ms more a megabyte.
    case mostZeros
    /// Per row, whichever of the five types gives the smallest sum of |byte| with the bytes
    /// read as signed (−128…127), the lowest type on a tie: libpng's default heuristic.
    case minimumSum
}
