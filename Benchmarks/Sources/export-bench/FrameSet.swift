import AlphaRaster
import IconSymbols
import MorphKernel
import PNGCodec

/// The frames of one `iconmorph render --frames` sequence (the default play → pause morph),
/// rendered in memory: RGBA as `renderRGBA` gives them and alpha as `renderAlpha` does.
struct FrameSet {
    let name: String
    let width: Int
    let height: Int
    let tint: TintColor
    /// Straight-alpha RGBA8 frames.
    let rgba: [PNGImage]
    /// The same frames as gray+alpha (exact, the tint being gray).
    let grayAlpha: [PNGImage]
    /// The same frames' alpha bytes.
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
        let renderer = try MorphRenderer(width: source.width, height: source.height, style: style)
        var rgba: [PNGImage] = [], grayAlpha: [PNGImage] = [], alpha: [[UInt8]] = []
        for index in indices {
            let progress = Double(index) / Double(count - 1)
            var frame = [UInt8](repeating: 0, count: renderer.rgbaByteCount)
            try renderer.renderRGBA(source: source, target: target, progress: progress, into: &frame)
            var plane = [UInt8](repeating: 0, count: renderer.alphaByteCount)
            try renderer.renderAlpha(source: source, target: target, progress: progress, into: &plane)
            let image = try PNGImage(width: source.width, height: source.height, format: .rgba, pixels: frame)
            precondition(style.tint.red == style.tint.green && style.tint.green == style.tint.blue)
            var ga = [UInt8](repeating: style.tint.red, count: plane.count * 2)
            for i in plane.indices { ga[2 * i + 1] = plane[i] }
            rgba.append(image)
            grayAlpha.append(try PNGImage(width: source.width, height: source.height, format: .grayAlpha, pixels: ga))
            alpha.append(plane)
        }
        return FrameSet(
            name: name, width: source.width, height: source.height, tint: style.tint,
            rgba: rgba, grayAlpha: grayAlpha, alpha: alpha)
    }
}
