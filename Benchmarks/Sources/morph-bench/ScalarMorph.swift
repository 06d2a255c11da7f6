import Foundation
import MorphKernel

/// The baseline: the same frame math written as plain scalar Swift over arrays, the way one
/// would write it without thinking about speed (separate passes, bounds tests in the loops),
/// in single precision like the kernel. Buffers are allocated once, outside the timed block.
struct ScalarMorph {
    let width: Int
    let height: Int
    let style: MorphStyle
    /// s of the smoothstep edge; the style must have the same fixed softness.
    let softness: Double
    private var mixed: [Float]
    private var horizontal: [Float]
    private var vertical: [Float]

    init(width: Int, height: Int, style: MorphStyle, softness: Double) {
        self.width = width
        self.height = height
        self.style = style
        self.softness = softness
        mixed = [Float](repeating: 0, count: width * height)
        horizontal = mixed
        vertical = mixed
    }

    /// Writes the frame's RGBA bytes into `output` (width × height × 4).
    mutating func render(source: [UInt8], target: [UInt8], progress p: Double, into output: inout [UInt8]) {
        let e = style.easing(p)
        let b = sin(Double.pi * e)
        let levels = style.blurLevels
        let k = Int((b * Double(levels - 1)).rounded())
        let radius = style.maxBlurRadius * Double(k) / Double(levels - 1)
        let n = Int(radius.rounded(.up))
        var weights = [Float](repeating: 1, count: 2 * n + 1)
        if n > 0 {
            let sigma = radius / 2
            var raw = [Double](repeating: 0, count: 2 * n + 1)
            for i in -n...n { raw[i + n] = exp(-Double(i * i) / (2 * sigma * sigma)) }
            let sum = raw.reduce(0, +)
            for i in raw.indices { weights[i] = Float(raw[i] / sum) }
        }
        let ws = Float(1 - e) / 255, wt = Float(e) / 255
        for i in 0..<width * height {
            mixed[i] = ws * Float(source[i]) + wt * Float(target[i])
        }
        for y in 0..<height {
            for x in 0..<width {
                var sum: Float = 0
                for i in -n...n where x + i >= 0 && x + i < width {
                    sum += weights[i + n] * mixed[y * width + x + i]
                }
                horizontal[y * width + x] = sum
            }
        }
        for y in 0..<height {
            for x in 0..<width {
                var sum: Float = 0
                for i in -n...n where y + i >= 0 && y + i < height {
                    sum += weights[i + n] * horizontal[(y + i) * width + x]
                }
                vertical[y * width + x] = sum
            }
        }
        let lower = Float(style.threshold - softness), span = Float(softness)
        let tint = style.tint
        for i in 0..<width * height {
            let u = min(max((vertical[i] - lower) / span, 0), 1)
            let alpha = u * u * (3 - 2 * u) * Float(tint.alpha)
            output[4 * i] = tint.red
            output[4 * i + 1] = tint.green
            output[4 * i + 2] = tint.blue
            output[4 * i + 3] = UInt8(alpha.rounded())
        }
    }
}
