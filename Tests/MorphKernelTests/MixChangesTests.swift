import AlphaRaster
import Testing
@_spi(Testing) @testable import MorphKernel
import _TestSupport

/// The renderer's kept row changes of the pair of masks it drew last (`MixChanges`): the
/// positions and the bits of each Δ that `MixSteps.extract` finds in the bytes, rows with too
/// many changes left to the bytes, and never taken for masks whose bytes are not theirs.
struct MixChangesTests {
    /// `extract`'s positions, negated positions and Δ bits for `positions` of the rows `s`
    /// and `t`.
    static func extracted(
        _ s: [UInt8], _ t: [UInt8], positions: ClosedRange<Int>, wS: Float, wT: Float
    ) -> [(Int32, Int32, UInt32)] {
        MixStepsTests.withSteps(width: s.count) { steps in
            let count = s.withUnsafeBufferPointer { sp in
                t.withUnsafeBufferPointer { tp in
                    MixSteps.extract(
                        source: sp.baseAddress!, target: tp.baseAddress!, width: s.count, positions: positions,
                        sourceWeight: wS, targetWeight: wT, into: steps)
                }
            }
            return (0..<count).map { (steps.positions[$0], steps.negatedPositions[$0], steps.deltas[$0].bitPattern) }
        }
    }

    @Test("a kept row gives the positions and the bits of each Δ that the bytes give")
    func keptRowsMatchTheBytes() throws {
        var rng = SplitMix64(seed: 0x31C4_0001)
        var kept = 0, overflowing = 0
        for width in [1, 2, 7, 8, 9, 16, 17, 33, 64, 131, 300] {
            for kind in 0..<5 {
                let (s, t) = MixStepsTests.rows(width: width, kind: kind, using: &rng)
                let changes = MixChanges(width: width, height: 1)
                s.withUnsafeBufferPointer { sp in
                    t.withUnsafeBufferPointer { tp in
                        changes.rows.measure(rows: 0..<1, source: sp.baseAddress!, target: tp.baseAddress!, width: width)
                    }
                }
                let row = changes.rows.row(0)
                let all = Self.extracted(s, t, positions: 0...width, wS: 1, wT: 1)
                guard all.count <= changes.capacity else {
                    #expect(row.count == -1, "width \(width) kind \(kind): \(all.count) changes")
                    overflowing += 1
                    continue
                }
                kept += 1
                #expect(row.count == all.count, "width \(width) kind \(kind)")
                for _ in 0..<20 {
                    let a = Int.random(in: 0...width, using: &rng), b = Int.random(in: 0...width, using: &rng)
                    let e = [0, 1, Double.random(in: 0...1, using: &rng)].randomElement(using: &rng)!
                    let (wS, wT) = (Float((1 - e) / 255), Float(e / 255))
                    let expected = Self.extracted(s, t, positions: min(a, b)...max(a, b), wS: wS, wT: wT)
                    let got = MixStepsTests.withSteps(width: width) { steps in
                        let (positions, negated, count) = MixSteps.kept(
                            row, positions: min(a, b)...max(a, b), sourceWeight: wS, targetWeight: wT, into: steps)
                        return (0..<count).map { (positions[$0], negated[$0], steps.deltas[$0].bitPattern) }
                    }
                    let range = "width \(width) kind \(kind) \(min(a, b))...\(max(a, b))"
                    #expect(got.map { $0.0 } == expected.map { $0.0 }, "\(range)")
                    #expect(got.map { $0.1 } == expected.map { -$0.0 } && expected.map { $0.1 } == expected.map { -$0.0 }, "\(range)")
                    #expect(got.map { $0.2 } == expected.map { $0.2 }, "\(range)")
                }
            }
        }
        // Both kinds of row came up.
        #expect(kept > 30 && overflowing > 0)
    }

    @Test("frames after a change of masks are a fresh renderer's: a new pair, swapped, changed in place")
    func changedMasksAreMeasuredAgain() throws {
        let a = try MaskTileBoundsTests.rectangle(x: 10..<40, y: 20..<70)
        let b = try MaskTileBoundsTests.rectangle(x: 50..<90, y: 8..<60)
        var c = try MaskTileBoundsTests.rectangle(x: 30..<70, y: 40..<90)
        for style in [MorphStyle(maxBlurRadius: 8), MorphStyle(maxBlurRadius: 8, softness: .fixed(0.1))] {
            let renderer = try MorphRenderer(width: 96, height: 96, style: style)
            func check(_ source: AlphaMask, _ target: AlphaMask, _ what: String) throws {
                for p in [0.3, 0.5] {
                    let fresh = try MorphRenderer(width: 96, height: 96, style: style)
                    let expected = try MaskTileBoundsTests.frame(fresh, source, target, p)
                    #expect(try MaskTileBoundsTests.frame(renderer, source, target, p) == expected, "\(what) at \(p)")
                }
            }
            try check(a, b, "a → b")
            try check(a, c, "a → c")
            try check(c, a, "c → a")
            try check(c, c, "c → c")
            c.withUnsafeMutablePixels { pixels in for column in 0..<96 { pixels[5 * 96 + column] = 255 } }
            try check(c, a, "c changed → a")
            try check(a, b, "a → b again")
        }
    }
}
