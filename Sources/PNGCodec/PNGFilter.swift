/// How the encoder transforms each row before compressing it (PNG filter method 0).
///
/// A filter replaces each byte by its difference from a prediction made from bytes already
/// written (the byte one pixel to the left, the byte above, or both); the decoder adds the
/// prediction back, so every filter is lossless. Differences of smooth or flat images are
/// mostly zero, which zlib compresses far better than the bytes themselves. libpng applies
/// the filter (`png_set_filter`).
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
    /// Per row, whichever of the five types gives the smallest sum of |byte| with the bytes
    /// read as signed (−128…127): libpng's adaptive heuristic (`PNG_ALL_FILTERS`). Five
    /// times the filtering work of a fixed type.
    case minimumSum
}
