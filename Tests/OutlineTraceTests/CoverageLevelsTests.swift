import AlphaRaster
import Testing
import _TestSupport
@testable import OutlineTrace

/// Which coverages a frame is drawn at, and where its edges are traced, against masks built
/// by hand whose answers are known.
struct CoverageLevelsTests {
    /// A `size` × `size` plane from a function of the pixel's column and row.
    static func plane(_ size: Int, _ value: (Int, Int) -> UInt8) -> [UInt8] {
        (0..<(size * size)).map { value($0 % size, $0 / size) }
    }

    /// The coverage of pixel column `x` by the half-plane right of `edge`.
    static func edgeCoverage(_ x: Int, edge: Double) -> UInt8 {
        UInt8((max(0, min(1, Double(x + 1) - edge)) * 255).rounded())
    }

    @Test func aCrispEdgeIsTracedWhereItCoversItsArea() {
        // A vertical edge at x = 16.3: pixel 16 is 70 % covered. Interpolating between the
        // centres of pixels 15 (0) and 16 (0.7) would put the ½ crossing at 16.21.
        for edge in [16.3, 16.5, 16.9, 17.0] {
            let pixels = Self.plane(40) { x, y in y < 8 || y >= 32 || x >= 36 ? 0 : Self.edgeCoverage(x, edge: edge) }
            let loops = pixels.withUnsafeBufferPointer { MarchingSquares.loops($0, width: 40, height: 40) }
            #expect(loops.count == 1)
            // The vertices on the left edge, away from the corners.
            let left = loops[0].filter { $0.y > 12 && $0.y < 28 && $0.x < 25 }
            // Within the byte's rounding (half a level of 255 is 0.002 px here).
            #expect(!left.isEmpty && left.allSatisfy { abs($0.x - edge) < 0.0025 }, "edge \(edge): \(left.map(\.x))")
        }
    }

