/// The passes of a distance frame over its segments: φ mixed a row at a time (or straight
/// into the edge segments of a frame without blur), the blur across (measuring A's bounds
/// where the second sort needs them), and the blur down. The sorts between them are in
/// `DistanceFrameRenderer+Sorting.swift`.
extension DistanceFrameRenderer {
    /// Where a row of φ is mixed from: the icons' rows (padded), the captured field's row
    /// (not padded) if any, and the weights. Found once a row, not once a segment: each
    /// pointer is read from an `IconField`, a class.
    struct MixRowSources {
        let source: UnsafePointer<Float>
        let target: UnsafePointer<Float>
        let captured: UnsafePointer<Float>?
        let weights: MixWeights
    }

    /// The sources of row `y` of φ.
    @inline(__always)
    func rowSources(_ inputs: MixInputs, y: Int) -> MixRowSources {
        MixRowSources(
            source: inputs.source.origin + y * inputs.source.stride, target: inputs.target.origin + y * inputs.target.stride,
            captured: inputs.captured.map { $0 + y * width }, weights: inputs.weights)
    }

    /// 16 values of φ from x in a row without a captured field: (1 − e) · φS + e · φT, the
    /// sum every path of a frame without a capture computes, in this order.
    @inline(__always)
    static func mixed(_ sources: MixRowSources, at x: Int) -> SIMD16<Float> {
        sources.weights.keep * sources.source.vector16(at: x) + sources.weights.take * sources.target.vector16(at: x)
    }

    /// φ of a row (from `sources`) at x in `columns` (at least 16 of them, within
    /// −`padding` ..< width + `padding` + 16) into `row` (a band's `mixedRow`, or a row of
    /// `blurred`), as `IconField` pads a row: outside the canvas, the border's value. The
    /// last vector may overlap the one before: the same values again.
    @inline(__always)
    func mixRow(_ sources: MixRowSources, columns: Range<Int>, into row: UnsafeMutablePointer<Float>) {
        let length = Self.segmentLength
        let (keep, take, capturedWeight) = (sources.weights.keep, sources.weights.take, sources.weights.captured)
        let s = sources.source, t = sources.target
        guard let c = sources.captured else {
            // The icons' rows are padded already.
            var x = columns.lowerBound
            while x < columns.upperBound {
                let at = min(x, columns.upperBound - length)
                row.storeVector16(Self.mixed(sources, at: at), at: at)
                x += length
            }
            return
        }
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
        let length = Self.segmentLength
        for y in rows {
            let out = blurred + y * planeStride
            let sources = rowSources(inputs, y: y)
            var scan = edges(row: y, in: 0..<segmentsAcross)
            guard sources.captured == nil else {
                while let column = scan.next() {
                    let x0 = column * length
                    mixRow(sources, columns: x0..<x0 + length, into: out)
                }
                continue
            }
            // One vector a segment, without `mixRow`'s loop: a sixth of a 132 px frame near
            // rest went to that loop's bookkeeping.
            while let column = scan.next() {
                let x0 = column &* length
                out.storeVector16(Self.mixed(sources, at: x0), at: x0)
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
        let length = Self.segmentLength
        let taps = UnsafePointer(self.taps), centre = SeparableBlur.splat(taps[0])
        let row = UnsafePointer(mixed)
        for y in rows {
            let out = across + y * planeStride
            // φ is mixed where the segments read it, each part once.
            let sources = rowSources(inputs, y: y)
            var mixedTo = Int.min
            var scan = marked(targets, row: y)
            while let column = scan.next() {
                let x0 = column * length
                let reads = max(x0 - n, mixedTo) ..< x0 + length + n
                if !reads.isEmpty {
                    // A vector's worth at least: part of the last segment's, mixed again.
                    mixRow(sources, columns: min(reads.lowerBound, reads.upperBound - length) ..< reads.upperBound, into: mixed)
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
        // Then across the 4 lanes by halves, the same selects on swapped lanes (shuffles).
        var swapped = SIMD4(least[2], least[3], least[0], least[1])
        least.replace(with: swapped, where: swapped .< least)
        swapped = SIMD4(least[1], least[0], least[3], least[2])
        least.replace(with: swapped, where: swapped .< least)
        swapped = SIMD4(greatest[2], greatest[3], greatest[0], greatest[1])
        greatest.replace(with: swapped, where: swapped .> greatest)
        swapped = SIMD4(greatest[1], greatest[0], greatest[3], greatest[2])
        greatest.replace(with: swapped, where: swapped .> greatest)
        return (least[0], greatest[0])
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
            var scan = edges(row: y, in: 0..<segments)
            while let column = scan.next() {
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
                    // The same, each side stopping at its end row: rows max(y − j, 0) and
                    // min(y + j, height − 1).
                    var up = middle, down = middle
                    var upRow = y, downRow = y
                    while j <= n {
                        if upRow > 0 {
                            upRow &-= 1
                            up -= stride
                        }
                        if downRow < height &- 1 {
                            downRow &+= 1
                            down += stride
                        }
                        sum += SeparableBlur.splat(taps[j]) * (up.vector16(at: 0) + down.vector16(at: 0))
                        j &+= 1
                    }
                }
                blurred.storeVector16(sum, at: y * stride + x0)
            }
        }
    }
}
