import Foundation
import Testing

/// A long animated PNG is streamed by the command: 100 000 frames are rendered and written
/// without its memory growing. The command runs as a process of its own, so the resident size
/// read is its alone (read in-process, it was the whole test process's, and suites running
/// beside it moved it by megabytes).
@Suite struct LongAnimationMemoryTests {
    static let frameCount = 100_000

    @Test func hundredThousandFramesKeepTheCommandFlat() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = folder.file("long.apng")
        let process = try Binary.start([
            "render", "--from", "play", "--to", "pause", "--frames", "\(Self.frameCount)", "--size", "8", "--scale", "1",
            "--blur", "1", "--fps", "60", "-q", "-o", output,
        ])
        // The child's resident size (/proc/PID/statm's second field, in pages) every 20 ms.
        let statm = "/proc/\(process.processIdentifier)/statm"
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        var samples: [Int] = []
        while process.isRunning {
            if let text = try? String(contentsOfFile: statm, encoding: .utf8),
               let pages = text.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) {
                samples.append(pages * page)
            }
            usleep(20_000)
        }
        let result = try process.finish()
        #expect(result.status == 0, "\(result.stderr)")
        try #require(samples.count >= 20, "the run took \(samples.count) samples: too short to judge")
        // Each quarter is read by its least sample, and the last is compared with the second
        // (the first holds the start: the icons, the frame list, the workers' buffers). A leak
        // of 168 bytes a frame would raise the last quarter's least sample by the 4 MiB margin
        // over the 25 000 frames between them.
        let quarter = samples.count / 4
        let growth = samples.suffix(quarter).min()! - samples[quarter..<(2 * quarter)].min()!
        #expect(growth < 4 << 20, "resident memory grew by \(growth) bytes between the second and the last quarter: \(samples)")
        print("LongAnimationMemoryTests: \(samples.count) samples, growth \(growth) bytes, first \(samples.first!) last \(samples.last!)")
        // Written in full: an animated PNG (most of its frames repeat the one before at 8 px
        // and are merged into it, so it is small), with its end.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: output))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) && bytes.range(of: Data("acTL".utf8)) != nil)
        #expect(bytes.suffix(8).starts(with: Data("IEND".utf8)))
    }
}
