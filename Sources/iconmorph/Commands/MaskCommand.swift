import AlphaRaster
import PNGCodec

/// `iconmorph mask`: writes the mask `render` would build from one icon, as a picture, so a
/// user can see what shape an icon becomes before morphing it.
///
/// Same three steps as `render`: `options(from:)` checks the command line; `run(_:warn:)`
/// settles the output path, loads the icon and writes the file atomically.
enum MaskCommand {
    /// The output file when `-o` is not given.
    static let defaultFile = "mask.png"

    static let spec = CommandSpec(
        name: "mask",
        abstract: "Write the mask that render builds from an icon, as black ink on white.",
        usage: ["mask --from <icon> [options]"],
        sections: ["INPUT", "OUTPUT", "GEOMETRY", "OPTIONS"],
        options: [
            IconOptions.option(.from, help: "The icon: a PNG or SVG file, a built-in symbol, or - for standard input."),
            GeometryOptions.maskOption,
            OptionSpec(.output, short: "o", value: .outputPathOrStandardOutput, valueName: "path",
                       help: "The PNG file to write (default: \(defaultFile); an existing folder gets "
                           + "\(defaultFile) inside it; - is standard output, as /dev/stdout). A file of the "
                           + "same name is replaced.",
                       section: "OUTPUT"),
            OptionSpec(.quiet, short: "q",
                       help: "Print no summary (warnings still go to standard error). Otherwise one line "
                           + "on standard output (standard error with -o -) says what was written.",
                       section: "OUTPUT"),
        ] + GeometryOptions.boxOptions + [.help],
        notes: [
            ("ICONS", IconOptions.helpNote),
            ("OUTPUT FILE", [
                "An 8-bit grayscale PNG with no alpha channel, of the same size as render's frames "
                    + "(\(GeometryOptions.defaultSide)×\(GeometryOptions.defaultSide) by default): each "
                    + "pixel's gray is 255 − coverage, so the shape is black ink on white paper and "
                    + "looks the same in any viewer, light or dark. (A mask whose pixels are all the "
                    + "same may be stored as a one-entry palette of that gray, with no alpha either, "
                    + "when that is smaller.) Given back as an icon "
                    + "(with --mask auto or luminance) it yields the same mask, byte for byte.",
            ]),
            ("EXIT STATUS", ExitCode.helpLines),
            ("EXAMPLES", [
                "iconmorph mask --from star",
                "iconmorph mask --from logo.svg --size 64 --scale 2 -o logo-mask.png",
                "iconmorph mask --from photo.png --mask luminance --padding 4",
            ]),
        ]
    )

    /// The help text of `mask`, built from `spec`.
    static var help: String { HelpFormatter.help(for: spec) }

    /// Parses and checks a `mask` command line (the words after `mask`); `nil` when help was
    /// asked for.
    ///
    /// - Throws: `CommandLineError` for anything wrong with the command line.
    static func options(from arguments: [String]) throws -> MaskOptions? {
        let parsed = try ArgumentParser(command: spec).parse(arguments)
        if parsed.helpRequested { return nil }
        guard let source = parsed.text(.from) else {
            throw CommandLineError.missingOption("--from <icon>", command: spec.name)
        }
        // The mask is a PNG file: a name that says otherwise (mask.jpg) is refused.
        if let output = parsed.text(.output), let problem = OutputFormat.misleadingName(output, format: .png, isSequence: false, writer: "mask") {
            throw CommandLineError.invalidSetting(option: parsed.spelling(of: .output), reason: problem)
        }
        return MaskOptions(
            source: source, output: parsed.text(.output).map(OutputTarget.fileNamed) ?? defaultFile,
            outputSpelling: parsed.spelling(of: .output),
            layout: try GeometryOptions.layout(parsed), maskSource: GeometryOptions.maskSource(parsed),
            quiet: parsed.flag(.quiet))
    }

    /// Builds and writes the mask; returns the line that says what was written. `warn`
    /// receives each SVG importer warning (one line naming the file).
    ///
    /// - Throws: `OutputError`, `IconInputError`, `PNGError`, `SVGError` or
    ///   `AlphaRasterError`, unchanged.
    static func run(_ options: MaskOptions, warn: (String) -> Void) throws -> String {
        if StandardStreams.isTerminal(options.output) {
            throw StandardOutputError.binaryToTerminal(what: "a mask's PNG")
        }
        let plan = try OutputTarget.file(options.output)
            .plan(frameCount: 1, option: options.outputSpelling, defaultName: defaultFile)
        let from = OptionKey.from.longName
        try OutputSafety.checkInputsSpared(inputs: [(from, options.source)], outputs: [(options.outputSpelling, plan.paths)])
        // Before the mask is drawn, a missing or unknown icon reported first all the same.
        try MemoryNeeds.checkMask(width: options.layout.width, height: options.layout.height) {
            try IconInput.preflight(options.source, option: from, in: options.layout, source: options.maskSource)
        }
        let mask = try IconInput.load(options.source, option: from, in: options.layout, source: options.maskSource, warn: warn)
        let image = picture(of: mask)
        try image.write(toFile: plan.paths[0])
        return "wrote \(plan.paths[0]) (\(image.width)×\(image.height))"
    }

    /// The mask as black ink on white: gray = 255 − mask, alpha 255. The encoder drops the
    /// alpha channel, every alpha being 255, so the file is stored as plain gray.
    static func picture(of mask: AlphaMask) -> PNGImage {
        var bytes = [UInt8](repeating: 255, count: 2 * mask.pixels.count)
        for (i, value) in mask.pixels.enumerated() { bytes[2 * i] = 255 - value }
        // An AlphaMask has a positive size and width × height values, so this cannot fail.
        return try! PNGImage(width: mask.width, height: mask.height, format: .grayAlpha, pixels: bytes)
    }
}
