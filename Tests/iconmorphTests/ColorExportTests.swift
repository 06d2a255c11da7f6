import Foundation
import MorphKernel
import PNGCodec
import Testing
@testable import iconmorph

/// `--background` (straight-alpha "over") against a float64 reference, and `--color-to`
/// (an Oklab blend along the eased progress) against an Oklab computed here from the
/// published matrices in both directions.
@Suite(.serialized)
struct ColorExportTests {
    /// "Over" in float64: a = A/255 over a_b = B/255; a_out = a + a_b(1 − a); colour
    /// (c·a + c_b·a_b·(1 − a)) / a_out; each rounded to the nearest byte.
    static func over(_ color: [UInt8], alpha: UInt8, background: [UInt8]) -> [UInt8] {
        let a = Double(alpha) / 255, b = Double(background[3]) / 255
        let out = a + b * (1 - a)
        guard out > 0 else { return [color[0], color[1], color[2], 0] }
        let channels = (0..<3).map { UInt8(((Double(color[$0]) * a + Double(background[$0]) * b * (1 - a)) / out).rounded()) }
        return channels + [UInt8((out * 255).rounded())]
    }

    @Test func compositingMatchesFloat64Everywhere() {
        let colors: [[UInt8]] = [[0, 0, 0], [255, 255, 255], [0x34, 0x78, 0xF6], [255, 59, 48], [1, 254, 128]]
        let backgrounds: [[UInt8]] = [
            [255, 255, 255, 255], [0, 0, 0, 255], [32, 64, 96, 128], [200, 10, 90, 1], [17, 34, 51, 254], [9, 9, 9, 0],
        ]
        var checked = 0
        for color in colors {
            for background in backgrounds {
                let tint = TintColor(red: color[0], green: color[1], blue: color[2])
                let behind = TintColor(red: background[0], green: background[1], blue: background[2], alpha: background[3])
                for alpha in 0...255 {
                    let got = FrameColoring.over(tint, alpha: alpha, background: behind)
                    let want = Self.over(color, alpha: UInt8(alpha), background: background)
                    #expect([got.0, got.1, got.2, got.3] == want, "\(color) at \(alpha) over \(background)")
                    checked += 1
                }
            }
        }
        #expect(checked == 5 * 6 * 256)
    }