    @Test func aSoftRampIsCutWhereAHardEdgeDiffersLeastFromIt() {
        // Vertical edges whose ramp spans several pixels, as the metaball field leaves where
        // it is shallow (e.g. 0, 11, 28, 63, 142, 255): the ½ outline crosses each row where a
        // hard edge, covering each pixel by its share of the pixel, differs least from the
        // ramp (the sum of absolute differences, found here by trying every position in
        // steps of 0.001 px). A step covering the ramp's area, or interpolation between
        // pixel centres, lands up to 0.4 px away on such ramps.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<60 {
            let partials = Int.random(in: 1...5, using: &generator)
            let ramp = (0..<partials).map { _ in UInt8.random(in: 3...252, using: &generator) }.sorted()
            Self.expectStepCutWhereItDiffersLeast(lower: 0, upper: 255, ramp: ramp)
        }
    }

    @Test func aStepBetweenTwoCoveragesIsCutWhereItDiffersLeastFromTheRamp() {
        // A translucent frame's layer is a step from the coverage below (`lower`, a plateau
        // left of the ramp) to its own (`upper`, one right of it). Drawn hard over the layer
        // below, it covers each pixel from `lower` to `upper` by its share of the pixel; the
        // outline must cross each row where that differs least from the ramp (every position
        // tried in steps of 0.001 px). Interpolating the cut level between pixel centres
        // lands up to half a pixel away.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<60 {
            let lower = Int.random(in: 20...100, using: &generator), upper = Int.random(in: (lower + 60)...240, using: &generator)
            let partials = Int.random(in: 1...4, using: &generator)
            let ramp = (0..<partials).map { _ in UInt8(Int.random(in: (lower + 1)...(upper - 1), using: &generator)) }.sorted()
            Self.expectStepCutWhereItDiffersLeast(lower: UInt8(lower), upper: UInt8(upper), ramp: ramp)
        }
    }

    /// Traces the step from `lower` to `upper` (bytes) over a plane that holds `lower` in
    /// columns 0…9, the `ramp` from column 10 and `upper` after it (rows 8…31, empty
    /// elsewhere), and expects one loop whose left side crosses every row within 0.3 levels
    /// of the least sum of absolute differences a hard step drawn over `lower` can have
    /// against the ramp (every position tried in steps of 0.001 px).
    static func expectStepCutWhereItDiffersLeast(lower: UInt8, upper: UInt8, ramp: [UInt8]) {
        let pixels = Self.plane(40) { x, y in
            if y < 8 || y >= 32 || x >= 36 { return 0 }
            if x < 10 { return lower }
            return x - 10 < ramp.count ? ramp[x - 10] : upper
        }
        func difference(_ edge: Double) -> Double {
            var sum = 0.0
            for (k, value) in ramp.enumerated() {
                let covered: Double = max(0, min(1, Double(11 + k) - edge))
                sum += abs(Double(lower) + covered * Double(upper - lower) - Double(value))
            }
            return sum
        }
        let least = stride(from: 10.0, through: Double(10 + ramp.count), by: 0.001).map(difference).min()!
        let band = MarchingSquares.Band(lower: Double(lower), upper: Double(upper))
        var squares = pixels.withUnsafeBufferPointer { MarchingSquares($0, width: 40, height: 40) }
        let loops = try! squares.loops(level: band.cut, band: band)  // (no budget)
        #expect(loops.count == 1)
        let left = loops.first?.points.filter { $0.y > 12 && $0.y < 28 && $0.x > 5 && $0.x < 20 } ?? []
        #expect(!left.isEmpty && left.allSatisfy { difference($0.x) <= least + 0.3 },
                "band \(lower)…\(upper), ramp \(ramp): \(left.map(\.x)), least \(least)")
    }

    @Test func lineAndNotchesOnePixelWideAreTracedAsWideAsTheyAreCovered() {
        // A vertical line in column 20 (pixel 20 spans x = 20…21) covered `value` between
        // empty pixels, and a notch in a full region covered `value`: the ½ outline passes
        // the pixel on both sides, so the line must be drawn `value` / 255 wide and the notch
        // left 1 − `value` / 255 open, both about the pixel's centre. (Each side placed as if
        // alone would draw a line of 0.8 at 0.6 and close a notch of 0.2 entirely.)
        for value in [180, 204, 230, 250] {
            let line = Self.plane(40) { x, y in y >= 8 && y < 32 && x == 20 ? UInt8(value) : 0 }
            expectSides(of: line, inside: Double(value) / 255, "line \(value)")
        }
        for value in [10, 51, 100] {
            let notch = Self.plane(40) { x, y in
                guard y >= 8 && y < 32 && x >= 8 && x < 32 else { return 0 }
                return x == 20 ? UInt8(value) : 255
            }
            expectSides(of: notch, inside: 1 - Double(value) / 255, "notch \(value)")
        }
        // Whether a pixel is passed on both sides depends on the level traced: at 60.5, a line
        // of 100 two pixels wide is crossed once a side (at ½, neither of its pixels would
        // be inside), each pixel covered by its share from its own side.
        let wide = Self.plane(40) { x, y in y >= 8 && y < 32 && (x == 20 || x == 21) ? 100 : 0 }
        let loops = wide.withUnsafeBufferPointer { MarchingSquares.loops($0, width: 40, height: 40, level: 60.5) }
        let sides: [Double] = loops.flatMap { $0 }.filter { p in p.y > 12 && p.y < 28 }.map { p in p.x }
        let covered = 100.0 / 255
        #expect(!sides.isEmpty && sides.allSatisfy { abs($0 - (21 - covered)) < 0.0025 || abs($0 - (21 + covered)) < 0.0025 }, "\(sides)")
        /// The crossings of rows 12…27 in columns 19…22 come in pairs `width` apart (the line's
        /// two sides, or the notch's) centred on x = 20.5.
        func expectSides(of pixels: [UInt8], inside width: Double, _ label: String) {
            let loops = pixels.withUnsafeBufferPointer { MarchingSquares.loops($0, width: 40, height: 40) }
            let points: [SIMD2<Double>] = loops.flatMap { $0 }
            let near: [Double] = points.filter { p in p.y > 12 && p.y < 28 && p.x > 19 && p.x < 22 }.map { p in p.x }
            let left = near.filter { $0 < 20.5 }, right = near.filter { $0 > 20.5 }
            #expect(!left.isEmpty && left.count == right.count, "\(label): \(near)")
            // Within the byte's rounding (half a level of 255).
            let leftSide = 20.5 - width / 2, rightSide = 20.5 + width / 2
            let leftOff = left.map { abs($0 - leftSide) }.max() ?? .infinity
            let rightOff = right.map { abs($0 - rightSide) }.max() ?? .infinity
            #expect(leftOff < 0.0025 && rightOff < 0.0025, "\(label): \(near)")
        }
    }

    @Test func aSlantedEdgeIsTracedOnItselfAtEveryLevel() throws {
        // A steep anti-aliased edge (x = 20.3 + y / 6) drawn by the exact-area rasterizer: at
        // any level, the outline's vertices along it lie on the edge, not in the long ramp
        // the slant leaves down each column (where a level's linear position is off the edge
        // by up to about its distance from ½ of a pixel, across 6 rows). On the edge means
        // within 0.05 px: a row's crossing covers its pixel nearest ½ as much as it is
        // covered, which is off the line by up to 0.042 px here where the line passes from
        // one pixel to the next within the row (two partial pixels).
        var path = VectorPath()
        path.move(to: SIMD2(20.3, 0))
        path.line(to: SIMD2(48, 0))
        path.line(to: SIMD2(48, 48))
        path.line(to: SIMD2(20.3 + 8, 48))
        path.close()
        let mask = try VectorRasterizer().mask(for: path, paint: .fill(.nonZero), width: 48, height: 48)
        for level in [127.5, 60.5, 200.5, 240.5] {
            let loops = mask.pixels.withUnsafeBufferPointer { MarchingSquares.loops($0, width: 48, height: 48, level: level) }
            #expect(loops.count == 1)
            // The vertices on the slanted side, away from the corners.
            let slanted = loops[0].filter { $0.y > 4 && $0.y < 44 && $0.x < 35 }
            let worst = slanted.map { abs($0.x - (20.3 + $0.y / 6)) }.max() ?? .infinity
            #expect(worst < 0.05, "level \(level): \(worst)")
        }
    }

    @Test func theCoveragesFitTheHistogramBest() {
        // Against every split of the bins by brute force: bins (byte value 4k + 1.5) in
        // contiguous groups, the first drawn at 0, the last at 255 and each between at its
        // mean; the coverages found for g partial levels, with each bin drawn at the nearest
        // of 0, them and 255, lose no more than the best split.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<40 {
            var histogram = [Double](repeating: 0, count: 64)
            for _ in 0..<Int.random(in: 1...12, using: &generator) {
                histogram[Int.random(in: 0..<64, using: &generator)] += Double(Int.random(in: 1...50, using: &generator))
            }
            let bins = histogram.indices.filter { histogram[$0] > 0 }
            let values = bins.map { Double($0 * 4) + 1.5 }, weights = bins.map { histogram[$0] }
            func squared(_ range: Range<Int>, at centre: Double?) -> Double {
                guard !range.isEmpty else { return 0 }
                let weight = range.reduce(0.0) { $0 + weights[$1] }
                let mean = centre ?? range.reduce(0.0) { $0 + weights[$1] * values[$1] } / weight
                return range.reduce(0.0) { $0 + weights[$1] * (values[$1] - mean) * (values[$1] - mean) }
            }
            // The best cost with g free groups, over every nondecreasing list of split points.
            func best(_ g: Int) -> Double {
                var result = Double.infinity
                func search(_ splits: [Int]) {
                    if splits.count == g + 1 {
                        var cost = squared(0..<splits[0], at: 0) + squared(splits[g]..<bins.count, at: 255)
                        for k in 0..<g { cost += squared(splits[k]..<splits[k + 1], at: nil) }
                        result = min(result, cost)
                        return
                    }
                    for next in (splits.last ?? 0)...bins.count { search(splits + [next]) }
                }
                search([])
                return result
            }
            let fits = CoverageLevels.centres(histogram, upTo: 4)
            for g in 1...4 {
                let centres = [0.0] + fits[g - 1] + [255.0]
                var cost = 0.0
                for (v, w) in zip(values, weights) {
                    let nearest = centres.min { abs($0 - v) < abs($1 - v) }!
                    cost += w * (v - nearest) * (v - nearest)
                }
                let expected = best(g)
                #expect(cost <= expected * (1 + 1e-9) + 1e-6, "\(g) levels: \(cost) against \(expected)")
            }
        }
    }

    @Test func theHistogramCountsThePartialPixelsOffEveryEdge() throws {
        // Against a plain reading of the rule, pixel by pixel: partly covered (3…252), and not
        // an edge's (its 3 × 3 neighbourhood, outside counting as empty, holding a pixel
        // ≤ 80 and one ≥ 175, or one ≤ 2 and one the pixel is under 70 % of). Random planes
        // of every width from 1 to 140 (so rows end at every offset within a word and a byte
        // group), in runs of 1 to 40 pixels alike: empty or full runs, which the histogram
        // skips sixteen or eight pixels at a time, random pixels, and the rule's borders.
        var generator = SplitMix64(seed: 0x5EED_0417)
        for width in 1...140 {
            let height = Int.random(in: 1...12, using: &generator)
            var pixels = [UInt8](repeating: 0, count: width * height)
            var i = 0
            while i < pixels.count {
                let run = i..<min(pixels.count, i + Int.random(in: 1...40, using: &generator))
                let kind = Int.random(in: 0..<6, using: &generator)
                for k in run {
                    switch kind {
                    case 0, 1: pixels[k] = 0
                    case 2, 3: pixels[k] = 255
                    case 4: pixels[k] = UInt8.random(in: 0...255, using: &generator)
                    default: pixels[k] = [2, 3, 80, 81, 174, 175, 252, 253][Int.random(in: 0..<8, using: &generator)]
                    }
                }
                i = run.upperBound
            }
            var expected = [Double](repeating: 0, count: 64), total = 0
            for y in 0..<height {
                for x in 0..<width {
                    let v = pixels[y * width + x]
                    total += Int(v)
                    guard v > 2 && v < 253 else { continue }
                    var low = false, high = false, empty = false, brighter = false
                    for dy in -1...1 {
                        for dx in -1...1 {
                            let (nx, ny) = (x + dx, y + dy)
                            let n = nx >= 0 && nx < width && ny >= 0 && ny < height ? pixels[ny * width + nx] : 0
                            low = low || n <= 80
                            high = high || n >= 175
                            empty = empty || n <= 2
                            brighter = brighter || Double(v) < 0.7 * Double(n)
                        }
                    }
                    if !(low && high) && !(empty && brighter) { expected[Int(v) / 4] += 1 }
                }
            }
            let found = pixels.withUnsafeBufferPointer { CoverageLevels.histogram($0, width: width, height: height) }
            #expect(found.total == total, "width \(width)")
            #expect(found.histogram == expected, "width \(width), height \(height)")
        }
    }

    @Test func antiAliasedEdgesAloneAreCrisp() throws {
        // A disc drawn by the exact-area rasterizer: every partial pixel is its edge's.
        var path = VectorPath()
        path.move(to: SIMD2(32, 8))
        path.cubic(control1: SIMD2(45.25, 8), control2: SIMD2(56, 18.75), to: SIMD2(56, 32))
        path.cubic(control1: SIMD2(56, 45.25), control2: SIMD2(45.25, 56), to: SIMD2(32, 56))
        path.cubic(control1: SIMD2(18.75, 56), control2: SIMD2(8, 45.25), to: SIMD2(8, 32))
        path.cubic(control1: SIMD2(8, 18.75), control2: SIMD2(18.75, 8), to: SIMD2(32, 8))
        path.close()
        let disc = try VectorRasterizer().mask(for: path, paint: .fill(.nonZero), width: 64, height: 64)
        let levels = disc.pixels.withUnsafeBufferPointer { CoverageLevels($0, width: 64, height: 64) }
        #expect(levels.coverages == [1])
    }

    @Test func aTranslucentRegionsAntiAliasedBorderIsItsEdge() throws {
        // A square plateau of 0.6 whose sides lie inside pixels (its border pixels 30 % and
        // 55 % covered, the corners by the products): one translucent region, drawn as one
        // layer at its coverage, the border pixels that layer's edge rather than coverages
        // of their own, which would pull the level below the plateau and add layers.
        func covered(_ i: Int) -> Double { i == 12 ? 0.3 : i == 51 ? 0.55 : i > 12 && i < 51 ? 1 : 0 }
        let pixels = Self.plane(64) { x, y in UInt8((covered(x) * covered(y) * 153).rounded()) }
        let levels = pixels.withUnsafeBufferPointer { CoverageLevels($0, width: 64, height: 64) }
        #expect(levels.coverages.count == 2 && abs(levels.coverages[0] - 153.0 / 255) < 0.005, "\(levels.coverages)")
        // Traced and drawn back, the one layer covers each pixel as the frame does, but at
        // the corners (which marching squares cuts, and the curves round over a pixel or two).
        let layers = pixels.withUnsafeBufferPointer { try! MaskTracer(tolerance: 0.01).layers(of: $0, width: 64, height: 64) }
        #expect(layers.count == 1, "\(layers.map(\.opacity))")
        let mask = try AlphaMask(width: 64, height: 64, pixels: pixels)
        let drawn = try MaskTracerTests.drawn(layers, like: mask)
        let awayFromCorners = (0..<(64 * 64)).filter { i in
            let (x, y) = (i % 64, i / 64)
            return (x >= 16 && x < 48) || (y >= 16 && y < 48)
        }
        let worst = awayFromCorners.map { abs(Int(drawn.pixels[$0]) - Int(pixels[$0])) }.max()!
        #expect(worst <= 2, "a pixel drawn \(worst) levels off")
    }

    @Test func flatRegionsAndThinRingsGetTheirOwnCoverages() {
        // A plateau of 0.4 around an opaque square, and apart from them a thin ring of 0.6
        // (two pixels wide), which a cut at ½ would fill solid. (A ring over about 0.69 between
        // empty pixels reads as an anti-aliased edge and is cut.)
        let pixels = Self.plane(64) { x, y in
            if x >= 20 && x < 28 && y >= 20 && y < 28 { return 255 }
            if x >= 8 && x < 40 && y >= 8 && y < 40 { return 102 }
            let dx = Double(x) - 50, dy = Double(y) - 50, r = (dx * dx + dy * dy).squareRoot()
            return r >= 8 && r < 10 ? 153 : 0
        }
        let levels = pixels.withUnsafeBufferPointer { CoverageLevels($0, width: 64, height: 64) }
        #expect(levels.coverages.last == 1)
        let partial = levels.coverages.dropLast()
        #expect(partial.contains { abs($0 - 0.4) < 0.02 } && partial.contains { abs($0 - 0.6) < 0.02 }, "\(levels.coverages)")
        // Composited over one another, the layers give each coverage.
        var alpha = 0.0
        for (layer, coverage) in zip(levels.layers, levels.coverages) {
            alpha += layer.opacity * (1 - alpha)
            #expect(abs(alpha - coverage) < 1e-12)
        }
    }

    @Test func layersUnderTheTopOneStayUnderItsSharpEdges() throws {
        // An opaque square with sharp (anti-aliased) edges, and a plateau of 0.4 on its
        // right: the 0.4 layer's outline runs a pixel inside the square's left, top and
        // bottom edges, so the square's edge is drawn by the top layer alone.
        let pixels = Self.plane(64) { x, y in
            guard y >= 16 && y < 48 else { return 0 }
            if x >= 40 && x < 56 { return 102 }
            return x < 40 ? Self.edgeCoverage(x, edge: 16.3) : 0
        }
        let layers = pixels.withUnsafeBufferPointer { try! MaskTracer().layers(of: $0, width: 64, height: 64) }
        #expect(layers.count == 2 && abs(layers[0].opacity - 0.4) < 0.02 && layers[1].opacity == 1, "\(layers.map(\.opacity))")
        let mask = try AlphaMask(width: 64, height: 64, pixels: pixels)
        let under = try MaskTracerTests.drawn(layers[0].contours, like: mask), top = try MaskTracerTests.drawn(layers[1].contours, like: mask)
        // Along the square's left edge (pixel 16, 70 % covered) only the top layer covers.
        for y in 20..<44 {
            #expect(under.pixels[y * 64 + 16] == 0 && abs(Int(top.pixels[y * 64 + 16]) - 178) <= 2, "row \(y): \(under.pixels[y * 64 + 14..<y * 64 + 19]) \(top.pixels[y * 64 + 14..<y * 64 + 19])")
        }
        // The plateau itself is the under layer's.
        #expect(under.pixels[32 * 64 + 48] == 255 && top.pixels[32 * 64 + 48] == 0)
    }
}

