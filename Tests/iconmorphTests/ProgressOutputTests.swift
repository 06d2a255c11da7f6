import Foundation
import Testing
@testable import iconmorph

/// Progress on standard error: a line per tenth when it is not a terminal, a bar redrawn in
/// place on a terminal (a pseudo-terminal made by `script`), nothing with `--quiet` or for
/// one frame.
@Suite(.serialized)
struct ProgressOutputTests {
    /// The frames after which a tenth is crossed: d where ⌊10d/n⌋ > ⌊10(d − 1)/n⌋.
    static func reported(total n: Int) -> [ProgressLine] {
        (1...n).filter { 10 * $0 / n > 10 * ($0 - 1) / n }.map { ProgressLine(percent: 100 * $0 / n, done: $0, total: n) }
    }

    @Test(arguments: [25, 7, 3])
    func linePerTenthWhenNotATerminal(_ count: Int) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let result = try ExportRun.iconmorph(["render", "--frames", "\(count)", "-o", folder.file("frames")] + MorphOracle.arguments)
        #expect(result.status == 0)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.compactMap(ProgressLine.parse) == Self.reported(total: count))
        #expect(lines.count == min(count, 10))
        #expect(result.stderr.hasSuffix("\n") && !result.stderr.contains("\r"))
    }

    @Test func formats() {
        #expect(ProgressReporter.formatRate(41.54) == "41.5" && ProgressReporter.formatRate(412.4) == "412")
        #expect(ProgressReporter.formatDuration(0.2) == "0:00" && ProgressReporter.formatDuration(0.6) == "0:01" && ProgressReporter.formatDuration(61) == "1:01")
        #expect(ProgressReporter.formatDuration(3725) == "1:02:05" && ProgressReporter.formatDuration(0) == "0:00")
    }

    @Test func quietAndSingleFramesPrintNoProgress() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let quiet = try ExportRun.iconmorph(["render", "--frames", "12", "-q", "-o", folder.file("q")] + MorphOracle.arguments)
        #expect(quiet.status == 0 && quiet.stdout.isEmpty && quiet.stderr == "")
        let single = try ExportRun.iconmorph(["render", "--progress", "0.5", "-o", folder.file("one.png")] + MorphOracle.arguments)
        #expect(single.status == 0 && single.stderr == "")
    }

    /// On a terminal the bar is redrawn in place (carriage return, erase to end of line)
    /// and ends at the total with a line break; the summary follows on its own line.
    @Test func barOnATerminal() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let binary = try Binary.locate()
        let output = folder.file("frames")
        let command = "'\(binary)' render --frames 40 -o '\(output)' " + MorphOracle.arguments.joined(separator: " ")
        let result = try ExportRun.run("script", ["-q", "-e", "-c", command, "/dev/null"])
        #expect(result.status == 0)
        // The terminal turns \n into \r\n.
        let text = String(decoding: result.stdout, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        #expect(text.hasPrefix("\r\u{1B}[Kiconmorph: ["), "\(text.debugDescription)")
        let redraws = text.components(separatedBy: "\r\u{1B}[K").dropFirst()
        #expect(!redraws.isEmpty)
        let last = try #require(redraws.last)
        #expect(last.hasPrefix("iconmorph: [########################]  40/40 frames  "), "\(last.debugDescription)")
        #expect(last.hasSuffix(" left\nwrote 40 frames (32×32): \(output)/frame_0000.png … \(output)/frame_0039.png\n"),
                "\(last.debugDescription)")
        // No plain progress lines on a terminal.
        #expect(!text.contains("% ("))
    }
}
