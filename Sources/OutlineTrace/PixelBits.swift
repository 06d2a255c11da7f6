/// A set of a frame's pixels, one bit each: rows of 64-pixel words.
struct PixelBits {
    let width: Int, height: Int
    /// Words a row: ⌈width / 64⌉.
    let wordsPerRow: Int
    /// Bit k of word w of row y: pixel (64w + k, y). Bits past a row's end are clear.
    private(set) var words: [UInt64]

    /// The empty set of a `width` × `height` frame.
    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        wordsPerRow = (width + 63) / 64
        words = [UInt64](repeating: 0, count: wordsPerRow * height)
    }

    /// Adds the pixels of row `y` whose bits are set in `bits`, from pixel `x` on (bit k:
    /// pixel x + k; none past the row's end).
    @inline(__always)
    mutating func insert(_ bits: UInt64, row y: Int, from x: Int) {
        guard bits != 0 else { return }
        let word = y * wordsPerRow + x / 64, shift = UInt64(x % 64)
        words[word] |= bits << shift
        if shift > 0, x / 64 + 1 < wordsPerRow { words[word + 1] |= bits >> (64 - shift) }
    }

    /// Whether pixel (`x`, `y`) is in the set.
    func contains(x: Int, y: Int) -> Bool {
        words[y * wordsPerRow + x / 64] >> UInt64(x % 64) & 1 == 1
    }

    /// The pixels within `reach` of one in the set along a row, a column or a diagonal (the
    /// square of side 2 · `reach` + 1 about each), within the frame. Rows far from any pixel
    /// of the set (most, for a frame's translucent pixels) are passed over.
    func dilated(by reach: Int) -> PixelBits {
        var result = PixelBits(width: width, height: height)
        guard wordsPerRow > 0 else { return result }
        let last = wordsPerRow - 1
        let tail = width % 64 == 0 ? UInt64.max : (1 << UInt64(width % 64)) - 1
        words.withUnsafeBufferPointer { rows in
            result.words.withUnsafeMutableBufferPointer { out in
                // Per row, its words dilated along the row, into a buffer of one row.
                withUnsafeTemporaryAllocation(of: UInt64.self, capacity: wordsPerRow) { across in
                    for y in 0..<height {
                        let row = rows.baseAddress! + y * wordsPerRow
                        var any: UInt64 = 0
                        for w in 0...last {
                            across[w] = row[w]
                            any |= row[w]
                        }
                        guard any != 0 else { continue }
                        for _ in 0..<reach {
                            // A pixel either way, carried across the words.
                            var carry: UInt64 = 0
                            for w in 0...last {
                                let v = across[w], next = w < last ? across[w + 1] : 0
                                across[w] = v | v << 1 | carry | v >> 1 | next << 63
                                carry = v >> 63
                            }
                            across[last] &= tail
                        }
                        // Into every row within reach.
                        for target in max(0, y - reach)...min(height - 1, y + reach) {
                            let destination = out.baseAddress! + target * wordsPerRow
                            for w in 0...last { destination[w] |= across[w] }
                        }
                    }
                }
            }
        }
        return result
    }

    /// `alpha` (`width` × `height` bytes, rows tight) with every pixel outside the set made 0.
    func keeping(_ alpha: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var kept = [UInt8](repeating: 0, count: width * height)
        kept.withUnsafeMutableBufferPointer { kept in
            for y in 0..<height {
                for w in 0..<wordsPerRow {
                    // Runs of set bits, copied whole.
                    var bits = words[y * wordsPerRow + w]
                    while bits != 0 {
                        let start = bits.trailingZeroBitCount
                        let run = (~(bits >> UInt64(start))).trailingZeroBitCount
                        let offset = y * width + w * 64 + start
                        (kept.baseAddress! + offset).update(from: alpha.baseAddress! + offset, count: run)
                        bits = start + run >= 64 ? 0 : bits & ~((1 << UInt64(start + run)) - 1)
                    }
                }
            }
        }
        return kept
    }
}
