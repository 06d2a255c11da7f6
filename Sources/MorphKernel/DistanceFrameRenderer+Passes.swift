/// The passes of a distance frame over its segments: which segments the passes reach, an
/// icon's blurred field where a kept plane lacks it, the mix of the two icons' (or, with a
/// captured field, the blur of the mix), and the two passes of the separable blur.
extension DistanceFrameRenderer {
    /// Marks the segments whose blur across the blur down of the segments marked in
    /// `targets` reads (`needsAcross`: within n rows in the same column), and, with
    /// `mixes`, those whose φ that reads (`needsMix`: within ⌈n / 16⌉ segments along the row).
    func markReach(of targets: UnsafePointer<Bool>, halfWidth n: Int, mixes: Bool) {
        let across = segmentsAcross
        for column in 0..<across {
            var inWindow = 0
            for y in 0..<min(n, height) where targets[y * across + column] { inWindow += 1 }
            for y in 0..<height {
                if y + n < height, targets[(y + n) * across + column] { inWindow += 1 }
                if y - n - 1 >= 0, targets[(y - n - 1) * across + column] { inWindow -= 1 }
                needsAcross[y * across + column] = inWindow > 0
            }
        }
        guard mixes else { return }
        let spread = (n + Self.segmentLength - 1) / Self.segmentLength
        for y in 0..<height {
            let row = y * across
            var inWindow = 0
            for column in 0..<min(spread, across) where needsAcross[row + column] { inWindow += 1 }
            for column in 0..<across {
                if column + spread < across, needsAcross[row + column + spread] { inWindow += 1 }
                if column - spread - 1 >= 0, needsAcross[row + column - spread - 1] { inWindow -= 1 }
                needsMix[row + column] = inWindow > 0
            }
        }
    }

    /// Computes `icon`'s blurred field in the edge segments `plane` lacks.
    func blurMissing(_ icon: IconField, into plane: BlurredFieldCache.Plane, centre w: UnsafePointer<Float>, halfWidth n: Int) {
        var any = false
        for segment in 0..<(segmentsAcross * height) {
            let lacking = kinds[segment] == .edge && !plane.computed[segment]
            selected[segment] = lacking
            any = any || lacking
        }
        guard any else { return }
        markReach(of: selected, halfWidth: n, mixes: false)
        blurAcross(icon.origin, stride: icon.stride, centre: w, halfWidth: n)
        blurDown(into: plane.values, where: selected, centre: w, halfWidth: n)
        for segment in 0..<(segmentsAcross * height) where selected[segment] { plane.computed[segment] = true }
    }

    /// V = keep · V_S + take · V_T over the edge segments, into `blurred`; a missing plane
    /// (weight 0) adds nothing.
    func combine(_ source: Plane?, _ keep: Float, _ target: Plane?, _ take: Float) {
        let length = Self.segmentLength, across = segmentsAcross
        for y in 0..<height {
            for column in 0..<across where kinds[y * across + column] == .edge {
                let x0 = column * length
                var v = SIMD16<Float>(repeating: 0)
                if let source { v = keep * source.values.vector16(at: y * source.stride + x0) }
                if let target { v += take * target.values.vector16(at: y * target.stride + x0) }
                blurred.storeVector16(v, at: y * planeStride + x0)
            }
        }
    }

    /// A frame with a captured field: φ mixed where the blur of the edge segments reads it,
    /// then blurred into `blurred` (at level 0, copied).
    func mixAndBlur(
        _ source: IconField, _ target: IconField, _ captured: UnsafePointer<Float>, weights: MixWeights,
        centre w: UnsafePointer<Float>, halfWidth n: Int
    ) {
        markReach(of: edgeFlags(), halfWidth: n, mixes: true)
        let length = Self.segmentLength, across = segmentsAcross
        let (keep, take, capturedWeight) = (weights.keep, weights.take, weights.captured)
        let s = source.origin, t = target.origin
        for y in 0..<height {
            let row = mixed + y * mixedStride + padding
            let sourceRow = s + y * source.stride, targetRow = t + y * target.stride
            for column in 0..<across where needsMix[y * across + column] {
                let x0 = column * length
                var c = SIMD16<Float>(repeating: 0)
                let count = min(length, width - x0)
                if count == length {
                    c = captured.vector16(at: y * width + x0)
                } else {
                    for lane in 0..<length { c[lane] = captured[y * width + x0 + min(lane, count - 1)] }
                }
                row.storeVector16(keep * sourceRow.vector16(at: x0) + take * targetRow.vector16(at: x0) + capturedWeight * c, at: x0)
            }
            if needsMix[y * across] {
                let first = SIMD16<Float>(repeating: row[0])
                var x = -padding
                while x < 0 {
                    row.storeVector16(first, at: x, count: min(length, -x))
                    x += length
                }
            }
            if needsMix[y * across + across - 1] {
                let last = SIMD16<Float>(repeating: row[width - 1])
                let end = width + padding + length
                var x = width
                while x < end {
                    row.storeVector16(last, at: x, count: min(length, end - x))
                    x += length
                }
            }
        }
        blurAcross(UnsafePointer(mixed + padding), stride: mixedStride, centre: w, halfWidth: n)
        blurDown(into: blurred, where: edgeFlags(), centre: w, halfWidth: n)
    }

    /// `selected` set to the edge segments, for the passes that take a set of segments.
    func edgeFlags() -> UnsafePointer<Bool> {
        for segment in 0..<(segmentsAcross * height) { selected[segment] = kinds[segment] == .edge }
        return UnsafePointer(selected)
    }

    /// The blur across of `field` (row y at `field + y · stride`, padded) over every
    /// segment marked `needsAcross`, into `across`, 16 pixels a vector, the taps symmetric.
    func blurAcross(_ field: UnsafePointer<Float>, stride: Int, centre w: UnsafePointer<Float>, halfWidth n: Int) {
        let length = Self.segmentLength, segments = segmentsAcross
        let w0 = w[0]
        for y in 0..<height {
            let row = field + y * stride, out = across + y * planeStride
            for column in 0..<segments where needsAcross[y * segments + column] {
                let x0 = column * length
                var sum = w0 * row.vector16(at: x0)
                var i = 1
                while i <= n {
                    sum += w[i] * (row.vector16(at: x0 &- i) + row.vector16(at: x0 &+ i))
                    i &+= 1
                }
                out.storeVector16(sum, at: x0)
            }
        }
    }

    /// The blur down of `across` into `out` over the segments marked in `targets`, the end
    /// rows repeated past the canvas.
    func blurDown(into out: UnsafeMutablePointer<Float>, where targets: UnsafePointer<Bool>, centre w: UnsafePointer<Float>, halfWidth n: Int) {
        let length = Self.segmentLength, segments = segmentsAcross, stride = planeStride
        let w0 = w[0]
        let plane = UnsafePointer(across)
        for y in 0..<height {
            for column in 0..<segments where targets[y * segments + column] {
                let x0 = column * length
                var sum = w0 * plane.vector16(at: y * stride + x0)
                var j = 1
                while j <= n {
                    let up = max(y &- j, 0), down = min(y &+ j, height - 1)
                    sum += w[j] * (plane.vector16(at: up &* stride &+ x0) + plane.vector16(at: down &* stride &+ x0))
                    j &+= 1
                }
                out.storeVector16(sum, at: y * stride + x0)
            }
        }
    }
}
