import AlphaRaster
import Foundation
import Testing
@testable import MorphKernel

/// Frames rendered into host memory (`MorphRenderer.render(_:into:bytesPerRow:format:)` and
/// its two-mask and animator forms) in every frame format, held to what the docs define:
/// every format carries the frame's straight RGBA bytes (`.bgra8` swapped, premultiplied
/// ones as round(c · a / 255), `.alpha8` the alpha), padding and the bytes after the last
/// row are never written, and the straight bytes are the float64 frame math finished by the
/// test's own Oklab ramp and "over".
///
/// Allocation per frame is not checked here: the only counter the project has is a preloaded
/// `malloc` (`Benchmarks/Tools/count-allocations.c`, used by morph-bench), which cannot run
/// inside this test process.
@Suite struct PixelFormatOutputTests {
    /// The formats frames are rendered in.
    static let frameFormats: [PixelFormat] = [.rgba8, .bgra8, .rgba8Premultiplied, .bgra8Premultiplied, .alpha8]

    static let width = 37, height = 35

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let style: MorphStyle
        var testDescription: String { name }
    }

    static let red = TintColor(red: 220, green: 38, blue: 71)
    static let teal = TintColor(red: 0x34, green: 0x78, blue: 0xF6)

    static let cases: [Case] = [
        Case(name: "opaque tint, automatic", style: MorphStyle(maxBlurRadius: 5, tint: red)),
        Case(name: "tint alpha 128, fixed 0.05",
             style: MorphStyle(maxBlurRadius: 4, softness: 0.05, tint: TintColor(red: 200, green: 100, blue: 50, alpha: 128))),
        Case(name: "tint alpha 1, fixed 0.3, linear",
             style: MorphStyle(maxBlurRadius: 3, threshold: 0.4, softness: 0.3, easing: .linear,
                               tint: TintColor(red: 255, green: 255, blue: 255, alpha: 1))),
        Case(name: "target tint, same alpha 180, automatic",
             style: MorphStyle(maxBlurRadius: 5, tint: TintColor(red: 255, green: 59, blue: 48, alpha: 180),
                               targetTint: TintColor(red: 52, green: 199, blue: 89, alpha: 180))),
        Case(name: "target tint, opaque to alpha 64, fixed 0.2",
             style: MorphStyle(maxBlurRadius: 4, threshold: 0.45, softness: 0.2, tint: red,
                               targetTint: TintColor(red: 10, green: 20, blue: 250, alpha: 64))),
        Case(name: "translucent background, tint alpha 200, automatic",
             style: MorphStyle(maxBlurRadius: 5, tint: TintColor(red: 1, green: 254, blue: 128, alpha: 200),
                               background: TintColor(red: 32, green: 64, blue: 96, alpha: 128))),
        Case(name: "opaque background, target tint of another alpha, automatic",
             style: MorphStyle(maxBlurRadius: 6, tint: teal,
                               targetTint: TintColor(red: 255, green: 149, blue: 0, alpha: 90),
                               background: TintColor(red: 255, green: 255, blue: 255))),
        Case(name: "tint alpha 0 → 255 over a background of alpha 1, fixed 0.1",
             style: MorphStyle(maxBlurRadius: 3, softness: 0.1, tint: TintColor(red: 9, green: 8, blue: 7, alpha: 0),
                               targetTint: TintColor(red: 240, green: 240, blue: 20, alpha: 255),
                               background: TintColor(red: 200, green: 10, blue: 90, alpha: 1))),
        Case(name: "opaque black background, translucent tint, unblurred automatic",
             style: MorphStyle(maxBlurRadius: 0, tint: TintColor(red: 17, green: 34, blue: 51, alpha: 77),
                               background: TintColor(red: 0, green: 0, blue: 0))),
    ]

    static let progresses: [Double] = [0, 0.13, 0.5, 0.77, 1]

    static func masks() -> (AlphaMask, AlphaMask, AlphaMask) {
        TestMasks.three(width: width, height: height, seed: 0x0F0_4A7, kinds: (.discs, .discs, .noise))
    }

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

    // MARK: Tests

    /// For each style, plain and captured-field frames at several progress values in every
    /// format into padded rows (odd paddings, a sentinel in the padding and after the last
    /// row): the padding keeps the sentinel, tight rows are the same pixels, a threaded and an
    /// unskipping renderer give the same buffer; BGRA is RGBA swapped, premultiplied is
    /// round(c · a / 255) of RGBA computed here, alpha8 is RGBA's alpha, premultiplied comes
    /// back to straight within rounding; and RGBA is the finish (done here) of the kernel's
    /// coverage byte exactly, and of the float64 oracle's coverage within its ±1.
    @Test(arguments: cases)
    func everyFormatCarriesTheStraightFrame(_ testCase: Case) throws {
        let style = testCase.style
        let (a, b, c) = Self.masks()
        let renderer = try MorphRenderer(width: Self.width, height: Self.height, style: style)
        // Two more renderers that must give the same bytes: one splitting every frame over two
        // bands of threads, and one that computes every tile instead of filling flat ones.
        let threaded = try MorphRenderer(width: Self.width, height: Self.height, style: style, bandCount: 2)
        threaded.concurrentWorkThreshold = 0
        let unskipped = try MorphRenderer(width: Self.width, height: Self.height, style: style)
        unskipped.skipsFlatTiles = false
        let bare = try MorphRenderer(width: Self.width, height: Self.height, style: Self.bare(style))
        let captured = try renderer.captureField(of: MorphFrame(source: a, target: c, progress: 0.4))

        var frames: [(String, MorphFrame)] = Self.progresses.map {
            ("p = \($0)", MorphFrame(source: a, target: b, progress: $0))
        }
        frames += [(0.0, 1.0), (0.2, 0.6), (0.5, 0.3)].map { p, w in
            ("p = \(p), captured w = \(w)",
             MorphFrame(source: a, target: b, progress: p, captured: captured, capturedWeight: w))
        }
        var paddingIndex = 0
        var offByOne = 0, checkedPixels = 0
        for (frameIndex, (label, frame)) in frames.enumerated() {
            let context = "\(testCase.name), \(label)"
            var outputs: [PixelFormat: [UInt8]] = [:]
            for (formatIndex, format) in Self.frameFormats.enumerated() {
                // Odd paddings, so rows of four-byte pixels start unaligned too.
                let padding = [1, 3, 5, 7, 13][paddingIndex % 5]
                let sentinel: UInt8 = paddingIndex % 2 == 0 ? 0xA5 : 0x5A
                paddingIndex += 1
                let padded = try Self.render(renderer, frame, format: format, padding: padding, sentinel: sentinel)
                #expect(padded.touchedPadding(width: Self.width, height: Self.height) == 0,
                        "\(format) wrote outside its pixels; \(context)")
                let pixels = padded.pixels(width: Self.width, height: Self.height)
                // Tight rows, and the other renderers, on some formats a frame, in turn (debug-build
                // time): each format meets each over the frames.
                let turn = (formatIndex + Self.frameFormats.count - frameIndex % Self.frameFormats.count)
                    % Self.frameFormats.count
                if turn < 2 {
                    #expect(try Self.renderTight(renderer, frame, format: format) == pixels,
                            "\(format) tight ≠ padded; \(context)")
                }
                if turn == 0 {
                    for (name, other) in [("threaded", threaded), ("unskipped", unskipped)] {
                        let again = try Self.render(other, frame, format: format, padding: padding, sentinel: sentinel)
                        #expect(again.bytes == padded.bytes, "\(format) \(name) renderer differs; \(context)")
                    }
                }
                outputs[format] = pixels
            }
            let rgba = outputs[.rgba8]!, bgra = outputs[.bgra8]!
            let rgbaP = outputs[.rgba8Premultiplied]!, bgraP = outputs[.bgra8Premultiplied]!, alpha = outputs[.alpha8]!
            var badSwap = 0, badPremultiplied = 0, badAlpha = 0, badInverse = 0, badZero = 0
            for i in 0..<(Self.width * Self.height) {
                let (r, g, bl, al) = (rgba[4 * i], rgba[4 * i + 1], rgba[4 * i + 2], rgba[4 * i + 3])
                if [bgra[4 * i], bgra[4 * i + 1], bgra[4 * i + 2], bgra[4 * i + 3]] != [bl, g, r, al] { badSwap += 1 }
                let expected = [Self.premultiplied(r, al), Self.premultiplied(g, al), Self.premultiplied(bl, al), al]
                if Array(rgbaP[(4 * i)..<(4 * i + 4)]) != expected { badPremultiplied += 1 }
                if [bgraP[4 * i + 2], bgraP[4 * i + 1], bgraP[4 * i], bgraP[4 * i + 3]] != expected { badPremultiplied += 1 }
                if alpha[i] != al { badAlpha += 1 }
                if al == 0 {
                    if rgbaP[4 * i] != 0 || rgbaP[4 * i + 1] != 0 || rgbaP[4 * i + 2] != 0 { badZero += 1 }
                } else {
                    // Un-premultiplying: c_p = c·a/255 + ε with |ε| ≤ ½, so c_p · 255 / a is
                    // within 127.5 / a of c.
                    for (straight, stored) in [(r, rgbaP[4 * i]), (g, rgbaP[4 * i + 1]), (bl, rgbaP[4 * i + 2])] {
                        let back = Double(stored) * 255 / Double(al)
                        if abs(back - Double(straight)) > 127.5 / Double(al) + 1e-9 { badInverse += 1 }
                    }
                }
            }
            #expect(badSwap == 0, "\(badSwap) BGRA pixels are not the RGBA ones swapped; \(context)")
            #expect(badPremultiplied == 0, "\(badPremultiplied) premultiplied pixels ≠ round(c·a/255); \(context)")
            #expect(badAlpha == 0, "\(badAlpha) alpha8 bytes ≠ the RGBA alpha; \(context)")
            #expect(badZero == 0, "\(badZero) transparent premultiplied pixels with colour; \(context)")
            #expect(badInverse == 0, "\(badInverse) channels do not come back from premultiplied; \(context)")

            // The straight bytes against the float64 frame math and the test's own finish:
            // exactly on the kernel's own coverage bytes, and within the oracle's ±1 on the
            // float64 coverage.
            let coverage = Self.referenceCoverage(frame, style: style)
            let tint = Self.referenceTint(style, progress: frame.progress)
            let coverageBytes = try Self.renderTight(bare, frame, format: .alpha8)
            var badFinish = 0, badReference = 0
            for i in 0..<(Self.width * Self.height) {
                let pixel = Array(rgba[(4 * i)..<(4 * i + 4)])
                if pixel != Self.finish(Int(coverageBytes[i]), style: style, tint: tint) { badFinish += 1 }
                let nearest = Int((coverage[i] * Double(Self.rescales(style) ? 255 : Int(tint[3]))).rounded())
                if pixel != Self.finish(nearest, style: style, tint: tint) {
                    if Self.allowedPixels(coverage: coverage[i], style: style, tint: tint).contains(pixel) {
                        offByOne += 1
                    } else {
                        badReference += 1
                    }
                }
                checkedPixels += 1
            }
            #expect(badFinish == 0, "\(badFinish) RGBA pixels are not the finish of the coverage byte; \(context)")
            #expect(badReference == 0, "\(badReference) RGBA pixels outside the reference's ±1; \(context)")
        }
        // The ±1 is for single-precision rounding at ties, not a licence to be off: the
        // accuracy tests measure bytes within 0.5 of the reference, so off-by-one pixels are
        // rare.
        #expect(offByOne * 100 < checkedPixels, "\(offByOne) of \(checkedPixels) pixels one coverage step off")
    }

    /// The end frames carry `tint` and `targetTint` exactly where the shape covers alone.
    @Test func tintRampEndsAreExact() throws {
        let start = TintColor(red: 255, green: 59, blue: 48, alpha: 200)
        let end = TintColor(red: 10, green: 132, blue: 255, alpha: 60)
        let style = MorphStyle(maxBlurRadius: 4, tint: start, targetTint: end)
        let full = try AlphaMask(width: 8, height: 4, pixels: [UInt8](repeating: 255, count: 32))
        let renderer = try MorphRenderer(width: 8, height: 4, style: style)
        for (p, color) in [(0.0, start), (1.0, end)] {
            var rgba = [UInt8](repeating: 0, count: 8 * 4 * 4)
            try rgba.withUnsafeMutableBytes {
                try renderer.render(source: full, target: full, progress: p, into: $0, format: .rgba8)
            }
            for i in 0..<32 {
                #expect(Array(rgba[(4 * i)..<(4 * i + 4)]) == [color.red, color.green, color.blue, color.alpha], "p = \(p)")
            }
        }
    }

    /// `tint(atProgress:)` is the Oklab blend at the eased progress, for colour pairs whose
    /// blends leave the sRGB gamut by a hair (red → green, blue → yellow) or run along the
    /// gray axis, both easings, 257 progress values each.
    @Test func tintRampFollowsOklab() {
        let pairs: [(TintColor, TintColor)] = [
            (TintColor(red: 255, green: 0, blue: 0), TintColor(red: 0, green: 255, blue: 0, alpha: 30)),
            (TintColor(red: 0, green: 0, blue: 255, alpha: 7), TintColor(red: 255, green: 255, blue: 0)),
            (TintColor(red: 0, green: 0, blue: 0), TintColor(red: 255, green: 255, blue: 255, alpha: 0)),
            (Self.teal, Self.red),
        ]
        var mismatches: [String] = []
        for (start, end) in pairs {
            for easing in [MorphEasing.smooth, .linear] {
                let style = MorphStyle(easing: easing, tint: start, targetTint: end)
                for step in 0...256 {
                    let p = Double(step) / 256
                    let got = style.tint(atProgress: p)
                    let want = Self.referenceTint(style, progress: p)
                    if [got.red, got.green, got.blue, got.alpha] != want {
                        mismatches.append("\(start) → \(end) \(easing) p = \(p): \(got) vs \(want)")
                    }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count): \(mismatches.prefix(3))")
    }

    /// A fully transparent background changes nothing in the straight bytes (every pixel is
    /// the tint at its own alpha), though it sends the frame through the table finish.
    @Test func transparentBackgroundIsNoBackground() throws {
        let (a, b, _) = Self.masks()
        let tint = TintColor(red: 90, green: 180, blue: 45, alpha: 201)
        let plain = try MorphRenderer(width: Self.width, height: Self.height, style: MorphStyle(maxBlurRadius: 5, tint: tint))
        let behind = try MorphRenderer(
            width: Self.width, height: Self.height,
            style: MorphStyle(maxBlurRadius: 5, tint: tint, background: TintColor(red: 3, green: 200, blue: 77, alpha: 0)))
        for p in Self.progresses {
            let frame = MorphFrame(source: a, target: b, progress: p)
            for format in Self.frameFormats {
                #expect(try Self.renderTight(plain, frame, format: format) == Self.renderTight(behind, frame, format: format),
                        "\(format) p = \(p)")
            }
        }
    }

    /// A buffer that starts at any byte (the host's pointer need not be aligned) gets the
    /// same bytes, and nothing before it or after it is written.
    @Test func unalignedOutputs() throws {
        let (a, b, _) = Self.masks()
        for style in [Self.cases[0].style, Self.cases[1].style, Self.cases[6].style] {
            let renderer = try MorphRenderer(width: Self.width, height: Self.height, style: style)
            for p in [0, 0.5] {
                let frame = MorphFrame(source: a, target: b, progress: p)
                for format in Self.frameFormats {
                    let expected = try Self.render(renderer, frame, format: format, padding: 3, tail: 0)
                    for offset in 1...3 {
                        var bytes = [UInt8](repeating: 0xA5, count: offset + expected.bytes.count + 4)
                        try bytes.withUnsafeMutableBytes { all in
                            let output = UnsafeMutableRawBufferPointer(rebasing: all[offset..<(offset + expected.bytes.count)])
                            try renderer.render(frame, into: output, bytesPerRow: expected.bytesPerRow, format: format)
                        }
                        #expect(Array(bytes[offset..<(offset + expected.bytes.count)]) == expected.bytes, "\(format) +\(offset)")
                        #expect(bytes[..<offset].allSatisfy { $0 == 0xA5 } && bytes.suffix(4).allSatisfy { $0 == 0xA5 })
                    }
                }
            }
        }
    }

    /// Every colour byte against every alpha byte: for each of 256 tints (each channel takes
    /// every value over the sweep), a frame whose alphas are all of 0…255, on both finishing
    /// paths (packed, and tabulated via a transparent background); premultiplied bytes must
    /// be round(c · a / 255) exactly.
    @Test func premultiplyWholeDomain() throws {
        // Unblurred, α = smoothstep(0, 1, V) with V = i / 255 (row 0) and (i + ½) / 255
        // (row 1, the mix of i and i + 1 at e = ½): the alpha steps by at most 0.75, so every
        // byte 0…255 occurs.
        let ramp = (0...255).map { UInt8($0) }
        let source = try AlphaMask(width: 256, height: 2, pixels: ramp + ramp)
        let target = try AlphaMask(width: 256, height: 2, pixels: ramp + ramp.map { $0 == 255 ? 255 : $0 + 1 })
        // The reference table, in float64.
        var table = [UInt8](repeating: 0, count: 256 * 256)
        for c in 0..<256 { for a in 0..<256 { table[c * 256 + a] = Self.premultiplied(UInt8(c), UInt8(a)) } }
        var failures = 0
        for value in 0..<256 {
            let tint = TintColor(red: UInt8(value), green: UInt8(255 - value), blue: UInt8((value + 85) % 256))
            for background: TintColor? in [nil, TintColor(red: 0, green: 0, blue: 0, alpha: 0)] {
                let style = MorphStyle(maxBlurRadius: 0, threshold: 1, softness: 1, tint: tint, background: background)
                let renderer = try MorphRenderer(width: 256, height: 2, style: style)
                func frame(_ format: PixelFormat) throws -> [UInt8] {
                    var bytes = [UInt8](repeating: 0, count: 512 * 4)
                    try bytes.withUnsafeMutableBytes {
                        try renderer.render(source: source, target: target, progress: 0.5, into: $0, format: format)
                    }
                    return bytes
                }
                let straight = try frame(.rgba8), rgbaP = try frame(.rgba8Premultiplied), bgraP = try frame(.bgra8Premultiplied)

                var alphas = Set<UInt8>()
                straight.withUnsafeBufferPointer { s in
                    rgbaP.withUnsafeBufferPointer { p in
                        bgraP.withUnsafeBufferPointer { q in
                            for i in 0..<512 {
                                let a = Int(s[4 * i + 3])
                                alphas.insert(UInt8(a))
                                let r = table[Int(tint.red) * 256 + a], g = table[Int(tint.green) * 256 + a]
                                let b = table[Int(tint.blue) * 256 + a]
                                let alpha = UInt8(a)
                                if s[4 * i] != tint.red || s[4 * i + 1] != tint.green || s[4 * i + 2] != tint.blue {
                                    failures += 1
                                }
                                if p[4 * i] != r || p[4 * i + 1] != g || p[4 * i + 2] != b || p[4 * i + 3] != alpha {
                                    failures += 1
                                }
                                if q[4 * i] != b || q[4 * i + 1] != g || q[4 * i + 2] != r || q[4 * i + 3] != alpha {
                                    failures += 1
                                }
                            }
                        }
                    }
                }
                #expect(alphas.count == 256, "the sweep missed \(256 - alphas.count) alpha values")
            }
        }
        #expect(failures == 0, "\(failures) pixels off")
    }

    // MARK: Errors

    /// Each bad output throws its typed error and leaves the buffer as it was, through both
    /// render entry points.
    @Test func badOutputsThrowAndWriteNothing() throws {
        let (a, b, _) = Self.masks()
        let w = Self.width, h = Self.height
        let renderer = try MorphRenderer(
            width: w, height: h, style: MorphStyle(maxBlurRadius: 4, background: TintColor(red: 1, green: 2, blue: 3)))
        let frame = MorphFrame(source: a, target: b, progress: 0.4)
        // Renders into `count` bytes of sentinel and returns the error, checking nothing changed.
        func failure(count: Int, bytesPerRow: Int?, format: PixelFormat, progress: Double = 0.4) -> [MorphError] {
            var errors: [MorphError] = []
            for viaFrame in [true, false] {
                var bytes = [UInt8](repeating: 0xC3, count: count)
                do {
                    try bytes.withUnsafeMutableBytes { output in
                        if viaFrame {
                            try renderer.render(
                                MorphFrame(source: a, target: b, progress: progress), into: output, bytesPerRow: bytesPerRow,
                                format: format)
                        } else {
                            try renderer.render(
                                source: a, target: b, progress: progress, into: output, bytesPerRow: bytesPerRow, format: format)
                        }
                    }
                    Issue.record("no error for \(count) bytes, bytesPerRow \(String(describing: bytesPerRow)), \(format)")
                } catch let error as MorphError {
                    errors.append(error)
                } catch {
                    Issue.record("not a MorphError: \(error)")
                }
                #expect(bytes.allSatisfy { $0 == 0xC3 }, "a failed render wrote to the buffer")
            }
            #expect(errors.count != 2 || errors[0] == errors[1], "the two entry points disagree: \(errors)")
            return errors
        }
        let big = 4 * w * h + 4 * h * 16
        for format in [PixelFormat.gray8, .grayAlpha8] {
            for stride in [nil, 4 * w + 3] as [Int?] {
                #expect(failure(count: big, bytesPerRow: stride, format: format) == twice(.unsupportedPixelFormat(format)))
            }
        }
        for format in Self.frameFormats {
            let rowBytes = w * format.bytesPerPixel
            for stride in [rowBytes - 1, 1, 0, -rowBytes] {
                #expect(failure(count: big, bytesPerRow: stride, format: format)
                    == twice(.invalidBytesPerRow(stride, width: w, format: format)), "\(format) stride \(stride)")
            }
            for padding in [0, 3] {
                let stride = rowBytes + padding
                let needed = (h - 1) * stride + rowBytes
                for count in [needed - 1, needed - rowBytes, 0] {
                    let expected = twice(.bufferTooSmall(byteCount: count, needed: needed))
                    #expect(failure(count: count, bytesPerRow: stride, format: format) == expected, "\(format) +\(padding)")
                    if padding == 0 {
                        #expect(failure(count: count, bytesPerRow: nil, format: format) == expected, "\(format) tight")
                    }
                }
                // Exactly `needed` bytes is enough: the last row needs no padding.
                var exact = [UInt8](repeating: 0xC3, count: needed)
                try exact.withUnsafeMutableBytes { try renderer.render(frame, into: $0, bytesPerRow: stride, format: format) }
                let padded = try Self.render(renderer, frame, format: format, padding: padding, tail: 0, sentinel: 0xC3)
                #expect(exact == padded.bytes)
            }
            // A stride so large the frame's extent overflows is a bad stride, not a trap.
            let errors = failure(count: big, bytesPerRow: Int.max / 2, format: format)
            #expect(errors == twice(.invalidBytesPerRow(Int.max / 2, width: Self.width, format: format)), "\(errors)")
            #expect("\(errors[0])".contains("more bytes than memory can address"))
            // A bad progress with a good buffer writes nothing either.
            let progressErrors = failure(count: big, bytesPerRow: nil, format: format, progress: 1.5)
            #expect(progressErrors.count == 2 && progressErrors.allSatisfy {
                if case .invalidParameter(.progress, _) = $0 { return true }
                return false
            })
        }
    }

    // MARK: The animator

    @Test func animatorRendersOnlyWhatChanged() throws {
        let (a, b, c) = Self.masks()
        let renderer = try MorphRenderer(
            width: Self.width, height: Self.height,
            style: MorphStyle(maxBlurRadius: 5, tint: Self.teal, background: TintColor(red: 250, green: 240, blue: 230, alpha: 200)))
        let animator = try MorphAnimator(renderer: renderer, source: a, target: b, progress: 0.3)
        let stride = Self.width * 4 + 9
        var buffer = [UInt8](repeating: 0, count: Self.height * (stride + 4))
        /// Fills the buffer with a sentinel, renders, and returns whether the animator drew.
        func draw(at time: Double, format: PixelFormat, bytesPerRow: Int? = stride) throws -> Bool {
            for i in buffer.indices { buffer[i] = 0xE7 }
            return try buffer.withUnsafeMutableBytes {
                try animator.render(at: time, into: $0, bytesPerRow: bytesPerRow, format: format)
            }
        }
        func expectFrame(at time: Double, format: PixelFormat, bytesPerRow: Int = stride, _ note: String) throws {
            var expected = [UInt8](repeating: 0xE7, count: buffer.count)
            try expected.withUnsafeMutableBytes {
                try renderer.render(try animator.frame(at: time), into: $0, bytesPerRow: bytesPerRow, format: format)
            }
            #expect(buffer == expected, "\(note)")
        }
        let untouched = [UInt8](repeating: 0xE7, count: buffer.count)

        #expect(try draw(at: 0, format: .rgba8))
        try expectFrame(at: 0, format: .rgba8, "first frame")
        // Nothing changed: not drawn, buffer not touched, at the same and at later times.
        #expect(try !draw(at: 0, format: .rgba8))
        #expect(buffer == untouched)
        #expect(try !draw(at: 5, format: .rgba8))
        #expect(buffer == untouched)
        // Another format is another frame, each time the format changes.
        for format in [PixelFormat.bgra8Premultiplied, .alpha8, .rgba8Premultiplied, .rgba8] {
            #expect(try draw(at: 5, format: format), "\(format)")
            try expectFrame(at: 5, format: format, "\(format)")
            #expect(try !draw(at: 5, format: format), "\(format) again")
            #expect(buffer == untouched)
        }
        // Another stride is another frame.
        #expect(try draw(at: 5, format: .rgba8, bytesPerRow: stride + 4))
        try expectFrame(at: 5, format: .rgba8, bytesPerRow: stride + 4, "wider stride")
        #expect(try !draw(at: 5, format: .rgba8, bytesPerRow: stride + 4))
        // A failing call (unsupported format) throws and leaves the buffer alone.
        #expect(throws: MorphError.unsupportedPixelFormat(.grayAlpha8)) { try draw(at: 5, format: .grayAlpha8) }
        #expect(buffer == untouched)
        // While animating every frame is new; once finished it rests again.
        try animator.animate(to: c, duration: 1, at: 6)
        for (time, format) in [(6.25, PixelFormat.bgra8), (6.5, .bgra8), (6.75, .rgba8Premultiplied)] {
            #expect(try draw(at: time, format: format), "t = \(time)")
            try expectFrame(at: time, format: format, "t = \(time)")
        }
        #expect(try draw(at: 8, format: .rgba8Premultiplied))
        try expectFrame(at: 8, format: .rgba8Premultiplied, "finished")
        #expect(try !draw(at: 9, format: .rgba8Premultiplied))
        #expect(buffer == untouched)
    }
}

