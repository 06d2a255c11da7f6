import Foundation
@testable import PNGCodec
import Testing

/// A long animation is streamed: 100 000 frames are written one by one, and the file holds
/// them all, each exactly. (That memory stays flat over such a run is checked on the command,
/// in a process of its own: `LongAnimationMemoryTests` in the command's tests; read here, the
/// resident size was the whole test process's, moved by megabytes by the suites beside it.)
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

    @Test func hundredThousandFramesComeBackExactly() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("long.apng")
        let writer = try AnimatedPNGWriter(path: path, width: Self.size, height: Self.size, loopCount: 0)
        var alpha = [UInt8](repeating: 0, count: Self.size * Self.size)
        for index in 0..<Self.frameCount {
            Self.frame(index, into: &alpha)
            try alpha.withUnsafeBytes {
                try writer.addFrame(alpha: $0, red: 0, green: 0, blue: 0, delayNumerator: 1, delayDenominator: 60)
            }
        }
        try writer.finish()
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
