import Foundation
import Testing

/// An output's name says what it holds: names of videos and image types iconmorph does not
/// write (it writes .mov, .webm, .mp4, .gif and .webp through ffmpeg), and file names with
/// another format's extension, are usage errors that write nothing; folders may be called
/// anything, and a name without an extension is the format's.
@Suite(.serialized)
struct OutputNameTests {
    static let refused: [([String], String)] = [
        (["--frames", "3", "-o", "morph.mkv"], "'morph.mkv' names a video, which iconmorph does not write; pipe its frames into "
            + "ffmpeg (--print-ffmpeg prints the commands) or give a .png, .apng, .svg, .json, .mov, .webm, .mp4, .gif or .webp "
            + "name, or a folder for frames"),
        (["--progress", "0.5", "-o", "morph.avi"], "'morph.avi' names a video"),
        (["--frames", "3", "-o", "frames.m4v"], "'frames.m4v' names a video"),
        (["--progress", "0.5", "-o", "x.jpg"], "'x.jpg' names a JPEG image, which iconmorph does not write; give a .png"),
        (["--progress", "0.5", "--format", "png", "-o", "x.svg"], "'x.svg' is named like another format's file; --format png writes .png"),
        (["--frames", "3", "--format", "sheet", "-o", "s.apng"], "'s.apng' is named like another format's file; --format sheet writes .png"),
        (["--frames", "3", "--format", "gif", "-o", "s.mp4"], "'s.mp4' is named like another format's file; --format gif writes .gif"),
        (["--frames", "3", "--format", "png", "-o", "v.mp4"], "'v.mp4' is named like a .mp4 file, but --format png writes a "
            + "folder of .png frames; give the folder another name (a trailing / keeps this one)"),
        (["--progress", "0.5", "-o", "x.txt"], "'x.txt' ends in .txt, which is not what --format png writes (.png); give such a name, "
            + "or one without an extension"),
        (["--frames", "3", "-o", "f_%02d.txt"], "'f_%02d.txt' ends in .txt"),
        // Raw frames go to standard output only: not a folder of PNG frames named .rgba.
        (["--frames", "3", "-o", "frames.rgba"], "'frames.rgba' names raw RGBA frames, which iconmorph writes to standard output "
            + "only; give -o - and redirect it (-o - > frames.rgba), or end the name with / for a folder of .png frames"),
        (["--frames", "3", "--format", "svg", "-o", "f.raw"], "'f.raw' names raw RGBA frames"),
        // Names a Lottie or video user types: refused, where a folder of PNG frames was made.
        (["--frames", "3", "-o", "icon.lottie"], "'icon.lottie' names a dotLottie archive, which iconmorph does not write; "
            + "a Lottie file is written as .json; give a .png"),
        (["--frames", "3", "-o", "clip.mpg"], "'clip.mpg' names a video"),
        // A frame pattern for a format of one file: refused, where the % stayed in the name.
        (["--frames", "3", "-o", "x_%03d.apng"], "'x_%03d.apng' is a pattern of frame files, but --format apng writes one "
            + "file; give its name without %d, or --format png or svg for a file per frame"),
        (["--frames", "3", "-o", "f_%04d.json"], "'f_%04d.json' is a pattern of frame files, but --format lottie"),
    ]

    @Test(arguments: refused.indices)
    func misleadingNamesAreUsageErrors(_ index: Int) throws {
        let (arguments, message) = Self.refused[index]
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let run = try ExportRun.iconmorph(["render"] + arguments + ["-q"], in: folder.path)
        #expect(run.status == 64, "\(arguments): \(run.stderr)")
        #expect(run.stderr.hasPrefix("iconmorph: error: -o: " + message), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func aMaskIsAPNGFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let run = try ExportRun.iconmorph(["mask", "--from", "heart", "-q", "-o", "mask.jpg"], in: folder.path)
        #expect(run.status == 64 && run.stderr.hasPrefix("iconmorph: error: -o: 'mask.jpg' names a JPEG image"), "\(run.stderr)")
        // Named like another format's file: the message names the command, which has no --format.
        let svg = try ExportRun.iconmorph(["mask", "--from", "heart", "-q", "-o", "mask.svg"], in: folder.path)
        #expect(svg.status == 64 && svg.stderr == "iconmorph: error: -o: 'mask.svg' is named like another format's file; mask writes .png\n",
                "\(svg.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        #expect(try ExportRun.iconmorph(["mask", "--from", "heart", "-q", "-o", "mask.png"], in: folder.path).status == 0)
    }

