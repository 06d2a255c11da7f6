#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import AlphaRaster
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

    @Test("a pixel-aligned rectangle costs its swept pixels plus 16 per edge row, and the limit is inclusive")
    func countedWork() throws {
        // Rows 3..<9 (6); columns 2...8 (7): from the left edge's column to one past the
        // right edge's, where the sweep ends each row; two vertical edges of 6 rows each; no strips (lone edges).
        let expected = 6 * 7 + 16 * (2 * 6)
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
        let clock = ContinuousClock()
        let start = clock.now
        var message = ""
        do {
            _ = try Self.mask(rasterizer, layers)
            Issue.record("the icon was drawn")
        } catch AlphaRasterError.invalidIcon(let field, let reason) {
            message = "\(field): \(reason)"
        }
        let elapsed = clock.now - start
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
        let clock = ContinuousClock()
        let start = clock.now
        var message = ""
        do {
            _ = try Self.mask(VectorRasterizer(), layers, side: side)
            Issue.record("the icon was drawn")
        } catch AlphaRasterError.invalidIcon(let field, let reason) {
            message = "\(field): \(reason)"
        }
        let elapsed = clock.now - start
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
        // in `countedWork`) and 2 × 12 edge rows of 16: 552 units; the up-front boxes (12 × 12
        // each) stay under the limit, the sweeps pass it at layer 19 (18 × 552 = 9936).
        rasterizer.workLimit = 10_000
        #expect {
            _ = try Self.mask(rasterizer, layers, side: 16)
        } throws: { error in
            guard case AlphaRasterError.invalidIcon(let field, let reason) = error else { return false }
            return field == "layer 19 path" && reason.contains("10488 units of work")
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
}