extension CoverageLevelsTests {
    @Test func aTranslucentRegionsBrightRimIsNotAnOpaqueEdge() throws {
        // A plateau of 200 whose left border rises to a full rim pixel: 0 · 227 · 255 · 200 …
        // across, as a thin ring's coverage peaks at its border. The ramp 0 · 227 · 255 is no
        // opaque shape's edge (the full pixel is one pixel wide), so the plateau's layer runs
        // along it, covering the border pixel, rather than a pixel inside it as under an
        // opaque edge (which would leave the rim to the top layer alone, a sliver). Drawn
        // back, the layers give the border pixels their coverage.
        let pixels = Self.plane(64) { x, y in
            guard y >= 16 && y < 48 && x >= 16 && x < 48 else { return 0 }
            return x == 16 ? 227 : x == 17 ? 255 : 200
        }
        // Fitted closely, so that what is drawn shows where the crossings lie.
        let layers = pixels.withUnsafeBufferPointer { try! MaskTracer(tolerance: 0.01).layers(of: $0, width: 64, height: 64) }
        #expect(layers.count == 2 && abs(layers[0].opacity - 200.0 / 255) < 0.02 && layers[1].opacity == 1, "\(layers.map(\.opacity))")
        let mask = try AlphaMask(width: 64, height: 64, pixels: pixels)
        let under = try MaskTracerTests.drawn(layers[0].contours, like: mask)
        let both = try MaskTracerTests.drawn(layers, like: mask)
        for y in 20..<44 {
            let row = y * 64
            #expect(under.pixels[row + 16] >= 250, "row \(y): the plateau's layer \(under.pixels[row + 14..<row + 20])")
            #expect(abs(Int(both.pixels[row + 16]) - 227) <= 3 && both.pixels[row + 17] >= 252,
                    "row \(y): drawn \(both.pixels[row + 14..<row + 20])")
        }
    }
}

