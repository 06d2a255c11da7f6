/// Where the level set crosses a cell edge: the placement of each crossing (see `crossing`).
extension MarchingSquares {
    /// Where the level crosses between the sample at `p` and the one at `p + step` (one inside,
    /// one outside), as a fraction of the way from the first, and on an anti-aliased edge,
    /// where the edge lies (NaN elsewhere, and always without `withEdges`).
    ///
    /// The outline is one step of a staircase, from coverage `band.lower` outside to
    /// `band.upper` inside (0 and 1 for a crisp frame's one outline). Drawn hard and
    /// anti-aliased by a vector renderer, it differs least from the frame's pixels when it
    /// covers each pixel as much as the pixel lies up the step: where it crosses a row or
    /// column of pixels, it lies in the pixel between the step's two coverages (see `step`).
    /// `withEdges` (a translucent frame's layers), across an anti-aliased edge (a ramp of at
    /// most two partial pixels in all, climbing from an empty pixel to two full ones), the
    /// crossing is on the edge instead, whatever the step, so that every layer's outline runs
    /// along it.
    ///
    /// `shares` is `byteShares`, read once by the scan that calls this.
    @inline(__always)
    static func crossing(
        _ p: UnsafePointer<UInt8>, _ step: Int, band: Band, threshold: UInt8, withEdges: Bool, shares: UnsafePointer<Double>
    ) -> (Double, Double) {
        let a = p[0], b = p[step]
        if withEdges, let edge = rampEdge(p, step, rising: a < b, shares: shares) { return (edge, edge) }
        return (Self.step(p, step, band: band, threshold: threshold), .nan)
    }

    /// v / 255 for every byte v: a pixel's coverage as `rampEdge` places an edge by it, the
    /// same values as the division, which (one per crossing on an anti-aliased edge, its
    /// latency in the way of the rest) took a third of the crossings' time in a translucent
    /// frame. Never freed.
    nonisolated(unsafe) static let byteShares: UnsafePointer<Double> = {
        let table = UnsafeMutablePointer<Double>.allocate(capacity: 256)
        for v in 0..<256 { table[v] = Double(v) / 255 }
        return UnsafePointer(table)
    }()

    /// A step of coverage: from `lower` outside the outline to `upper` inside, in bytes.
    struct Band {
        let lower: Double, upper: Double
        /// Halfway up the step.
        let middle: Double

        init(lower: Double, upper: Double) {
            (self.lower, self.upper) = (lower, upper)
            middle = (lower + upper) / 2
        }

        /// From empty to full: a crisp frame's one outline.
        static var whole: Band { Band(lower: 0, upper: 255) }

        /// The byte level the step is traced at: its middle, moved off whole numbers so that
        /// no sample lies on it (127.5 for the whole band).
        var cut: Double { min(254.5, max(0.5, middle)).rounded(.down) + 0.5 }
    }

    /// Where a step of `band` lies between the pixels `a` at `p` (at 0) and `b` at `p + stride`
    /// (at 1), either side of the level cut: in whichever of them lies strictly inside the band
    /// (the nearer to its middle when both do: the other is then drawn at its end of the band,
    /// and this way the difference is least), covering as much of it as its value lies up the
    /// band (inside is towards the larger one); on the border between them when neither does
    /// (each is drawn at a coverage of the staircase already). For the whole band this is the
    /// pixel nearer ½ covered as much as it is covered.
    ///
    /// A pixel the level set passes on both sides along the row or column (a ridge one pixel
    /// wide, or a notch: its other neighbour lies on the same side of the cut as this
    /// crossing's partner) is crossed twice, so each crossing takes half of it: a ridge drawn
    /// `covered` wide about its centre, a notch left `1 − covered` open. Placed each as if
    /// alone, the two would together cover the ridge 2·covered − 1 (a line of 0.8 drawn at
    /// 0.6) and the notch 2·covered.
    ///
    /// The placement takes the edge as crossing the row at right angles. Placing each crossing
    /// instead where a straight edge at its neighbours' slant cuts exactly the pixel's coverage
    /// from it (the half-plane's area is quadratic near a slanted pixel's corners) was built
    /// and measured (vector-fidelity.py, thirteen pairs): crisp frames moved by at most 0.0005
    /// soft IoU (go-next → play's worst 0.9901 → 0.9906, bell → magnifyingglass 0.9940 →
    /// 0.9939). The fitted curves, not the crossings, set the difference (see `MaskTracer`).
    @inline(__always)
    static func step(_ p: UnsafePointer<UInt8>, _ stride: Int, band: Band, threshold: UInt8) -> Double {
        let a = p[0], b = p[stride]
        let va = Double(a), vb = Double(b)
        let aInside = va > band.lower && va < band.upper, bInside = vb > band.lower && vb < band.upper
        guard aInside || bInside else { return 0.5 }
        let inA = aInside && (!bInside || abs(va - band.middle) < abs(vb - band.middle))
        let value = inA ? va : vb, partner = inA ? vb : va
        // The chosen pixel lies inside the band, so it is not the grid's border of zeros and
        // its other neighbour is in the grid.
        // Inside the traced level: over `threshold`, as the scan tells samples apart.
        let far = Double(inA ? p[-stride] : p[2 * stride]), level = Double(threshold)
        var covered = (value - band.lower) / (band.upper - band.lower)
        if (far > level) == (partner > level) { covered = value > level ? (1 + covered) / 2 : covered / 2 }
        return edge(inPixel: inA ? 0 : 1, covered: covered, rising: a < b)
    }

