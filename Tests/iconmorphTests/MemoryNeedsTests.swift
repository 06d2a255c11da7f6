import Foundation
import Testing
@testable import iconmorph

/// A command whose frames clearly need more memory than the process may have fails at once
/// with one line naming `--size` and exit status 71, where the Swift runtime's allocation
/// failure used to end it with a trap and a backtrace.
@Suite(.serialized)
struct MemoryNeedsTests {
    /// Under `ulimit -v 2000000` (2 GB), an 8192 px distance frame (4.46 GB of address space
    /// at its least, bisected) is refused before any work and writes nothing.
    @Test func aFrameTooLargeForTheAddressSpaceIsRefusedFirst() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let refused = try ExportRun.shell(
            "ulimit -v 2000000 && \"$ICONMORPH\" render --progress 0.5 --size 8192 --scale 1 --style distance -o big.png",
            in: folder.path)
        #expect(refused.status == 71)
        #expect(refused.stderr == "iconmorph: error: --size: 8192×8192 px distance frames need about 4789 MB of memory, "
            + "more than the 2048 MB this process may have (ulimit -v); give a smaller --size or --scale\n", "\(refused.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// A PNG in the repository, for `--style path`, which needs an outline.
    static let png: String = packageRoot.path + "/Tests/Fixtures/PngSuite/PngSuite.png"

    /// Commands under `ulimit -v 100000`, the status each ends with and its message's start.
    static let refusals: [(String, Int32, String)] = [
        ("render --progress 0.5 --size 2500 --scale 3 --style distance -o big.png", 71,
         "--size: 7500×7500 px distance frames need about 4018 MB of memory, more than the 102 MB this process may have "
            + "(ulimit -v); give a smaller --size or --scale"),
        ("render --progress 0.5 --size 2500 --scale 3 -o big.png", 71, "--size: 7500×7500 px metaball frames need about"),
        ("render --style path --progress 0.5 --size 2500 --scale 3 -o big.png", 71, "--size: 7500×7500 px path frames need about"),
        ("animate --at 0 play --at 0.2 pause --size 2500 --scale 3 -o a.apng", 71, "--size: 7500×7500 px metaball frames"),
        ("mask --from star --size 2500 --scale 3 -o m.png", 71,
         "--size: a 7500×7500 px mask needs about 221 MB of memory, more than the 102 MB this process may have (ulimit -v); "
            + "give a smaller --size or --scale"),
        ("mask --from missing.png --size 2500 --scale 3 -o m.png", 66, "missing.png: no such file"),
        ("render --from nosuchicon --progress 0.5 --size 2500 --scale 3 -o big.png", 66, "--from: 'nosuchicon' is not a file"),
        ("animate --at 0 play --at 0.2 missing.svg --size 2500 --scale 3 -o a.apng", 66, "missing.svg: no such file"),
        // A PNG has no outline for --style path: said first, as without the limit.
        ("render --style path --from " + png + " --progress 0.5 --size 2500 --scale 3 -o big.png", 64,
         "--from: " + png + " is a PNG image, which has no outline"),
    ]

    /// The check comes before the icons are drawn: under `ulimit -v 100000` the two 7500 px
    /// masks alone did not fit, and their allocation ended the process with a runtime trap
    /// (status 134) before the check ran. Each command is refused with status 71, `mask`
    /// too, which had no check; a missing file or unknown name is still reported as such.
    @Test(arguments: refusals)
    func iconsTooLargeToDrawAreRefusedBeforeTheyAreDrawn(_ command: String, _ status: Int32, _ message: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let run = try ExportRun.shell("ulimit -v 100000 && \"$ICONMORPH\" " + command, in: folder.path)
        #expect(run.status == status, "\(run.status): \(run.stderr)")
        #expect(run.stderr.hasPrefix("iconmorph: error: " + message), "\(run.stderr)")
        #expect(run.stderr.filter { $0 == "\n" }.count == 1, "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// A strip's own pixels join the estimate once its frames are counted: under
    /// `ulimit -v 200000` a 25-frame strip of 132 px frames is drawn (counting the largest
    /// sheet up front refused it).
    @Test func aSmallStripUnderATightLimitIsDrawn() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let run = try ExportRun.shell(
            "ulimit -v 200000 && \"$ICONMORPH\" animate --at 0 pause --at 0.3 stop --format strip -q -o s.png", in: folder.path)
        #expect(run.status == 0 && run.stderr == "", "\(run.status): \(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["s.png"])
    }

