import Testing
import _TestSupport
@testable import MorphKernel

/// The scan a distance frame walks its segment tables with, against a plain filter.
struct ByteTableScanTests {
    @Test func findsEveryMarkedEntryOfEveryRangeInOrder() {
        // Tables of kinds (0, 1, 2) and of flags, every range of a 40-entry table (starts and
        // ends on and off a multiple of 8, empty ranges, ranges shorter than a word).
        var generator = SplitMix64(seed: 88)
        for trial in 0..<50 {
            let density = trial % 5
            let kinds = (0..<40).map { _ in UInt8(generator.next() % 5 < UInt64(density) ? 2 : generator.next() % 2) }
            let flags = (0..<40).map { _ in generator.next() % 4 == 0 }
            for lower in 0...40 {
                for upper in lower...40 {
                    kinds.withUnsafeBytes { table in
                        var scan = ByteTableScan(table.baseAddress!, lower..<upper, bit: 2)
                        var found: [Int] = []
                        while let index = scan.next() { found.append(index) }
                        #expect(found == (lower..<upper).filter { kinds[$0] == 2 }, "kinds \(kinds), \(lower)..<\(upper)")
                    }
                    flags.withUnsafeBytes { table in
                        var scan = ByteTableScan(table.baseAddress!, lower..<upper, bit: 1)
                        var found: [Int] = []
                        while let index = scan.next() { found.append(index) }
                        #expect(found == (lower..<upper).filter { flags[$0] }, "flags \(flags), \(lower)..<\(upper)")
                    }
                }
            }
        }
    }

    @Test func segmentKindsAreTheBytesTheScanLooksFor() {
        // The renderer's tables are scanned as bytes: each kind is one byte, an edge the bit 2.
        #expect(MemoryLayout<DistanceFrameRenderer.SegmentKind>.size == 1)
        for kind in [DistanceFrameRenderer.SegmentKind.empty, .full, .edge] {
            let byte = withUnsafeBytes(of: kind) { $0[0] }
            #expect((byte & DistanceFrameRenderer.SegmentKind.edge.rawValue != 0) == (kind == .edge))
        }
        #expect(withUnsafeBytes(of: true) { $0[0] } == 1 && withUnsafeBytes(of: false) { $0[0] } == 0)
    }
}
