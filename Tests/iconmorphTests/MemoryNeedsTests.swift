import Foundation
import Testing
@testable import iconmorph

/// A command whose frames need more memory than the process may have fails at once with one
/// line naming `--size` and exit status 71, where the Swift runtime's allocation failure used
/// to end it with a trap and a backtrace.
@Suite(.serialized)
struct MemoryNeedsTests {
    /// Under `ulimit -v 2000000` (2 GB), an 8192 px distance frame (about 3.8 GB at its peak,
    /// measured) is refused before any work and writes nothing. (The metaball frame of that
    /// size, about 0.9 GB, is drawn under that limit; a debug build takes a minute for it, so
    /// `theEstimate` checks the limit's other side.)
    @Test func aFrameTooLargeForTheAddressSpaceIsRefusedFirst() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let refused = try ExportRun.shell(
            "ulimit -v 2000000 && \"$ICONMORPH\" render --progress 0.5 --size 8192 --scale 1 --style distance -o big.png",
            in: folder.path)
        #expect(refused.status == 71)
        #expect(refused.stderr == "iconmorph: error: --size: a 8192×8192 px distance frame needs about 4.2 GB of memory, "
            + "more than the 2 GB this process may have (ulimit -v); give a smaller --size or --scale\n", "\(refused.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// The estimate grows with the frame's pixels, the style's bytes a pixel, tracing and a
    /// sheet; a small frame is not checked against the limits at all.
    @Test func theEstimate() throws {
        let pixels = 1000 * 1000
        let metaball = MemoryNeeds(framePixels: pixels, style: .metaball, format: .png).bytes
        #expect(metaball == MemoryNeeds.baseBytes + 16 * pixels)
        #expect(MemoryNeeds(framePixels: pixels, style: .distance, format: .lottie).bytes == MemoryNeeds.baseBytes + 74 * pixels)
        #expect(MemoryNeeds(framePixels: pixels, style: .distance, format: .png, extraIcons: 2).bytes
            == MemoryNeeds.baseBytes + 72 * pixels)
        #expect(MemoryNeeds(framePixels: pixels, style: .path, format: .sheet, sheetPixels: 4 * pixels).bytes
            == MemoryNeeds.baseBytes + 36 * pixels)
        #expect(MemoryNeeds(framePixels: Int.max / 2, style: .distance, format: .png).bytes == .max)
        let small = MemoryNeeds(framePixels: 132 * 132, style: .distance, format: .svg)
        #expect(throws: Never.self) { try small.check(width: 132, height: 132, sizeOption: "--size") }
        let large = MemoryNeeds(framePixels: 8192 * 8192, style: .metaball, format: .png)
        #expect(throws: Never.self) {
            try large.check(width: 8192, height: 8192, sizeOption: "--size", limit: (2_048_000_000, "ulimit -v"))
        }
        #expect(throws: CommandFailure(
            message: "--size: a 132×132 px distance frame traced into vectors needs about 52 MB of memory, more than the "
                + "10 MB this process may have (a test); give a smaller --size or --scale",
            exitCode: .outOfMemory)) {
            try small.check(width: 132, height: 132, sizeOption: "--size", limit: (10_000_000, "a test"))
        }
        #expect(MemoryNeeds.gigabytes(3_849_000_000) == "3.8 GB" && MemoryNeeds.gigabytes(520_000_000) == "520 MB")
    }
}