    /// A timeline of one frame written where `-o` names frame files (a new folder ending in
    /// /, an existing folder, a pattern) is a sequence of one, named as a longer timeline's
    /// frames: a script gets frame_0000.png whatever its timeline (a new folder was refused
    /// with 73, an existing one got morph.png, a pattern's folder was not made).
    @Test func aTimelineOfOneFrameIntoAFolderIsASequenceOfOne() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.file("existing"), withIntermediateDirectories: false)
        let cases: [(String, String)] = [
            ("new/", "new/frame_0000.png"), ("existing", "existing/frame_0000.png"),
            ("made/f_%03d.png", "made/f_000.png"), ("svgs/f_%02d.svg", "svgs/f_00.svg"),
        ]
        for (output, written) in cases {
            let run = try ExportRun.iconmorph(
                ["animate", "--at", "0", "pause", "--transition", "0", "-q", "-o", output], in: folder.path)
            #expect(run.status == 0, "\(output): \(run.stderr)")
            #expect(FileManager.default.fileExists(atPath: folder.file(written)), "\(output)")
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.file(String(written.split(separator: "/")[0])))
            #expect(files.count == 1, "\(output): \(files)")
        }
    }

    /// A timeline that ends at time 0 is one frame whether or not it has events, so `-o x.svg`
    /// names one SVG frame (and `-o x.png` one PNG) either way.
    @Test func aTimelineOfOneFrameNamedSVGIsOneSVGFrame() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for events in [[], ["--at", "0", "pause"]] {
            let run = try ExportRun.iconmorph(["animate"] + events + ["--until", "0", "-q", "-o", "one.svg"], in: folder.path)
            #expect(run.status == 0, "\(events): \(run.stderr)")
            let text = try String(contentsOfFile: folder.file("one.svg"), encoding: .utf8)
            #expect(text.hasPrefix("<svg") && !text.contains("<animate") && !text.contains("<set"), "\(events)")
            try FileManager.default.removeItem(atPath: folder.file("one.svg"))
        }
    }

    /// A shorter sequence written into a folder where a longer one was replaces it: the
    /// earlier run's later frames are removed, up to the first missing number (they were
    /// kept, and `ffmpeg -i frame_%04d.png` read 60 frames of two animations). Kept: files
    /// past a gap, other names, a folder named as a frame, a file so named that holds no
    /// frame, and this run's own input (an earlier run's last frame as its icon: removed, it
    /// was lost). Under a pattern, whose names are the user's (IMG_%d.png), later files are
    /// warned of and kept.
    @Test func aSequenceReplacesTheLaterFramesOfAnEarlierOne() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        func files(_ name: String) throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: folder.file(name)).sorted()
        }
        func frames(_ range: Range<Int>, _ format: String) -> [String] { range.map { String(format: format, $0) } }
        #expect(try ExportRun.iconmorph(["render", "--frames", "12", "-q", "-o", "st/"], in: folder.path).status == 0)
        try Data().write(to: URL(fileURLWithPath: folder.file("st/frame_0013.png")))
        try Data("notes".utf8).write(to: URL(fileURLWithPath: folder.file("st/notes.txt")))
        let run = try ExportRun.iconmorph(["render", "--frames", "5", "-o", "st/"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        let summary = String(decoding: run.stdout, as: UTF8.self)
        #expect(summary.hasSuffix("; removed 7 later frames of an earlier run (st/frame_0005.png … st/frame_0011.png)\n"), "\(summary)")
        #expect(try files("st") == frames(0..<5, "frame_%04d.png") + ["frame_0013.png", "notes.txt"])
        // The last frame of an earlier run as this run's icon, and a file named as a frame
        // that holds none, stay.
        #expect(try ExportRun.iconmorph(["render", "--frames", "12", "-q", "-o", "in/"], in: folder.path).status == 0)
        try Data("not a frame".utf8).write(to: URL(fileURLWithPath: folder.file("in/frame_0008.png")))
        let spared = try ExportRun.iconmorph(["render", "--from", "in/frame_0011.png", "--to", "play", "--frames", "5", "-o", "in/"], in: folder.path)
        #expect(spared.status == 0, "\(spared.stderr)")
        #expect(try files("in") == frames(0..<5, "frame_%04d.png") + ["frame_0008.png", "frame_0011.png"])
        // A pattern: warned of, kept.
        for k in 0..<9 { try Data("photo \(k)".utf8).write(to: URL(fileURLWithPath: folder.file("IMG_\(k).png"))) }
        let patterned = try ExportRun.iconmorph(["render", "--frames", "4", "-q", "-o", "IMG_%d.png"], in: folder.path)
        #expect(patterned.status == 0)
        #expect(patterned.stderr == "iconmorph: warning: IMG_4.png … IMG_8.png follow the last frame under the same pattern and "
            + "were left in place; a reader of the sequence would take them for more frames\n", "\(patterned.stderr)")
        #expect(try files("").filter { $0.hasPrefix("IMG_") }.count == 9)
    }

    /// `animate` into a name with a % that is no frame pattern writes that one file, as
    /// `render` does (it was refused as a malformed pattern).
    @Test func aTimelineOfOneFrameNamedWithAPercentSignIsThatFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let run = try ExportRun.iconmorph(["animate", "-q", "-o", "100%.png"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["100%.png"])
    }

    @Test func fittingNamesAreWritten() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let cases: [([String], [String])] = [
            (["--frames", "3", "-o", "frames.d"], ["frames.d"]),
            (["--frames", "3", "-o", "f_%02d.svg"], ["f_00.svg", "f_01.svg", "f_02.svg"]),
            (["--progress", "0.5", "-o", "morph"], ["morph"]),
            (["--frames", "3", "--format", "apng", "-o", "a.png"], ["a.png"]),
            (["--frames", "3", "-o", "m.svg"], ["m.svg"]),
            (["--progress", "0.5", "-o", "one.gif"], ["one.gif"]),
            (["--frames", "3", "--format", "png", "-o", "v.mp4/"], ["v.mp4"]),
            // One frame named by a frame pattern is its frame 0; a % that is no pattern is kept.
            (["--progress", "0.5", "-o", "f_%03d.png"], ["f_000.png"]),
            (["--progress", "0.5", "-o", "100%.png"], ["100%.png"]),
            (["--progress", "0.5", "-o", "g_%02d.gif"], ["g_00.gif"]),
            (["--frames", "3", "-o", "100%.gif"], ["100%.gif"]),
        ]
        for (arguments, written) in cases {
            let scratch = folder.file(String(arguments.joined().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.prefix(40)))
            try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: false)
            let run = try ExportRun.iconmorph(["render"] + arguments + ["-q"], in: scratch)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: scratch).sorted() == written, "\(arguments)")
        }
    }

    /// `-o /dev/stdout` into a pipe is standard output for every format, as `-o -` is: the raw
    /// stream goes down it, and a file per frame is refused; without `--format` (which for
    /// `-o -` means the raw stream) the refusal says the sequence took PNG files.
    @Test func standardOutputByName() throws {
        let dash = try ExportRun.iconmorph(["render", "--frames", "3", "--format", "rgba", "-q", "-o", "-"])
        let named = try ExportRun.iconmorph(["render", "--frames", "3", "--format", "rgba", "-q", "-o", "/dev/stdout"])
        #expect(dash.status == 0 && named.status == 0, "\(named.stderr)")
        #expect(named.stdout.count == 3 * 132 * 132 * 4 && named.stdout == dash.stdout)
        let frames = try ExportRun.iconmorph(["render", "--frames", "3", "-q", "-o", "/dev/stdout"])
        #expect(frames.status == 64)
        #expect(frames.stderr.hasPrefix("iconmorph: error: -o: a sequence is written as PNG files, one per frame, which cannot go to "
            + "standard output; give -o - for the raw RGBA stream"), "\(frames.stderr)")
        let png = try ExportRun.iconmorph(["render", "--frames", "3", "--format", "png", "-q", "-o", "/dev/stdout"])
        #expect(png.status == 64)
        #expect(png.stderr.hasPrefix("iconmorph: error: -o: --format png writes a file per frame, so it cannot go to standard output"),
                "\(png.stderr)")
    }

    /// A frame file that would be refused (here a folder in its place) stops the run before
    /// frame 0 is written, not when its turn comes.
    @Test func aRefusedFrameNameStopsTheRunBeforeTheFirstFrame() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.file("frames/frame_0002.png"), withIntermediateDirectories: true)
        let run = try ExportRun.iconmorph(["render", "--frames", "4", "-q", "-o", "frames/"], in: folder.path)
        #expect(run.status == 73)
        #expect(run.stderr == "iconmorph: error: frames/frame_0002.png: cannot create: it is a directory\n", "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("frames")) == ["frame_0002.png"])
    }
}
