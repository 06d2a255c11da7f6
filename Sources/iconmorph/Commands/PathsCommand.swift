import AlphaRaster
import MorphKernel
import PNGCodec
import PathMorph

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `iconmorph paths`: matches two vector icons' outlines (`PathMorph`) and writes the pair
/// for other tools: two SVG files, an SVG that animates itself, SwiftUI or UIKit code, or
/// JSON.
///
/// As `render`: `options(from:)` checks the command line; `run(_:warn:)` settles the output
/// paths, loads and matches the icons, and writes every file atomically (the two SVG files
/// together, or neither).
enum PathsCommand {
    static let formatSection = "OUTPUT"
    static let animationSection = "ANIMATION (--format svg-animate)"

    /// The file, or the two files' stem, when `-o` is not given (Swift code: its type's name).
    static let defaultFile = "paths.svg"
    static let defaultJSON = "paths.json"

    static let formatOption = OptionSpec(
        .format, value: .choice(PathExportFormat.allCases.map(\.rawValue)), valueName: "kind",
        help: "What to write: svg (two files, NAME-from.svg and NAME-to.svg, whose d attributes have the "
            + "same commands, for a CSS d transition, SMIL or CoreAnimation), svg-animate (one SVG "
            + "that morphs by itself, with SMIL), swiftui (a Shape whose animatableData carries the "
            + "points), uikit (two UIBezierPath builders with matching structure) or json (the points). "
            + "An -o name must end in the format's extension (.svg, .swift or .json), if in any of them.",
        defaultText: "svg, or json for an -o name ending in .json", section: formatSection)

    static let spec = CommandSpec(
        name: "paths",
        abstract: "Match two vector icons' outlines for a path morph and write them as SVG, SwiftUI, UIKit or JSON.",
        usage: ["paths [--from <icon>] [--to <icon>] [--format <kind>] [-o <path>] [options]"],
        sections: ["INPUT", formatSection, animationSection, "GEOMETRY", "OPTIONS"],
        options: [
            IconOptions.option(.from, help: "The icon the morph starts from: an SVG file, a built-in symbol, or - "
                                   + "for standard input.", defaultText: RenderCommand.Defaults.source),
            IconOptions.option(.to, help: "The icon the morph ends at, in the same forms.",
                               defaultText: RenderCommand.Defaults.target),
            formatOption,
            OptionSpec(.output, short: "o", value: .outputPathOrStandardOutput, valueName: "path",
                       help: "The file to write (default: \(defaultFile) for svg-animate, \(defaultJSON) for json, "
                           + "the type's name and .swift for code; an existing folder gets that name inside it), "
                           + "or - for standard output. For svg, the name the two files are made from: "
                           + "out/morph.svg gives out/morph-from.svg and out/morph-to.svg (default: "
                           + "paths-from.svg and paths-to.svg). Files of the same names are replaced.",
                       section: formatSection),
            OptionSpec(.name, value: .name, valueName: "type",
                       help: "The Swift type the code declares (swiftui and uikit).",
                       defaultText: "the icons' names, as PlayToPauseShape or PlayToPausePaths", section: formatSection),
            OptionSpec(.color, value: .color, valueName: "hex",
                       help: "The fill of the SVG paths, as #RGB, #RGBA, #RRGGBB or #RRGGBBAA.",
                       defaultText: hexString(LookOptions.Defaults.color), section: formatSection),
            OptionSpec(.quiet, short: "q",
                       help: "Print no summary (warnings still go to standard error). Otherwise one line "
                           + "says what was written (on standard error when the file goes to standard output).",
                       section: formatSection),
            OptionSpec(.duration, value: .number(.closed(0.001, TimingOptions.maximumDuration)), valueName: "s",
                       help: "Seconds of the morph.", defaultText: "1", section: animationSection),
            LookOptions.ease.with(section: animationSection),
            OptionSpec(.pingPong, help: "Morph there and back: each loop takes twice --duration.", section: animationSection),
            OptionSpec(.loops, value: .integer(0...TimingOptions.maximumLoops), valueName: "n",
                       help: "How many times the animation plays; 0 is forever.", defaultText: "0",
                       section: animationSection),
        ] + GeometryOptions.boxOptions + [.help],
        notes: [
            ("ICONS", [
                "An icon is an SVG file, the name of a built-in symbol ('iconmorph symbols' lists them), or - "
                    + "for standard input. PNG images have no outline to match. Every layer must be "
                    + "opaque; strokes become their outlines.",
            ]),
            ("MATCHING", [
                "Contours are paired by position and size, shapes with shapes and holes with holes of "
                    + "paired shapes; a contour with no partner grows from, or shrinks to, its own centre. "
                    + "Every segment becomes a cubic Bézier; the contour with fewer nodes gets more, cut "
                    + "where it has the most length between nodes, without changing its shape; and each "
                    + "target contour starts at the node, and runs in the direction, that makes the nodes "
                    + "travel least. Points are in pixels of the box (--size × --scale plus padding), y "
                    + "down; the shapes fill under the non-zero rule.",
            ]),
            ("EXIT STATUS", ExitCode.helpLines),
            ("EXAMPLES", [
                "iconmorph paths --from play --to pause -o play-pause.svg",
                "iconmorph paths --from heart --to star --format svg-animate --duration 0.6 --ping-pong",
                "iconmorph paths --from play --to pause --format swiftui",
                "iconmorph paths --from menu.svg --to close.svg --format uikit --name MenuClosePaths",
                "iconmorph paths --from a.svg --to b.svg --format json -o - | jq '.contours | length'",
            ]),
        ]
    )

