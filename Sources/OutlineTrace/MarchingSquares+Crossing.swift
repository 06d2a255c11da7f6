/// Where the level set crosses a cell edge: the placement of each crossing (see `crossing`).
extension MarchingSquares {
    /// Where the level crosses between the sample at `p` and the one at `p + step` (one inside,
    /// one outside), as a fraction of the way from the first, and on an anti-aliased edge,
    /// where the edge lies (NaN elsewhere, and always without `withEdges` at ½).
    ///
    /// An outline drawn hard and anti-aliased by a vector renderer differs least from the
    /// frame's pixels (the sum of the differences is least) when it covers every pixel over ½,
    /// no pixel under ½, and the pixel nearest ½ as much as that pixel is covered; that is
    /// where it crosses a row or column of pixels, here. At ½ (without `withEdges`: a crisp frame's
    /// one outline) the level crosses between the two samples, and the nearer of them to ½ is
    /// that pixel. At other levels, across an anti-aliased edge (a ramp of at most two
    /// partial pixels in all, climbing from an empty pixel to a full one), the crossing
    /// is on the edge, whatever the level, so that every layer's outline runs along it; off
    /// such an edge it is interpolated linearly between the two samples.
    @inline(__always)
    static func crossing(_ p: UnsafePointer<UInt8>, _ step: Int, level: Double, withEdges: Bool) -> (Double, Double) {
        let a = p[0], b = p[step]
        if level == 127.5 && !withEdges { return (nearerToHalf(a, b), .nan) }
        if let edge = rampEdge(p, step, rising: a < b) { return (edge, edge) }
        return ((level - Double(a)) / (Double(b) - Double(a)), .nan)
    }

    /// The edge in whichever of two neighbouring pixels (`a` at 0, `b` at 1, one either side
    /// of ½) is nearer to ½, covering as much of it as it is covered: inside is towards the
    /// larger one. Pixel i spans i − ½ … i + ½.
    @inline(__always)
    static func nearerToHalf(_ a: UInt8, _ b: UInt8) -> Double {
        let nearerIsA = abs(2 * Int(a) - 255) < abs(2 * Int(b) - 255)
        return edge(inPixel: nearerIsA ? 0 : 1, coverage: nearerIsA ? a : b, rising: a < b)
    }

    /// The edge inside pixel `i` (spanning i − ½ … i + ½) that covers as much of it as
    /// `coverage`, the inside towards higher i when `rising`.
    @inline(__always)
    static func edge(inPixel i: Int, coverage: UInt8, rising: Bool) -> Double {
        let covered = Double(coverage) / 255
        return rising ? Double(i) + 0.5 - covered : Double(i) - 0.5 + covered
    }

    /// Where the anti-aliased edge through the samples at `p` and `p + step` lies (see
    /// `crossing`), or nil when they are not on one.
    @inline(__always)
    static func rampEdge(_ p: UnsafePointer<UInt8>, _ step: Int, rising: Bool) -> Double? {
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
            if rising ? v <= 2 : v >= 253 { break }
            if j < -1 || (j < 0 && (rising ? v >= p[(j + 1) * step] : v <= p[(j + 1) * step])) { return nil }
            let distance = abs(2 * Int(v) - 255)
            if distance < nearest { (nearest, at) = (distance, j) }
            j -= 1
        }
        while true {
            let v = p[k * step]
            if rising ? v >= 253 : v <= 2 { break }
            if k - j > 2 || (k > 1 && (rising ? v <= p[(k - 1) * step] : v >= p[(k - 1) * step])) { return nil }
            let distance = abs(2 * Int(v) - 255)
            if distance < nearest { (nearest, at) = (distance, k) }
            k += 1
        }
        // No partial pixel: the edge is the border between the two.
        guard nearest != Int.max else { return 0.5 }
        let edge = edge(inPixel: at, coverage: p[at * step], rising: rising)
        // The edge may lie up to two samples past the crossing (a level far from ½ crosses
        // at one end of a ramp, the pixel nearest ½ may be at the other).
        return edge > -2 && edge < 3 ? edge : nil
    }
}
