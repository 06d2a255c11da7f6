import AlphaRaster
import IconSymbols
import MorphKernel
import SVGImport

/// Masks of real icons: the built-in symbols and Adwaita's symbolic icons (installed by
/// Scripts/setup), rasterized as the command-line tool does by default (44 pt at 3×).
enum RealIcons {
    static let box = IconBox(width: 44, height: 44, scale: 3)

    /// Adwaita's scalable icons (Debian's adwaita-icon-theme).
    static let adwaitaRoot = "/usr/share/icons/Adwaita/scalable/"

    static func symbol(_ name: String, box: IconBox = RealIcons.box) throws -> AlphaMask {
        guard let symbol = BuiltInSymbol(named: name) else { throw MissingSymbol(name: name) }
        return try AlphaMask(icon: symbol.icon, box: box)
    }

    /// `path` below the theme's scalable folder, without ".svg".
    static func adwaita(_ path: String, box: IconBox = RealIcons.box) throws -> AlphaMask {
        try AlphaMask(icon: SVGImporter.load(contentsOfFile: adwaitaRoot + path + ".svg").icon, box: box)
    }
}

struct MissingSymbol: Error {
    let name: String
}

/// One morph of real icons rendered at `frameCount` evenly spaced progress values (the 61
/// frames of a one-second morph at 60 fps by default), with the float64 reference field of
/// every frame, for the measurements of `AutomaticEdgeTests`.
struct RealIconMorph: CustomStringConvertible, Sendable {
    let name: String
    let style: MorphStyle
    let source: AlphaMask
    let target: AlphaMask
    /// Output alpha bytes, one array per frame.
    let frames: [[UInt8]]
    /// The reference V of every frame.
    let fields: [[Double]]
    /// The blur radius R_k of every frame.
    let radii: [Double]

    var width: Int { source.width }
    var height: Int { source.height }
    var description: String { name }

    init(name: String, source: AlphaMask, target: AlphaMask, style: MorphStyle, frameCount: Int = 61) throws {
        self.name = name
        self.style = style
        self.source = source
        self.target = target
        let renderer = try MorphRenderer(width: source.width, height: source.height, style: style)
        var frames: [[UInt8]] = [], fields: [[Double]] = [], radii: [Double] = []
        for i in 0..<frameCount {
            let p = Double(i) / Double(frameCount - 1)
            var alpha = [UInt8]()
            try renderer.renderAlpha(source: source, target: target, progress: p, into: &alpha)
            frames.append(alpha)
            fields.append(ReferenceMorph.field(
                source: source.pixels, target: target.pixels, width: source.width, height: source.height,
                progress: p, style: style))
            radii.append(ReferenceMorph.radius(progress: p, style: style))
        }
        self.frames = frames
        self.fields = fields
        self.radii = radii
    }

    /// The morphs the edge measurements run on, built once (on first use, by whichever test
    /// comes first): built-in symbols and Adwaita icons at the default style, one of them with
    /// a region only the source covers that is wide enough to stay flat under the blur, and
    /// a wider blur.
    static let all = Result<[RealIconMorph], any Error> {
        let auto = MorphStyle()
        return [
            try RealIconMorph(
                name: "play → pause", source: RealIcons.symbol("play"), target: RealIcons.symbol("pause"), style: auto),
            try RealIconMorph(
                name: "Adwaita find → refresh", source: RealIcons.adwaita("actions/edit-find-symbolic"),
                target: RealIcons.adwaita("actions/view-refresh-symbolic"), style: auto),
            try RealIconMorph(
                name: flatRegionMorph, source: RealIcons.adwaita("actions/media-playback-start-symbolic"),
                target: RealIcons.adwaita("actions/view-refresh-symbolic"), style: auto),
            try RealIconMorph(
                name: "gear → house, R = 24", source: RealIcons.symbol("gear"), target: RealIcons.symbol("house"),
                style: MorphStyle(maxBlurRadius: 24)),
        ]
    }

    /// The name of the morph in `all` whose source has a large region of its own: Adwaita's
    /// filled play triangle against the refresh arrow's open ring.
    static let flatRegionMorph = "Adwaita play → refresh"
}
