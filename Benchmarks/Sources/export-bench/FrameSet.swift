import AlphaRaster
import Foundation
import IconSymbols
import MorphKernel

/// The frames of one `iconmorph render --frames` sequence (the default play → pause morph,
/// opaque black), as alpha planes: the pixels the CLI hands its PNG encoder, with the tint.
/// They can be saved to a file and read back, so that two builds encode the same frames.
struct FrameSet {
    let name: String
    let width: Int
    let height: Int
    /// The tint's colour; its alpha is 255.
    let tint: (red: UInt8, green: UInt8, blue: UInt8)
    /// Each frame's alpha bytes, `width × height`.
    let alpha: [[UInt8]]

    /// Frames `indices` of a `count`-frame sequence of a `side` × `side` point box at `scale`,
    /// blur `blur` points: the CLI's `--size side --scale scale --blur blur`.
    static func render(
        name: String, side: Double, scale: Double, blur: Double, count: Int, indices: [Int]
    ) throws -> FrameSet {
        let box = IconBox(width: side, height: side, scale: scale)
        let source = try AlphaMask(icon: BuiltInSymbol.play.icon, box: box)
        let target = try AlphaMask(icon: BuiltInSymbol.pause.icon, box: box)
        let style = MorphStyle(maxBlurRadius: blur * scale)
        precondition(style.tint.alpha == 255, "the frames' RGBA is (tint, alpha) only for an opaque tint")
        let renderer = try MorphRenderer(width: source.width, height: source.height, style: style)
        var alpha: [[UInt8]] = []
        for index in indices {
            var plane = [UInt8](repeating: 0, count: renderer.alphaByteCount)
            try renderer.renderAlpha(source: source, target: target, progress: Double(index) / Double(count - 1), into: &plane)
            alpha.append(plane)
        }
        return FrameSet(
            name: name, width: source.width, height: source.height,
            tint: (style.tint.red, style.tint.green, style.tint.blue), alpha: alpha)
    }

    /// The two sets every report uses: the default morph at 132 px (44 pt at 3×, blur 4 pt;
    /// all 60 frames of a 60-frame sequence) and at 1024 px (blur 48 px; every 4th frame of
    /// 60). `quick`: two frames and one.
    static func benchmarkSets(quick: Bool) throws -> [FrameSet] {
        [
            try render(name: "132 px", side: 44, scale: 3, blur: 4, count: 60, indices: quick ? [0, 30] : Array(0..<60)),
            try render(name: "1024 px", side: 1024, scale: 1, blur: 48, count: 60,
                       indices: quick ? [30] : Array(stride(from: 0, to: 60, by: 4))),
        ]
    }

    /// Straight RGBA8 frames: (tint, alpha) at every pixel, what the renderer's RGBA frames are.
    func rgbaFrames() -> [[UInt8]] {
        alpha.map { plane in plane.flatMap { [tint.red, tint.green, tint.blue, $0] } }
    }

    /// Gray+alpha frames (exact only for a gray tint, which the frames have).
    func grayAlphaFrames() -> [[UInt8]] {
        precondition(tint.red == tint.green && tint.green == tint.blue)
        return alpha.map { plane in plane.flatMap { [tint.red, $0] } }
    }

    // MARK: - Files

    /// The name of its frames file: `132-px.frames` for the set "132 px".
    var fileName: String { name.replacingOccurrences(of: " ", with: "-") + ".frames" }

    /// The file: a line `iconmorph-frames NAME WIDTH HEIGHT RED GREEN BLUE COUNT`, then the
    /// alpha planes back to back.
    func write(to path: String) throws {
        var bytes = Array("iconmorph-frames \(name.replacingOccurrences(of: " ", with: "_")) \(width) \(height) \(tint.red) \(tint.green) \(tint.blue) \(alpha.count)\n".utf8)
        for plane in alpha { bytes += plane }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// Reads a file `write(to:)` wrote.
    static func read(from path: String) throws -> FrameSet {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        guard let newline = bytes.firstIndex(of: 10) else { throw BadFile(path: path) }
        let fields = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: " ").map(String.init)
        guard fields.count == 8, fields[0] == "iconmorph-frames", let width = Int(fields[2]), let height = Int(fields[3]),
              let red = UInt8(fields[4]), let green = UInt8(fields[5]), let blue = UInt8(fields[6]),
              let count = Int(fields[7]), bytes.count - newline - 1 == width * height * count
        else { throw BadFile(path: path) }
        let planes = (0..<count).map { i in Array(bytes[(newline + 1 + i * width * height)..<(newline + 1 + (i + 1) * width * height)]) }
        return FrameSet(name: fields[1].replacingOccurrences(of: "_", with: " "), width: width, height: height,
                        tint: (red, green, blue), alpha: planes)
    }

    struct BadFile: Error, CustomStringConvertible {
        let path: String
        var description: String { "export-bench: \(path) is not a frames file export-bench wrote" }
    }
}
