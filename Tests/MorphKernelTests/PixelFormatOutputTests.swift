import AlphaRaster
import Foundation
import Testing
@_spi(Testing) @testable import MorphKernel

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
}
