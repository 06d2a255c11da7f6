/// Which points a filled path covers.
///
/// Both rules read the winding number w of a point: the signed count of times the path's
/// outline goes around it (each subpath closed implicitly).
public enum FillRule: String, Sendable, Equatable, CaseIterable {
    /// Inside where w ≠ 0 (SVG `nonzero`, the default).
    case nonZero = "nonzero"
    /// Inside where w is odd (SVG `evenodd`).
    case evenOdd = "evenodd"
}
