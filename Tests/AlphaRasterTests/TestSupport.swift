@_exported import _TestSupport
import IconMorphPNG
import PNGCodec
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A random image of `format` with uniformly random bytes in every channel.
func randomImage(width: Int, height: Int, format: PNGImage.PixelFormat = .rgba, seed: UInt64) -> PNGImage {
    var rng = SplitMix64(seed: seed)
    let bytes = (0..<(width * height * format.channels)).map { _ in UInt8.random(in: 0...255, using: &rng) }
    return try! PNGImage(width: width, height: height, format: format, pixels: bytes)
}

/// An RGBA image whose alpha is `alpha(x, y)` and whose colour is white.
func alphaImage(width: Int, height: Int, _ alpha: (Int, Int) -> UInt8) -> PNGImage {
    var bytes = [UInt8](repeating: 255, count: width * height * 4)
    for y in 0..<height {
        for x in 0..<width { bytes[(y * width + x) * 4 + 3] = alpha(x, y) }
    }
    return try! PNGImage(width: width, height: height, format: .rgba, pixels: bytes)
}

/// The alpha channel of `image` as Doubles, row-major.
func alphaPlane(_ image: PNGImage) -> [Double] {
    let c = image.format.channels
    return (0..<(image.width * image.height)).map { Double(image.pixels[$0 * c + c - 1]) }
}

/// Where the fitted image lands, in mask pixels, computed straight from the documented rule.
struct Fit {
    var scale: Double
    var offsetX: Double
    var offsetY: Double
    var maskWidth: Int
    var maskHeight: Int

    init(imageWidth: Int, imageHeight: Int, boxWidth: Int, boxHeight: Int, padding: Int) {
        scale = min(Double(boxWidth) / Double(imageWidth), Double(boxHeight) / Double(imageHeight))
        offsetX = Double(padding) + (Double(boxWidth) - Double(imageWidth) * scale) / 2
        offsetY = Double(padding) + (Double(boxHeight) - Double(imageHeight) * scale) / 2
        maskWidth = boxWidth + 2 * padding
        maskHeight = boxHeight + 2 * padding
    }
}

/// Float64 oracle for area-correct downscaling: each mask pixel integrates the piecewise
/// constant source over its footprint directly in 2-D (overlap area × value), then divides
/// by the footprint's full area (outside the image counts as 0).
func referenceAreaResample(_ plane: [Double], width: Int, height: Int, fit: Fit) -> [Double] {
    var out = [Double](repeating: 0, count: fit.maskWidth * fit.maskHeight)
    let footprintArea = (1 / fit.scale) * (1 / fit.scale)
    for my in 0..<fit.maskHeight {
        let top = (Double(my) - fit.offsetY) / fit.scale
        let bottom = (Double(my + 1) - fit.offsetY) / fit.scale
        for mx in 0..<fit.maskWidth {
            let left = (Double(mx) - fit.offsetX) / fit.scale
            let right = (Double(mx + 1) - fit.offsetX) / fit.scale
            var sum = 0.0
            for sy in 0..<height {
                let h = min(bottom, Double(sy + 1)) - max(top, Double(sy))
                if h <= 0 { continue }
                for sx in 0..<width {
                    let w = min(right, Double(sx + 1)) - max(left, Double(sx))
                    if w <= 0 { continue }
                    sum += w * h * plane[sy * width + sx]
                }
            }
            out[my * fit.maskWidth + mx] = sum / footprintArea
        }
    }
    return out
}

/// Float64 oracle for upscaling: the bilinear interpolation of pixel centres (edge samples
/// repeated, zero outside the image) averaged over each mask pixel's footprint by a
/// `samples`² midpoint rule over the part of the footprint inside the image, times the
/// covered fraction.
func referenceTentResample(_ plane: [Double], width: Int, height: Int, fit: Fit, samples: Int = 24) -> [Double] {
    func value(_ u: Double, _ v: Double) -> Double {
        let px = u - 0.5, py = v - 0.5
        let x0 = Int(px.rounded(.down)), y0 = Int(py.rounded(.down))
        let tx = px - Double(x0), ty = py - Double(y0)
        func s(_ x: Int, _ y: Int) -> Double {
            plane[min(max(y, 0), height - 1) * width + min(max(x, 0), width - 1)]
        }
        let upper = s(x0, y0) * (1 - tx) + s(x0 + 1, y0) * tx
        let lower = s(x0, y0 + 1) * (1 - tx) + s(x0 + 1, y0 + 1) * tx
        return upper * (1 - ty) + lower * ty
    }
    var out = [Double](repeating: 0, count: fit.maskWidth * fit.maskHeight)
    let side = 1 / fit.scale
    for my in 0..<fit.maskHeight {
        let top = max((Double(my) - fit.offsetY) / fit.scale, 0)
        let bottom = min((Double(my + 1) - fit.offsetY) / fit.scale, Double(height))
        if bottom <= top { continue }
        for mx in 0..<fit.maskWidth {
            let left = max((Double(mx) - fit.offsetX) / fit.scale, 0)
            let right = min((Double(mx + 1) - fit.offsetX) / fit.scale, Double(width))
            if right <= left { continue }
            var sum = 0.0
            for j in 0..<samples {
                let v = top + (Double(j) + 0.5) / Double(samples) * (bottom - top)
                for i in 0..<samples {
                    let u = left + (Double(i) + 0.5) / Double(samples) * (right - left)
                    sum += value(u, v)
                }
            }
            let mean = sum / Double(samples * samples)
            out[my * fit.maskWidth + mx] = mean * (right - left) * (bottom - top) / (side * side)
        }
    }
    return out
}

/// The largest |mask − reference| over all pixels.
func maxDifference(_ mask: [UInt8], _ reference: [Double]) -> Double {
    zip(mask, reference).map { abs(Double($0) - $1) }.max() ?? 0
}

/// How much longer a time bound in these tests may take: 4 under a sanitizer
/// (`ICONMORPH_SANITIZER`, set by Scripts/sanitize), whose instrumentation slows the code
/// several times over; 1 otherwise.
let sanitizerTimeScale: Double = getenv("ICONMORPH_SANITIZER") == nil ? 1 : 4