/// The marching squares' row bits against the plain comparison they stand for.
struct InsideBitsTests {
    @Test func rowBitsAreTheBytesOverTheThreshold() {
        var generator = SystemRandomNumberGenerator()
        for columns in [1, 7, 8, 9, 63, 64, 65, 134, 300] {
            // The values 0, 1, 2, … shuffled (all 256 in the longest row, then random ones),
            // and eight bytes of slack past the row, which the bits must not take in.
            let row = (0..<(columns + 8)).map { $0 < 256 ? UInt8($0) : UInt8.random(in: 0...255, using: &generator) }.shuffled()
            for threshold in UInt8(0)...254 {
                var bits = [UInt64](repeating: .max, count: (columns + 63) / 64)
                row.withUnsafeBufferPointer { row in
                    bits.withUnsafeMutableBufferPointer { MarchingSquares.insideBits(row.baseAddress!, columns: columns, threshold: threshold, into: $0) }
                }
                for k in 0..<(bits.count * 64) {
                    let bit = bits[k / 64] >> UInt64(k % 64) & 1 == 1
                    #expect(bit == (k < columns && row[k] > threshold), "columns \(columns), threshold \(threshold), sample \(k)")
                    if bit != (k < columns && row[k] > threshold) { return }
                }
            }
        }
    }
}

