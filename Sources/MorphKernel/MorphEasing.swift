/// How progress p maps to the eased progress e, the weight of the target in the mix.
///
/// Both easings satisfy e(0) = 0, e(1) = 1 and e(1 − p) = 1 − e(p).
public enum MorphEasing: String, Sendable, CaseIterable {
    /// e = p²(3 − 2p), the default: the morph starts and ends at rest.
    case smooth
    /// e = p.
    case linear

    /// The eased progress e for progress `p` in [0, 1], in double precision.
    ///
    /// This is the formula as written; the renderer evaluates the same function through
    /// `MorphFrameMath.easedProgress(_:easing:)`, which folds p > ½ onto 1 − p so that a
    /// morph played backwards gives the same bytes.
    public func callAsFunction(_ p: Double) -> Double {
        switch self {
        case .smooth: p * p * (3 - 2 * p)
        case .linear: p
        }
    }
}
