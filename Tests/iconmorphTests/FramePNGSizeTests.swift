import AlphaRaster
import IconSymbols
import MorphKernel
import PNGCodec
import Testing

/// The default encoder stores a gray morph frame as the smaller of its indexed file and its
/// gray+alpha file, though it skips the indexed file where the palette alone is half the
/// gray+alpha file (`PNGEncoder.indexedCanWin`): on real frames at the command's default
/// size, the skipped indexed files are never the smaller. Both sizes come from encoders that
/// make one file each.
struct FramePNGSizeTests {
    /// The bytes of the PLTE and tRNS chunks of a PNG file, headers and CRCs included.
    static func paletteBytes(_ png: [UInt8]) -> Int {
        var offset = 8, total = 0
        while offset + 8 <= png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
            if type == "PLTE" || type == "tRNS" { total += length + 12 }
            offset += length + 12
        }
        return total
    }

    @Test func framesAreTheSmallerOfIndexedAndGrayAlpha() throws {
        let box = IconBox(width: 44, height: 44, scale: 3)
        var noTrial = PNGCompression.default
        noTrial.triesGrayAlpha = false
        var unreduced = PNGCompression.default
        unreduced.reducesColorType = false
        var layouts: Set<UInt8> = []
        var skipped = 0
        let pairs: [(BuiltInSymbol, BuiltInSymbol, MorphStyle)] = [
            (.play, .pause, MorphStyle(maxBlurRadius: 12)), (.heart, .star, MorphStyle(maxBlurRadius: 12)),
            (.bell, .magnifyingglass, MorphStyle(maxBlurRadius: 12)), (.gear, .house, MorphStyle(maxBlurRadius: 24)),
            (.bolt, .cloud, MorphStyle(maxBlurRadius: 6, softness: .fixed(0.3))),
        ]
        for (from, to, style) in pairs {
            let source = try AlphaMask(icon: from.icon, box: box)
            let target = try AlphaMask(icon: to.icon, box: box)
            let (width, height) = (source.width, source.height)
            let renderer = try MorphRenderer(width: width, height: height, style: style)
            var alpha = [UInt8](repeating: 0, count: width * height)
            for frame in 0...30 {
                try alpha.withUnsafeMutableBytes {
                    try renderer.render(source: source, target: target, progress: Double(frame) / 30, into: $0, format: .alpha8)
                }
                let encode = { (compression: PNGCompression) in
                    try alpha.withUnsafeBytes { plane in
                        try PNGEncoder(compression: compression).withPNGData(
                            alpha: plane, width: width, height: height, red: 0, green: 0, blue: 0) { Array($0) }
                    }
                }
                let chosen = try encode(.default)
                let indexed = try encode(noTrial)
                let grayAlpha = try PNGImage(width: width, height: height, format: .grayAlpha, pixels: alpha.flatMap { [0, $0] })
                    .pngData(compression: unreduced)
                let smaller = grayAlpha.count < indexed.count ? grayAlpha : indexed
                let same = chosen == smaller
                #expect(same, "\(from) → \(to), frame \(frame): \(chosen.count) bytes, colour type \(chosen[25]), not \(smaller.count), \(smaller[25])")
                layouts.insert(chosen[25])
                if 2 * Self.paletteBytes(indexed) >= grayAlpha.count { skipped += 1 }
            }
        }
        // Both layouts occur (rest frames have few alphas, mid-morph frames many), and the
        // indexed file is skipped for some frames.
        #expect(layouts == [3, 4], "\(layouts)")
        #expect(skipped > 10, "\(skipped)")
    }
}