    /// The help text of `paths`, built from `spec`.
    static var help: String { HelpFormatter.help(for: spec) }

    /// Parses and checks a `paths` command line; `nil` when help was asked for.
    ///
    /// - Throws: `CommandLineError` for anything wrong with the command line.
    static func options(from arguments: [String]) throws -> PathsOptions? {
        let parsed = try ArgumentParser(command: spec).parse(arguments)
        if parsed.helpRequested { return nil }
        let source = parsed.text(.from) ?? RenderCommand.Defaults.source
        let target = parsed.text(.to) ?? RenderCommand.Defaults.target
        if source == "-", target == "-" {
            throw CommandLineError.bothStandardInput(parsed.spelling(of: .from), parsed.spelling(of: .to))
        }
        // Without --format, a .json name asks for JSON, as render takes its format from -o.
        let named = parsed.text(.output).flatMap(fileExtension(of:)) == "json"
        let format = parsed.choice(.format).flatMap(PathExportFormat.init(rawValue:)) ?? (named ? .json : .svg)
        func refuse(_ keys: [OptionKey], unless allowed: Bool, reason: String) throws {
            guard !allowed, let key = keys.first(where: parsed.has) else { return }
            throw CommandLineError.invalidSetting(option: parsed.spelling(of: key), reason: reason)
        }
        try refuse([.duration, .ease, .pingPong, .loops], unless: format == .svgAnimate,
                   reason: "applies to --format svg-animate only")
        try refuse([.name], unless: format.isSwift, reason: "applies to --format swiftui and uikit only")
        try refuse([.color], unless: format == .svg || format == .svgAnimate, reason: "applies to the SVG formats only")
        let output = parsed.text(.output)
        if format == .svg, output == OutputTarget.standardOutputName {
            throw CommandLineError.invalidSetting(
                option: parsed.spelling(of: .output),
                reason: "--format svg writes two files, so it cannot go to standard output; give a file name, or use "
                    + "--format svg-animate or json")
        }
        // Two files named from a device's or a FIFO's name would be new files beside it, in
        // /dev for /dev/null.
        if format == .svg, let output, isStream(output) {
            throw CommandLineError.invalidSetting(
                option: parsed.spelling(of: .output),
                reason: "--format svg writes two files named from \(quoted(output)), which is not a regular file or a "
                    + "folder; give a file name, or use --format svg-animate or json")
        }
        let suffix = format == .swiftui ? "Shape" : "Paths"
        let typeName = parsed.text(.name) ?? SwiftTypeName.base(source: source, target: target) + suffix
        if parsed.has(.name), !SwiftTypeName.isValid(typeName) {
            throw CommandLineError.invalidValue(
                option: parsed.spelling(of: .name), expected: "a Swift type name (letters, digits and _, not starting "
                    + "with a digit)", got: typeName)
        }
        // (The default names end in Shape or Paths after a To: never one of these.)
        if parsed.has(.name), let clash = SwiftTypeName.clash(typeName, format: format) {
            throw CommandLineError.invalidSetting(option: parsed.spelling(of: .name), reason: clash)
        }
        // A file named like another export's (JSON in x.svg) would mislead what opens it.
        if let output, output != OutputTarget.standardOutputName, let ext = fileExtension(of: output),
           ext != format.fileExtension, PathExportFormat.allCases.contains(where: { $0.fileExtension == ext }) {
            throw CommandLineError.invalidSetting(
                option: parsed.spelling(of: .output),
                reason: "\(quoted(output)) is named like another format's file; --format \(format.rawValue) writes "
                    + ".\(format.fileExtension)")
        }
        return PathsOptions(
            source: source, target: target, format: format, output: output, outputSpelling: parsed.spelling(of: .output),
            typeName: typeName, layout: try GeometryOptions.layout(parsed),
            color: parsed.color(.color) ?? LookOptions.Defaults.color,
            timing: SVGAnimationExport.Timing(
                duration: parsed.number(.duration) ?? 1,
                easing: parsed.choice(.ease).flatMap(MorphEasing.init(rawValue:)) ?? LookOptions.Defaults.easing,
                pingPong: parsed.flag(.pingPong), loops: parsed.integer(.loops) ?? 0),
            quiet: parsed.flag(.quiet))
    }

