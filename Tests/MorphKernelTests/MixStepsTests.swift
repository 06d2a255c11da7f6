import AlphaRaster
import Testing
@_spi(Testing) @testable import MorphKernel
import _TestSupport

/// The horizontal pass from the mix's changes (`MixSteps`): the changes it records, the sums
/// it makes of them against a plain double-precision convolution, and frames whose rows take
/// both forms (changes in some blocks, taps in others) against computing every tile.
@Suite struct MixStepsTests {
    /// A row pair of one kind: flat, sparse steps, a smooth ramp, binary noise, or noise in
    /// one half only.
    static func rows(width: Int, kind: Int, using rng: inout SplitMix64) -> (s: [UInt8], t: [UInt8]) {
        func row() -> [UInt8] {
            switch kind {
            case 0: return [UInt8](repeating: UInt8.random(in: 0...255, using: &rng), count: width)
            case 1:
                var values = [UInt8](repeating: 0, count: width)
                var level: UInt8 = 0
                for x in 0..<width {
                    if Int.random(in: 0..<9, using: &rng) == 0 { level = UInt8.random(in: 0...255, using: &rng) }
                    values[x] = level
                }
                return values
            case 2: return (0..<width).map { UInt8(($0 * 255) / max(1, width - 1)) }
            case 3: return (0..<width).map { _ in Bool.random(using: &rng) ? 255 : 0 }
            default:
                return (0..<width).map { x in x < width / 2 ? (Bool.random(using: &rng) ? 255 : 0) : x < width * 3 / 4 ? 255 : 0 }
            }
        }
        return (row(), row())
    }

    /// The tail table of `kernel` (`MixSteps.loadTailTable`); NaN where it writes nothing.
    static func tailTable(_ kernel: GaussianKernel) -> [Float] {
        let h = kernel.halfWidth
        var table = [Float](repeating: .nan, count: MixSteps.tailTableCount(halfWidth: h))
        kernel.weights.withUnsafeBufferPointer { weights in
            table.withUnsafeMutableBufferPointer {
                MixSteps.loadTailTable(centre: weights.baseAddress! + h, halfWidth: h, into: $0.baseAddress!)
            }
        }
        return table
    }

    /// Runs `body` with a step buffer for `width`.
    static func withSteps<R>(width: Int, _ body: (StepBuffer) -> R) -> R {
        let positions = UnsafeMutablePointer<Int32>.allocate(capacity: width + 1)
        let negatedPositions = UnsafeMutablePointer<Int32>.allocate(capacity: width + 1)
        let deltas = UnsafeMutablePointer<Float>.allocate(capacity: width + 1)
        defer { positions.deallocate(); negatedPositions.deallocate(); deltas.deallocate() }
        return body(StepBuffer(positions: positions, negatedPositions: negatedPositions, deltas: deltas))
    }

    @Test("the recorded changes are the positions where the mix changes, with Δ = M(p) − M(p − 1)")
    func changesAreRecorded() {
        var rng = SplitMix64(seed: 0x5EE9_0001)
        let (wS, wT) = (Float(0.3 / 255), Float(0.7 / 255))
        for width in [1, 2, 7, 8, 9, 16, 17, 33, 64, 131] {
            for kind in 0..<5 {
                let (s, t) = Self.rows(width: width, kind: kind, using: &rng)
                func m(_ x: Int) -> Double { x < 0 || x >= width ? 0 : Double(s[x]) * 0.3 / 255 + Double(t[x]) * 0.7 / 255 }
                for _ in 0..<6 {
                    let a = Int.random(in: 0...width, using: &rng), b = Int.random(in: 0...width, using: &rng)
                    let range = min(a, b)...max(a, b)
                    let expected = range.filter { s[safe: $0] != s[safe: $0 - 1] || t[safe: $0] != t[safe: $0 - 1] }
                    Self.withSteps(width: width) { steps in
                        let count = s.withUnsafeBufferPointer { sp in
                            t.withUnsafeBufferPointer { tp in
                                MixSteps.extract(
                                    source: sp.baseAddress!, target: tp.baseAddress!, width: width, positions: range,
                                    sourceWeight: wS, targetWeight: wT, into: steps)
                            }
                        }
                        let positions = (0..<count).map { Int(steps.positions[$0]) }
                        #expect(positions == expected, "width \(width) kind \(kind) range \(range)")
                        for k in 0..<min(count, expected.count) {
                            let p = positions[k]
                            #expect(abs(Double(steps.deltas[k]) - (m(p) - m(p - 1))) < 1e-6)
                        }
                    }
                }
            }
        }
    }

