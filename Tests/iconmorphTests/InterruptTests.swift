import Foundation
import PNGCodec
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGINT and SIGTERM stop a long run with 130 and 143 (the other stopping signals with 128 +
/// their number), leave no temporary file, and leave a folder's earlier frames as they were.
@Suite(.serialized)
struct InterruptTests {
    /// SIGABRT too: the Swift runtime raises it when an allocation fails, and the run then
    /// ends as an interrupted one does, without the runtime's backtrace.
    ///
    /// The frames go into a folder holding an earlier run's five: a sequence is staged and put
    /// in place whole, so those five are there afterwards byte for byte, and nothing else.
    /// (Frames used to be renamed into place one by one, so a stopped run left its first
    /// frames beside the earlier run's later ones, a sequence spliced from both.)
    @Test(arguments: [
        (SIGINT, Int32(130)), (SIGTERM, Int32(143)), (SIGHUP, Int32(129)), (SIGQUIT, Int32(131)), (SIGABRT, Int32(134)),
    ])
    func signalStopsCleanly(_ signalNumber: Int32, _ status: Int32) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let disc = try folder.write(TestIcons.disc(size: 16), as: "disc.png")
        let square = try folder.write(TestIcons.square(width: 16, height: 16), as: "square.png")
        // One pattern for both runs, so that their frames share names.
        let frames = folder.file("frames")
        let pattern = frames + "/f_%05d.png"
        try FileManager.default.createDirectory(atPath: frames, withIntermediateDirectories: false)
        let earlier = try Binary.run(["render", "--from", square, "--to", disc, "--frames", "5", "--size", "8", "--scale", "1", "-q", "-o", pattern])
        #expect(earlier.status == 0, "\(earlier.stderr)")
        let names = try folder.contents(of: frames)
        let before = try names.map { try Data(contentsOf: URL(fileURLWithPath: frames + "/" + $0)) }
        // Tiny frames, many of them: the run is busy writing when the signal arrives.
        let process = try Binary.start([
            "render", "--from", disc, "--to", square, "--frames", "100000", "-o", pattern,
            "--size", "8", "--scale", "1", "--blur", "1",
        ])
        let deadline = Date().addingTimeInterval(20)
        // The staged files of this run's frames, hidden until every frame is written.
        func framesStaged() -> Int {
            ((try? FileManager.default.contentsOfDirectory(atPath: frames)) ?? []).filter { $0.hasPrefix(".iconmorph-") }.count
        }
        while Date() < deadline, process.isRunning, framesStaged() < 3 {
            usleep(5_000)
        }
        #expect(process.isRunning, "the run ended before it could be interrupted")
        kill(process.processIdentifier, signalNumber)
        let result = try process.finish()
        #expect(result.status == status)
        #expect(result.stdout == "")
        // Nothing but progress lines (a tenth of 100 000 frames is rarely reached).
        #expect(result.stderrLines.allSatisfy { ProgressLine.isProgress($0[...]) }, "\(result.stderr)")
        #expect(try folder.contents(of: frames) == names)
        #expect(try names.map { try Data(contentsOf: URL(fileURLWithPath: frames + "/" + $0)) } == before)
    }

    /// A signal that comes while the sequence goes into place waits for it: the folder then
    /// holds the new sequence whole, and the longer earlier sequence's later frames are gone
    /// (removed in the same step), never new frames beside old ones. Each rename is slowed
    /// (the test library, `FullDiskLibrary`) so that the signal lands mid-commit.
    @Test func aSignalDuringTheCommitWaitsForIt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let frames = folder.file("frames")
        let earlier = try Binary.run(["render", "--from", "heart", "--to", "star", "--frames", "60", "--size", "8", "-q", "-o", frames])
        #expect(earlier.status == 0, "\(earlier.stderr)")
        let library = try FullDiskLibrary.path()
        let process = try Binary.start(
            ["render", "--from", "play", "--to", "pause", "--frames", "40", "--size", "8", "-q", "-o", frames],
            shellPrefix: "export LD_PRELOAD='\(library)' \(FullDiskLibrary.renameDelayVariable)=50000")
        func staged() -> Int {
            ((try? FileManager.default.contentsOfDirectory(atPath: frames)) ?? []).filter { $0.hasPrefix(".iconmorph-") }.count
        }
        // The commit has begun once the staged files start going.
        let deadline = Date().addingTimeInterval(20)
        var most = 0
        while Date() < deadline, process.isRunning {
            let count = staged()
            if count == 40 { most = count }
            if most == 40, count < 38 { break }
            usleep(2_000)
        }
        #expect(process.isRunning && most == 40, "the commit was not caught under way")
        kill(process.processIdentifier, SIGTERM)
        let result = try process.finish()
        #expect(result.status == 143, "\(result.stderr)")
        let names = try folder.contents(of: frames)
        #expect(names == (0..<40).map { "frame_" + String(format: "%04d", $0) + ".png" }, "\(names.count) files")
        let fresh = try Binary.run(["render", "--from", "play", "--to", "pause", "--frames", "40", "--size", "8", "-q", "-o", folder.file("check")])
        #expect(fresh.status == 0)
        for name in names {
            #expect(try Data(contentsOf: URL(fileURLWithPath: frames + "/" + name))
                == Data(contentsOf: URL(fileURLWithPath: folder.file("check") + "/" + name)), "\(name)")
        }
    }

    /// A stopping signal ignored when the tool starts (`nohup`, a script's `trap '' HUP`)
    /// stays ignored: the run goes on to the end, and so does ffmpeg under it. It used to end
    /// the run with 129, as though handled.
    @Test(arguments: [("HUP", SIGHUP), ("INT", SIGINT)])
    func ignoredSignalsStayIgnored(_ name: String, _ signalNumber: Int32) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let video = folder.file("m.webm")
        let process = try Binary.start(
            ["render", "--from", "heart", "--to", "star", "--size", "64", "--duration", "3", "-q", "-o", video],
            shellPrefix: "trap '' \(name)")
        usleep(300_000)
        #expect(process.isRunning, "the run ended before the signal")
        kill(process.processIdentifier, signalNumber)
        let result = try process.finish()
        #expect(result.status == 0 && result.stderr == "", "\(result.status): \(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["m.webm"])
        let probe = try ExportRun.run("ffprobe", ["-v", "error", "-count_frames", "-show_entries", "stream=nb_read_frames", "-of", "csv=p=0", video])
        #expect(String(decoding: probe.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "91")
    }

    /// A frames folder the run created is removed by an interrupt that comes before its first
    /// frame file (with the temporary files in it); it used to stay behind, empty.
    @Test func aNewFramesFolderGoesWhenNothingIsInIt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let frames = folder.file("new")
        // Large, slow frames: the folder exists long before the first frame file does.
        let process = try Binary.start(["render", "--frames", "3", "--size", "2000", "--blur", "300", "-q", "-o", frames])
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, process.isRunning, !FileManager.default.fileExists(atPath: frames) { usleep(2_000) }
        let visible = ((try? FileManager.default.contentsOfDirectory(atPath: frames)) ?? []).filter { !$0.hasPrefix(".") }
        #expect(process.isRunning && visible.isEmpty, "the first frame came before the signal: \(visible)")
        kill(process.processIdentifier, SIGTERM)
        let result = try process.finish()
        #expect(result.status == 143 && result.stderr == "", "\(result.stderr)")
        #expect(try folder.contents() == [])
    }

    @Test func anInterruptedVideoLeavesNothing() throws {
        // A long video: ffmpeg is writing its temporary file when the signal arrives; it is
        // stopped, and neither the video nor the temporary file remains.
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // ffmpeg's log goes to $TMPDIR: a folder of the test's own, to see that it goes too.
        let scratch = folder.file("scratch")
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: false)
        let process = try Binary.start(
            ["render", "--from", "heart", "--to", "star", "--size", "256", "--duration", "60", "-q", "-o", folder.file("m.mp4")],
            shellPrefix: "export TMPDIR='\(scratch)'")
        let deadline = Date().addingTimeInterval(20)
        var temporary: String?
        while Date() < deadline, process.isRunning, temporary == nil {
            temporary = try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasSuffix(".tmp") }
            usleep(20_000)
        }
        usleep(300_000)
        #expect(process.isRunning && temporary != nil, "the run ended before it could be interrupted")
        kill(process.processIdentifier, SIGINT)
        let result = try process.finish()
        #expect(result.status == 130 && result.stderr == "", "\(result.stderr)")
        // ffmpeg is gone too: nothing writes the temporary file again.
        usleep(500_000)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["scratch"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch).isEmpty)
        let survivors = try ExportRun.run("pgrep", ["-f", temporary ?? "-"])
        #expect(survivors.stdout.isEmpty, "\(String(decoding: survivors.stdout, as: UTF8.self))")
    }
}