    /// Matches the icons and writes the export; returns the line that says what was written.
    ///
    /// - Throws: `OutputError`, `IconInputError`, `SVGError`, `PNGError` (writing) or
    ///   `StandardOutputError`, unchanged.
    static func run(_ options: PathsOptions, warn: (String) -> Void) throws -> String {
        let toStandardOutput = options.output == OutputTarget.standardOutputName
        let paths = toStandardOutput ? [] : try plannedPaths(options)
        let from = OptionKey.from.longName, to = OptionKey.to.longName
        try OutputSafety.checkInputsSpared(
            inputs: [(from, options.source), (to, options.target)], outputs: [(options.outputSpelling, paths)])
        if options.color.alpha == 0, options.format == .svg || options.format == .svgAnimate {
            warn("--color has alpha 0, so the shapes do not show: the SVG draws nothing")
        }
        let pair = try OutlinePair.match(
            source: options.source, sourceOption: from, target: options.target, targetOption: to,
            layout: options.layout, use: "paths", warn: warn)
        let input = PathExportInput(
            source: pair.morph.source, target: pair.morph.target, sourceName: pair.sourceName, targetName: pair.targetName,
            width: options.layout.width, height: options.layout.height, decimals: 3,
            generator: "iconmorph \(IconMorphTool.version)")
        let texts: [String] = switch options.format {
        case .svg:
            [SVGPairExport.document(input.source, input: input, color: options.color, title: "\(input.pairText): from"),
             SVGPairExport.document(input.target, input: input, color: options.color, title: "\(input.pairText): to")]
        case .svgAnimate:
            [SVGAnimationExport.document(input: input, color: options.color, timing: options.timing)]
        case .swiftui:
            [SwiftUIShapeExport.source(input: input, typeName: options.typeName)]
        case .uikit:
            [UIKitPathExport.source(input: input, typeName: options.typeName)]
        case .json:
            [PathJSONExport.document(input: input)]
        }
        let curves = input.source.reduce(0) { $0 + $1.curves.count }
        let what = "\(input.source.count) contour\(input.source.count == 1 ? "" : "s"), \(curves) curves each side"
        if toStandardOutput {
            try Array(texts[0].utf8).withUnsafeBytes { try RawStreamSink.writeAll($0, to: STDOUT_FILENO) }
            return "wrote \(options.format.rawValue) to standard output (\(what))"
        }
        let bytes = texts.map { Array($0.utf8) }
        if bytes.count == 1 {
            try bytes[0].withUnsafeBytes { try AtomicFileWriter.write([(bytes: $0, path: paths[0])]) }
        } else {
            // The pair lands together or not at all.
            try bytes[0].withUnsafeBytes { from in
                try bytes[1].withUnsafeBytes { to in
                    try AtomicFileWriter.write([(bytes: from, path: paths[0]), (bytes: to, path: paths[1])])
                }
            }
        }
        return "wrote \(paths.joined(separator: " and ")) (\(what))"
    }

    /// The files the export goes to, settled against the file system.
    static func plannedPaths(_ options: PathsOptions) throws -> [String] {
        let defaultName = switch options.format {
        case .svg, .svgAnimate: defaultFile
        case .json: defaultJSON
        case .swiftui, .uikit: options.typeName + ".swift"
        }
        let planned = try OutputTarget.file(options.output ?? defaultName)
            .plan(frameCount: 1, option: options.outputSpelling, defaultName: defaultName).paths[0]
        guard options.format == .svg else { return [planned] }
        let stem = planned.lowercased().hasSuffix(".svg") ? String(planned.dropLast(4)) : planned
        return [stem + "-from.svg", stem + "-to.svg"]
    }
}
