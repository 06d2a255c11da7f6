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

    /// The separable blur: horizontal, then vertical, zero outside the canvas.
    static func separableBlur(_ m: [Double], width: Int, height: Int, weights w: [Double]) -> [Double] {
        let n = w.count / 2
        var horizontal = [Double](repeating: 0, count: m.count)
        for y in 0..<height {
            for x in 0..<width {
                var sum = 0.0
                for i in -n...n where x + i >= 0 && x + i < width {
                    sum += w[n + i] * m[y * width + x + i]
                }
                horizontal[y * width + x] = sum
            }
        }
        var vertical = [Double](repeating: 0, count: m.count)
        for y in 0..<height {
            for x in 0..<width {
                var sum = 0.0
                for i in -n...n where y + i >= 0 && y + i < height {
                    sum += w[n + i] * horizontal[(y + i) * width + x]
                }
                vertical[y * width + x] = sum
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

    /// The coverage α of every pixel.
    static func coverage(source: [UInt8], target: [UInt8], width: Int, height: Int, progress p: Double, style: MorphStyle) -> [Double] {
        let e = eased(p, style.easing)
        let m = mix(source, target, e: e)
        let v = separableBlur(m, width: width, height: height, weights: weights(radius: radius(progress: p, style: style)))
        return v.map { smoothstep(style.threshold - style.softness, style.threshold, $0) }
    }

    /// The output alpha bytes: round(255 · tintAlpha / 255 · α).
    static func alpha(source: [UInt8], target: [UInt8], width: Int, height: Int, progress p: Double, style: MorphStyle) -> [Double] {
        coverage(source: source, target: target, width: width, height: height, progress: p, style: style)
            .map { 255 * Double(style.tint.alpha) / 255 * $0 }
    }
}
