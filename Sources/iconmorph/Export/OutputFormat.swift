/// What `render` and `animate` write: `--format`, or what `-o` implies.
enum OutputFormat: String, CaseIterable, Sendable {
    /// One PNG file per frame (`--progress`: one file).
    case png
    /// One animated PNG file with every frame, its delays and loop count.
    case apng
    /// Raw straight-alpha RGBA8 frames on standard output, for ffmpeg.
    case rgba
    /// One PNG with the frames in a grid.
    case sheet
    /// One PNG with the frames in one row.
    case strip
    /// One SVG file per frame: the frame's outline (`--progress`: one file).
    case svg
    /// One SVG that plays every frame by itself (SMIL).
    case svgAnimate = "svg-animate"
    /// One Lottie (Bodymovin JSON) animation with every frame.
    case lottie

    /// The format `-o` implies when `--format` is not given: `-` is standard output (rgba), a
    /// name ending in `.apng` an animated PNG, `.svg` an SVG (for a sequence, one SVG that
    /// animates itself), `.json` a Lottie animation, anything else PNG files.
    static func inferred(fromOutput path: String?, isSequence: Bool) -> OutputFormat {
        guard let path else { return .png }
        if path == OutputTarget.standardOutputName { return .rgba }
        let lower = path.lowercased()
        if lower.hasSuffix(".apng") { return .apng }
        if lower.hasSuffix(".svg") { return isSequence ? .svgAnimate : .svg }
        if lower.hasSuffix(".json") { return .lottie }
        return .png
    }

    /// Whether the output is one file holding every frame (an animated PNG or SVG, a sheet, a
    /// Lottie file).
    var isSingleFile: Bool { self == .apng || self == .sheet || self == .strip || self == .svgAnimate || self == .lottie }

    /// Whether frames are written as traced outlines (`--tolerance` applies).
    var isVector: Bool { self == .svg || self == .svgAnimate || self == .lottie }

    /// Whether the output is one animation that can loop (`--loops` applies).
    var loops: Bool { self == .apng || self == .svgAnimate || self == .lottie }

    /// The extension of the files a folder of frames gets.
    var frameExtension: String { self == .svg ? "svg" : "png" }

    /// Whether frames are laid out in one picture.
    var isSheet: Bool { self == .sheet || self == .strip }

    /// Whether the output stores PNG data, so that `--compression` applies.
    var isPNG: Bool { self == .png || self == .apng || self == .sheet || self == .strip }

    /// The file written when `-o` is not given, or names an existing folder.
    var defaultFile: String {
        switch self {
        case .png: OutputTarget.defaultFile
        case .apng: "morph.apng"
        case .rgba: OutputTarget.standardOutputName
        case .sheet: "sheet.png"
        case .strip: "strip.png"
        case .svg: "morph.svg"
        case .svgAnimate: "morph.svg"
        case .lottie: "morph.json"
        }
    }
}
