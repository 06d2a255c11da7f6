import AlphaRaster
import Foundation
import Testing
@_spi(Testing) @testable import MorphKernel

extension PixelFormatOutputTests {
    // MARK: Buffers

    /// A frame rendered into a buffer with rows `bytesPerRow` apart and `tail` bytes after the
    /// last row's pixels, prefilled with `sentinel`.
    struct PaddedFrame {
        var bytes: [UInt8]
        let bytesPerRow: Int
        let bytesPerPixel: Int
        let sentinel: UInt8

        /// The pixels, tight.
        func pixels(width: Int, height: Int) -> [UInt8] {
            var out = [UInt8]()
            out.reserveCapacity(width * height * bytesPerPixel)
            for y in 0..<height { out += bytes[(y * bytesPerRow)..<(y * bytesPerRow + width * bytesPerPixel)] }
            return out
        }

        /// How many bytes outside the pixels lost the sentinel.
        func touchedPadding(width: Int, height: Int) -> Int {
            let rowBytes = width * bytesPerPixel
            var touched = 0
            for i in bytes.indices {
                let y = i / bytesPerRow, x = i % bytesPerRow
                let inPixels = y < height && x < rowBytes
                if !inPixels, bytes[i] != sentinel { touched += 1 }
            }
            return touched
        }
    }

    static func paddedBuffer(format: PixelFormat, padding: Int, tail: Int, sentinel: UInt8) -> PaddedFrame {
        let bpp = format.bytesPerPixel
        let bytesPerRow = width * bpp + padding
        return PaddedFrame(
            bytes: [UInt8](repeating: sentinel, count: (height - 1) * bytesPerRow + width * bpp + tail),
            bytesPerRow: bytesPerRow, bytesPerPixel: bpp, sentinel: sentinel)
    }

    static func render(
        _ renderer: MorphRenderer, _ frame: MorphFrame, format: PixelFormat, padding: Int, tail: Int = 5,
        sentinel: UInt8 = 0xA5
    ) throws -> PaddedFrame {
        var buffer = paddedBuffer(format: format, padding: padding, tail: tail, sentinel: sentinel)
        let stride = buffer.bytesPerRow
        try buffer.bytes.withUnsafeMutableBytes { try renderer.render(frame, into: $0, bytesPerRow: stride, format: format) }
        return buffer
    }

    static func renderTight(_ renderer: MorphRenderer, _ frame: MorphFrame, format: PixelFormat) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0x5A, count: width * height * format.bytesPerPixel)
        try bytes.withUnsafeMutableBytes { try renderer.render(frame, into: $0, format: format) }
        return bytes
    }

    // MARK: The independent expectation

    /// round(c · a / 255) in float64 (never a tie: 255 is odd).
    static func premultiplied(_ c: UInt8, _ a: UInt8) -> UInt8 {
        UInt8((Double(c) * Double(a) / 255).rounded())
    }

    /// The tint of the frame at `p` by the documented ramp, with the test's own Oklab:
    /// Oklab coordinates blended at the eased progress, back to the nearest sRGB bytes,
    /// alpha round(α₀ + (α₁ − α₀) · e).
    static func referenceTint(_ style: MorphStyle, progress p: Double) -> [UInt8] {
        let start = style.tint
        guard let end = style.targetTint else { return [start.red, start.green, start.blue, start.alpha] }
        let e = ReferenceMorph.eased(p, style.easing)
        let a = ReferenceOklab.lab([start.red, start.green, start.blue])
        let b = ReferenceOklab.lab([end.red, end.green, end.blue])
        let rgb = ReferenceOklab.srgb((0..<3).map { a[$0] + (b[$0] - a[$0]) * e })
        let alpha = (Double(start.alpha) + (Double(end.alpha) - Double(start.alpha)) * e).rounded()
        return rgb + [UInt8(alpha)]
    }

    /// The coverage α of every pixel of `frame` in float64 (`ReferenceMorph`, or
    /// `ReferenceThreeWayMorph` with a captured field).
    static func referenceCoverage(_ frame: MorphFrame, style: MorphStyle) -> [Double] {
        let s = frame.source.pixels, t = frame.target.pixels, p = frame.progress
        guard let captured = frame.captured, frame.capturedWeight > 0 else {
            return ReferenceMorph.coverage(source: s, target: t, width: width, height: height, progress: p, style: style)
        }
        let w = frame.capturedWeight
        let v = ReferenceThreeWayMorph.field(
            source: s, target: t, captured: captured.values, weight: w, width: width, height: height, progress: p,
            style: style)
        switch style.softness {
        case .fixed(let softness):
            return v.map { ReferenceMorph.smoothstep(style.threshold - softness, style.threshold, $0) }
        case .automatic:
            let radius = (pow(ReferenceMorph.radius(progress: p, style: style), 2) + w * pow(captured.blurRadius, 2))
                .squareRoot()
            return ReferenceMorph.automaticCoverage(
                field: v, width: width, height: height, radius: radius, threshold: style.threshold)
        }
    }

    /// Whether the style rounds coverage at 255 and rescales it to the tint's alpha (the
    /// tint's alpha changes along the morph).
    static func rescales(_ style: MorphStyle) -> Bool {
        style.targetTint.map { $0.alpha != style.tint.alpha } ?? false
    }

    /// The straight RGBA pixel the finish documents for the coverage byte `k` the kernel
    /// rounds (at 255 when `rescales`, else at the tint's alpha), for the frame's `tint`:
    /// A = round(k · tintAlpha / 255) when rescaling, else k; then "over" the background.
    static func finish(_ k: Int, style: MorphStyle, tint: [UInt8]) -> [UInt8] {
        let a = rescales(style) ? UInt8((Double(k) * Double(tint[3]) / 255).rounded()) : UInt8(k)
        return style.background.map {
            referenceOver(Array(tint[0..<3]), alpha: a, background: [$0.red, $0.green, $0.blue, $0.alpha])
        } ?? [tint[0], tint[1], tint[2], a]
    }

    /// The pixels the float64 oracle allows for coverage α: the kernel's coverage byte may be
    /// within ±1 of the rounded reference (the accuracy tests' rule), and everything after
    /// it is exact, so a pixel must be the finish of one of those bytes. The first is the
    /// finish of round(reference).
    static func allowedPixels(coverage alpha: Double, style: MorphStyle, tint: [UInt8]) -> [[UInt8]] {
        let scale = rescales(style) ? 255 : Int(tint[3])
        let nearest = Int((alpha * Double(scale)).rounded())
        var pixels: [[UInt8]] = []
        for k in [nearest, nearest - 1, nearest + 1] where k >= 0 && k <= scale {
            let pixel = finish(k, style: style, tint: tint)
            if !pixels.contains(pixel) { pixels.append(pixel) }
        }
        return pixels
    }

    /// The style's geometry with a plain tint (no ramp, no background) of the alpha the
    /// kernel rounds coverage at: its alpha output is the coverage byte k of `style`'s
    /// frames, which `finish` turns into their pixels exactly.
    static func bare(_ style: MorphStyle) -> MorphStyle {
        var bare = style
        bare.tint = TintColor(red: 0, green: 0, blue: 0, alpha: rescales(style) ? 255 : style.tint.alpha)
        bare.targetTint = nil
        bare.background = nil
        return bare
    }
}