    @Test("the tail table holds T(k) = Σ_{j ≥ k} w_j in the documented layout")
    func tailTable() throws {
        for radius in [0.5, 3, 12, 33.3] {
            let kernel = try GaussianKernel(radius: radius)
            let h = kernel.halfWidth
            let w = kernel.weights.map(Double.init)
            func tail(_ k: Int) -> Double { k > h ? 0 : (max(k, -h)...h).map { w[h + $0] }.reduce(0, +) }
            let count = MixSteps.tailTableCount(halfWidth: h)
            let table = Self.tailTable(kernel)
            #expect(table.count == count)
            for j in 0..<count {
                #expect(abs(Double(table[j]) - tail(h + 15 - j)) < 1e-7, "R \(radius) entry \(j)")
            }
        }
    }

    @Test("a block summed from the changes is the double-precision convolution of the mix")
    func blockSumsMatchTheConvolution() throws {
        var rng = SplitMix64(seed: 0x5EE9_0002)
        var worst = 0.0
        for radius in [1.0, 2.5, 12, 20, 33] {
            let kernel = try GaussianKernel(radius: radius)
            let h = kernel.halfWidth
            let w = kernel.weights.map(Double.init)
            let table = Self.tailTable(kernel)
            for width in [1, 5, 16, 40, 77, 132] {
                for kind in 0..<5 {
                    let (s, t) = Self.rows(width: width, kind: kind, using: &rng)
                    let e = Double.random(in: 0...1, using: &rng)
                    let (wS, wT) = (Float((1 - e) / 255), Float(e / 255))
                    func m(_ x: Int) -> Double { x < 0 || x >= width ? 0 : Double(s[x]) * Double(wS) + Double(t[x]) * Double(wT) }
                    Self.withSteps(width: width) { steps in
                        s.withUnsafeBufferPointer { sp in
                            t.withUnsafeBufferPointer { tp in
                                let count = MixSteps.extract(
                                    source: sp.baseAddress!, target: tp.baseAddress!, width: width, positions: 0...width,
                                    sourceWeight: wS, targetWeight: wT, into: steps)
                                var window = MixSteps.Window()
                                for x0 in stride(from: 0, to: width, by: 16) {
                                    let changes = window.changes(block: x0, halfWidth: h, positions: steps.positions, count: count)
                                    let base = MixSteps.mix(
                                        at: x0 - h, source: sp.baseAddress!, target: tp.baseAddress!,
                                        sourceWeight: wS, targetWeight: wT)
                                    let sum = table.withUnsafeBufferPointer {
                                        MixSteps.blockSum(
                                            x0: x0, base: base, negatedPositions: steps.negatedPositions, deltas: steps.deltas, changes: changes,
                                            tails: $0.baseAddress!,
                                            halfWidth: h)
                                    }
                                    for lane in 0..<16 {
                                        let x = x0 + lane
                                        let exact = (-h...h).map { w[h + $0] * m(x + $0) }.reduce(0, +)
                                        let error = abs(Double(sum[lane]) - exact)
                                        // Few changes: within the pass's share of the field bound.
                                        if changes.count <= h { worst = max(worst, error / Double(h + 1)) }
                                        #expect(error < 2e-7 * Double(changes.count + 2), "R \(radius) width \(width) kind \(kind) x \(x)")
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        // TileMap.Rule.fieldError allows 3 · 10⁻⁶ + 5 · 10⁻⁷ (n + 1) for both passes.
        #expect(worst < 2.5e-7)
    }

    @Test("a block has the same bits whichever blocks of its row are asked for, and is the convolution")
    func rowBlocksAreConsistent() throws {
        var rng = SplitMix64(seed: 0x5EE9_0005)
        var sawChanges = false, sawTaps = false
        for radius in [1.0, 6, 12, 16, 31] {
            let kernel = try GaussianKernel(radius: radius)
            let h = kernel.halfWidth
            let w = kernel.weights.map(Double.init)
            let tails = Self.tailTable(kernel)
            let taps = (0...h).map { SIMD4<Float>(repeating: kernel.weights[h + $0]) }
            for width in [3, 16, 50, 100, 150] {
                let blocks = (width + 15) / 16
                for kind in 0..<5 {
                    let (s, t) = Self.rows(width: width, kind: kind, using: &rng)
                    let (wS, wT) = (Float(0.35 / 255), Float(0.65 / 255))
                    func m(_ x: Int) -> Double { x < 0 || x >= width ? 0 : Double(s[x]) * Double(wS) + Double(t[x]) * Double(wT) }
                    // Runs RowBlocks over `range` with a fresh zeroed padded row.
                    func vectors(_ range: ClosedRange<Int>, lanes need: UInt8 = TileMap.Need.all) -> [[Float]] {
                        var padded = [Float](repeating: 0, count: h + blocks * 16 + h + 16)
                        return Self.withSteps(width: width) { steps in
                            s.withUnsafeBufferPointer { sp in
                                t.withUnsafeBufferPointer { tp in
                                    tails.withUnsafeBufferPointer { tl in
                                        taps.withUnsafeBufferPointer { tb in
                                            padded.withUnsafeMutableBufferPointer { pb in
                                                var row = RowBlocks(
                                                    source: sp.baseAddress!, target: tp.baseAddress!, captured: nil,
                                                    width: width, sourceWeight: wS, targetWeight: wT, capturedWeight: 0,
                                                    halfWidth: h, taps: tb.baseAddress!,
                                                    tails: tl.baseAddress!, steps: steps, padded: pb.baseAddress! + h,
                                                    blocks: range)
                                                return range.map { b in
                                                    var out = [Float](repeating: -1, count: 16)
                                                    out.withUnsafeMutableBufferPointer {
                                                        row.store(block: b, need: need, into: $0.baseAddress!)
                                                    }
                                                    return out
                                                }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                    let whole = vectors(0...blocks - 1)
                    for b in 0..<blocks {
                        let x0 = b * 16
                        let alone = vectors(b...b)[0]
                        #expect(alone.map(\.bitPattern) == whole[b].map(\.bitPattern), "R \(radius) width \(width) kind \(kind) block \(b)")
                        let last = vectors(b...b, lanes: TileMap.Need.lastLanes)[0]
                        let first = vectors(b...b, lanes: TileMap.Need.firstLanes)[0]
                        #expect(last[12...].map(\.bitPattern) == whole[b][12...].map(\.bitPattern))
                        #expect(first[..<4].map(\.bitPattern) == whole[b][..<4].map(\.bitPattern))
                        if b + 1 < blocks {
                            #expect(vectors(b...b + 1)[0].map(\.bitPattern) == whole[b].map(\.bitPattern))
                        }
                        for lane in 0..<min(16, width - x0) {
                            let exact = (-h...h).map { w[h + $0] * m(x0 + lane + $0) }.reduce(0, +)
                            #expect(abs(Double(whole[b][lane]) - exact) < 1e-6 + 2e-7 * Double(h))
                        }
                        // Which form the block took, from the recorded changes.
                        let changes = (0...width).filter {
                            ($0 < width ? s[$0] : 0) != ($0 > 0 ? s[$0 - 1] : 0)
                                || ($0 < width ? t[$0] : 0) != ($0 > 0 ? t[$0 - 1] : 0)
                        }.filter { $0 > x0 - h && $0 <= x0 + 15 + h }.count
                        if changes <= h { sawChanges = true } else { sawTaps = true }
                    }
                }
            }
        }
        #expect(sawChanges && sawTaps)
    }

    /// Masks whose rows hold binary noise in their left part and a smooth disc elsewhere, so
    /// that within one row some blocks are summed from the changes and others from the taps.
    static func mixedMasks(width: Int, height: Int, using rng: inout SplitMix64) throws -> [AlphaMask] {
        func mask(noiseColumns: Int, cx: Double, r: Double) throws -> AlphaMask {
            var pixels = [UInt8](repeating: 0, count: width * height)
            for y in 0..<height {
                for x in 0..<width {
                    if x < noiseColumns && y % 3 != 0 {
                        pixels[y * width + x] = Bool.random(using: &rng) ? 255 : 0
                    } else {
                        let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - Double(height) / 2
                        let coverage = min(max(r - (dx * dx + dy * dy).squareRoot() + 0.5, 0), 1)
                        pixels[y * width + x] = UInt8((coverage * 255).rounded())
                    }
                }
            }
            return try AlphaMask(width: width, height: height, pixels: pixels)
        }
        return [
            try mask(noiseColumns: width / 4, cx: Double(width) * 0.6, r: Double(height) * 0.35),
            try mask(noiseColumns: 0, cx: Double(width) * 0.4, r: Double(height) * 0.3),
            try mask(noiseColumns: width / 3, cx: Double(width) * 0.75, r: Double(height) * 0.2),
        ]
    }

    @Test("rows that take both forms give the bytes of computing every tile on one band, on any band split",
          arguments: [(100, 53), (160, 70)])
    func bothFormsGiveTheSameBytes(width: Int, height: Int) throws {
        var rng = SplitMix64(seed: 0x5EE9_0003 &+ UInt64(width))
        let masks = try Self.mixedMasks(width: width, height: height, using: &rng)
        for style in [
            MorphStyle(maxBlurRadius: 12), MorphStyle(maxBlurRadius: 16, blurLevels: 5),
            MorphStyle(maxBlurRadius: 9, softness: 0.05), MorphStyle(maxBlurRadius: 20, blurLevels: 3, softness: 0.2),
        ] {
            let everything = try MorphRenderer(width: width, height: height, style: style, bandCount: 1)
            everything.concurrency = .serial
            everything.skipsFlatTiles = false
            let split = try [1, 2, 3].map { try MorphRenderer(width: width, height: height, style: style, bandCount: $0) }
            for renderer in split { renderer.concurrentWorkThreshold = 0 }
            for (i, j) in [(0, 1), (1, 2), (2, 0), (0, 0)] {
                for progress in [0.5, 0.3, 0.85] {
                    var expected = [UInt8](), actual = [UInt8]()
                    try everything.renderRGBA(source: masks[i], target: masks[j], progress: progress, into: &expected)
                    for renderer in split {
                        try renderer.renderRGBA(source: masks[i], target: masks[j], progress: progress, into: &actual)
                        #expect(actual == expected, "\(style.softness) masks \(i), \(j) p=\(progress)")
                    }
                }
            }
        }
    }

    @Test("the test masks' rows really take both forms")
    func mixedMasksTakeBothForms() throws {
        var rng = SplitMix64(seed: 0x5EE9_0003 &+ 100)
        let (width, height) = (100, 53)
        let masks = try Self.mixedMasks(width: width, height: height, using: &rng)
        let h = 12
        var byChanges = 0, byTaps = 0, rowsWithBoth = 0
        Self.withSteps(width: width) { steps in
            masks[0].pixels.withUnsafeBufferPointer { sp in
                masks[1].pixels.withUnsafeBufferPointer { tp in
                    for y in 0..<height {
                        let count = MixSteps.extract(
                            source: sp.baseAddress! + y * width, target: tp.baseAddress! + y * width, width: width,
                            positions: 0...width, sourceWeight: 0.5 / 255, targetWeight: 0.5 / 255, into: steps)
                        var window = MixSteps.Window()
                        var kinds = Set<Bool>()
                        for x0 in stride(from: 0, to: width, by: 16) {
                            let uses = MixSteps.usesChanges(
                                window.changes(block: x0, halfWidth: h, positions: steps.positions, count: count), halfWidth: h)
                            if uses { byChanges += 1 } else { byTaps += 1 }
                            kinds.insert(uses)
                        }
                        if kinds.count == 2 { rowsWithBoth += 1 }
                    }
                }
            }
        }
        #expect(byChanges > 0 && byTaps > 0 && rowsWithBoth >= height / 3, "\(byChanges) \(byTaps) \(rowsWithBoth)")
    }

    @Test("a captured field whose rows take both forms is the double-precision field")
    func capturedFieldOfMixedRows() throws {
        var rng = SplitMix64(seed: 0x5EE9_0004)
        let (width, height) = (100, 53)
        let masks = try Self.mixedMasks(width: width, height: height, using: &rng)
        let style = MorphStyle(maxBlurRadius: 12)
        let renderer = try MorphRenderer(width: width, height: height, style: style)
        for progress in [0.3, 0.5] {
            let field = try renderer.captureField(of: MorphFrame(source: masks[0], target: masks[1], progress: progress))
            let expected = ReferenceMorph.field(
                source: masks[0].pixels, target: masks[1].pixels, width: width, height: height, progress: progress,
                style: style)
            let worst = zip(field.values, expected).map { abs(Double($0) - $1) }.max()!
            #expect(worst < 1e-5)
        }
    }
}

extension Array where Element == UInt8 {
    /// The byte at `index`, 0 outside the array (the mix outside the canvas).
    fileprivate subscript(safe index: Int) -> UInt8 { indices.contains(index) ? self[index] : 0 }
}
