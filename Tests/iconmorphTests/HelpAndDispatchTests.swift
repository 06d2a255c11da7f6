import Testing
@testable import iconmorph

struct HelpAndDispatchTests {
    /// Help lists exactly the options the parser knows, each with its default, in lines that
    /// fit 80 columns.
    @Test func renderHelpListsEveryOptionOnce() {
        let help = RenderCommand.help
        let optionLines = help.split(separator: "\n").filter { $0.hasPrefix("  -") }
        let listed = optionLines.map { line in
            String(line.dropFirst(2).prefix { $0 != " " }).trimmingSuffix(",")
        }
        let expected = RenderCommand.spec.options.map { $0.short.map { "-\($0)" } ?? $0.longName }
        #expect(listed == expected)
        // Descriptions wrap, so compare with runs of spaces and line breaks made single spaces.
        let flowing = help.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        for option in RenderCommand.spec.options {
            #expect(help.contains(option.synopsis))
            if let defaultText = option.defaultText { #expect(flowing.contains("(default: \(defaultText))"), "\(option.long)") }
        }
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(line.count <= 80, "\(line)")
        }
        #expect(RenderCommand.spec.options.allSatisfy { RenderCommand.spec.sections.contains($0.section) })
    }

    @Test func toolHelpNamesEveryCommand() {
        let help = IconMorphTool.help
        #expect(help.contains("  render "))
        #expect(help.contains("--version"))
        for line in help.split(separator: "\n") { #expect(line.count <= 80, "\(line)") }
    }

    @Test func dispatch() throws {
        #expect(try IconMorphTool.execute(["--version"]) == "iconmorph 0.1.0\n")
        #expect(try IconMorphTool.execute(["--help"]) == IconMorphTool.help)
        #expect(try IconMorphTool.execute(["-h"]) == IconMorphTool.help)
        #expect(try IconMorphTool.execute(["help"]) == IconMorphTool.help)
        #expect(try IconMorphTool.execute(["help", "render"]) == RenderCommand.help)
        #expect(try IconMorphTool.execute(["render", "--help"]) == RenderCommand.help)
        #expect(try IconMorphTool.execute(["render", "-h"]) == RenderCommand.help)
    }

    @Test(arguments: [
        ([], "missing command; run 'iconmorph --help' for usage"),
        (["rendr"], "unknown command 'rendr'; did you mean 'render'?"),
        (["draw"], "unknown command 'draw'; run 'iconmorph --help' for the commands"),
        (["help", "rendr"], "unknown command 'rendr'; did you mean 'render'?"),
        (["help", "render", "x"], "unexpected argument 'x'; run 'iconmorph --help' for usage"),
        (["--version", "x"], "unexpected argument 'x'; run 'iconmorph --help' for usage"),
        (["--verison"], "unknown option '--verison'; did you mean '--version'?"),
        (["--bogus"], "unknown option '--bogus'; run 'iconmorph --help' for the options"),
        (["--from", "a.png"], "'--from' is an option of 'render'; run 'iconmorph render --from …'"),
        (["--progress=0.5"], "'--progress' is an option of 'render'; run 'iconmorph render --progress …'"),
        (["-o", "x"], "'-o' is an option of 'render'; run 'iconmorph render -o …'"),
        (["render"], "missing --from <png>; run 'iconmorph render --help' for usage"),
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