    /// The binary's frame over a translucent background equals the library's frame put over
    /// it in float64.
    @Test func backgroundEndToEnd() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("over.png")
        let oracle = try MorphOracle(style: MorphStyle(maxBlurRadius: 4, tint: TintColor(red: 255, green: 128, blue: 0)))
        let result = try ExportRun.iconmorph(
            ["render", "--progress", "0.4", "--color", "#FF8000", "--background", "#20406080", "-q", "-o", path]
                + MorphOracle.arguments)
        #expect(result.status == 0 && result.stderr == "")
        let image = try PNGImage(contentsOfFile: path)
        let expected = try oracle.alpha(0.4).flatMap { Self.over([255, 128, 0], alpha: $0, background: [0x20, 0x40, 0x60, 0x80]) }
        #expect(image.pixels == expected)
        // An opaque background gives an opaque file.
        let opaque = folder.file("opaque.png")
        #expect(try ExportRun.iconmorph(["render", "--progress", "0.4", "--background", "#FFFFFF", "-q", "-o", opaque]
            + MorphOracle.arguments).status == 0)
        #expect(try PNGImage(contentsOfFile: opaque).hasTransparency == false)
    }

    /// Oklab from Ottosson's published matrices, both ways as published (the product inverts
    /// the forward ones itself).
    enum ReferenceOklab {
        static func linear(_ c: UInt8) -> Double {
            let v = Double(c) / 255
            return v <= 0.04045 ? v / 12.92 : Foundation.pow((v + 0.055) / 1.055, 2.4)
        }

        static func lab(_ rgb: [UInt8]) -> [Double] {
            let (r, g, b) = (linear(rgb[0]), linear(rgb[1]), linear(rgb[2]))
            let l = Foundation.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
            let m = Foundation.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
            let s = Foundation.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
            return [0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
                    1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
                    0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s]
        }

        static func srgb(_ lab: [Double]) -> [UInt8] {
            let l = Foundation.pow(lab[0] + 0.3963377774 * lab[1] + 0.2158037573 * lab[2], 3)
            let m = Foundation.pow(lab[0] - 0.1055613458 * lab[1] - 0.0638541728 * lab[2], 3)
            let s = Foundation.pow(lab[0] - 0.0894841775 * lab[1] - 1.2914855480 * lab[2], 3)
            let linear = [4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
                          -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
                          -0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s]
            return linear.map { x in
                let c = min(max(x, 0), 1)
                let v = c <= 0.0031308 ? 12.92 * c : 1.055 * Foundation.pow(c, 1 / 2.4) - 0.055
                return UInt8((v * 255).rounded())
            }
        }
    }

    @Test func oklabKnownValuesAndRoundTrip() {
        // Published values: sRGB red is oklab(0.62796 0.22486 0.12585), white (1, 0, 0).
        let red = Oklab(red: 255, green: 0, blue: 0)
        #expect(abs(red.L - 0.62796) < 1e-4 && abs(red.a - 0.22486) < 1e-4 && abs(red.b - 0.12585) < 1e-4, "\(red)")
        let white = Oklab(red: 255, green: 255, blue: 255)
        #expect(abs(white.L - 1) < 1e-4 && abs(white.a) < 1e-4 && abs(white.b) < 1e-4, "\(white)")
        // Every 17th level of each channel comes back exactly, and agrees with the reference.
        var mismatches = 0
        for r in stride(from: 0, through: 255, by: 17) {
            for g in stride(from: 0, through: 255, by: 17) {
                for b in stride(from: 0, through: 255, by: 17) {
                    let lab = Oklab(red: UInt8(r), green: UInt8(g), blue: UInt8(b))
                    let back = lab.srgb
                    if [back.red, back.green, back.blue] != [UInt8(r), UInt8(g), UInt8(b)] { mismatches += 1 }
                    let reference = ReferenceOklab.lab([UInt8(r), UInt8(g), UInt8(b)])
                    if abs(reference[0] - lab.L) > 1e-9 || abs(reference[1] - lab.a) > 1e-9 || abs(reference[2] - lab.b) > 1e-9 {
                        mismatches += 1
                    }
                }
            }
        }
        #expect(mismatches == 0)
    }

    /// The first frame has `--color`, the last `--color-to`, the middle one (p = ½, e = ½ for
    /// both easings) the Oklab midpoint; alpha blends linearly.
    @Test(arguments: ["smooth", "linear"])
    func colorBlendEndpointsAndMidpoint(_ easing: String) throws {
        let from: [UInt8] = [255, 0, 0, 0x80], to: [UInt8] = [0, 0, 255, 255]
        let result = try ExportRun.iconmorph(
            ["render", "--frames", "3", "--color", "#FF000080", "--color-to", "#0000FF", "--ease", easing, "-q", "-o", "-"]
                + MorphOracle.arguments)
        #expect(result.status == 0 && result.stderr == "")
        let frames = result.stdout.frames(of: 32 * 32 * 4)
        try #require(frames.count == 3)
        let midpointLab = zip(ReferenceOklab.lab(from), ReferenceOklab.lab(to)).map { ($0 + $1) / 2 }
        let midpoint = ReferenceOklab.srgb(midpointLab) + [UInt8((Double(0x80 + 255) / 2).rounded())]
        for (frame, color) in zip(frames, [from, midpoint, to]) {
            // Every pixel has the frame's colour; fully covered pixels have its alpha.
            let colours = Set(stride(from: 0, to: frame.count, by: 4).map { Array(frame[$0..<($0 + 3)]) })
            #expect(colours == [Array(color.prefix(3))], "\(colours) vs \(color)")
            #expect(stride(from: 3, to: frame.count, by: 4).map { frame[$0] }.max() == color[3])
        }
        // The blend differs from a blend of the sRGB bytes (which would be 128, 0, 128).
        #expect(midpoint.prefix(3) != [128, 0, 128])
    }
}