    /// Icons with translucent layers take more a metaball frame pixel, known once they are
    /// drawn: under `ulimit -v 100000` 2000 px frames of opaque icons are drawn, and those of
    /// an SVG with a translucent layer refused with status 71 instead of running out later.
    @Test func translucentLayersAreCountedOnceKnown() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Data("<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'><rect x='3' y='3' width='8' height='18'/><rect x='13' y='3' width='8' height='18' opacity='0.35'/></svg>".utf8)
            .write(to: URL(fileURLWithPath: folder.file("two-tone.svg")))
        let opaque = try ExportRun.shell(
            "ulimit -v 100000 && \"$ICONMORPH\" render --from play --to pause --progress 0.5 --size 2000 --scale 1 -q -o a.png",
            in: folder.path)
        #expect(opaque.status == 0, "\(opaque.stderr)")
        let layered = try ExportRun.shell(
            "ulimit -v 100000 && \"$ICONMORPH\" render --from two-tone.svg --to pause --progress 0.5 --size 2000 --scale 1 -q -o b.png",
            in: folder.path)
        #expect(layered.status == 71)
        #expect(layered.stderr.hasPrefix("iconmorph: error: --size: 2000×2000 px metaball frames need about 140 MB"), "\(layered.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("b.png")))
    }

    /// The estimate: the base, the style's bytes a frame pixel, tracing (not for the path
    /// style, which writes its outlines), kept fields and a sheet's own pixels.
    @Test func theEstimate() {
        let pixels = 1_000_000, base = MemoryNeeds.baseBytes
        #expect(MemoryNeeds(width: 1000, height: 1000, style: .metaball, format: .png).bytes == base + 15_500_000)
        #expect(MemoryNeeds(width: 1000, height: 1000, style: .distance, format: .lottie).bytes == base + 83_000_000)
        #expect(MemoryNeeds(width: 1000, height: 1000, style: .path, format: .svgAnimate).bytes == base + 12_500_000)
        #expect(MemoryNeeds(width: 1000, height: 1000, style: .distance, format: .png, extraIcons: 2).bytes == base + 81_000_000)
        #expect(MemoryNeeds(width: 1000, height: 1000, style: .path, format: .sheet, sheetPixels: 4 * pixels).bytes
            == base + 12_500_000 + 22_000_000)
        #expect(MemoryNeeds(width: Int.max / 2, height: 1, style: .distance, format: .png).bytes == .max)
        #expect(MemoryNeeds(width: 1000, height: 1000, style: .metaball, format: .png, translucentLayers: true).bytes
            == base + 29_000_000)
        #expect(MemoryNeeds(width: 1000, height: 1000, style: .distance, format: .png, translucentLayers: true).bytes
            == base + 71_000_000)
    }

    /// Only an estimate more than a quarter over the limit is refused (the address space a run
    /// takes varies by more than the estimate's error); the message reads the need rounded up
    /// and the limit down.
    @Test func theMargin() {
        let needs = MemoryNeeds(width: 1000, height: 10_000, style: .metaball, format: .png)   // 179 MB
        #expect(throws: Never.self) {
            try needs.check(limit: (144_000_000, "a test"))
        }
        #expect(throws: CommandFailure(
            message: "--size: 1000×10000 px metaball frames need about 179 MB of memory, more than the 142 MB this process "
                + "may have (a test); give a smaller --size or --scale",
            exitCode: .outOfMemory)) {
            try needs.check(limit: (142_999_999, "a test"))
        }
        #expect(MemoryNeeds.megabytes(1_000_000_001, roundingUp: true) == "1001 MB")
        #expect(MemoryNeeds.megabytes(1_000_999_999, roundingUp: false) == "1000 MB")
    }
}
