import Foundation
import MorphKernel

/// The frame math written out plainly in double precision: the oracle for the renderer.
///
/// Deliberately independent of the kernel's code: its own easing, level choice, weights,
/// two-dimensional loops with explicit bounds tests, and rounding.
enum ReferenceMorph {
    /// The eased progress, literally.
    static func eased(_ p: Double, _ easing: MorphEasing) -> Double {
        switch easing {
        case .smooth: p * p * (3 - 2 * p)
        case .linear: p
        }
    }

    /// The frame's blur radius R_k in pixels.
    static func radius(progress p: Double, style: MorphStyle) -> Double {
        let e = eased(p, style.easing)
        let b = sin(Double.pi * e)
        let levels = Double(style.blurLevels)
        let k = (b * (levels - 1)).rounded()
        return style.maxBlurRadius * k / (levels - 1)
    }

    /// w_{−n} … w_n for radius R, normalised; [1] for R = 0.
    static func weights(radius r: Double) -> [Double] {
        let n = Int(r.rounded(.up))
        if n == 0 { return [1] }
        let sigma = r / 2
        let raw = (-n...n).map { i in exp(-Double(i * i) / (2 * sigma * sigma)) }
        let sum = raw.reduce(0, +)
        return raw.map { $0 / sum }
    }

    /// The mix M, row-major.
    static func mix(_ s: [UInt8], _ t: [UInt8], e: Double) -> [Double] {
        zip(s, t).map { (1 - e) * Double($0) / 255 + e * Double($1) / 255 }
    }

    /// The separable blur: horizontal, then vertical, zero outside the canvas. (Written over
    /// buffer pointers with each pixel's tap range precomputed, as the debug-build tests run
    /// it on many frames; the sums are the plain ones.)
    static func separableBlur(_ m: [Double], width: Int, height: Int, weights w: [Double]) -> [Double] {
        let n = w.count / 2
        var horizontal = [Double](repeating: 0, count: m.count)
        var vertical = [Double](repeating: 0, count: m.count)
        w.withUnsafeBufferPointer { w in
            m.withUnsafeBufferPointer { m in
                horizontal.withUnsafeMutableBufferPointer { horizontal in
                    for y in 0..<height {
                        let row = y * width
                        for x in 0..<width {
                            var sum = 0.0
                            for i in max(-n, -x)...min(n, width - 1 - x) { sum += w[n + i] * m[row + x + i] }
                            horizontal[row + x] = sum
                        }
                    }
                }
                vertical.withUnsafeMutableBufferPointer { vertical in
                    horizontal.withUnsafeBufferPointer { horizontal in
                        for y in 0..<height {
                            for x in 0..<width {
                                var sum = 0.0
                                for i in max(-n, -y)...min(n, height - 1 - y) { sum += w[n + i] * horizontal[(y + i) * width + x] }
                                vertical[y * width + x] = sum
                            }
                        }
                    }
                }
            }
        }
        return vertical
    }

    /// The same blur as one 2-D convolution with the outer-product kernel.
    static func directBlur(_ m: [Double], width: Int, height: Int, weights w: [Double]) -> [Double] {
        let n = w.count / 2
        var out = [Double](repeating: 0, count: m.count)
        for y in 0..<height {
            for x in 0..<width {
                var sum = 0.0
                for j in -n...n where y + j >= 0 && y + j < height {
                    for i in -n...n where x + i >= 0 && x + i < width {
                        sum += w[n + j] * w[n + i] * m[(y + j) * width + x + i]
                    }
                }
                out[y * width + x] = sum
            }
        }
        return out
    }

    static func smoothstep(_ a: Double, _ b: Double, _ x: Double) -> Double {
        let u = min(max((x - a) / (b - a), 0), 1)
        return u * u * (3 - 2 * u)
    }

    /// The blurred field V of every pixel.
    static func field(source: [UInt8], target: [UInt8], width: Int, height: Int, progress p: Double, style: MorphStyle) -> [Double] {
        let m = mix(source, target, e: eased(p, style.easing))
        return separableBlur(m, width: width, height: height, weights: weights(radius: radius(progress: p, style: style)))
    }

    /// The coverage α of every pixel.
    static func coverage(source: [UInt8], target: [UInt8], width: Int, height: Int, progress p: Double, style: MorphStyle) -> [Double] {
        let v = field(source: source, target: target, width: width, height: height, progress: p, style: style)
        switch style.softness {
        case .fixed(let s):
            return v.map { smoothstep(style.threshold - s, style.threshold, $0) }
        case .automatic:
            return automaticCoverage(
                field: v, width: width, height: height, radius: radius(progress: p, style: style), threshold: style.threshold)
        }
    }

    /// c, half the larger of the two central differences of V at every pixel, for the kernel
    /// of `radius`: a neighbour outside the canvas is λ · max(0, 2 V − V′) (V′ the neighbour
    /// on the other side, λ = 2 − r = 2 w_1 / (w_0 + w_1)); 0 along an axis one pixel long.
    static func slope(_ v: [Double], width: Int, height: Int, radius: Double) -> [Double] {
        let w = weights(radius: radius)
        let n = w.count / 2
        let lambda = n > 0 ? 2 * w[n + 1] / (w[n] + w[n + 1]) : 0
        // The half difference along a line of `count` values `stride` apart from `first`.
        func difference(_ first: Int, _ i: Int, _ count: Int, _ stride: Int) -> Double {
            if count == 1 { return 0 }
            let at = first + i * stride
            let before = i > 0 ? v[at - stride] : lambda * max(0, 2 * v[at] - v[at + stride])
            let after = i < count - 1 ? v[at + stride] : lambda * max(0, 2 * v[at] - v[at - stride])
            return abs(after - before) / 2
        }
        var out = [Double](repeating: 0, count: v.count)
        for y in 0..<height {
            for x in 0..<width {
                out[y * width + x] = max(difference(y * width, x, width, 1), difference(x, y, height, width))
            }
        }
        return out
    }

    /// The automatic edge ramp as documented in `MorphFrameMath.automaticCoverage`, with its
    /// constants written out: κ = ¼, w_flat = 0.1, s_min = 0.001.
    static func automaticCoverage(field v: [Double], width: Int, height: Int, radius: Double, threshold t: Double) -> [Double] {
        let w = weights(radius: radius)
        let n = w.count / 2
        let w0 = w[n], w1 = n > 0 ? w[n + 1] : 0
        let r = 2 * w0 / (w0 + w1)
        let c = slope(v, width: width, height: height, radius: radius)
        var alpha = [Double](repeating: 0, count: v.count)
        for i in v.indices {
            let g = r * c[i]
            let x = min(1, g / (0.25 * w0))
            let ramp = max(g, (r - 1) * w0 * x, 0.1 * (1 - x), 0.001)
            alpha[i] = min(max((v[i] - t) / ramp + 0.5, 0), 1)
        }
        return alpha
    }

    /// The output alpha bytes: round(255 · tintAlpha / 255 · α).
    static func alpha(source: [UInt8], target: [UInt8], width: Int, height: Int, progress p: Double, style: MorphStyle) -> [Double] {
        coverage(source: source, target: target, width: width, height: height, progress: p, style: style)
            .map { 255 * Double(style.tint.alpha) / 255 * $0 }
    }
}
