import Foundation
import Testing
@testable import iconmorph

/// Progress on standard error: when it is not a terminal, nothing for a run under a second
/// and sparse lines after; a bar redrawn in place on a terminal (a pseudo-terminal made by
/// `script`); nothing with `--quiet` or for one frame.
@Suite(.serialized)
struct ProgressOutputTests {
    @Test(arguments: [25, 7, 3])
    func quickRunsPrintNoProgressWhenNotATerminal(_ count: Int) throws {
        // A few small frames take well under the second before the first line.
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let result = try ExportRun.iconmorph(["render", "--frames", "\(count)", "-o", folder.file("frames")] + MorphOracle.arguments)
        #expect(result.status == 0 && result.stderr == "")
    }

    /// A clock the test moves by hand.
    final class Clock: @unchecked Sendable {
        var seconds = 100.0
    }

    /// The lines a reporter writes for `total` frames, one every `interval` seconds.
    static func lines(total: Int, interval: Double) throws -> [ProgressLine] {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let clock = Clock()
        let reporter = ProgressReporter(total: total, style: .lines, descriptor: ends[1], clock: { clock.seconds })
        var times: [Double] = []
        for _ in 0..<total {
            clock.seconds += interval
            reporter.frameWritten()
            times.append(clock.seconds - 100)
        }
        close(ends[1])
        let text = String(decoding: try FileHandle(fileDescriptor: ends[0], closeOnDealloc: true).readToEnd() ?? Data(), as: UTF8.self)
        let lines = text.split(separator: "\n").map { try! #require(ProgressLine.parse($0), "\($0)") }
        // No line before a second; two seconds between lines but for the last.
        for (line, next) in zip(lines, lines.dropFirst()) where next.done < total {
            #expect(times[next.done - 1] - times[line.done - 1] >= ProgressReporter.lineSpacing)
        }
        #expect(lines.allSatisfy { times[$0.done - 1] >= ProgressReporter.quietTime })
        return lines
    }

    @Test func longRunsPrintSparseLinesWhenNotATerminal() throws {
        // 100 frames, 1/16 s each (6.25 s): the first line once a second has passed (16
        // frames), then one two seconds later each time (48, 80), and the end.
        #expect(try Self.lines(total: 100, interval: 1.0 / 16).map(\.percent) == [16, 48, 80, 100])
        // 1000 frames of 1/64 s: never more often than every two seconds.
        #expect(try Self.lines(total: 1000, interval: 1.0 / 64).count == 9)
        // Over in under a second: nothing, not even the end.
        #expect(try Self.lines(total: 40, interval: 1.0 / 64).isEmpty)
    }

    /// A pass that is not the export itself (a long GIF's palette) says so in every line.
    @Test func aPassOfItsOwnIsNamed() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let clock = Clock()
        let reporter = ProgressReporter(total: 20, style: .lines, task: "palette", descriptor: ends[1], clock: { clock.seconds })
        for _ in 0..<20 {
            clock.seconds += 0.25
            reporter.frameWritten()
        }
        close(ends[1])
        let text = String(decoding: try FileHandle(fileDescriptor: ends[0], closeOnDealloc: true).readToEnd() ?? Data(), as: UTF8.self)
        let lines = text.split(separator: "\n")
        #expect(lines.count >= 2 && lines.allSatisfy { $0.hasPrefix("iconmorph: palette ") }, "\(text)")
        #expect(lines.last?.hasPrefix("iconmorph: palette 100% (20/20 frames, 4.0 fps") == true, "\(text)")
    }

    /// After other work (a long GIF's palette pass), `restart()` makes the rate and the time
    /// left count from then: 20 frames in 5 s after 10 s of palette are 4 frames a second.
    @Test func restartedReportsCountFromTheRestart() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let clock = Clock()
        let reporter = ProgressReporter(total: 20, style: .lines, descriptor: ends[1], clock: { clock.seconds })
        clock.seconds += 10
        reporter.restart()
        for _ in 0..<20 {
            clock.seconds += 0.25
            reporter.frameWritten()
        }
        close(ends[1])
        let text = String(decoding: try FileHandle(fileDescriptor: ends[0], closeOnDealloc: true).readToEnd() ?? Data(), as: UTF8.self)
        #expect(text.split(separator: "\n").last?.hasPrefix("iconmorph: 100% (20/20 frames, 4.0 fps") == true, "\(text)")
        // Its first line comes a second after the restart, not at once.
        #expect(text.split(separator: "\n").first?.hasPrefix("iconmorph: 20% (4/20 frames") == true, "\(text)")
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
