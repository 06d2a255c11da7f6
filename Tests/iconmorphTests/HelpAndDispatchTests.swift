import Foundation
import Testing
@testable import iconmorph

struct HelpAndDispatchTests {
    static let commands: [(spec: CommandSpec, help: String)] = [
        (RenderCommand.spec, RenderCommand.help), (MaskCommand.spec, MaskCommand.help),
        (SymbolsCommand.spec, SymbolsCommand.help),
    ]

    /// Help lists exactly the options the parser knows, each with its default, in lines that
    /// fit 80 columns.
    @Test(arguments: commands.map(\.spec.name))
    func helpListsEveryOptionOnce(_ name: String) throws {
        let (spec, help) = try #require(Self.commands.first { $0.spec.name == name })
        #expect(help == HelpFormatter.help(for: spec))
        let optionLines = help.split(separator: "\n").filter { $0.hasPrefix("  -") }
        let listed = optionLines.map { line in
            String(line.dropFirst(2).prefix { $0 != " " }).trimmingSuffix(",")
        }
        // Listed by section, in the order the spec declares the sections.
        let expected = spec.sections.flatMap { section in
            spec.options.filter { $0.section == section }.map { $0.short.map { "-\($0)" } ?? $0.longName }
        }
        #expect(listed == expected)
        #expect(Set(listed).count == spec.options.count)
        // Descriptions wrap, so compare with runs of spaces and line breaks made single spaces.
        let flowing = help.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        for option in spec.options {
            #expect(help.contains(option.synopsis))
            if let defaultText = option.defaultText { #expect(flowing.contains("(default: \(defaultText))"), "\(option.long)") }
        }
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(line.count <= 80, "\(line)")
        }
        #expect(spec.options.allSatisfy { spec.sections.contains($0.section) })
    }

    /// Examples too long for a line go on with a shell continuation: pasted line by line,
    /// each is the whole command (the animate one is run to prove it).
    @Test func examplesPasteAsWholeCommands() throws {
        for spec in [RenderCommand.spec, MaskCommand.spec, AnimateCommand.spec, PathsCommand.spec] {
            let help = HelpFormatter.help(for: spec)
            guard let block = help.components(separatedBy: "\nEXAMPLES:\n").last, help.contains("\nEXAMPLES:\n") else { continue }
            let lines = block.split(separator: "\n")
            #expect(lines.allSatisfy { $0.count <= 80 })
            let joined = block.replacingOccurrences(of: " \\\n    ", with: " ").split(separator: "\n").map { String($0.dropFirst(2)) }
            let examples = try #require(spec.notes.first { $0.title == "EXAMPLES" }).lines
            #expect(joined == examples, "\(spec.name)")
        }
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let help = HelpFormatter.help(for: AnimateCommand.spec)
        let pasted = help.components(separatedBy: "\n").drop { !$0.hasPrefix("  iconmorph animate --start play --at 0 pause --at 0.5") }
        let command = pasted.prefix(2).joined(separator: "\n").replacingOccurrences(of: "iconmorph", with: "'\(try Binary.locate())'")
        #expect(command.contains(" \\\n"), "\(command)")
        let run = try ExportRun.run("/bin/sh", ["-c", command + " -q"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.file("out.apng")))
    }

