/// Finds the marked entries of a byte-per-entry table eight entries at a time: a distance
/// frame's per-segment tables (`DistanceFrameRenderer.SegmentKind`, and its `Bool` flags)
/// are mostly unmarked, and a loop testing one byte at a time cost about 14 instructions a
/// segment, much of a 132 px frame's bookkeeping.
///
/// An iterator rather than a function taking a closure, so that the loop's body stays in the
/// caller (a closure body was called, not inlined, for the blur across).
struct ByteTableScan: IteratorProtocol {
    private let table: UnsafeRawPointer
    private let lanes: UInt64
    private let end: Int
    /// The index of the first byte of `matches`.
    private var start: Int
    /// The bytes of `table` from `start` that hold the bit, as bits of their bytes.
    private var matches: UInt64 = 0

    /// The indices in `range` whose byte in `table` has `bit` set, in increasing order.
    /// Every entry of the table holds at most one of the bits the callers look for (a `Bool`
    /// is the byte 0 or 1; a segment kind 0, 1 or 2), so a byte with `bit` set is one match.
    @inline(__always)
    init(_ table: UnsafeRawPointer, _ range: Range<Int>, bit: UInt8) {
        self.table = table
        lanes = 0x0101_0101_0101_0101 &* UInt64(bit)
        end = range.upperBound
        start = range.lowerBound &- 8
    }

    @inline(__always)
    mutating func next() -> Int? {
        while matches == 0 {
            start &+= 8
            guard start < end else { return nil }
            var word: UInt64
            if end &- start >= 8 {
                word = table.loadUnaligned(fromByteOffset: start, as: UInt64.self)
            } else {
                word = 0
                for k in 0..<(end &- start) {
                    word |= UInt64(table.load(fromByteOffset: start &+ k, as: UInt8.self)) &<< UInt64(8 &* k)
                }
            }
            matches = word & lanes
        }
        let index = start &+ matches.trailingZeroBitCount &>> 3
        matches &= matches &- 1
        return index
    }
}
