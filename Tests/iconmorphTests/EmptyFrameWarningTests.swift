import Foundation
import PNGCodec
import Testing

/// A blur too large for the icons empties the middle of the morph: the run still writes every
/// frame, and says on standard error which frames came out nearly empty, judged from the
/// frames themselves (their coverage against the smaller icon's).
@Suite(.serialized)
struct EmptyFrameWarningTests {
    static func coverage(ofPNG path: String) throws -> Int {
        let image = try PNGImage(contentsOfFile: path, format: .rgba)
        return stride(from: 3, to: image.pixels.count, by: 4).reduce(0) { $0 + Int(image.pixels[$1]) }
    }

    @Test func nearlyEmptyFramesAreNamedOnce() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let run = try ExportRun.iconmorph(["render", "--from", "play", "--to", "pause", "--blur", "22", "--frames", "13", "-q", "-o", folder.file("f")])
        #expect(run.status == 0 && run.stdout.isEmpty)
        #expect(run.stderr == "iconmorph: warning: frames 5–7 of 13 are nearly empty (under 5 % of the smaller icon's coverage): "
                    + "the blur melts the icons away there; a smaller --blur keeps the shape\n", "\(run.stderr)")
        // The warning agrees with the frames written: those named hold under 5 % of the
        // smaller end frame's coverage, the others more.
        let ends = try min(Self.coverage(ofPNG: folder.file("f/frame_0000.png")), Self.coverage(ofPNG: folder.file("f/frame_0012.png")))
        for k in 0..<13 {
            let own = try Self.coverage(ofPNG: folder.file(String(format: "f/frame_%04d.png", k)))
            #expect((5...7).contains(k) == (Double(own) < 0.05 * Double(ends)), "frame \(k): \(own) of \(ends)")
        }
    }

    @Test("icons drawn wholly translucent, which the frames at rest show, are judged too")
    func translucentIconsAreJudged() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // Play and pause at 40 % opacity: all under the threshold, so their pixels over it
        // are none; the frames at rest show them at 40 %, and the blur empties the middle.
        var icons: [String] = []
        for (name, shape) in [("play", "<path d='M8 5v14l11-7z'/>"), ("pause", "<path d='M6 5h4v14H6zm8 0h4v14h-4z'/>")] {
            let path = folder.file("\(name).svg")
            try Data("<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'><g opacity='0.4'>\(shape)</g></svg>".utf8)
                .write(to: URL(fileURLWithPath: path))
            icons.append(path)
        }
        let run = try ExportRun.iconmorph(["render", "--from", icons[0], "--to", icons[1], "--blur", "22", "--frames", "13", "-q", "-o", folder.file("f")])
        #expect(run.status == 0)
        #expect(run.stderr.hasPrefix("iconmorph: warning: frames ") && run.stderr.contains("nearly empty"), "\(run.stderr)")
        #expect(try Self.coverage(ofPNG: folder.file("f/frame_0000.png")) > 0)
    }

    @Test func aSingleFrameAndTheVectorFormatsWarnToo() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let one = try ExportRun.iconmorph(["render", "--from", "heart", "--to", "star", "--blur", "22", "--progress", "0.5", "-q", "-o", folder.file("one.png")])
        #expect(one.status == 0 && one.stderr.hasPrefix("iconmorph: warning: the frame is nearly empty"), "\(one.stderr)")
        let svg = try ExportRun.iconmorph(["render", "--from", "play", "--to", "pause", "--blur", "22", "--frames", "13", "-q", "-o", folder.file("m.svg")])
        #expect(svg.status == 0 && svg.stderr.hasPrefix("iconmorph: warning: frames 5–7 of 13 are nearly empty"), "\(svg.stderr)")
    }

    @Test func distanceFramesAreJudgedWithTheirOwnAdvice() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let run = try ExportRun.iconmorph(
            ["render", "--style", "distance", "--from", "play", "--to", "pause", "--blur", "30", "--frames", "13", "-q",
             "-o", folder.file("d")])
        #expect(run.status == 0)
        #expect(run.stderr.hasPrefix("iconmorph: warning: frames ") && run.stderr.hasSuffix(
            "the blur shrinks the shapes away there, or they lie too far apart to meet half-way; a smaller --blur keeps the shape\n"),
            "\(run.stderr)")
        let defaults = try ExportRun.iconmorph(
            ["render", "--style", "distance", "--from", "play", "--to", "pause", "--frames", "13", "-q", "-o", folder.file("e")])
        #expect(defaults.status == 0 && defaults.stderr == "", "\(defaults.stderr)")
    }

    @Test func theDefaultsWarnOfNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for pair in [["play", "pause"], ["heart", "star"], ["bell", "magnifyingglass"], ["minus", "plus"]] {
            let run = try ExportRun.iconmorph(["render", "--from", pair[0], "--to", pair[1], "--frames", "31", "-q", "-o", folder.file(pair[0])])
            #expect(run.status == 0 && run.stderr == "", "\(pair): \(run.stderr)")
        }
    }
}
