/// The automatic edge ramp (`MorphFrameMath.automaticCoverage`) in single precision, 16
/// pixels at a time, from the blurred field V stored row-major in the renderer's field plane
/// (`RenderScratch`), then `PixelWriter`.
///
/// Per pixel: the two central differences as |V(x + 1) − V(x − 1)| and |V(y + 1) − V(y − 1)|
/// (the absolute value clears the sign bit), g = (r / 2) · their maximum, then the ramp width
/// w as the maximum of the four terms and u = (V − t) / w + ½ clamped with
/// `replace(with:where:)`, the fast path (see TOOLCHAIN.md). w ≥ s_min > 0, so the division
/// is always defined. The per-frame constants are rounded once from double precision. The
/// neighbours outside the canvas are read from the plane's border, where
/// `FramePlan.writeBorder` stores them first, so every pixel takes the same path.
///
/// Most pixels of a computed tile are far from the edge. The slope g is at most w_0 (r times
/// the larger V of the pair across the canvas's edge there; see `TileMap`), which bounds w by
/// a per-frame W; 16 pixels whose V are all at most t − W / 2 or at least t + W / 2 have
/// α = 0 or 1 whatever their neighbours and skip the ramp, with the same bytes. (A pixel up to
/// 5 · 10⁻⁵ inside that band still rounds to the same byte: its u is at most
/// 5 · 10⁻⁵ / W ≤ 5 · 10⁻⁴ past 0 or 1, as W ≥ w_flat.)
struct EdgeRamp {
    let threshold: Float
    /// r / 2: the larger absolute difference times this is g.
    let halfCorrection: Float
    /// 1 / (κ · w_0).
    let inverseKnee: Float
    /// (r − 1) · w_0.
    let restWidth: Float
    /// w_flat.
    let flatWidth: Float
    /// s_min.
    let minimumWidth: Float
    /// λ = 2 w_1 / (w_0 + w_1) = 2 − r, the weight of the straight continuation of V outside
    /// the canvas.
    let outsideWeight: Float
    /// w_flat · (r / 2) / (κ · w_0), so that w_flat · x = d · flatSlope for the larger
    /// absolute difference d (before x is clamped).
    let flatSlope: Float
    /// Whether the (r − 1) and s_min terms can matter this frame; when they cannot, `coverage`
    /// leaves them out.
    let nearRest: Bool
    /// V at or below which α = 0 for any neighbours, away from the canvas's edges.
    let quietBelow: Float
    /// V at or above which α = 1 for any neighbours, away from the canvas's edges.
    let quietAbove: Float
    /// The bound on w away from the canvas's edges (`TileMap.Rule.frameWidth`).
    let interiorWidth: Float
    /// r and r ε + 4ε: across the canvas's edge g ≤ r · max V + room (`TileMap`).
    let edgeSlopeScale: Float, edgeSlopeRoom: Float
    let writer: PixelWriter

    /// The ramp for threshold `t` and a level whose kernel has centre tap `w0` and first tap
    /// `w1` (0 for the identity) and half-width `halfWidth`.
    init(
        threshold t: Double, kernelCentre w0: Double, kernelNeighbour w1: Double, halfWidth: Int, writer: PixelWriter
    ) {
        let r = MorphFrameMath.slopeCorrection(kernelCentre: w0, kernelNeighbour: w1)
        let knee = MorphFrameMath.edgeSlopeFraction * w0
        threshold = Float(t)
        halfCorrection = Float(r / 2)
        inverseKnee = Float(1 / knee)
        restWidth = Float((r - 1) * w0)
        flatWidth = Float(MorphFrameMath.flatFadeWidth)
        minimumWidth = Float(MorphStyle.minimumSoftness)
        outsideWeight = Float(2 - r)
        flatSlope = Float(MorphFrameMath.flatFadeWidth * (r / 2) / knee)
        // max(g, w_flat · (1 − g / knee)) is never below w_flat · knee / (knee + w_flat); the
        // other two terms are dropped when they stay below half of that.
        let floor = MorphFrameMath.flatFadeWidth * knee / (knee + MorphFrameMath.flatFadeWidth)
        nearRest = (r - 1) * w0 > floor / 2 || MorphStyle.minimumSoftness > floor / 2
        // `TileMap`'s bounds on w for a tile whose mix spans all of [0, 1].
        let rule = TileMap.Rule.automatic(threshold: t, kernelCentre: w0, kernelNeighbour: w1, halfWidth: halfWidth)
        let interior = rule.frameWidth
        let error = TileMap.Rule.fieldError(halfWidth: halfWidth)
        interiorWidth = Float(interior)
        edgeSlopeScale = Float(r)
        edgeSlopeRoom = Float(r * error + 4 * error)
        quietBelow = Float(t - interior / 2 + 5e-5)
        quietAbove = Float(t + interior / 2 - 5e-5)
        self.writer = writer
    }

