import AlphaRaster
import Testing
@testable import MorphKernel

/// Bad input throws the documented error, naming the parameter, and never traps.
@Suite struct ValidationTests {
    struct StyleCase: CustomTestStringConvertible, Sendable {
        let style: MorphStyle
        let parameter: MorphParameter
        var testDescription: String { "\(parameter): \(style)" }
    }

    static let badStyles: [StyleCase] = [
        StyleCase(style: MorphStyle(maxBlurRadius: -1), parameter: .maxBlurRadius),
        StyleCase(style: MorphStyle(maxBlurRadius: .nan), parameter: .maxBlurRadius),
        StyleCase(style: MorphStyle(maxBlurRadius: .infinity), parameter: .maxBlurRadius),
        StyleCase(style: MorphStyle(maxBlurRadius: 1000.01), parameter: .maxBlurRadius),
        StyleCase(style: MorphStyle(blurLevels: 1), parameter: .blurLevels),
        StyleCase(style: MorphStyle(blurLevels: 0), parameter: .blurLevels),
        StyleCase(style: MorphStyle(blurLevels: -7), parameter: .blurLevels),
        StyleCase(style: MorphStyle(blurLevels: 10_001), parameter: .blurLevels),
        StyleCase(style: MorphStyle(threshold: 0), parameter: .threshold),
        StyleCase(style: MorphStyle(threshold: -0.5), parameter: .threshold),
        StyleCase(style: MorphStyle(threshold: 1.01), parameter: .threshold),
        StyleCase(style: MorphStyle(threshold: .nan), parameter: .threshold),
        StyleCase(style: MorphStyle(softness: 0), parameter: .softness),
        StyleCase(style: MorphStyle(softness: 0.0009), parameter: .softness),
        StyleCase(style: MorphStyle(softness: -0.1), parameter: .softness),
        StyleCase(style: MorphStyle(threshold: 0.3, softness: 0.31), parameter: .softness),
        StyleCase(style: MorphStyle(softness: .fixed(.nan)), parameter: .softness),
        StyleCase(style: MorphStyle(softness: .fixed(.infinity)), parameter: .softness),
    ]

    @Test("styles out of range throw invalidParameter naming the parameter", arguments: badStyles)
    func badStyle(_ bad: StyleCase) {
        for attempt in [{ try bad.style.validate() }, { _ = try MorphRenderer(width: 4, height: 4, style: bad.style) }] {
            #expect(throws: (any Error).self) { try attempt() }
            do {
                try attempt()
            } catch let MorphError.invalidParameter(name, reason) {
                #expect(name == bad.parameter)
                #expect(!reason.isEmpty)
                #expect(MorphError.invalidParameter(name, reason: reason).description.hasPrefix("\(name): "))
            } catch {
                Issue.record("unexpected error \(error)")
            }
        }
    }

    @Test("edge values inside the ranges are accepted")
    func edgeStyles() throws {
        for style in [
            MorphStyle(maxBlurRadius: 0), MorphStyle(maxBlurRadius: 1000), MorphStyle(blurLevels: 2),
            MorphStyle(blurLevels: 10_000), MorphStyle(threshold: 1, softness: 1),
            MorphStyle(threshold: 0.001, softness: 0.001), MorphStyle(softness: 0.5),
        ] {
            try style.validate()
            _ = try MorphRenderer(width: 3, height: 2, style: style)
        }
    }

