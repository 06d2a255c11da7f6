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
    /// Video and animated images, encoded by ffmpeg (`VideoSink`): ProRes 4444 with alpha.
    case mov
    /// VP9 with alpha in WebM.
    case webm
    /// H.264 in MP4, over an opaque background.
    case mp4
    /// An animated GIF with transparency.
    case gif
    /// A lossless animated WebP with alpha.
    case webp

    /// The format `-o` implies when `--format` is not given: `-` is standard output (rgba), a
    /// name ending in `.apng` an animated PNG, `.svg` an SVG (for a sequence, one SVG that
    /// animates itself, or a file per frame for a pattern like `frame_%04d.svg`), `.json` a
    /// Lottie animation, anything else PNG files (`misleadingName` refuses names that say
    /// otherwise).
    static func inferred(fromOutput path: String?, isSequence: Bool) -> OutputFormat {
        guard let path else { return .png }
        if path == OutputTarget.standardOutputName { return .rgba }
        let lower = path.lowercased()
        if lower.hasSuffix(".apng") { return .apng }
        // A sequence named by a pattern (frame_%04d.svg) is a file per frame.
        if lower.hasSuffix(".svg") { return isSequence && !path.contains("%") ? .svgAnimate : .svg }
        if lower.hasSuffix(".json") { return .lottie }
        for video in videoFormats where lower.hasSuffix("." + video.rawValue) { return video }
        return .png
    }

    /// The extensions of videos and of image formats iconmorph does not write, with what they
    /// are called in messages. (Short lists, searched: hashed collections cost every command
    /// the runtime's first-use conformance lookups.)
    static let foreignExtensions: [(ext: String, kind: String)] = [
        ("m4v", "a video"), ("mkv", "a video"), ("avi", "a video"), ("mpg", "a video"), ("mpeg", "a video"),
        ("ogv", "a video"), ("flv", "a video"), ("wmv", "a video"), ("jpg", "a JPEG image"), ("jpeg", "a JPEG image"),
        ("tif", "a TIFF image"), ("tiff", "a TIFF image"), ("bmp", "a BMP image"), ("heic", "a HEIC image"),
        ("heif", "a HEIF image"), ("avif", "an AVIF image"), ("jxl", "a JPEG XL image"), ("ico", "an icon file"),
        ("pdf", "a PDF document"), ("lottie", "a dotLottie archive"), ("tgs", "a Telegram sticker"),
        ("svgz", "a compressed SVG"),
    ]

    /// Extensions that name a raw stream of frames, which only `-o -` writes (`--format
    /// rgba`): a folder of frames under such a name would surprise, unless the name ends in /.
    static let rawExtensions = ["rgba", "raw"]

    /// The extensions a file of each format may have (a file may also have none).
    var fileExtensions: [String] {
        switch self {
        case .png, .sheet, .strip: ["png"]
        case .apng: ["apng", "png"]
        case .svg, .svgAnimate: ["svg"]
        case .lottie: ["json"]
        case .rgba: []
        case .mov, .webm, .mp4, .gif, .webp: [rawValue]
        }
    }

    /// The formats ffmpeg encodes.
    static let videoFormats: [OutputFormat] = [.mov, .webm, .mp4, .gif, .webp]

    /// Whether ffmpeg encodes the output (`VideoSink`).
    var isVideo: Bool { Self.videoFormats.contains(self) }

    /// The longest delay a GIF frame holds, in seconds: 65535 hundredths.
    static let longestGIFDelay = 655.35

    /// Whether a hold is one frame with a long delay (the animation formats that store
    /// delays), rather than its frame repeated at the frame rate.
    var holdsAsDelays: Bool { self == .apng || self == .svgAnimate || self == .lottie }

    /// Why `path` would be a misleading name for `format`'s output, or `nil` when it fits: a
    /// video or an image type iconmorph does not write (whatever the format, since the bytes
    /// would not be that), or a file or folder of frames whose extension is another format's
    /// file's. A folder of frames may be called anything else; a name ending in `/` is always
    /// a folder.
    /// `writer` is what the message says writes the output (`--format <format>` by default).
    static func misleadingName(_ path: String, format: OutputFormat, isSequence: Bool, writer: String? = nil) -> String? {
        let writer = writer ?? "--format \(format.rawValue)"
        guard let ext = fileExtension(of: path) else { return nil }
        if let kind = foreignExtensions.first(where: { $0.ext == ext })?.kind {
            let remedy = kind == "a video" ? "pipe its frames into ffmpeg (--print-ffmpeg prints the commands) or "
                : ["lottie", "tgs"].contains(ext) ? "a Lottie file is written as .json; " : ""
            return "\(quoted(path)) names \(kind), which iconmorph does not write; \(remedy)give a .png, .apng, "
                + ".svg, .json, .mov, .webm, .mp4, .gif or .webp name, or a folder for frames"
        }
        let isFolder = isSequence && (format == .png || format == .svg) && !FramePattern.isPattern(path)
        if isFolder, rawExtensions.contains(ext), !path.hasSuffix("/") {
            return "\(quoted(path)) names raw RGBA frames, which iconmorph writes to standard output only; give -o - and "
                + "redirect it (-o - > \(path)), or end the name with / for a folder of .\(format.frameExtension) frames"
        }
        if isFolder, !format.fileExtensions.contains(ext), OutputFormat.allCases.contains(where: { $0.fileExtensions.contains(ext) }) {
            return "\(quoted(path)) is named like a .\(ext) file, but --format \(format.rawValue) writes a folder of "
                + ".\(format.frameExtension) frames; give the folder another name (a trailing / keeps this one)"
        }
        guard !isFolder, format != .rgba, !format.fileExtensions.contains(ext) else { return nil }
        let wanted = format.fileExtensions.sorted().map { "." + $0 }.joined(separator: " or ")
        if OutputFormat.allCases.contains(where: { $0.fileExtensions.contains(ext) }) {
            return "\(quoted(path)) is named like another format's file; \(writer) writes \(wanted)"
        }
        return "\(quoted(path)) ends in .\(ext), which is not what \(writer) writes (\(wanted)); "
            + "give such a name, or one without an extension"
    }

    /// Whether the output is one file holding every frame (an animated PNG or SVG, a sheet, a
    /// Lottie file).
    var isSingleFile: Bool { self == .apng || self == .sheet || self == .strip || self == .svgAnimate || self == .lottie || isVideo }

    /// Whether frames are written as traced outlines (`--tolerance` applies).
    var isVector: Bool { self == .svg || self == .svgAnimate || self == .lottie }

    /// Whether the output is one animation that can loop (`--loops` applies).
    var loops: Bool { self == .apng || self == .svgAnimate || self == .lottie || self == .gif || self == .webp }

    /// The most plays the file's own play count holds, where it holds fewer than `--loops`
    /// accepts: GIF and WebP store 16 bits, GIF's counting repeats (65535, so 65536 plays),
    /// WebP's plays (65535); ffmpeg refused more with a bare "Error initializing output
    /// stream". A Lottie file has no play count: its plays are written out (`ExportOptions`).
    var mostPlays: Int? {
        switch self {
        case .gif: 65_536
        case .webp: 65_535
        default: nil
        }
    }

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
        case .mov, .webm, .mp4, .gif, .webp: "morph." + rawValue
        }
    }
}