/// The same error from both entry points.
private func twice(_ error: MorphError) -> [MorphError] { [error, error]
}

extension PixelFormatOutputTests {
    /// A tint ramp follows one morph's progress, which an animator reverses and restarts:
    /// an animator refuses such a style instead of letting the colour jump.
    @Test func animatorRefusesATintRamp() throws {
        let (a, b, _) = Self.masks()
        let renderer = try MorphRenderer(
            width: Self.width, height: Self.height, style: MorphStyle(maxBlurRadius: 5, tint: Self.teal, targetTint: Self.red))
        #expect {
            _ = try MorphAnimator(renderer: renderer, source: a, target: b)
        } throws: { error in
            guard case MorphError.invalidParameter(.targetTint, let reason) = error else { return false }
            return !reason.isEmpty
        }
    }

    /// `tint(atProgress:)` is public: a progress outside [0, 1] is clamped and NaN counts as
    /// 0, rather than trapping on an alpha out of 0…255.
    @Test func tintRampClampsProgress() {
        for easing in [MorphEasing.smooth, .linear] {
            let style = MorphStyle(
                easing: easing, tint: TintColor(red: 255, green: 0, blue: 0, alpha: 255),
                targetTint: TintColor(red: 0, green: 0, blue: 255, alpha: 0))
            #expect(style.tint(atProgress: 2) == style.tint(atProgress: 1))
            #expect(style.tint(atProgress: .infinity) == style.targetTint)
            #expect(style.tint(atProgress: -1.5) == style.tint)
            #expect(style.tint(atProgress: -.infinity) == style.tint)
            #expect(style.tint(atProgress: .nan) == style.tint)
        }
    }

    /// One renderer shared by threads that ask for different formats and progresses (so the
    /// finishing table is refilled between their frames) gives each the bytes it gives alone.
    @Test func sharedRendererKeepsEachCallersFinish() throws {
        let (a, b, _) = Self.masks()
        let style = MorphStyle(
            maxBlurRadius: 5, tint: Self.teal, targetTint: TintColor(red: 255, green: 149, blue: 0, alpha: 90),
            background: TintColor(red: 32, green: 64, blue: 96, alpha: 160))
        let shared = try MorphRenderer(width: Self.width, height: Self.height, style: style)
        let alone = try MorphRenderer(width: Self.width, height: Self.height, style: style)
        let jobs: [(PixelFormat, Double)] = [
            (.rgba8, 0.2), (.bgra8Premultiplied, 0.7), (.alpha8, 0.45), (.rgba8Premultiplied, 0.9), (.bgra8, 0.1),
        ]
        let expected = try jobs.map { format, p in
            try Self.renderTight(alone, MorphFrame(source: a, target: b, progress: p), format: format)
        }
        let results = ResultBox(count: jobs.count * 40)
        DispatchQueue.concurrentPerform(iterations: jobs.count * 40) { i in
            let (format, p) = jobs[i % jobs.count]
            results.set(i, try? Self.renderTight(shared, MorphFrame(source: a, target: b, progress: p), format: format))
        }
        for i in 0..<(jobs.count * 40) {
            #expect(results.get(i) == expected[i % jobs.count], "call \(i): \(jobs[i % jobs.count])")
        }
    }

    /// Results written by concurrent callers, each to its own slot.
    final class ResultBox: @unchecked Sendable {
        private var slots: [[UInt8]?]
        private let lock = NSLock()
        init(count: Int) { slots = Array(repeating: nil, count: count) }
        func set(_ i: Int, _ value: [UInt8]?) { lock.withLock { slots[i] = value } }
        func get(_ i: Int) -> [UInt8]? { lock.withLock { slots[i] } }
    }
}
