#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@_spi(Testing) @testable import AlphaRaster
import Testing

/// The whole-icon work budget (issue 8, `VectorRasterizer.maximumWork`): what it counts, the
/// inputs it refuses and how soon, and that a refused icon leaves the rasterizer clean.
///
/// The strip case cannot reach the real limit in a debug build (6 to 8 s of release work),
/// so those tests lower the rasterizer's `workLimit`; the translucent case is refused up
/// front, so it runs against the real limit.
@Suite("Vector icons: whole-icon work budget")
struct VectorWorkBudgetTests {
    /// `count` rectangles x 2...22, 20 high, whose tops are spread inside one pixel row of a
    /// 24 × 24 mask: each top is an edge end inside that row, so the row is cut into one strip
    /// per top, each walking every edge of the cluster.
    static func stripLayers(_ count: Int) -> [VectorIcon.Layer] {
        (0..<count).map { k in
            VectorIcon.Layer(
                path: rectanglePath(x: 2, y: 2 + 0.5 * Double(k) / Double(count), width: 20, height: 20),
                paint: .fill(.nonZero))
        }
    }

    static func mask(_ rasterizer: VectorRasterizer, _ layers: [VectorIcon.Layer], side: Double = 24) throws -> AlphaMask {
        try rasterizer.mask(for: VectorIcon(width: side, height: side, layers: layers), in: IconBox(width: side, height: side, scale: 1))
    }

    /// Runs `draw`, which must be refused with `AlphaRasterError.invalidIcon` (an issue is
    /// recorded when it draws; other errors are rethrown): the field, the reason and the time
    /// it took.
    static func refusal(_ draw: () throws -> Void) throws -> (field: VectorIcon.Part, reason: String, elapsed: Duration) {
        let clock = ContinuousClock()
        let start = clock.now
        do {
            try draw()
            Issue.record("the icon was drawn")
            return (.layers, "", clock.now - start)
        } catch AlphaRasterError.invalidIcon(let field, let reason) {
            return (field, reason, clock.now - start)
        }
    }