extension InsideBitsTests {
    @Test func partialBitsAreTheBytesBetweenEmptyAndFull() {
        for start in stride(from: 0, to: 256, by: 8) {
            var word: UInt64 = 0
            for k in 0..<8 { word |= UInt64(start + k) << UInt64(8 * k) }
            let bits = CoverageLevels.partialBits(word)
            for k in 0..<8 { #expect((bits >> UInt64(k) & 1 == 1) == (start + k > 2 && start + k < 253), "byte \(start + k)") }
            #expect(bits >> 8 == 0)
        }
    }

    @Test func byteSumsAreTheSumsOfTheBytes() {
        var generator = SystemRandomNumberGenerator()
        for word in [0, UInt64.max] + (0..<1000).map({ _ in UInt64.random(in: 0...UInt64.max, using: &generator) }) {
            let expected = (0..<8).reduce(0) { $0 + Int(word >> UInt64(8 * $1) & 0xFF) }
            #expect(ByteBits.sum(word) == expected, "\(String(word, radix: 16))")
        }
    }
}

extension InsideBitsTests {
    @Test func theRowsWithContentAreTheRowsHoldingSamplesOverZero() {
        // Padded grids of every width from 1 to 20 (rows read eight samples at a time end at
        // every offset), each with one sample over 0 at a random place off the border rows, or
        // none: the rows found are that sample's row alone. Read past its end, a row would
        // take in the next row's first samples (the pixel at the top left would put the border
        // row above it in, and the scan would start above the grid).
        var generator = SplitMix64(seed: 20)
        for columns in 1...20 {
            for _ in 0..<30 {
                let rows = Int.random(in: 3...8, using: &generator)
                var grid = [UInt8](repeating: 0, count: columns * rows + 8)
                let at = Bool.random(using: &generator) ? -1 : Int.random(in: columns..<(columns * (rows - 1)), using: &generator)
                if at >= 0 { grid[at] = UInt8.random(in: 1...255, using: &generator) }
                let found = grid.withUnsafeBufferPointer { MarchingSquares.contentRows($0.baseAddress!, columns: columns, rows: rows) }
                #expect(found == (at < 0 ? 0..<0 : at / columns..<(at / columns + 1)), "columns \(columns), sample \(at)")
            }
        }
    }

    @Test func aPixelInTheTopLeftCornerIsTracedAroundItself() {
        // A full pixel at (0, 0), at widths where the padded rows are not a multiple of eight
        // samples: one loop about that pixel (centre ½, ½).
        for width in 1...20 {
            var pixels = [UInt8](repeating: 0, count: width * 3)
            pixels[0] = 255
            let loops = pixels.withUnsafeBufferPointer { MarchingSquares.loops($0, width: width, height: 3) }
            #expect(loops.count == 1, "width \(width): \(loops.count) loops")
            for point in loops.flatMap({ $0 }) {
                #expect(point.x >= -0.01 && point.x <= 1.01 && point.y >= -0.01 && point.y <= 1.01, "width \(width): \(point)")
            }
        }
    }
}
