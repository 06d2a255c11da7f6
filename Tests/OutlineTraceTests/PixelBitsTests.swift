import Testing
import _TestSupport
@testable import OutlineTrace

/// The tracer's pixel sets against a plain reading of each operation, pixel by pixel.
struct PixelBitsTests {
    /// A random set of a `width` × `height` frame (a fixed seed per call site), as bits and
    /// as a plain array.
    static func randomSet(width: Int, height: Int, density: Double, _ generator: inout SplitMix64) -> (PixelBits, [Bool]) {
        var bits = PixelBits(width: width, height: height), plain = [Bool](repeating: false, count: width * height)
        for y in 0..<height {
            var x = 0
            while x < width {
                // Eight pixels at a time, as the histogram inserts them.
                var word: UInt64 = 0
                for k in 0..<min(8, width - x) where Double.random(in: 0..<1, using: &generator) < density {
                    word |= 1 << UInt64(k)
                    plain[y * width + x + k] = true
                }
                bits.insert(word, row: y, from: x)
                x += 8
            }
        }
        return (bits, plain)
    }

    @Test func insertedPixelsAreThePixelsInTheSet() {
        var generator = SplitMix64(seed: 64)
        for width in [1, 7, 8, 9, 63, 64, 65, 127, 128, 130] {
            let (bits, plain) = Self.randomSet(width: width, height: 5, density: 0.3, &generator)
            for y in 0..<5 {
                for x in 0..<width { #expect(bits.contains(x: x, y: y) == plain[y * width + x], "width \(width): (\(x), \(y))") }
            }
            // No bit past a row's end.
            for (index, word) in bits.words.enumerated() where index % bits.wordsPerRow == bits.wordsPerRow - 1 && width % 64 != 0 {
                #expect(word >> UInt64(width % 64) == 0, "width \(width): bits past the row")
            }
        }
    }

    @Test func aDilatedSetHoldsEveryPixelWithinReach() {
        // A frame without pixels stays without.
        #expect(PixelBits(width: 0, height: 3).dilated(by: 2).words.isEmpty)
        var generator = SplitMix64(seed: 65)
        for width in [1, 5, 63, 64, 65, 129] {
            let height = Int.random(in: 1...9, using: &generator)
            for reach in [0, 1, 3, 4, 70] {
                let (bits, plain) = Self.randomSet(width: width, height: height, density: 0.02, &generator)
                let dilated = bits.dilated(by: reach)
                for y in 0..<height {
                    for x in 0..<width {
                        var near = false
                        for dy in -reach...reach where y + dy >= 0 && y + dy < height {
                            for dx in -reach...reach where x + dx >= 0 && x + dx < width && plain[(y + dy) * width + x + dx] {
                                near = true
                            }
                        }
                        #expect(dilated.contains(x: x, y: y) == near, "width \(width), reach \(reach): (\(x), \(y))")
                    }
                }
            }
        }
    }

    @Test func keepingAFrameEmptiesThePixelsOutsideTheSet() {
        var generator = SplitMix64(seed: 66)
        for width in [1, 9, 64, 65, 140] {
            let height = 6
            let (bits, plain) = Self.randomSet(width: width, height: height, density: 0.5, &generator)
            let alpha = (0..<(width * height)).map { _ in UInt8.random(in: 1...255, using: &generator) }
            let kept = alpha.withUnsafeBufferPointer { bits.keeping($0) }
            #expect(kept == zip(alpha, plain).map { $1 ? $0 : 0 }, "width \(width)")
        }
    }
}
