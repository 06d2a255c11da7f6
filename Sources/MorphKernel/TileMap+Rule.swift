/// The classification maths: the rules by which a tile's bounds prove its α constant, and
/// the bounds on the automatic ramp's width they use (derived in `TileMap`'s comment).
extension TileMap {
    /// When a tile's bounds prove its α constant.
    enum Rule {
        /// Fixed softness s: empty below t − s, full above t.
        case fixed(threshold: Double, softness: Double)
        /// Automatic softness with the frame's kernel taps w_0, w_1 and half-width n.
        case automatic(threshold: Double, kernelCentre: Double, kernelNeighbour: Double, halfWidth: Int)

        /// The reach of a tile's bounds beyond the blur taps: 1 when the automatic ramp's
        /// width needs the neighbours' bounds (`frameWidth` is larger than w_flat), else 0.
        var extraReach: Int {
            switch self {
            case .fixed: 0
            case .automatic: frameWidth > MorphFrameMath.flatFadeWidth ? 1 : 0
            }
        }

        /// Whether α reads the neighbours' V (the automatic ramp).
        var readsNeighbours: Bool {
            switch self {
            case .fixed: false
            case .automatic: true
            }
        }

        /// An upper bound on the automatic ramp's width w at any pixel away from the canvas's
        /// edges: W for G = w_0 (1 + 2ε) + 4ε (M spans at most [0, 1]). Once the blur is wide
        /// enough (w_0 ≤ about w_flat) this is w_flat, and a tile's own bounds cannot lower it.
        var frameWidth: Double {
            guard case .automatic(_, let w0, let w1, let n) = self else { return 0 }
            let error = Rule.fieldError(halfWidth: n)
            return Rule.width(slopeBound: w0 * (1 + 2 * error) + 4 * error, w0: w0, w1: w1)
        }

        /// A bound on |V − exact V| (V ≤ 1) after both passes of 2n + 1 single-precision
        /// taps: each pass adds n + 1 terms, each sum and product rounding by at most 2⁻²⁴ of
        /// a value ≤ 1 (3.6 · 10⁻⁷ (n + 1) for both), and the stored weights sum to 1 within
        /// 10⁻⁶ (2 · 10⁻⁶ for both); rounded up to 3 · 10⁻⁶ + 5 · 10⁻⁷ (n + 1), which is
        /// 5 · 10⁻⁴ at n = 1000. A block summed from the mix's changes (`MixSteps`) also adds
        /// at most n + 1 terms of at most 1, each with up to five roundings (Δ's two products
        /// and sum, the tail's and the product's): 3 · 10⁻⁷ (n + 1) across, 4.8 · 10⁻⁷ (n + 1)
        /// for both, still inside the bound. A difference of two V is then off by at most
        /// twice that, and g = r · c by at most 4 times.
        static func fieldError(halfWidth n: Int) -> Double {
            3e-6 + 5e-7 * Double(n + 1)
        }

        /// W = max(G, (r − 1) · w_0 · min(1, G / (κ w_0)), w_flat, s_min) for a bound G on g.
        static func width(slopeBound g: Double, w0: Double, w1: Double) -> Double {
            width(slopeBound: g, w0: w0, r: MorphFrameMath.slopeCorrection(kernelCentre: w0, kernelNeighbour: w1))
        }

        /// The bound across the canvas's edge for pixels whose V and inside neighbours are at
        /// most `largest` (1 bounds any pixel there; see the type's comment): W for
        /// G = r (largest + ε) + 4ε, with r = `slopeCorrection(w0, w1)` and ε = `fieldError`
        /// given, for loops over tiles.
        @inline(__always)
        static func edgeWidth(largestField largest: Double, error: Double, w0: Double, r: Double) -> Double {
            width(slopeBound: r * (largest + error) + 4 * error, w0: w0, r: r)
        }

        /// `width(slopeBound:w0:w1:)` with r = `slopeCorrection(w0, w1)` given, for loops over tiles.
        @inline(__always)
        static func width(slopeBound g: Double, w0: Double, r: Double) -> Double {
            max(
                g, (r - 1) * w0 * min(1, g / (MorphFrameMath.edgeSlopeFraction * w0)),
                MorphFrameMath.flatFadeWidth, MorphStyle.minimumSoftness)
        }
    }
}