    @inline(__always)
    private static func magnitude(_ v: SIMD16<Float>) -> SIMD16<Float> {
        let bits = unsafeBitCast(v, to: SIMD16<UInt32>.self) & SIMD16(repeating: 0x7FFF_FFFF)
        return unsafeBitCast(bits, to: SIMD16<Float>.self)
    }

    /// The coverages of 16 pixels from their field values and the larger absolute difference
    /// d of their neighbours across and down (c = d / 2), in two halves of 8: with 16 lanes
    /// (4 SSE registers a value) the live values spill, and the halves measured 4 % faster
    /// on the whole 132² frame.
    ///
    /// Unless `nearRest`, the (r − 1) and s_min terms cannot win the maximum and are left
    /// out: w = max(g, w_flat − d · flatSlope), whose flat term may go negative where x > 1,
    /// which the maximum with g ≥ 0 ignores as the clamp of x would.
    @inline(__always)
    func coverage(_ centre: SIMD16<Float>, difference: SIMD16<Float>) -> SIMD16<Float> {
        if nearRest {
            return SIMD16(
                lowHalf: restCoverage(centre.lowHalf, difference: difference.lowHalf),
                highHalf: restCoverage(centre.highHalf, difference: difference.highHalf))
        }
        // Written out here: as a function the compiler kept it out of line.
        let half = SIMD8<Float>(repeating: halfCorrection), slope = SIMD8<Float>(repeating: flatSlope)
        let flatWidth = SIMD8<Float>(repeating: self.flatWidth), threshold = SIMD8<Float>(repeating: self.threshold)
        var low = difference.lowHalf * half, high = difference.highHalf * half
        let flatLow = flatWidth - difference.lowHalf * slope, flatHigh = flatWidth - difference.highHalf * slope
        low.replace(with: flatLow, where: flatLow .> low)
        high.replace(with: flatHigh, where: flatHigh .> high)
        var u = SIMD16(lowHalf: (centre.lowHalf - threshold) / low, highHalf: (centre.highHalf - threshold) / high) + 0.5
        u.replace(with: 0, where: u .< 0)
        u.replace(with: 1, where: u .> 1)
        return u
    }

    /// Every term of w.
    @inline(__always)
    private func restCoverage(_ centre: SIMD8<Float>, difference: SIMD8<Float>) -> SIMD8<Float> {
        let g = difference * halfCorrection
        var x = g * inverseKnee
        x.replace(with: 1, where: x .> 1)
        var w = g
        let rest = x * restWidth
        w.replace(with: rest, where: rest .> w)
        let flat = flatWidth - flatWidth * x
        w.replace(with: flat, where: flat .> w)
        w.replace(with: minimumWidth, where: w .< minimumWidth)
        var u = (centre - threshold) / w + 0.5
        u.replace(with: 0, where: u .< 0)
        u.replace(with: 1, where: u .> 1)
        return u
    }

    /// Writes the pixels of `columns` (starting at a multiple of 16) of field row `field`
    /// (rows `stride` floats apart, the row above and below readable, the canvas's border
    /// written by `writeBorder`) to output row `row`.
    ///
    /// `top` and `bottom` say that the row is the canvas's first or last. Only the quiet test
    /// differs there and in the vectors holding columns 0 and `width` − 1: across the canvas's
    /// edge the bound on w follows the pixels' own V (`edgeBounds`).
    @inline(__always)
    func storeRow(
        _ field: UnsafePointer<Float>, stride: Int, columns: Range<Int>, width: Int, top: Bool, bottom: Bool,
        to row: UnsafeMutableRawPointer
    ) {
        let end = columns.upperBound
        var x = columns.lowerBound
        let interiorEnd = top || bottom ? x : min(end, (width &- 1) & ~15)
        if x == 0 && x < interiorEnd {
            storeVector(field, x: x, end: end, stride: stride, width: width, top: false, bottom: false, to: row)
            x &+= 16
        }
        let below = SIMD16<Float>(repeating: quietBelow), above = SIMD16<Float>(repeating: quietAbove)
        while x < interiorEnd {
            store(field + x, stride: stride, below: below, above: above, to: row, x: x, count: 16)
            x &+= 16
        }
        while x < end {
            storeVector(field, x: x, end: end, stride: stride, width: width, top: top, bottom: bottom, to: row)
            x &+= 16
        }
    }

