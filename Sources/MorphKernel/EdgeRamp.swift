/// The automatic edge ramp (`MorphFrameMath.automaticCoverage`) in single precision, 16
/// pixels at a time, from the blurred field V stored row-major in the renderer's field plane
/// (`RenderScratch`), then `PixelWriter`.
///
/// Per pixel: the two central differences as |V(x + 1) − V(x − 1)| and |V(y + 1) − V(y − 1)|
/// (the absolute value clears the sign bit), g = (r / 2) · their maximum, then the ramp width
/// w as the maximum of the four terms and u = (V − t) / w + ½ clamped to [0, 1]; the maxima
/// and clamps are `LaneSelect`'s, one `maxps` / `minps` a register. w ≥ s_min > 0, so the
/// division is always defined. The per-frame constants are rounded once from double
/// precision. The neighbours outside the canvas are read from the field plane's border
/// column and the renderer's halo rows, where `FramePlan+AutomaticEdge.swift` stores them
/// first, so every pixel takes the same path.
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
    /// The quiet bounds of the lanes of a vector on the canvas's left or right edge that are
    /// not on it (`sideBounds`).
    let sideBelow: Float, sideAbove: Float
    /// min(sideBelow, the lower bound for a largest V of sideBelow): a lane on the canvas's
    /// left or right edge whose largest V is at most this is below its own lower bound and
    /// `sideBelow`, so quiet with either (`sideBounds`).
    let sideQuietLimit: Float
    /// `writer.bits` of α = 0 and α = 1 in a lane.
    let emptyBits: UInt32, fullBits: UInt32
    let writer: PixelWriter

    /// The ramp for threshold `t` and a level whose kernel has centre tap `w0` and first tap
    /// `w1` (0 for the identity) and half-width `halfWidth`.
    ///
    /// `slopeBoundCentre` is the centre tap of the kernel that actually blurred the field when
    /// the ramp's taps are another Gaussian's (a frame with a captured field, whose ramp follows
    /// the blur the field carries in all, `MorphFrameMath.effectiveBlurRadius`): the slope of V
    /// is bounded by the blur, whatever it blurred, so the quiet bounds use it. Nil: `w0`.
    init(
        threshold t: Double, kernelCentre w0: Double, kernelNeighbour w1: Double, halfWidth: Int,
        slopeBoundCentre: Double? = nil, writer: PixelWriter
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
        let error = TileMap.Rule.fieldError(halfWidth: halfWidth)
        let interior = TileMap.Rule.width(
            slopeBound: (slopeBoundCentre ?? w0) * (1 + 2 * error) + 4 * error, w0: w0, w1: w1)
        interiorWidth = Float(interior)
        edgeSlopeScale = Float(r)
        edgeSlopeRoom = Float(r * error + 4 * error)
        quietBelow = Float(t - interior / 2 + 5e-5)
        quietAbove = Float(t + interior / 2 - 5e-5)
        (sideBelow, sideAbove) = EdgeRamp.bounds(
            largest: 0, slopeScale: edgeSlopeScale, slopeRoom: edgeSlopeRoom, inverseKnee: inverseKnee,
            interiorWidth: interiorWidth, restWidth: restWidth, threshold: threshold)
        sideQuietLimit = min(
            sideBelow,
            EdgeRamp.bounds(
                largest: sideBelow, slopeScale: edgeSlopeScale, slopeRoom: edgeSlopeRoom, inverseKnee: inverseKnee,
                interiorWidth: interiorWidth, restWidth: restWidth, threshold: threshold).below)
        emptyBits = writer.bits(coverage: SIMD16(repeating: 0))[0]
        fullBits = writer.bits(coverage: SIMD16(repeating: 1))[0]
        self.writer = writer
    }

    @inline(__always)
    private static func magnitude(_ v: SIMD16<Float>) -> SIMD16<Float> {
        let bits = unsafeBitCast(v, to: SIMD16<UInt32>.self) & SIMD16(repeating: 0x7FFF_FFFF)
        return unsafeBitCast(bits, to: SIMD16<Float>.self)
    }

    /// The coverages of 16 pixels from their field values and the larger absolute difference
    /// d of their neighbours across and down (c = d / 2).
    ///
    /// Unless `nearRest`, the (r − 1) and s_min terms cannot win the maximum and are left
    /// out: w = max(g, w_flat − d · flatSlope), whose flat term may go negative where x > 1,
    /// which the maximum with g ≥ 0 ignores as the clamp of x would.
    @inline(__always)
    func coverage(_ centre: SIMD16<Float>, difference: SIMD16<Float>) -> SIMD16<Float> {
        let g = difference * halfCorrection
        let w: SIMD16<Float>
        if nearRest {
            let x = (g * inverseKnee).smaller(SIMD16(repeating: 1))
            w = g.larger(x * restWidth).larger(flatWidth - flatWidth * x).larger(SIMD16(repeating: minimumWidth))
        } else {
            w = g.larger(flatWidth - difference * flatSlope)
        }
        return ((centre - threshold) / w + 0.5).clampedToUnit()
    }

    /// Writes the pixels of `columns` (starting at a multiple of 16) of field row `field` to
    /// output row `row`; `up` and `down` are the field rows above and below it (column 0 of
    /// each, readable over `columns`), and `field` is readable one float beyond each end of
    /// `columns` (the neighbour column, or the canvas's border written by the renderer).
    ///
    /// `top` and `bottom` say that the row is the canvas's first or last. Only the quiet test
    /// differs there and in the vectors holding columns 0 and `width` − 1: across the canvas's
    /// edge the bound on w follows the pixels' own V (`edgeBounds`).
    @inline(__always)
    func storeRow(
        _ field: UnsafePointer<Float>, up: UnsafePointer<Float>, down: UnsafePointer<Float>, columns: Range<Int>,
        width: Int, top: Bool, bottom: Bool, to row: UnsafeMutableRawPointer
    ) {
        let end = columns.upperBound
        var x = columns.lowerBound
        let interiorEnd = top || bottom ? x : min(end, (width &- 1) & ~15)
        if x == 0 && x < interiorEnd {
            storeEdgeVector(field, up: up, down: down, x: x, width: width, top: false, bottom: false, to: row)
            x &+= 16
        }
        let below = SIMD16<Float>(repeating: quietBelow), above = SIMD16<Float>(repeating: quietAbove)
        while x < interiorEnd {
            store(field + x, up: up + x, down: down + x, below: below, above: above, to: row, x: x, count: 16)
            x &+= 16
        }
        while x < end {
            storeEdgeVector(field, up: up, down: down, x: x, width: width, top: top, bottom: bottom, to: row)
            x &+= 16
        }
    }

    /// The pixels x ..< x + count (of 16) from the field at `at` (`up`, `down`: the same
    /// columns a row above and below), the ramp skipped when every V is at most `below` or at
    /// least `above` (per lane).
    @inline(__always)
    private func store(
        _ at: UnsafePointer<Float>, up: UnsafePointer<Float>, down: UnsafePointer<Float>, below: SIMD16<Float>,
        above: SIMD16<Float>, to row: UnsafeMutableRawPointer, x: Int, count: Int
    ) {
        let centre = at.alignedVector16(at: 0)
        let bits: SIMD16<UInt32>
        if EdgeRamp.inside(centre, below: below, above: above) {
            let across = EdgeRamp.magnitude(at.vector16(at: 1) - at.vector16(at: -1))
            let vertical = EdgeRamp.magnitude(down.alignedVector16(at: 0) - up.alignedVector16(at: 0))
            bits = writer.bits(coverage: coverage(centre, difference: across.larger(vertical)))
        } else {
            bits = quietBits(centre, atLeast: above)
        }
        writer.store(bits, to: row, x: x, count: count)
    }

    /// `writer.bits` of α = 1 where `value` ≥ `bound` and α = 0 elsewhere, per lane: the two
    /// constant bit patterns selected by the compare's mask on SIMD4 quarters (a compare
    /// and three bit operations a register, where scaling and rounding the 0 and 1 took
    /// more and the SIMD16 select several).
    @inline(__always)
    private func quietBits(_ value: SIMD16<Float>, atLeast bound: SIMD16<Float>) -> SIMD16<UInt32> {
        let empty = SIMD4<UInt32>(repeating: emptyBits), change = SIMD4<UInt32>(repeating: emptyBits ^ fullBits)
        return SIMD16(
            lowHalf: SIMD8(
                lowHalf: EdgeRamp.select(value.lowHalf.lowHalf, bound.lowHalf.lowHalf, empty, change),
                highHalf: EdgeRamp.select(value.lowHalf.highHalf, bound.lowHalf.highHalf, empty, change)),
            highHalf: SIMD8(
                lowHalf: EdgeRamp.select(value.highHalf.lowHalf, bound.highHalf.lowHalf, empty, change),
                highHalf: EdgeRamp.select(value.highHalf.highHalf, bound.highHalf.highHalf, empty, change)))
    }

    /// `empty`, with the bits of `change` flipped in the lanes where `value` ≥ `bound`.
    @inline(__always)
    private static func select(
        _ value: SIMD4<Float>, _ bound: SIMD4<Float>, _ empty: SIMD4<UInt32>, _ change: SIMD4<UInt32>
    ) -> SIMD4<UInt32> {
        empty ^ (unsafeBitCast(value .>= bound, to: SIMD4<UInt32>.self) & change)
    }

    /// A vector of `storeRow` holding pixels on the canvas's edge.
    private func storeEdgeVector(
        _ field: UnsafePointer<Float>, up: UnsafePointer<Float>, down: UnsafePointer<Float>, x: Int,
        width: Int, top: Bool, bottom: Bool, to row: UnsafeMutableRawPointer
    ) {
        let (below, above) = top || bottom
            ? edgeBounds(field + x, inside: top ? down + x : up + x, x: x, width: width)
            : sideBounds(field + x, x: x, width: width)
        store(
            field + x, up: up + x, down: down + x, below: below, above: above, to: row, x: x,
            count: min(16, width &- x))
    }

    /// The quiet bounds of 16 pixels at `at` on the canvas's first or last row (`inside`: the
    /// same columns of the row next to it): across the edge g ≤ r · max(V, V_inside) + room
    /// (`TileMap`), per lane, and also across the left or right edge for the lanes there.
    private func edgeBounds(
        _ at: UnsafePointer<Float>, inside: UnsafePointer<Float>, x: Int, width: Int
    ) -> (below: SIMD16<Float>, above: SIMD16<Float>) {
        var largest = at.alignedVector16(at: 0).larger(inside.alignedVector16(at: 0))
        if x == 0 {
            largest[0] = Swift.max(largest[0], at[0], width > 1 ? at[1] : 0)
        }
        let last = width &- 1 &- x
        if last < 16 {
            largest[last] = Swift.max(largest[last], at[last], width > 1 ? at[last &- 1] : 0)
        }
        // `bounds(largest:)` lane by lane, in vectors.
        let slope = largest * edgeSlopeScale + edgeSlopeRoom
        let knee = (slope * inverseKnee).smaller(SIMD16(repeating: 1))
        var bound = SIMD16<Float>(repeating: interiorWidth).larger(slope).larger(knee * restWidth)
        bound *= 1.000001
        return (threshold - bound * 0.5 + 5e-5, threshold + bound * 0.5 - 5e-5)
    }

    /// `edgeBounds` for a vector of another row holding column 0 or `width` − 1: only the
    /// lanes on the canvas's left or right edge have a largest V other than 0, so the others
    /// take the bounds of 0, computed once in `init`. So does an edge lane whose largest V is
    /// at most `sideQuietLimit`: its V is at most that largest, so below both its own lower
    /// bound (the bounds only widen as the largest V grows) and `sideBelow`, and it counts as
    /// quiet and writes α = 0 with either.
    @inline(__always)
    private func sideBounds(_ at: UnsafePointer<Float>, x: Int, width: Int) -> (below: SIMD16<Float>, above: SIMD16<Float>) {
        var below = SIMD16<Float>(repeating: sideBelow), above = SIMD16<Float>(repeating: sideAbove)
        var first: Float = 0
        if x == 0 {
            first = Swift.max(0, at[0], width > 1 ? at[1] : 0)
            if first > sideQuietLimit { (below[0], above[0]) = bounds(largest: first) }
        }
        let last = width &- 1 &- x
        if last < 16 {
            let largest = Swift.max(last == 0 ? first : 0, at[last], width > 1 ? at[last &- 1] : 0)
            guard largest > sideQuietLimit else { return (below, above) }
            let (edgeBelow, edgeAbove) = bounds(largest: largest)
            // A select on a lane mask: setting a lane chosen at run time goes through memory.
            let lanes = SIMD16<Int32>(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
            let mask = lanes .== SIMD16(repeating: Int32(truncatingIfNeeded: last))
            below.replace(with: edgeBelow, where: mask)
            above.replace(with: edgeAbove, where: mask)
        }
        return (below, above)
    }

    /// The quiet bounds of a pixel whose V and inside neighbour across the canvas's edge are
    /// at most `largest` (0 away from the edge): `TileMap.Rule.width` for G = r · largest +
    /// room in single precision, its rounding covered by 10⁻⁶.
    @inline(__always)
    private func bounds(largest: Float) -> (below: Float, above: Float) {
        EdgeRamp.bounds(
            largest: largest, slopeScale: edgeSlopeScale, slopeRoom: edgeSlopeRoom, inverseKnee: inverseKnee,
            interiorWidth: interiorWidth, restWidth: restWidth, threshold: threshold)
    }

    @inline(__always)
    private static func bounds(
        largest: Float, slopeScale: Float, slopeRoom: Float, inverseKnee: Float, interiorWidth: Float,
        restWidth: Float, threshold: Float
    ) -> (below: Float, above: Float) {
        let slope = largest * slopeScale + slopeRoom
        var knee = slope * inverseKnee
        if knee > 1 { knee = 1 }
        var bound = interiorWidth
        if slope > bound { bound = slope }
        let rest = knee * restWidth
        if rest > bound { bound = rest }
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

    /// Whether the ramp computes any of the 16 pixels at `at` (a vector of an interior row,
    /// not holding the canvas's first or last column): whether some V lies between the
    /// quiet bounds. Only then does it read their neighbours.
    @inline(__always)
    func computesInterior(_ at: UnsafePointer<Float>) -> Bool {
        EdgeRamp.inside(
            at.alignedVector16(at: 0), below: SIMD16(repeating: quietBelow), above: SIMD16(repeating: quietAbove))
    }

    /// Whether some lane of `value` is above `below` and below `above`, per lane: the masks
    /// of the four SIMD4 quarters or-ed, then one sign-mask test (the standard library's
    /// `any` is a call to a reduction here, and 16-lane masks are repacked first).
    @inline(__always)
    private static func inside(_ value: SIMD16<Float>, below: SIMD16<Float>, above: SIMD16<Float>) -> Bool {
        let lanes = inside(value.lowHalf.lowHalf, below.lowHalf.lowHalf, above.lowHalf.lowHalf)
            | inside(value.lowHalf.highHalf, below.lowHalf.highHalf, above.lowHalf.highHalf)
            | inside(value.highHalf.lowHalf, below.highHalf.lowHalf, above.highHalf.lowHalf)
            | inside(value.highHalf.highHalf, below.highHalf.highHalf, above.highHalf.highHalf)
        let words = unsafeBitCast(lanes, to: SIMD2<UInt64>.self)
        return words[0] | words[1] != 0
    }

    @inline(__always)
    private static func inside(_ value: SIMD4<Float>, _ below: SIMD4<Float>, _ above: SIMD4<Float>) -> SIMD4<Int32> {
        unsafeBitCast((value .> below) .& (value .< above), to: SIMD4<Int32>.self)
    }
}
