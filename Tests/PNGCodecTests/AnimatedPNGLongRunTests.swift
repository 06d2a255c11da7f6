import Foundation
@testable import PNGCodec
import Testing

/// A long animation is streamed: 100 000 frames are written without memory growing (each
/// frame is encoded into reused memory and written out), and the file holds them all.
@Suite struct AnimatedPNGLongRunTests {
    static let size = 8
    static let frameCount = 100_000

    /// Frame `index`: a dot moving over a gradient, changing one or two pixels a frame; every
    /// tenth frame repeats the one before (merged).
    static func frame(_ index: Int, into alpha: inout [UInt8]) {
        let source = index % 10 == 9 ? index - 1 : index
        for i in alpha.indices { alpha[i] = UInt8(i) }
        // Never the gradient's value there (x ^ ~x ^ s ≠ 0 for s < 64), and the dot moves each
        // frame, so consecutive frames always differ.
        let position = (source &* 7) % alpha.count
        alpha[position] = ~UInt8(truncatingIfNeeded: position) ^ UInt8(source % 64)
    }

    /// The process's resident memory in bytes (/proc/self/statm's second field, in pages),
    /// after handing free heap pages back to the system (`malloc_trim`), so that memory other
    /// suites running in parallel allocated and freed again does not count.
    static func residentBytes() throws -> Int {
        // glibc's malloc_trim(0), looked up because Swift's Glibc module leaves malloc.h out.
        if let trim = dlsym(nil, "malloc_trim") {
            _ = unsafeBitCast(trim, to: (@convention(c) (Int) -> Int32).self)(0)
        }
        let fields = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8).split(separator: " ")
        return try #require(Int(fields[1])) * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    @Test func hundredThousandFramesKeepTheHeapFlat() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("long.apng")
        let writer = try AnimatedPNGWriter(path: path, width: Self.size, height: Self.size, loopCount: 0)
        var alpha = [UInt8](repeating: 0, count: Self.size * Self.size)
        var samples: [Int] = []
        samples.reserveCapacity(48)
        for index in 0..<Self.frameCount {
            Self.frame(index, into: &alpha)
            try alpha.withUnsafeBytes {
                try writer.addFrame(alpha: $0, red: 0, green: 0, blue: 0, delayNumerator: 1, delayDenominator: 60)
            }
            if index % 2_500 == 2_499 { samples.append(try Self.residentBytes()) }
        }
        try writer.finish()
        // The resident size is the whole test process's, and other suites run in parallel:
        // a CI run saw it climb 19 MiB over the first 50 000 frames and then stay flat, and
        // another saw it jump by 135 MiB for four samples near the end while some other suite
        // held memory. So each quarter of the run is read by its least sample (memory that
        // others hold for part of a quarter does not count), and the last quarter is compared
        // with the second. A leak of 168 bytes a frame (less than one frame's pixels and
        // chunks) would raise the last quarter's least sample by the 4 MiB margin over the
        // 25 000 frames between them.
        let quarter = samples.count / 4
        let growth = samples.suffix(quarter).min()! - samples[quarter..<(2 * quarter)].min()!
        #expect(growth < 4 << 20, "resident memory grew by \(growth) bytes between the second and the last quarter of \(Self.frameCount) frames: \(samples)")

        var expected = [UInt8](repeating: 0, count: Self.size * Self.size)
        var shown = 0
        var mismatches = 0
        let png = try readBytes(path)
        let validator = try APNGValidator(png) { index, control, rgba in
            // Stored frame k shows input frame k + ⌊k / 9⌋ (every tenth input was merged).
            Self.frame(index + index / 9, into: &expected)
            let wrong = rgba.withUnsafeBufferPointer { shown in
                expected.indices.contains { shown[4 * $0] | shown[4 * $0 + 1] | shown[4 * $0 + 2] != 0 || shown[4 * $0 + 3] != expected[$0] }
            }
            if wrong { mismatches += 1 }
            shown += 1
        }
        #expect(mismatches == 0)
        #expect(shown == Self.frameCount - Self.frameCount / 10)
        #expect(validator.frameCount == shown)
    }
}
