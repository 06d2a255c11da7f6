/// How the source is reconstructed between its pixel centres before it is averaged over each
/// destination pixel.
enum ReconstructionKernel {
    /// Each source pixel is a constant square: exact area-weighted averaging (downscaling).
    case box
    /// Linear interpolation between pixel centres, held constant over the outer half pixel,
    /// zero outside the image (smooth upscaling that keeps the image's mean and extent).
    case tent
}

/// The filter taps of one axis: destination pixel `first + j` is
/// `Σ weights[offsets[j] + t] · source[starts[j] + t]` for `t` in `0..<offsets[j+1] − offsets[j]`.
///
/// Destination pixels outside `first..<first + count` receive nothing (they stay 0).
struct AxisWeights {
    var first = 0
    var starts: [Int] = []
    var offsets: [Int] = [0]
    var weights: [Float] = []

    var count: Int { starts.count }

    /// Taps that map destination coordinate x to source coordinate u = (x − offset) / scale.
    ///
    /// Destination pixel i covers [i, i + 1], i.e. source [a, b] with b − a = 1 / scale; its
    /// value is (1 / (b − a)) · ∫ r(u) du over [a, b] ∩ [0, sourceCount], where r is the
    /// kernel's reconstruction and the part outside the image counts as 0. Integrals are
    /// exact (closed form) in Double; weights below 1e-9 at either end of a tap list are
    /// dropped so floating noise at the image edge adds no taps.
    init(sourceCount: Int, destinationCount: Int, scale: Double, offset: Double, kernel: ReconstructionKernel) {
        let extent = Double(sourceCount)
        var scratch: [Double] = []
        var firstSet = false
        for i in 0..<destinationCount {
            let a = max((Double(i) - offset) / scale, 0)
            let b = min((Double(i + 1) - offset) / scale, extent)
            guard b > a else { continue }
            scratch.removeAll(keepingCapacity: true)
            var start: Int
            switch kernel {
            case .box:
                start = max(Int(a.rounded(.down)), 0)
                let end = min(Int(b.rounded(.up)), sourceCount)
                for k in start..<max(end, start) {
                    let overlap = min(b, Double(k + 1)) - max(a, Double(k))
                    scratch.append(max(overlap, 0) * scale)
                }
            case .tent:
                // Centres c_k = k + 0.5 within 1 of [a, b]; k = −1 and k = sourceCount are the
                // ghost pixels that make the clamped edge, folded back onto their neighbours.
                let low = max(Int((a - 1.5).rounded(.down)), -1)
                let high = min(Int((b + 0.5).rounded(.down)), sourceCount)
                start = max(low, 0)
                let last = min(high, sourceCount - 1)
                for _ in start...max(last, start) { scratch.append(0) }
                for k in low...high {
                    let centre = Double(k) + 0.5
                    let w = (Self.tentIntegral(b - centre) - Self.tentIntegral(a - centre)) * scale
                    let slot = min(max(k, 0), sourceCount - 1) - start
                    scratch[slot] += w
                }
            }
            var lo = 0, hi = scratch.count
            while lo < hi, scratch[lo] < 1e-9 { lo += 1 }
            while hi > lo, scratch[hi - 1] < 1e-9 { hi -= 1 }
            guard hi > lo else { continue }
            if !firstSet { first = i; firstSet = true }
            // Keep destination indices contiguous: an interior pixel with no taps cannot occur
            // (the fitted image is one interval), but pad defensively with an empty list.
            while first + starts.count < i {
                starts.append(starts.last ?? 0)
                offsets.append(weights.count)
            }
            starts.append(start + lo)
            for t in lo..<hi { weights.append(Float(scratch[t])) }
            offsets.append(weights.count)
        }
    }

    /// ∫ tent(t) dt from −∞ to x, where tent(t) = max(0, 1 − |t|).
    static func tentIntegral(_ x: Double) -> Double {
        if x <= -1 { return 0 }
        if x <= 0 { return (x + 1) * (x + 1) / 2 }
        if x < 1 { return 1 - (1 - x) * (1 - x) / 2 }
        return 1
    }

    /// Runs `body` with unsafe views of the taps, for the hot loops; `nil` when there are none.
    func withTaps<R>(_ body: (Taps?) -> R) -> R {
        starts.withUnsafeBufferPointer { s in
            offsets.withUnsafeBufferPointer { o in
                weights.withUnsafeBufferPointer { w in
                    guard let s = s.baseAddress, let o = o.baseAddress, let w = w.baseAddress else {
                        return body(nil)
                    }
                    return body(Taps(first: first, count: count, starts: s, offsets: o, weights: w))
                }
            }
        }
    }

    /// The source indices any tap reads: `lowerBound..<upperBound` (empty when no taps).
    var sourceRange: Range<Int> {
        var lo = Int.max, hi = Int.min
        for j in 0..<count where offsets[j + 1] > offsets[j] {
            lo = min(lo, starts[j])
            hi = max(hi, starts[j] + offsets[j + 1] - offsets[j])
        }
        return lo < hi ? lo..<hi : 0..<0
    }
}

/// Unsafe view of an `AxisWeights`, valid inside `AxisWeights.withTaps`.
struct Taps {
    var first: Int
    var count: Int
    var starts: UnsafePointer<Int>
    var offsets: UnsafePointer<Int>
    var weights: UnsafePointer<Float>

    /// Σ weights · line[start + t] for destination `j` (relative to `first`); `line` is
    /// indexed from source index `shift`.
    @inline(__always)
    func apply(_ j: Int, to line: UnsafePointer<Float>, shift: Int) -> Float {
        let base = line + (starts[j] &- shift)
        var t = offsets[j]
        let end = offsets[j &+ 1]
        var k = 0
        var sum: Float = 0
        while t < end {
            sum += weights[t] * base[k]
            t &+= 1
            k &+= 1
        }
        return sum
    }
}
