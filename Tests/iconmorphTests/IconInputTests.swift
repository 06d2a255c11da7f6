import Foundation
import IconSymbols
import Testing
@testable import iconmorph

/// How a word on the command line becomes an icon, and how PNG and SVG bytes are told apart.
struct IconInputTests {
    @Test func contentSniffing() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        #expect(IconInput.kind(of: png[...]) == .png)
        for text in ["<svg/>", "<?xml version=\"1.0\"?><svg/>", "\u{FEFF}<svg/>", " \n\t\r<!-- c --><svg/>", "<"] {
            #expect(IconInput.kind(of: Array(text.utf8)[...]) == .svg, "\(text)")
        }
        for text in ["", "svg", "\u{FEFF}", "   ", "{\"svg\": 1}", "\u{FEFF}\u{FEFF}<svg/>"] {
            #expect(IconInput.kind(of: Array(text.utf8)[...]) == nil, "\(text)")
        }
        // A PNG signature cut short is not a PNG.
        #expect(IconInput.kind(of: png[0..<7]) == nil)
    }

    @Test func resolution() throws {
        #expect(try IconInput.resolve("-", option: "--from") == .standardInput)
        #expect(try IconInput.resolve("play", option: "--from") == .symbol(.play))
        #expect(try IconInput.resolve("Search", option: "--from") == .symbol(.magnifyingglass))
        #expect(try IconInput.resolve("arrow-up.fill", option: "--to") == .symbol(.arrowUp))
        // Path-like words are files even when missing, so reading them names the file.
        for path in ["missing.png", "missing.SVG", "dir/play", "./play", "/nonexistent/x"] {
            #expect(try IconInput.resolve(path, option: "--from") == .file(path), "\(path)")
        }
        // Which of a file and a symbol of the same name wins is checked end to end, in a
        // folder of its own: changing this process's working folder would race other tests.
    }

    @Test(arguments: [
        ("plya", "--from", "--from: 'plya' is not a file or a built-in symbol (did you mean 'play'?)"),
        ("serch", "--to", "--to: 'serch' is not a file or a built-in symbol (did you mean 'search'?)"),
        ("qqqq", "--from", "--from: 'qqqq' is not a file or a built-in symbol; run 'iconmorph symbols' for the names"),
        ("a\nb", "--from", "--from: 'a\\nb' is not a file or a built-in symbol; run 'iconmorph symbols' for the names"),
    ])
    func unknownNames(_ word: String, _ option: String, _ message: String) {
        do {
            _ = try IconInput.resolve(word, option: option)
            Issue.record("\(word) resolved")
        } catch {
            let failure = CommandFailure(error)
            #expect(failure.message == message)
            #expect(failure.exitCode == .noInput)
        }
    }
}