    @Test func toolHelpNamesEveryCommand() {
        let help = IconMorphTool.help
        for name in ["render", "mask", "symbols"] { #expect(help.contains("  \(name) "), "\(name)") }
        #expect(help.contains("--version"))
        for line in help.split(separator: "\n") { #expect(line.count <= 80, "\(line)") }
    }

    /// The icon options and the geometry options are one declaration shared by both commands.
    @Test func renderAndMaskShareTheirInputAndGeometryOptions() throws {
        for long in ["size", "scale", "padding", "mask"] {
            let render = try #require(RenderCommand.spec.option(long: long))
            let mask = try #require(MaskCommand.spec.option(long: long))
            #expect(render.help == mask.help && render.value == mask.value && render.defaultText == mask.defaultText)
        }
        #expect(RenderCommand.spec.option(long: "from")?.value == .icon)
        #expect(RenderCommand.spec.option(long: "to")?.value == .icon)
        #expect(MaskCommand.spec.option(long: "from")?.value == .icon)
        #expect(RenderCommand.spec.option(long: "from")?.defaultText == "play")
        #expect(RenderCommand.spec.option(long: "to")?.defaultText == "pause")
    }

    /// Each command's options in declaration order, which sets their order within a help
    /// section and which of two equally close options a suggestion names; the option groups
    /// the commands share must keep it.
    @Test func optionOrder() {
        let shared = ["fps", "hold-start", "hold-end", "ping-pong", "loops"]
        let look = ["style", "blur", "blur-levels", "threshold", "softness", "ease", "color"]
        #expect(RenderCommand.spec.options.map(\.long) == ["from", "to", "mask", "progress", "frames", "duration"] + shared
            + ["format", "output", "columns", "spacing", "manifest", "compression", "tolerance", "print-ffmpeg", "quiet",
               "size", "scale", "padding"] + look + ["color-to", "background", "help"])
        #expect(AnimateCommand.spec.options.map(\.long) == ["start", "timeline", "mask", "at", "transition", "until"] + shared
            + ["output", "format", "columns", "spacing", "manifest", "compression", "tolerance", "quiet", "size", "scale", "padding"]
            + look + ["background", "help"])
        #expect(MaskCommand.spec.options.map(\.long) == ["from", "mask", "output", "quiet", "size", "scale", "padding", "help"])
        #expect(SymbolsCommand.spec.options.map(\.long) == ["help"])
        #expect(PathsCommand.spec.options.map(\.long) == ["from", "to", "format", "output", "name", "color", "quiet",
                                                         "duration", "ease", "ping-pong", "loops", "size", "scale", "padding", "help"])
        // Every key names an option of some command, once per command.
        let commands = IconMorphTool.commands
        #expect(Set(commands.flatMap { $0.options.map(\.key) }) == Set(OptionKey.allCases))
        for command in commands { #expect(Set(command.options.map(\.key)).count == command.options.count, "\(command.name)") }
    }

    @Test func dispatch() throws {
        #expect(try IconMorphTool.execute(["--version"]) == "iconmorph 0.1.0\n")
        #expect(try IconMorphTool.execute(["--help"]) == IconMorphTool.help)
        #expect(try IconMorphTool.execute(["-h"]) == IconMorphTool.help)
        #expect(try IconMorphTool.execute(["help"]) == IconMorphTool.help)
        #expect(try IconMorphTool.execute(["help", "help"]) == IconMorphTool.help)
        #expect(try IconMorphTool.execute(["help", "render"]) == RenderCommand.help)
        #expect(try IconMorphTool.execute(["render", "--help"]) == RenderCommand.help)
        #expect(try IconMorphTool.execute(["render", "-h"]) == RenderCommand.help)
        #expect(try IconMorphTool.execute(["help", "mask"]) == MaskCommand.help)
        #expect(try IconMorphTool.execute(["mask", "--help"]) == MaskCommand.help)
        #expect(try IconMorphTool.execute(["help", "symbols"]) == SymbolsCommand.help)
        #expect(try IconMorphTool.execute(["symbols", "-h"]) == SymbolsCommand.help)
        #expect(try IconMorphTool.execute(["symbols"]) == SymbolsCommand.listing)
        #expect(try IconMorphTool.execute(["help", "paths"]) == PathsCommand.help)
        #expect(try IconMorphTool.execute(["paths", "--help"]) == PathsCommand.help)
    }

    @Test(arguments: [
        ([], "missing command; run 'iconmorph --help' for usage"),
        (["rendr"], "unknown command 'rendr'; did you mean 'render'?"),
        (["draw"], "unknown command 'draw'; run 'iconmorph --help' for the commands"),
        (["help", "rendr"], "unknown command 'rendr'; did you mean 'render'?"),
        (["help", "render", "x"], "unexpected argument 'x'; run 'iconmorph --help' for usage"),
        (["help", "help", "x"], "unexpected argument 'x'; run 'iconmorph --help' for usage"),
        (["--version", "x"], "unexpected argument 'x'; run 'iconmorph --help' for usage"),
        (["--verison"], "unknown option '--verison'; did you mean '--version'?"),
        (["--bogus"], "unknown option '--bogus'; run 'iconmorph --help' for the options"),
        (["--from", "a.png"], "'--from' is an option of 'render'; run 'iconmorph render --from …'"),
        (["--progress=0.5"], "'--progress' is an option of 'render'; run 'iconmorph render --progress …'"),
        (["-o", "x"], "'-o' is an option of 'render'; run 'iconmorph render -o …'"),
        (["render"], "missing --progress <p> (one frame), or --frames <n> or --duration <s> (a sequence); run 'iconmorph render --help' for usage"),
        (["mask"], "missing --from <icon>; run 'iconmorph mask --help' for usage"),
        (["mask", "--from", "play", "--progress", "0.5"], "--progress: is an option of 'render', not of 'mask'; run 'iconmorph mask --help' for its options"),
        (["paths", "--mask", "alpha"],
         "--mask: is an option of 'render', 'animate' and 'mask', not of 'paths'; run 'iconmorph paths --help' for its options"),
        (["mask", "--form", "play"], "unknown option '--form'; did you mean '--from'?"),
        (["mask", "--from", "play", "--size", "0.1"], "--size: 0.1 pt at scale 3 is less than 1 pixel; give a larger --size or --scale"),
        (["symbols", "play"], "unexpected argument 'play'; run 'iconmorph symbols --help' for usage"),
        (["symbols", "--all"], "unknown option '--all'; run 'iconmorph symbols --help' for the options"),
        (["symbol"], "unknown command 'symbol'; did you mean 'symbols'?"),
        (["msak"], "unknown command 'msak'; did you mean 'mask'?"),
    ])
    func dispatchErrors(_ arguments: [String], _ message: String) {
        do {
            _ = try IconMorphTool.execute(arguments)
            Issue.record("no error for \(arguments)")
        } catch {
            let failure = CommandFailure(error)
            #expect(failure.message == message)
            #expect(failure.exitCode == .usage)
        }
    }
}

private extension String {
    func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}

/// The tool does without Foundation, whose runtime (with ICU) makes a statically linked
/// binary four times the size: an `import Foundation` for one `log10` (060132c) took the CI's
/// static build from 20.8 MB to 79.6 MB. The dynamically linked build the tests run lists
/// the libraries it loads.
struct LinkedLibrariesTests {
    #if os(Linux)
    @Test func theToolLoadsNoFoundation() throws {
        let binary = try Binary.locate()
        let run = try ExportRun.run("ldd", [binary])
        try #require(run.status == 0, "\(run.stderr)")
        let listing = String(decoding: run.stdout, as: UTF8.self)
        #expect(listing.contains("libswiftCore"), "\(listing)")
        let foreign = listing.split(separator: "\n").filter { $0.contains("Foundation") || $0.contains("libicu") }
        #expect(foreign.isEmpty, "\(foreign)")
    }
    #endif
}
