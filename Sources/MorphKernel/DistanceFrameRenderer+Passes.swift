/// The passes of a distance frame over its segments: φ mixed a row at a time (or straight
/// into the edge segments of a frame without blur), the blur across (measuring A's bounds
/// where the second sort needs them), and the blur down. The sorts between them are in
/// `DistanceFrameRenderer+Sorting.swift`.
extension DistanceFrameRenderer {
    /// φ of row `y` at x in `columns` (at least 16 of them, within −`padding` ..< width +
    /// `padding` + 16) into `row` (a band's `mixedRow`), as `IconField` pads a row: outside
    /// the canvas, the border's value. The last vector may overlap the one before: the same
    /// values again.
    @inline(__always)
    func mixRow(_ inputs: MixInputs, y: Int, columns: Range<Int>, into row: UnsafeMutablePointer<Float>) {
        let length = Self.segmentLength
        let (keep, take, capturedWeight) = (inputs.weights.keep, inputs.weights.take, inputs.weights.captured)
        let s = inputs.source.origin + y * inputs.source.stride, t = inputs.target.origin + y * inputs.target.stride
        guard let captured = inputs.captured else {
            // The icons' rows are padded already.
            var x = columns.lowerBound
            while x < columns.upperBound {
                let at = min(x, columns.upperBound - length)
                row.storeVector16(keep * s.vector16(at: at) + take * t.vector16(at: at), at: at)
                x += length
            }
            return
        }
        let c = captured + y * width
        let start = min(max(columns.lowerBound, 0), width)
        let inside = start..<max(min(columns.upperBound, width), start)
        var x = inside.lowerBound
        if inside.count >= length {
            while x < inside.upperBound {
                let at = min(x, inside.upperBound - length)
                let mix = keep * s.vector16(at: at) + take * t.vector16(at: at) + capturedWeight * c.vector16(at: at)
                row.storeVector16(mix, at: at)
                x += length
            }
        } else {
            for x in inside { row[x] = keep * s[x] + take * t[x] + capturedWeight * c[x] }
        }
        // A padded icon row repeats its border value, so the mix there is the border's mix.
        for x in columns.lowerBound..<max(inside.lowerBound, columns.lowerBound) { row[x] = row[0] }
        for x in max(inside.upperBound, columns.lowerBound)..<columns.upperBound { row[x] = row[width - 1] }
    }

    /// φ into `blurred` over the edge segments of `rows`: V of a frame without blur.
    func mixEdgeSegments(_ inputs: MixInputs, rows: Range<Int>) {
        let length = Self.segmentLength, segments = segmentsAcross
        for y in rows {
            let out = blurred + y * planeStride
            for column in 0..<segments where kinds[y * segments + column] == .edge {
                let x0 = column * length
                mixRow(inputs, y: y, columns: x0..<x0 + length, into: out)
            }
        }
    }

    /// The blur across of φ, A, into `across` over every segment of `rows` marked in
    /// `targets` (`SeparableBlur.horizontalSum` with the frame's `taps`), mixing φ in `row`
    /// (the band's `mixedRow`); with `measuring`, each segment's least and greatest A into
    /// the bounds.
    func blurAcross(
        _ inputs: MixInputs, where targets: UnsafePointer<Bool>, rows: Range<Int>, halfWidth n: Int, measuring: Bool,
        row mixed: UnsafeMutablePointer<Float>
    ) {
        let length = Self.segmentLength, segments = segmentsAcross
        let taps = UnsafePointer(self.taps), centre = SeparableBlur.splat(taps[0])
        let row = UnsafePointer(mixed)
        for y in rows {
            let flags = targets + y * segments
            let out = across + y * planeStride
            // φ is mixed where the segments read it, each part once.
            var mixedTo = Int.min
            for column in 0..<segments where flags[column] {
                let x0 = column * length
                let reads = max(x0 - n, mixedTo) ..< x0 + length + n
                if !reads.isEmpty {
                    // A vector's worth at least: part of the last segment's, mixed again.
                    mixRow(inputs, y: y, columns: min(reads.lowerBound, reads.upperBound - length) ..< reads.upperBound, into: mixed)
                }
                mixedTo = reads.upperBound
                let sum = SeparableBlur.horizontalSum(row + x0, centre: centre, taps: taps, halfWidth: n)
                out.storeVector16(sum, at: x0)
                guard measuring else { continue }
                let count = min(length, width - x0)
                let (least, greatest) = count == length ? Self.bounds(sum) : Self.bounds(sum, lanes: count)
                let bound = column * boundsStride + padding + y
                lowerBounds[bound] = least
                upperBounds[bound] = greatest
            }
        }
    }

    /// The least and greatest of 16 lanes, folded a quarter at a time: a select on SIMD4 is one
    /// `minps` / `maxps` at the default target (`LaneSelect.swift`), where `min()` is a scalar
    /// loop and a SIMD8 or SIMD16 select several instructions a register.
    @inline(__always)
    static func bounds(_ v: SIMD16<Float>) -> (least: Float, greatest: Float) {
        let q0 = v.lowHalf.lowHalf, q1 = v.lowHalf.highHalf, q2 = v.highHalf.lowHalf, q3 = v.highHalf.highHalf
        var least = q0, greatest = q0
        least.replace(with: q1, where: q1 .< least)
        least.replace(with: q2, where: q2 .< least)
        least.replace(with: q3, where: q3 .< least)
        greatest.replace(with: q1, where: q1 .> greatest)
        greatest.replace(with: q2, where: q2 .> greatest)
        greatest.replace(with: q3, where: q3 .> greatest)
        return (min(min(least[0], least[1]), min(least[2], least[3])),
                max(max(greatest[0], greatest[1]), max(greatest[2], greatest[3])))
    }

    /// `bounds` of the first `lanes` (1 … 15) lanes: the others stand in for the first.
    @inline(__always)
    static func bounds(_ v: SIMD16<Float>, lanes: Int) -> (least: Float, greatest: Float) {
        var filled = v
        for lane in lanes..<segmentLength { filled[lane] = v[0] }
        return bounds(filled)
    }

    /// The blur down of `across` into `blurred` over the edge segments of `rows`, the end
    /// rows repeated past the canvas (so rows are read one by one, not as `SeparableBlur`'s
    /// blocks). Rows n or more from both ends step through the plane without clamping: the
    /// same terms in the same order.
    func blurDown(halfWidth n: Int, rows: Range<Int>) {
        let length = Self.segmentLength, segments = segmentsAcross, stride = planeStride
        let taps = UnsafePointer(self.taps), w0 = SeparableBlur.splat(taps[0])
        let plane = UnsafePointer(across)
        for y in rows {
            let interior = y >= n && y + n < height
            for column in 0..<segments where kinds[y * segments + column] == .edge {
                let x0 = column * length
                let middle = plane + (y &* stride &+ x0)
                var sum = w0 * middle.vector16(at: 0)
                var j = 1
                if interior {
                    var up = middle, down = middle
                    while j <= n {
                        up -= stride
                        down += stride
                        sum += SeparableBlur.splat(taps[j]) * (up.vector16(at: 0) + down.vector16(at: 0))
                        j &+= 1
                    }
                } else {
                    while j <= n {
                        let up = max(y &- j, 0), down = min(y &+ j, height - 1)
                        sum += SeparableBlur.splat(taps[j])
                            * (plane.vector16(at: up &* stride &+ x0) + plane.vector16(at: down &* stride &+ x0))
                        j &+= 1
                    }
                }
                blurred.storeVector16(sum, at: y * stride + x0)
            }
        }
    }
}