    /// The edge inside pixel `i` (spanning i − ½ … i + ½) that covers the share `covered` of
    /// it, the inside towards higher i when `rising`.
    @inline(__always)
    static func edge(inPixel i: Int, covered: Double, rising: Bool) -> Double {
        rising ? Double(i) + 0.5 - covered : Double(i) - 0.5 + covered
    }

    /// Where the anti-aliased edge through the samples at `p` and `p + step` lies (see
    /// `crossing`), or nil when they are not on one; `shares` is `byteShares`.
    ///
    /// The full side must be full for two pixels: a translucent region's bright rim (a ring
    /// whose coverage peaks at its border, 0 · 227 · 255 · 218 across) would otherwise pass
    /// for an opaque shape's edge, and the layers under the top one would leave it to the
    /// top layer, a sliver along the rim. Measured with `vector-fidelity.py` (thirteen 61-frame
    /// pairs), with the split ridges of `step`: the thin-ring pairs' worst frames 0.9838 →
    /// 0.9844 (edit-delete → list-add) and 0.9869 → 0.9875 (document-open → document-save),
    /// edit-find → mail-send 0.9903 → 0.9910; no pair's worst frame fell.
    @inline(__always)
    static func rampEdge(_ p: UnsafePointer<UInt8>, _ step: Int, rising: Bool, shares: UnsafePointer<Double>) -> Double? {
        // Outwards from the first sample (towards the outside when rising) to the first
        // saturated one, and likewise from the second the other way; the ramp must climb all
        // along. (The walks stop at the grid's border of zeros at the latest.) On the way,
        // the partial pixel nearest ½: its distance from ½ doubled, and where it is.
        //
        // Two partial pixels at most: a hard edge at any slant leaves at most two along a row
        // or a column, whichever it crosses more steeply. A longer ramp is a soft edge (where
        // the field is shallow, as two shapes part), which a hard outline would draw as a
        // step; off an edge, the layers' staircase carries it. Measured with
        // `Benchmarks/Scripts/vector-fidelity.py` (rsvg-convert against the PNG frames),
        // against ramps of up to six: the worst translucent frame of warning → information
        // went from 0.9907 soft IoU to 0.9921, frame 27 of edit-find → mail-send from 0.9895
        // to 0.9907; no pair's worst translucent frame fell by more than 0.0002.
        var j = 0, k = 1, nearest = Int.max, at = 0
        while true {
            let v = p[j * step]
            if rising ? v <= 2 : v >= 253 {
                // (Past a full pixel, the next is in the grid: the border holds zeros.)
                if !rising && p[(j - 1) * step] < 253 { return nil }
                break
            }
            if j < -1 || (j < 0 && (rising ? v >= p[(j + 1) * step] : v <= p[(j + 1) * step])) { return nil }
            let distance = abs(2 * Int(v) - 255)
            if distance < nearest { (nearest, at) = (distance, j) }
            j -= 1
        }
        while true {
            let v = p[k * step]
            if rising ? v >= 253 : v <= 2 {
                if rising && p[(k + 1) * step] < 253 { return nil }
                break
            }
            if k - j > 2 || (k > 1 && (rising ? v <= p[(k - 1) * step] : v >= p[(k - 1) * step])) { return nil }
            let distance = abs(2 * Int(v) - 255)
            if distance < nearest { (nearest, at) = (distance, k) }
            k += 1
        }
        // No partial pixel: the edge is the border between the two.
        guard nearest != Int.max else { return 0.5 }
        let edge = edge(inPixel: at, covered: shares[Int(p[at * step])], rising: rising)
        // The edge may lie up to two samples past the crossing (a level far from ½ crosses
        // at one end of a ramp, the pixel nearest ½ may be at the other).
        return edge > -2 && edge < 3 ? edge : nil
    }
}