    @Test("a pixel-aligned rectangle costs its swept pixels, 16 per edge row and 8 per segment, and the limit is inclusive")
    func countedWork() throws {
        // Rows 3..<9 (6); columns 2...8 (7): from the left edge's column to one past the
        // right edge's, where the sweep ends each row; two vertical edges of 6 rows each; no strips (lone edges).
        // Flattening: move, three lines, close and the closing line after the last command,
        // as `PathFlattener.segmentCount` counts them: 6 segments.
        let expected = 6 * 7 + 16 * (2 * 6) + 8 * 6
        let path = rectanglePath(x: 2, y: 3, width: 5, height: 6)
        let rasterizer = VectorRasterizer()
        let reference = try rasterizer.mask(for: path, paint: .fill(.nonZero), width: 10, height: 10)
        #expect(rasterizer.lastWork == expected)
        rasterizer.workLimit = expected
        let atLimit = try rasterizer.mask(for: path, paint: .fill(.nonZero), width: 10, height: 10)
        #expect(atLimit.pixels == reference.pixels)
        rasterizer.workLimit = expected - 1
        #expect(throws: AlphaRasterError.self) {
            _ = try rasterizer.mask(for: path, paint: .fill(.nonZero), width: 10, height: 10)
        }
    }

    @Test("thousands of edge ends inside one row: stopped at the limit, in a fraction of the full sweep's time")
    func stripsStopAtLimit() throws {
        let layers = Self.stripLayers(3_000)
        // The full sweep: about 3 000 strips × 6 000 edges × 16 ≈ 2.9 · 10⁸ units; stop at 1/30.
        let rasterizer = VectorRasterizer()
        rasterizer.workLimit = 10_000_000
        let (field, reason, elapsed) = try Self.refusal { _ = try Self.mask(rasterizer, layers) }
        let message = "\(field): \(reason)"
        #expect(message.hasPrefix("opaque layers 1...3000: "), "\(message)")
        #expect(message.contains("more than the limit of 10000000"), "\(message)")
        // About 0.3 s in a debug build on the 2-core VM; the whole sweep takes about 10 s.
        #expect(elapsed < .seconds(4 * sanitizerTimeScale), "took \(elapsed)")

        // The rasterizer is clean afterwards: the same mask as a fresh one for a plain icon,
        // and the strip icon itself, given enough budget.
        rasterizer.workLimit = VectorRasterizer.maximumWork
        let plain = [VectorIcon.Layer(path: rectanglePath(x: 3.25, y: 1.5, width: 7.5, height: 9), paint: .fill(.nonZero))]
        #expect(try Self.mask(rasterizer, plain).pixels == Self.mask(VectorRasterizer(), plain).pixels)
        let few = Self.stripLayers(200)
        #expect(try Self.mask(rasterizer, few).pixels == Self.mask(VectorRasterizer(), few).pixels)
    }

    @Test("translucent layers whose boxes add up past the real limit are refused before drawing")
    func translucentRefusedUpFront() throws {
        // 60 000 full-size translucent squares in a 400 × 400 mask: 9.6 · 10⁹ pixels to
        // composite, past the limit (about 10 s of release work, minutes in debug).
        let side = 400.0
        let layer = VectorIcon.Layer(
            path: rectanglePath(x: 0, y: 0, width: side, height: side), paint: .fill(.nonZero), opacity: 0.5)
        let layers = Array(repeating: layer, count: 60_000)
        let limit = VectorRasterizer.maximumWork
        let firstOver = limit / Int(side * side) + 1
        let (field, reason, elapsed) = try Self.refusal { _ = try Self.mask(VectorRasterizer(), layers, side: side) }
        let message = "\(field): \(reason)"
        #expect(message.hasPrefix("layers: "), "\(message)")
        #expect(message.contains("layers 1...\(firstOver) cover \(firstOver * Int(side * side)) pixels"), "\(message)")
        #expect(message.contains("limit of \(limit)"), "\(message)")
        // Building the layers and checking their boxes only: about 0.2 s in a debug build.
        #expect(elapsed < .seconds(3 * sanitizerTimeScale), "took \(elapsed)")
    }

    @Test("a translucent layer past a lowered limit stops mid-icon and leaves the composite clean")
    func translucentStopsCleanly() throws {
        let square = rectanglePath(x: 2, y: 2, width: 12, height: 12)
        let layers = (0..<40).map { _ in VectorIcon.Layer(path: square, paint: .fill(.nonZero), opacity: 0.25) }
        let rasterizer = VectorRasterizer()
        // Each layer: 12 rows × 14 swept columns (2...15, one past the right edge's column, as
        // in `countedWork`), 2 × 12 edge rows of 16 and 6 flattened segments of 8: 600 units;
        // the up-front boxes (12 × 12 each) stay under the limit, the sweeps pass it at layer
        // 19 (18 × 600 = 10 800, and 10 848 with its segments, fit; 19 × 600 do not).
        rasterizer.workLimit = 11_000
        #expect {
            _ = try Self.mask(rasterizer, layers, side: 16)
        } throws: { error in
            guard case AlphaRasterError.invalidIcon(let field, let reason) = error else { return false }
            return field == .layer(19, .path) && reason.contains("11400 units of work")
        }
        rasterizer.workLimit = VectorRasterizer.maximumWork
        let two = Array(layers.prefix(2))
        #expect(try Self.mask(rasterizer, two, side: 16).pixels == Self.mask(VectorRasterizer(), two, side: 16).pixels)
    }

    @Test("a heavy real-world shape renders unchanged, far inside the budget")
    func heavyIconRenders() throws {
        // The benchmark's star of 2 000 points filling a 1024 px mask, with curves around it.
        let side = 1024.0, count = 2_000
        let star = (0..<count).map { k -> SIMD2<Double> in
            let angle = Double(k) / Double(count) * 2 * Double.pi
            let radius = k % 2 == 0 ? 500.0 : 200.0
            return SIMD2(512 + radius * cos(angle), 512 + radius * sin(angle))
        }
        let layers = [
            VectorIcon.Layer(path: polygonPath(star), paint: .fill(.nonZero)),
            VectorIcon.Layer(path: circlePath(center: SIMD2(512, 512), radius: 480), paint: .fill(.evenOdd), opacity: 0.5),
        ]
        let rasterizer = VectorRasterizer()
        let budgeted = try Self.mask(rasterizer, layers, side: side)
        #expect(rasterizer.lastWork > 0)
        #expect(rasterizer.lastWork < VectorRasterizer.maximumWork / 100, "\(rasterizer.lastWork)")
        let unlimited = VectorRasterizer()
        unlimited.workLimit = .max
        #expect(try Self.mask(unlimited, layers, side: side).pixels == budgeted.pixels)
    }

    // MARK: Flattening and stroking (charged before the sweeps)

    /// A cubic whose every point lies above a mask starting at y = 0 (y(t) < 0 for all t:
    /// the ends are at −10 and the one control point below the top pulls up by at most
    /// 3 · 4/27 · 3), while its control points reach into the mask, so it is flattened in
    /// full and each segment is then dropped: work for the flattener, none for the sweep.
    static func aboveCurve(depth: Double) -> VectorPath {
        var path = VectorPath()
        path.move(to: [10, -10])
        path.cubic(control1: [40, 3], control2: [-30, -depth], to: [20, -10])
        return path
    }

    /// `aboveCurve`'s segments as `PathFlattener.segmentCount` counts them, from Wang's bound
    /// in plain Double at the default 0.01 px: the move, n chords, the closing line.
    static func aboveCurveSegments(depth: Double) -> Int {
        let p0 = SIMD2<Double>(10, -10), p1 = SIMD2<Double>(40, 3), p2 = SIMD2<Double>(-30, -depth), p3 = SIMD2<Double>(20, -10)
        func norm(_ v: SIMD2<Double>) -> Double { (v.x * v.x + v.y * v.y).squareRoot() }
        let d = max(norm(p0 - 2 * p1 + p2), norm(p1 - 2 * p2 + p3))
        return Int((3 * d / (4 * 0.01)).squareRoot().rounded(.up)) + 2
    }

    @Test("flattening is charged at 8 units per segment, and stroking at 48 per outline point")
    func flatteningCounted() throws {
        // Wang's n for depth 10⁵ is ⌈√(3 · 199 993.04 / 0.04)⌉ = 3873: far from a rounding edge.
        let segments = Self.aboveCurveSegments(depth: 1e5)
        #expect(segments == 3875)
        let rectangle = VectorIcon.Layer(path: rectanglePath(x: 2, y: 3, width: 5, height: 6), paint: .fill(.nonZero))
        let curve = VectorIcon.Layer(path: Self.aboveCurve(depth: 1e5), paint: .fill(.nonZero))
        let rasterizer = VectorRasterizer()
        // Nothing of the curve is swept: its work is its flattening alone.
        let alone = try Self.mask(rasterizer, [curve], side: 10)
        #expect(alone.pixels.allSatisfy { $0 == 0 })
        #expect(rasterizer.lastWork == 8 * segments)
        // With the rectangle of `countedWork`: that rectangle's work plus the curve's charge,
        // and the rectangle's mask unchanged.
        let both = try Self.mask(rasterizer, [rectangle, curve], side: 10)
        #expect(rasterizer.lastWork == 6 * 7 + 16 * (2 * 6) + 8 * 6 + 8 * segments)
        #expect(both.pixels == (try Self.mask(VectorRasterizer(), [rectangle], side: 10)).pixels)

        // A horizontal stroke from (2, 5) to (8, 5), 2 px wide with butt caps: its outline is
        // the rectangle x 2...8, y 4...6, 4 points. Flattening its move, line and closing
        // line: 3 segments. Sweep: rows 4..<6 × columns 2...9, two vertical edges of 2 rows.
        var line = VectorPath()
        line.move(to: [2, 5])
        line.line(to: [8, 5])
        let stroke = try rasterizer.mask(for: line, paint: .stroke(StrokeStyle(width: 2, lineCap: .butt)), width: 10, height: 10)
        #expect(rasterizer.lastWork == 2 * 8 + 16 * (2 * 2) + 8 * 3 + 48 * 4)
        #expect(abs(coveredArea(stroke) - 12) < 1e-6)
    }

    @Test("many layers of long curves are stopped before flattening the one that would pass the limit")
    func flatteningStopsAtLimit() throws {
        // Each layer ≈ 1.2 · 10⁵ segments, all dropped after flattening; 2 000 of them would
        // take about a minute in a debug build, and nothing else would stop them.
        let depth = 1e8
        let segments = Self.aboveCurveSegments(depth: depth)
        let layers = Array(repeating: VectorIcon.Layer(path: Self.aboveCurve(depth: depth), paint: .fill(.nonZero)), count: 2_000)
        let rasterizer = VectorRasterizer()
        let limit = 6_000_000
        rasterizer.workLimit = limit
        // The first layer whose charge does not fit after the ones before it.
        let firstOver = limit / (8 * segments) + 1
        let (field, reason, elapsed) = try Self.refusal { _ = try Self.mask(rasterizer, layers, side: 32) }
        #expect(firstOver == 7)
        #expect(field == .layer(firstOver, .path))
        // About 0.3 s in a debug build on the 2-core VM (6 layers flattened).
        #expect(elapsed < .seconds(3 * sanitizerTimeScale), "took \(elapsed)")

        // The message says why: the flattening, its size, the work and the limit.
        #expect(reason == "flattening it into \(segments) line segments would bring the work of drawing the icon up to here to \(firstOver * 8 * segments) units at this size (8 per segment), more than the limit of \(limit) (VectorRasterizer.maximumWork)")
        let error = AlphaRasterError.invalidIcon(field, reason: reason)
        #expect("\(error)".hasPrefix("vector icon layer 7 path: flattening it into"))
        #expect(!"\(error)".contains("\n"))

        // The rasterizer is clean afterwards, and the layers that fit still draw.
        rasterizer.workLimit = VectorRasterizer.maximumWork
        let plain = [VectorIcon.Layer(path: rectanglePath(x: 3.25, y: 1.5, width: 7.5, height: 9), paint: .fill(.nonZero))]
        #expect(try Self.mask(rasterizer, plain).pixels == Self.mask(VectorRasterizer(), plain).pixels)
        rasterizer.workLimit = limit
        let fitting = Array(layers.prefix(firstOver - 1)) + plain
        #expect(try Self.mask(rasterizer, fitting).pixels == Self.mask(VectorRasterizer(), plain).pixels)
    }

    @Test("a stroke is stopped while its outline is built, once its points would pass the limit")
    func strokeStopsAtLimit() throws {
        // A zig-zag of 2 000 sharp corners across a 32 px mask, 1 px wide: each corner adds
        // at least 3 outline points (its bevel's two on the outer side, one or three inside).
        var points: [SIMD2<Double>] = []
        for i in 0...2_000 { points.append([1 + 30 * Double(i) / 2_000, i % 2 == 0 ? 4 : 28]) }
        var zigzag = VectorPath()
        zigzag.move(to: points[0])
        for p in points.dropFirst() { zigzag.line(to: p) }
        let paint = VectorIcon.Layer.Paint.stroke(StrokeStyle(width: 1))
        let unlimited = VectorRasterizer()
        unlimited.workLimit = .max
        let reference = try unlimited.mask(for: zigzag, paint: paint, width: 32, height: 32)
        let full = unlimited.lastWork
        #expect(full > 48 * 3 * 2_000)

        // Flattening (move, 2 000 lines and the closing line: 2 002 segments, 16 016 units)
        // fits; the 1 000 outline points left do not.
        let rasterizer = VectorRasterizer()
        rasterizer.workLimit = 8 * 2_002 + 48 * 1_000
        let (field, reason, _) = try Self.refusal { _ = try rasterizer.mask(for: zigzag, paint: paint, width: 32, height: 32) }
        let message = "\(AlphaRasterError.invalidIcon(field, reason: reason))"
        #expect(message == "vector icon layer 1 path: stroking it would bring the work of drawing the icon up to here past the limit of 64016 units at this size (VectorRasterizer.maximumWork): its outline needs more than the 1000 points (48 units each) left after the 16016 counted before it")
        // At its own counted work it draws, the same as without a limit.
        rasterizer.workLimit = full
        #expect(try rasterizer.mask(for: zigzag, paint: paint, width: 32, height: 32).pixels == reference.pixels)
        #expect(rasterizer.lastWork == full)
    }

    @Test("thousands of round dots in one stroked path are refused before their points pile up")
    func strokeDotsBounded() throws {
        // Each zero-length subpath becomes a disc; at this width and the default tolerance
        // each takes about 2 · 10⁴ points (chords of 2·acos(1 − 0.005 / 4 · 10⁵) rad), so
        // 4 000 dots would be 8 · 10⁷ points, 1.3 GB, with nothing checking them.
        var dots = VectorPath()
        for i in 0..<4_000 {
            dots.move(to: [Double(i % 32), Double(i / 32 % 32)])
            dots.close()
        }
        let (field, reason, elapsed) = try Self.refusal {
            _ = try VectorRasterizer().mask(
                for: dots, paint: .stroke(StrokeStyle(width: 8e5, lineCap: .round)), width: 32, height: 32)
        }
        let message = "\(AlphaRasterError.invalidIcon(field, reason: reason))"
        #expect(message == "vector icon layer 1 path: its stroke outline would need more than \(VectorRasterizer.maximumSegments) line segments at this size")
        // About 200 dots built before the refusal: well under a second in a debug build.
        #expect(elapsed < .seconds(3 * sanitizerTimeScale))
        // A few of them draw: one dot covers the whole mask.
        var few = VectorPath()
        few.move(to: [16, 16])
        few.close()
        let mask = try VectorRasterizer().mask(for: few, paint: .stroke(StrokeStyle(width: 8e5, lineCap: .round)), width: 32, height: 32)
        #expect(mask.pixels.allSatisfy { $0 == 255 })
    }

    /// A curve drawn after `close` starts at the closed subpath's start (`VectorPath`), and
    /// its flattening is charged from there: with the subpath starting 10⁹⁰ px away, a cubic
    /// or a quadratic after the close was counted as one segment from the point before the
    /// close and trapped converting its pieces to `Int`; from 10¹⁶ px it slipped past the
    /// limit and took seconds. Refused now, like its SVG form.
    @Test("a curve after close is charged from the subpath's start", arguments: [1e90, 1e16])
    func curveAfterCloseIsChargedFromTheStart(_ far: Double) throws {
        for quadratic in [false, true] {
            var path = VectorPath()
            path.move(to: [far, far])
            path.line(to: [10, 10])
            path.close()
            if quadratic {
                path.quad(control: [12, 12], to: [14, 10])
            } else {
                path.cubic(control1: [10, 10], control2: [12, 12], to: [14, 10])
            }
            let layers = [VectorIcon.Layer(path: path, paint: .fill(.nonZero))]
            let (field, reason, elapsed) = try Self.refusal { _ = try Self.mask(VectorRasterizer(), layers) }
            #expect(field == .layer(1, .path), "\(far), quadratic \(quadratic)")
            #expect(reason.contains("line segments"), "\(reason)")
            #expect(elapsed < .seconds(1 * sanitizerTimeScale), "took \(elapsed)")
        }
    }

    /// A shape x 0...10 of a 24 × 24 mask whose left side zigzags 2 400 times outside the
    /// mask: every zigzag is an edge kept (on the mask's left side) for the sweep.
    static let zigzag: VectorPath = {
        var points: [SIMD2<Double>] = (0..<2_400).map { i in [-1 - Double(i % 2), Double(i) * 0.01] }
        points += [[-1, 24], [10, 24], [10, 0]]
        return polygonPath(points)
    }()

    @Test("an icon keeping more edges for one sweep than the limit is refused, naming the layer and the limit")
    func edgeCountLimit() throws {
        let rasterizer = VectorRasterizer()
        rasterizer.edgeLimit = 3_000
        let layers = [VectorIcon.Layer(path: Self.zigzag, paint: .fill(.nonZero))]
        // Under the limit it draws: the rectangle x 0...10, the zigzag lying outside.
        let rectangle = [VectorIcon.Layer(path: rectanglePath(x: 0, y: 0, width: 10, height: 24), paint: .fill(.nonZero))]
        #expect(try Self.mask(rasterizer, layers).pixels == Self.mask(VectorRasterizer(), rectangle).pixels)
        // A second layer takes the sweep past it.
        let (field, reason, _) = try Self.refusal { _ = try Self.mask(rasterizer, layers + layers) }
        #expect(field == .layer(2, .path))
        #expect(reason == "drawing the icon up to here would keep more than 3000 edges for one sweep at this size (VectorRasterizer.maximumEdges)")
        // The rasterizer is clean afterwards.
        #expect(try Self.mask(rasterizer, rectangle).pixels == Self.mask(VectorRasterizer(), rectangle).pixels)
        #expect(VectorRasterizer.maximumEdges * 48 <= 400_000_000)
    }
}
