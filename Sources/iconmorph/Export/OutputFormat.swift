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

    /// The format `-o` implies when `--format` is not given: `-` is standard output (rgba), a
    /// name ending in `.apng` an animated PNG, anything else PNG files.
    static func inferred(fromOutput path: String?) -> OutputFormat {
        guard let path else { return .png }
        if path == OutputTarget.standardOutputName { return .rgba }
        if path.lowercased().hasSuffix(".apng") { return .apng }
        return .png
    }

    /// Whether the output is one file holding every frame (an animated PNG or a sheet).
    var isSingleFile: Bool { self == .apng || self == .sheet || self == .strip }

    /// Whether frames are laid out in one picture.
    var isSheet: Bool { self == .sheet || self == .strip }

    /// Whether the output stores PNG data, so that `--compression` applies.
    var isPNG: Bool { self != .rgba }

    /// The file written when `-o` is not given, or names an existing folder.
    var defaultFile: String {
        switch self {
        case .png: OutputTarget.defaultFile
        case .apng: "morph.apng"
        case .rgba: OutputTarget.standardOutputName
        case .sheet: "sheet.png"
        case .strip: "strip.png"
        }
    }
}