    /// The pixels x ..< x + count (of 16) from the field at `at`, the ramp skipped when every
    /// V is at most `below` or at least `above` (per lane).
    @inline(__always)
    private func store(
        _ at: UnsafePointer<Float>, stride: Int, below: SIMD16<Float>, above: SIMD16<Float>,
        to row: UnsafeMutableRawPointer, x: Int, count: Int
    ) {
        let centre = at.alignedVector16(at: 0)
        var alpha = SIMD16<Float>()
        if EdgeRamp.any((centre .> below) .& (centre .< above)) {
            var difference = EdgeRamp.magnitude(at.vector16(at: 1) - at.vector16(at: -1))
            let vertical = EdgeRamp.magnitude(at.alignedVector16(at: stride) - at.alignedVector16(at: -stride))
            difference.replace(with: vertical, where: vertical .> difference)
            alpha = coverage(centre, difference: difference)
        } else {
            alpha.replace(with: 1, where: centre .>= above)
        }
        writer.store(writer.bits(coverage: alpha), to: row, x: x, count: count)
    }

    /// A vector of `storeRow` holding pixels on the canvas's edge.
    private func storeVector(
        _ field: UnsafePointer<Float>, x: Int, end: Int, stride: Int, width: Int, top: Bool, bottom: Bool,
        to row: UnsafeMutableRawPointer
    ) {
        let (below, above) = edgeBounds(field + x, stride: stride, x: x, width: width, top: top, bottom: bottom)
        store(field + x, stride: stride, below: below, above: above, to: row, x: x, count: min(16, end &- x))
    }

    /// The quiet bounds of 16 pixels some of which lie on the canvas's edge: across it
    /// g ≤ r · max(V, V_inside) + room (`TileMap`), per lane, for the lanes on the edge;
    /// `TileMap.Rule.width` in single precision, its rounding covered by 10⁻⁶.
    private func edgeBounds(
        _ at: UnsafePointer<Float>, stride: Int, x: Int, width: Int, top: Bool, bottom: Bool
    ) -> (below: SIMD16<Float>, above: SIMD16<Float>) {
        var largest = SIMD16<Float>()
        if top || bottom {
            largest = at.alignedVector16(at: 0)
            let inside = top ? at.alignedVector16(at: stride) : at.alignedVector16(at: -stride)
            largest.replace(with: inside, where: inside .> largest)
        }
        if x == 0 {
            largest[0] = Swift.max(largest[0], at[0], width > 1 ? at[1] : 0)
        }
        let last = width &- 1 &- x
        if last < 16 {
            largest[last] = Swift.max(largest[last], at[last], width > 1 ? at[last &- 1] : 0)
        }
        let slope = largest * edgeSlopeScale + edgeSlopeRoom
        var knee = slope * inverseKnee
        knee.replace(with: 1, where: knee .> 1)
        var bound = SIMD16<Float>(repeating: interiorWidth)
        bound.replace(with: slope, where: slope .> bound)
        let rest = knee * restWidth
        bound.replace(with: rest, where: rest .> bound)
        bound *= 1.000001
        return (threshold - bound * 0.5 + 5e-5, threshold + bound * 0.5 - 5e-5)
    }

    /// V outside the canvas beside a pixel on its edge: λ · max(0, 2 V − V_inside), with
    /// `inside` the neighbour on the other side; V itself on an axis one pixel long (so the
    /// difference along it is 0).
    @inline(__always)
    func outside(_ v: Float, inside: Float?) -> Float {
        guard let inside else { return v }
        return outsideWeight * Swift.max(0, v + v - inside)
    }

    /// Whether a lane of `mask` is set, by or-ing the halves; the standard library's `any`
    /// is a call to a reduction here.
    @inline(__always)
    private static func any(_ mask: SIMDMask<SIMD16<Int32>>) -> Bool {
        let lanes = unsafeBitCast(mask, to: SIMD16<UInt32>.self)
        let eight = lanes.lowHalf | lanes.highHalf
        let four = eight.lowHalf | eight.highHalf
        let words = unsafeBitCast(four, to: SIMD2<UInt64>.self)
        return words[0] | words[1] != 0
    }

}
