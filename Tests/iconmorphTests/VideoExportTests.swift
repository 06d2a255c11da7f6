import Foundation
import PNGCodec
import Testing

/// `-o name.mov|.webm|.mp4|.gif|.webp`: ffmpeg encodes the frames, and independent decoders
/// (ffmpeg for the videos and the GIF, libwebp's webpmux and dwebp for the animated WebP,
/// which ffmpeg cannot decode) give back the PNG frames of the same command: alpha within
/// one level for ProRes 4444, within the codec's loss for VP9, cut at ½ for GIF, exact for
/// lossless WebP; MP4 over an opaque background.
@Suite(.serialized)
struct VideoExportTests {
    static let morph = ["render", "--from", "heart", "--to", "star", "--duration", "0.5", "--hold-end", "0.2", "-q"]
    /// round(30 × 0.5) + 1 = 16 steps and round(30 × 0.2) = 6 copies of the last: 22 frames.
    static let frameCount = 22

    /// Decodes every frame of `path` to RGBA with ffmpeg (`decoder` first, as ffmpeg needs to
    /// keep VP9's alpha).
    static func decoded(_ path: String, decoder: [String] = []) throws -> [[UInt8]] {
        // The frames as stored (passthrough): ffmpeg's default fills its guess of a constant
        // rate, repeating a GIF frame whose delay is not the others'.
        let run = try ExportRun.run(
            "ffmpeg", ["-v", "error"] + decoder + ["-i", path, "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
        try #require(run.status == 0, "\(run.stderr)")
        let size = 132 * 132 * 4
        return stride(from: 0, to: run.stdout.count, by: size).map { [UInt8](run.stdout[$0..<min($0 + size, run.stdout.count)]) }
    }

    static func pngFrames(_ folder: String) throws -> [[UInt8]] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".png") }.sorted()
            .map { try PNGImage(contentsOfFile: folder + "/" + $0, format: .rgba).pixels }
    }

    /// The largest and the mean |Δ| of the alphas, and the mean |Δ| of the colours where both cover.
    static func compare(_ a: [UInt8], _ b: [UInt8]) -> (alphaMax: Int, alphaMean: Double, colorMean: Double) {
        var worst = 0, total = 0, colour = 0, covered = 0
        for i in stride(from: 0, to: a.count, by: 4) {
            let d = abs(Int(a[i + 3]) - Int(b[i + 3]))
            worst = max(worst, d)
            total += d
            if a[i + 3] > 0 && b[i + 3] > 0 {
                for c in 0..<3 { colour += abs(Int(a[i + c]) - Int(b[i + c])) }
                covered += 3
            }
        }
        return (worst, Double(total) / Double(a.count / 4), covered == 0 ? 0 : Double(colour) / Double(covered))
    }

    @Test func videosDecodeToThePNGFrames() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let colour = ["--color", "#3478F6"]
        #expect(try ExportRun.iconmorph(Self.morph + colour + ["-o", folder.file("png")]).status == 0)
        let frames = try Self.pngFrames(folder.file("png"))
        try #require(frames.count == Self.frameCount)
        for (format, decoder, alphaMax, alphaMean, colorMean) in [
            ("mov", [String](), 1, 0.05, 1.0), ("webm", ["-c:v", "libvpx-vp9"], 64, 0.5, 2.0),
        ] {
            let path = folder.file("m." + format)
            let run = try ExportRun.iconmorph(Self.morph + colour + ["-o", path])
            #expect(run.status == 0 && run.stderr == "", "\(format): \(run.stderr)")
            let video = try Self.decoded(path, decoder: decoder)
            #expect(video.count == Self.frameCount, "\(format)")
            for (k, (a, b)) in zip(video, frames).enumerated() {
                let d = Self.compare(a, b)
                #expect(d.alphaMax <= alphaMax && d.alphaMean <= alphaMean && d.colorMean <= colorMean, "\(format) frame \(k): \(d)")
            }
            let probe = try ExportRun.run("ffprobe", ["-v", "error", "-select_streams", "v", "-show_entries", "stream=r_frame_rate", "-of", "csv=p=0", path])
            #expect(String(decoding: probe.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "30/1")
        }
    }

    @Test func mp4IsOverAnOpaqueBackground() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // No alpha in H.264: the frames are over --background made opaque, white without one.
        for background in [[String](), ["--background", "#20304080"]] {
            let opaque = background.isEmpty ? "#FFFFFF" : "#203040"
            #expect(try ExportRun.iconmorph(Self.morph + ["--background", opaque, "-o", folder.file("png")]).status == 0)
            let frames = try Self.pngFrames(folder.file("png"))
            let path = folder.file("m.mp4")
            #expect(try ExportRun.iconmorph(Self.morph + background + ["-o", path]).status == 0)
            let video = try Self.decoded(path)
            #expect(video.count == Self.frameCount)
            for (k, (a, b)) in zip(video, frames).enumerated() {
                let d = Self.compare(a, b)
                #expect(d.alphaMax == 0 && d.colorMean <= 1.5, "\(background) frame \(k): \(d)")
            }
            try FileManager.default.removeItem(atPath: folder.file("png"))
        }
        // An odd side is padded to even, as 4:2:0 needs.
        let odd = folder.file("odd.mp4")
        let oddRun = try ExportRun.iconmorph(Self.morph.filter { $0 != "-q" } + ["--size", "33", "-o", odd])
        #expect(oddRun.status == 0)
        // The summary says so (it gave the frames' size alone).
        #expect(String(decoding: oddRun.stdout, as: UTF8.self).contains("(99×99 padded to 100×100, "))
        let probe = try ExportRun.run("ffprobe", ["-v", "error", "-show_entries", "stream=width,height", "-of", "csv=p=0", odd])
        #expect(String(decoding: probe.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "100,100")
    }

    @Test func gifCutsAlphaAtHalf() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(try ExportRun.iconmorph(Self.morph + ["-o", folder.file("png")]).status == 0)
        let frames = try Self.pngFrames(folder.file("png"))
        let path = folder.file("m.gif")
        #expect(try ExportRun.iconmorph(Self.morph + ["--loops", "2", "-o", path]).status == 0)
        let gif = try Self.decoded(path)
        // The 0.2 s hold at the end is the last frame shown longer, not 6 more frames.
        #expect(gif.count == Self.frameCount - 6)
        for (k, (a, b)) in zip(gif, frames).enumerated() {
            var wrong = 0
            for i in stride(from: 3, to: a.count, by: 4) where (a[i] > 0) != (b[i] >= 128) { wrong += 1 }
            #expect(wrong <= a.count / 4 / 200, "frame \(k): \(wrong) pixels on the wrong side of ½")
        }
        // Plays twice: the loop extension says "repeat once more".
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let netscape = Array("NETSCAPE2.0".utf8)
        let at = try #require((0..<(bytes.count - 16)).first { Array(bytes[$0..<($0 + 11)]) == netscape })
        #expect(Int(bytes[at + 13]) | Int(bytes[at + 14]) << 8 == 1)
    }

    /// The resident size of `pid`'s child processes (ffmpeg), sampled every 10 ms until it
    /// ends: the largest, in bytes.
    static func largestChildResidentSize(of pid: Int32, while running: () -> Bool) -> Int {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        var largest = 0
        while running() {
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
            for task in tasks {
                let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? ""
                for child in children.split(separator: " ") {
                    if let text = try? String(contentsOfFile: "/proc/\(child)/statm", encoding: .utf8),
                       let pages = text.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) {
                        largest = max(largest, pages * page)
                    }
                }
            }
            usleep(10_000)
        }
        return largest
    }

    @Test func aLongGIFGetsItsPaletteInAPassOfItsOwnWithTheSameBytes() throws {
        // 300 frames of 240 × 240 px: at 8 bytes a pixel and frame, one pass would hold 138 MB
        // of frames, over `VideoSink.gifOnePassBudget`.
        let morph = ["render", "--from", "heart", "--to", "star", "--frames", "300", "--size", "80", "--background", "#FFF8E0", "-q"]
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("long.gif")
        let process = try Binary.start(morph + ["-o", path])
        let largest = Self.largestChildResidentSize(of: process.processIdentifier) { process.isRunning }
        let result = try process.finish()
        #expect(result.status == 0, "\(result.stderr)")
        // ffmpeg held a few frames, not all of them.
        #expect(largest > 0 && largest < 100 << 20, "ffmpeg's resident size reached \(largest) bytes")
        // The bytes of ffmpeg's own single pass over the same frames, which makes the palette
        // from every frame while holding them.
        let stream = try ExportRun.iconmorph(morph + ["-o", "-"])
        try #require(stream.status == 0)
        try stream.stdout.write(to: URL(fileURLWithPath: folder.file("frames.rgba")))
        let reference = folder.file("reference.gif")
        let encoded = try ExportRun.run("ffmpeg", [
            "-v", "error", "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "240x240", "-r", "30", "-i", folder.file("frames.rgba"),
            "-filter_complex", "split[a][b];[a]palettegen=reserve_transparent=1[p];[b][p]paletteuse=alpha_threshold=128",
            "-loop", "0", "-f", "gif", "-y", reference,
        ])
        try #require(encoded.status == 0, "\(encoded.stderr)")
        // The same bytes but the last frame's delay (two bytes), which the command sets to
        // what remains of the 10 s: ffmpeg gives it the delay of the frame before.
        let written = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let expected = [UInt8](try Data(contentsOf: URL(fileURLWithPath: reference)))
        let differing = (0..<min(written.count, expected.count)).filter { written[$0] != expected[$0] }
        #expect(written.count == expected.count && differing.count <= 2, "\(written.count) bytes, \(differing.count) differ")
        #expect(differing.isEmpty || differing.last! - differing.first! <= 1)
        let probe = String(decoding: try ExportRun.run(
            "ffprobe", ["-v", "error", "-show_entries", "packet=duration", "-of", "csv=p=0", path]).stdout, as: UTF8.self)
        let delays = probe.split(separator: "\n").compactMap { Int(String($0)) }
        #expect(delays.count == 300 && delays.reduce(0, +) == 1000, "\(delays.reduce(0, +)) hundredths")
        // Its palette file is gone.
        let temporary = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let left = try FileManager.default.contentsOfDirectory(atPath: temporary).filter { $0.hasPrefix(".iconmorph-palette") }
        #expect(left.isEmpty, "\(left)")
    }

    /// A destination that cannot be written is refused before the palette pass renders a
    /// frame: a link to itself, under a GIF whose palette takes a pass of its own (3,000
    /// frames of 96 px, 221 MB in one pass; rendering them takes seconds even here).
    @Test func aLongGIFsBadDestinationIsRefusedFirst() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let link = folder.file("loop.gif")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "loop.gif")
        let start = Date()
        let run = try ExportRun.iconmorph(["render", "--from", "heart", "--to", "star", "--frames", "3000", "--size", "32", "-q", "-o", link])
        let elapsed = Date().timeIntervalSince(start)
        #expect(run.status == 73 && run.stderr.contains("symbolic link"), "\(run.stderr)")
        #expect(elapsed < 2, "refused after \(elapsed) s")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["loop.gif"])
    }

    @Test func aLoopingGIFPingPongShowsNeitherEndTwice() throws {
        // 3 steps: 0 1 2 1 when it loops forever (as an APNG), 0 1 2 1 0 when it stops.
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let pingPong = ["render", "--from", "heart", "--to", "star", "--frames", "3", "--ping-pong", "-q"]
        let png = folder.file("png")
        #expect(try ExportRun.iconmorph(pingPong + ["-o", png]).status == 0)
        let steps = try Self.pngFrames(png)
        #expect(steps.count == 5)
        for (loops, expected) in [("0", [0, 1, 2, 1]), ("1", [0, 1, 2, 1, 0])] {
            let path = folder.file("loops\(loops).gif")
            #expect(try ExportRun.iconmorph(pingPong + ["--loops", loops, "-o", path]).status == 0)
            let gif = try Self.decoded(path)
            #expect(gif.count == expected.count, "--loops \(loops)")
            for (frame, step) in zip(gif, expected) {
                let wrong = stride(from: 3, to: frame.count, by: 4).count { (frame[$0] > 0) != (steps[step][$0] >= 128) }
                #expect(wrong <= 3, "--loops \(loops): a frame unlike step \(step)")
            }
        }
    }

    @Test func aLinkIsWrittenThroughAndAFIFOInPlace() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let morph = ["render", "--from", "heart", "--to", "star", "--frames", "3", "-q"]
        // The link stays a link; the file it names becomes the GIF.
        try Data("an older file".utf8).write(to: URL(fileURLWithPath: folder.file("real.gif")))
        try FileManager.default.createSymbolicLink(atPath: folder.file("link.gif"), withDestinationPath: "real.gif")
        #expect(try ExportRun.iconmorph(morph + ["-o", folder.file("link.gif")]).status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.file("link.gif")) == "real.gif")
        #expect(try Self.decoded(folder.file("real.gif")).count == 3)
        // A FIFO is written, not replaced by a file: a reader gets the GIF through it.
        let fifo = folder.file("pipe.gif"), received = folder.file("received.gif")
        #expect(mkfifo(fifo, 0o600) == 0)
        let process = try Binary.start(morph + ["-o", fifo], shellPrefix: "cat '\(fifo)' > '\(received)' & true")
        let result = try process.finish()
        #expect(result.status == 0, "\(result.stderr)")
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        // The reader ends with the writer; give it a moment to write the GIF's last byte (its
        // trailer, `;`).
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline, (try? Data(contentsOf: URL(fileURLWithPath: received)))?.last != 0x3B {
            usleep(50_000)
        }
        #expect(try Self.decoded(received).count == 3)
        // Through the FIFO too, it lasts its 3 frames at 30 fps (a GIF went in as ffmpeg
        // wrote it, its last frame a hundredth too long).
        let probe = String(decoding: try ExportRun.run(
            "ffprobe", ["-v", "error", "-show_entries", "packet=duration", "-of", "csv=p=0", received]).stdout, as: UTF8.self)
        #expect(probe.split(separator: "\n").compactMap { Int(String($0)) }.reduce(0, +) == 10, "\(probe)")
    }

    @Test func webpIsLosslessWithAlpha() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(try ExportRun.iconmorph(Self.morph + ["-o", folder.file("png")]).status == 0)
        let frames = try Self.pngFrames(folder.file("png"))
        let path = folder.file("m.webp")
        #expect(try ExportRun.iconmorph(Self.morph + ["--loops", "3", "-o", path]).status == 0)
        let info = String(decoding: try ExportRun.run("webpmux", ["-info", path]).stdout, as: UTF8.self)
        #expect(info.contains("Canvas size: 132 x 132") && info.contains("animation transparency") && info.contains("Loop Count : 3"), "\(info)")
        // The background a player may paint behind the frames is transparent (libwebp writes
        // opaque white).
        #expect(info.contains("Background color : 0x00000000"), "\(info)")
        // Down a pipe too: written to a temporary file first, cleared, then copied through.
        let piped = try ExportRun.iconmorph(Self.morph + ["--loops", "3", "--format", "webp", "-o", "-"])
        #expect(piped.status == 0, "\(piped.stderr)")
        try piped.stdout.write(to: URL(fileURLWithPath: folder.file("piped.webp")))
        #expect(piped.stdout == (try Data(contentsOf: URL(fileURLWithPath: path))))
        // Frames that do not change are merged into longer ones: the durations add up to the
        // whole animation (22 frames at 30 fps), and each frame's rectangle holds the PNG
        // frame of its start time, exactly.
        let rows = info.split(separator: "\n").filter { $0.contains(":") && $0.first == " " && $0.contains("lossless") }
        #expect(!rows.isEmpty && rows.allSatisfy { $0.contains("lossless") })
        // The summary counts the frames the file holds (it counted the hold's repeated frames,
        // which ffmpeg merges, too).
        let summarized = try ExportRun.iconmorph(Self.morph.filter { $0 != "-q" } + ["-o", folder.file("s.webp")])
        let summary = String(decoding: summarized.stdout, as: UTF8.self)
        #expect(rows.count < Self.frameCount && summary.contains(" \(rows.count) frames at 30 fps"), "\(summary)")
        var start = 0.0
        for (n, row) in rows.enumerated() {
            let fields = row.split(separator: " ").map(String.init)
            // No.: width height alpha x_offset y_offset duration dispose blend image_size compression
            let (width, height, x0, y0, duration) = (Int(fields[1])!, Int(fields[2])!, Int(fields[4])!, Int(fields[5])!, Double(fields[6])!)
            let frame = folder.file("f\(n + 1).webp"), pam = folder.file("f\(n + 1).pam")
            #expect(try ExportRun.run("webpmux", ["-get", "frame", "\(n + 1)", path, "-o", frame]).status == 0)
            #expect(try ExportRun.run("dwebp", [frame, "-pam", "-o", pam]).status == 0)
            let data = try [UInt8](Data(contentsOf: URL(fileURLWithPath: pam)))
            let pixels = Array(data.suffix(width * height * 4))
            let index = min(Self.frameCount - 1, Int((start * 30 / 1000).rounded()))
            let png = frames[index]
            var differ = 0
            for y in 0..<height {
                for x in 0..<width {
                    let a = (y * width + x) * 4, b = ((y + y0) * 132 + x + x0) * 4
                    if pixels[a + 3] != png[b + 3] || (png[b + 3] > 0 && pixels[a..<(a + 3)] != png[b..<(b + 3)]) { differ += 1 }
                }
            }
            #expect(differ == 0, "frame \(n + 1) (PNG frame \(index)): \(differ) pixels differ")
            start += duration
        }
        // Exactly the animation's time, rounded once (the last frame had one frame's time
        // rounded on its own: 999 ms for 30 frames).
        #expect(start == (Double(Self.frameCount) * 1000 / 30).rounded(), "\(start) ms")
    }

    /// A GIF keeps a hold as one frame shown longer, as an APNG does, exactly to the
    /// hundredth: 0.25 s at 10 fps lasted 0.3 s more, as three repeated frames; a hold past a
    /// GIF delay's 655.35 s is repeated frames still.
    @Test func aGIFHoldsAFrameAsItsDelay() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        func hundredths(_ path: String) throws -> [Int] {
            String(decoding: try ExportRun.run(
                "ffprobe", ["-v", "error", "-show_entries", "packet=duration", "-of", "csv=p=0", path]).stdout, as: UTF8.self)
                .split(separator: "\n").compactMap { Int(String($0)) }
        }
        let held = folder.file("held.gif")
        let run = try ExportRun.iconmorph([
            "render", "--from", "heart", "--to", "star", "--frames", "3", "--fps", "10", "--hold-start", "0.25",
            "--hold-end", "0.5", "-o", held,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try hundredths(held) == [35, 10, 60])
        #expect(String(decoding: run.stdout, as: UTF8.self).contains("3 frames at 10 fps, 1.05 s)"))
    }

    /// A GIF lasts its frames' time at its rate, rounded once to hundredths: ffmpeg gives
    /// the last frame the delay of the one before (30 frames at 30 fps lasted 1.01 s, 5
    /// frames 0.16 s), and the command sets it to what remains. Read by ffprobe.
    @Test func aGIFLastsWhatItsFramesAndRateSay() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for (frames, fps) in [(30, 30), (5, 30), (3, 30), (7, 7), (12, 12)] {
            let path = folder.file("m\(frames)-\(fps).gif")
            let run = try ExportRun.iconmorph(
                ["render", "--from", "heart", "--to", "star", "--frames", "\(frames)", "--fps", "\(fps)", "-q", "-o", path])
            #expect(run.status == 0, "\(run.stderr)")
            let probe = String(decoding: try ExportRun.run(
                "ffprobe", ["-v", "error", "-show_entries", "packet=duration", "-of", "csv=p=0", path]).stdout, as: UTF8.self)
            let delays = probe.split(separator: "\n").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            #expect(delays.count == frames)
            let expected = (Double(frames) * 100 / Double(fps)).rounded()
            #expect(Double(delays.reduce(0, +)) == expected, "\(frames) frames at \(fps) fps: \(delays)")
        }
    }

    @Test func withoutFFmpegTheErrorNamesIt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("m.mp4")
        let run = try ExportRun.run("/usr/bin/env", ["PATH=/nonexistent", try Binary.locate()] + Self.morph + ["-o", path])
        #expect(run.status == 73)
        #expect(run.stderr == "iconmorph: error: \(path): writing videos, GIF and WebP needs ffmpeg, which is not on the PATH; install it "
                    + "(apt-get install ffmpeg, brew install ffmpeg) or write PNG frames\n", "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        // --loops is for the formats that loop.
        let loops = try ExportRun.iconmorph(Self.morph + ["--loops", "2", "-o", folder.file("m.mov")])
        #expect(loops.status == 64 && loops.stderr.contains("--loops: only an animation loops"), "\(loops.stderr)")
    }

    /// An ffmpeg that exits 0 without writing (here a script that reads the frames and stops)
    /// is a failure, not an empty file reported as written.
    @Test(arguments: ["m.mp4", "m.gif", "m.webp"])
    func anFFmpegThatWritesNothingFails(_ name: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let bin = folder.file("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: false)
        try "#!/bin/sh\ncat >/dev/null\nexit 0\n".write(toFile: bin + "/ffmpeg", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin + "/ffmpeg")
        let path = folder.file(name)
        let run = try ExportRun.run("/usr/bin/env", ["PATH=\(bin):/usr/bin:/bin", try Binary.locate()] + Self.morph + ["-o", path])
        #expect(run.status == 73)
        #expect(run.stderr == "iconmorph: error: \(path): ffmpeg failed: it exited successfully but wrote nothing\n", "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["bin"])
    }
}