    @Test("sizes out of range throw invalidSize with the size")
    func badSizes() {
        // Narrow and short frames count their sides rounded up to 16 pixels, which the
        // renderer's memory holds: 1 × 2²⁸ would have asked for tens of gigabytes, 2²⁸ × 1
        // for about eleven.
        let cases: [(Int, Int)] = [
            (0, 5), (-3, 5), (5, 0), (5, Int.min), (Int.max, 2), (2, Int.max), (1 << 15, 1 << 15), (1 << 28 + 1, 1),
            (1, 1 << 28), (1, 1 << 24 + 1), (17, 1 << 23 + 1), (16_385, 16_383), (1 << 28, 1), (1 << 24 + 1, 1),
            (1 << 23 + 1, 17),
        ]
        for (width, height) in cases {
            #expect(!MorphRenderer.acceptsSize(width: width, height: height), "\(width)×\(height)")
            #expect(throws: MorphError.invalidSize(width: width, height: height)) {
                try MorphRenderer(width: width, height: height)
            }
            #expect(throws: MorphError.invalidSize(width: width, height: height)) {
                try CapturedField(width: width, height: height, values: [])
            }
        }
        // The largest sizes taken, checked without allocating a renderer of them.
        for (width, height) in [(16_384, 16_384), (1, 1 << 24), (16, 1 << 24), (17, 1 << 23), (1 << 24, 1), (1 << 24, 16), (1 << 23, 17)] {
            #expect(MorphRenderer.acceptsSize(width: width, height: height), "\(width)×\(height)")
        }
        // The distance field pads its icon fields' rows by the blur: narrow frames take fewer
        // rows, and every square up to 16384 still fits at the largest blur.
        let distance = MorphStyle(field: .distance, maxBlurRadius: 12)
        #expect(throws: MorphError.invalidSize(width: 1, height: 1 << 24)) {
            try MorphRenderer(width: 1, height: 1 << 24, style: distance)
        }
        #expect(MorphRenderer.distanceAcceptsSize(width: 1, height: (1 << 29) / 41, maxBlurRadius: 12))
        #expect(!MorphRenderer.distanceAcceptsSize(width: 1, height: (1 << 29) / 41 + 1, maxBlurRadius: 12))
        #expect(MorphRenderer.distanceAcceptsSize(width: 16_384, height: 16_384, maxBlurRadius: MorphStyle.maximumBlurRadius))
        // Its bounds pad each column of 16 pixels by the blur too: short frames take fewer
        // columns (2²⁴ × 1 at the largest blur took 16 GB).
        #expect(throws: MorphError.invalidSize(width: 1 << 24, height: 1)) {
            try MorphRenderer(width: 1 << 24, height: 1, style: MorphStyle(field: .distance, maxBlurRadius: MorphStyle.maximumBlurRadius))
        }
        let widest = (1 << 29) / 2017 / 16 * 16
        #expect(MorphRenderer.distanceAcceptsSize(width: widest, height: 1, maxBlurRadius: MorphStyle.maximumBlurRadius))
        #expect(!MorphRenderer.distanceAcceptsSize(width: widest + 1, height: 1, maxBlurRadius: MorphStyle.maximumBlurRadius))
        // Each message names the rule the size breaks, and only that one.
        let messages = [
            (0, 5, "0×5 pixels: each side must be at least 1 pixel"),
            (5, Int.min, "5×\(Int.min) pixels: each side must be at least 1 pixel"),
            (Int.max, 2, "is too large: the area, counting each side rounded up to a multiple of 16, must be at most 268435456"),
            (1 << 28, 1, "is too large: the area"),
            (17, 1 << 23 + 1, "is too large: the area"),
            (1, 1 << 24, "is too large for the distance field: its rows, and its columns (the width rounded up to a multiple of 16), each padded by twice the blur radius"),
            (1 << 24, 1, "is too large for the distance field: its rows, and its columns"),
        ]
        for (width, height, text) in messages {
            let description = MorphError.invalidSize(width: width, height: height).description
            #expect(description.contains(text), "\(description)")
            #expect(description.contains("distance") == text.contains("distance"), "\(description)")
        }
    }

    @Test("bad progress, mismatched masks and wrong output sizes throw and leave the output alone")
    func badRenderInputs() throws {
        let renderer = try MorphRenderer(width: 6, height: 4)
        let mask = try AlphaMask(width: 6, height: 4, pixels: [UInt8](repeating: 255, count: 24))
        let wide = try AlphaMask(width: 7, height: 4)
        let tall = try AlphaMask(width: 6, height: 5)
        enum Expected { case parameter(MorphParameter), mismatch(MorphInput), buffer(needed: Int), fits }
        let cases: [(String, AlphaMask, AlphaMask, Double, Int, Bool, Expected)] = [
            ("NaN progress", mask, mask, .nan, 96, true, .parameter(.progress)),
            ("negative progress", mask, mask, -0.01, 96, true, .parameter(.progress)),
            ("progress above 1", mask, mask, 1.0001, 24, false, .parameter(.progress)),
            ("infinite progress", mask, mask, .infinity, 24, false, .parameter(.progress)),
            ("wide source", wide, mask, 0.5, 96, true, .mismatch(.source)),
            ("tall target", mask, tall, 0.5, 24, false, .mismatch(.target)),
            ("RGBA buffer too small", mask, mask, 0.5, 95, true, .buffer(needed: 96)),
            ("alpha buffer given to RGBA", mask, mask, 0.5, 24, true, .buffer(needed: 96)),
            ("empty buffer", mask, mask, 0.5, 0, false, .buffer(needed: 24)),
            // A larger buffer is fine: the frame fills its start and the rest stays.
            ("RGBA buffer too large", mask, mask, 0.5, 97, true, .fits),
            ("RGBA buffer given to alpha", mask, mask, 0.5, 96, false, .fits),
        ]
        for (label, source, target, progress, bytes, rgba, expected) in cases {
            var buffer = [UInt8](repeating: 0xAB, count: bytes)
            do {
                try buffer.withUnsafeMutableBytes { raw in
                    if rgba {
                        try renderer.render(source: source, target: target, progress: progress, into: raw, format: .rgba8)
                    } else {
                        try renderer.render(source: source, target: target, progress: progress, into: raw, format: .alpha8)
                    }
                }
                if case .fits = expected {
                    let frameBytes = rgba ? 96 : 24
                    #expect(buffer[..<frameBytes].allSatisfy { $0 != 0xAB }, "\(label): frame not written")
                    #expect(buffer[frameBytes...].allSatisfy { $0 == 0xAB }, "\(label): written past the frame")
                    continue
                }
                Issue.record("\(label): no error")
            } catch let error as MorphError {
                switch (error, expected) {
                case (.invalidParameter(let name, _), .parameter(let parameter)):
                    #expect(name == parameter, "\(label)")
                case (.sizeMismatch(let input, _, _, let expectedWidth, let expectedHeight), .mismatch(let named)):
                    #expect(input == named && expectedWidth == 6 && expectedHeight == 4, "\(label): \(error)")
                    #expect("\(error)".hasSuffix("but the renderer is 6×4"), "\(label): \(error)")
                case (.bufferTooSmall(let count, let needed), .buffer(let expectedNeed)):
                    #expect(count == bytes && needed == expectedNeed, "\(label): \(error)")
                default:
                    Issue.record("\(label): unexpected \(error)")
                }
            }
            #expect(buffer.allSatisfy { $0 == 0xAB }, "\(label): output was written")
        }
        // The array conveniences check first too, and leave the array unchanged.
        var array: [UInt8] = [1, 2, 3]
        #expect(throws: MorphError.self) {
            try renderer.renderRGBA(source: wide, target: mask, progress: 0.5, into: &array)
        }
        #expect(throws: MorphError.self) {
            try renderer.renderAlpha(source: mask, target: mask, progress: -1, into: &array)
        }
        #expect(array == [1, 2, 3])
        // A coverage of another size is named as the coverage, not as a source mask.
        var rgba = [UInt8](repeating: 0xAB, count: 96)
        #expect {
            try rgba.withUnsafeMutableBytes { try renderer.render(coverage: wide, progress: 0.5, into: $0, format: .rgba8) }
        } throws: { error in
            guard case MorphError.sizeMismatch(.coverage, 7, 4, 6, 4) = error else { return false }
            return "\(error)".hasPrefix("the coverage mask is 7×4")
        }
        #expect(rgba.allSatisfy { $0 == 0xAB })
    }

    @Test("error descriptions are one-line sentences naming the problem")
    func descriptions() throws {
        do {
            _ = try MorphRenderer(width: 4, height: 4, style: MorphStyle(blurLevels: 1))
            Issue.record("no error")
        } catch {
            #expect("\(error)" == "blurLevels: must be from 2 to 10000, got 1")
        }
        let renderer = try MorphRenderer(width: 2, height: 2)
        var out = [UInt8](repeating: 0, count: 3)
        do {
            try out.withUnsafeMutableBytes {
                try renderer.render(source: try AlphaMask(width: 2, height: 2), target: try AlphaMask(width: 2, height: 2), progress: 0, into: $0, format: .alpha8)
            }
            Issue.record("no error")
        } catch {
            #expect("\(error)" == "the output buffer holds 3 bytes but the frame's rows need 4")
            #expect(!"\(error)".contains("\n"))
        }
    }
}
