import AlphaRaster
import Testing

@Suite("Vector robustness: bad input throws, odd input renders sensibly")
struct VectorRobustnessTests {
    static let box = IconBox(width: 32, height: 32, scale: 1)

    static func icon(_ path: VectorPath, paint: VectorIcon.Layer.Paint = .fill(.nonZero), transform: VectorTransform = .identity,
                     opacity: Double = 1, width: Double = 32, height: Double = 32) -> VectorIcon {
        VectorIcon(width: width, height: height, layers: [VectorIcon.Layer(path: path, paint: paint, transform: transform, opacity: opacity)])
    }

    static func field(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch AlphaRasterError.invalidIcon(let part, _) {
            return part.description
        } catch {
            return "unexpected \(error)"
        }
    }

    @Test("non-finite values throw invalidIcon naming the field")
    func nonFinite() {
        var nanPath = rectanglePath(x: 1, y: 1, width: 5, height: 5)
        nanPath.line(to: [.nan, 3])
        #expect(Self.field { _ = try AlphaMask(icon: Self.icon(nanPath), box: Self.box) } == "layer 1 path")
        var infPath = VectorPath()
        infPath.move(to: [0, 0]); infPath.cubic(control1: [1, .infinity], control2: [2, 2], to: [3, 3])
        #expect(Self.field { _ = try AlphaMask(icon: Self.icon(infPath), box: Self.box) } == "layer 1 path")
        let square = rectanglePath(x: 1, y: 1, width: 5, height: 5)
        let badTransform = VectorTransform(a: 1, b: 0, c: .nan, d: 1, e: 0, f: 0)
        #expect(Self.field { _ = try AlphaMask(icon: Self.icon(square, transform: badTransform), box: Self.box) } == "layer 1 transform")
        #expect(Self.field { _ = try AlphaMask(icon: Self.icon(square, opacity: .nan), box: Self.box) } == "layer 1 opacity")
        #expect(Self.field { _ = try AlphaMask(icon: Self.icon(square, width: 0), box: Self.box) } == "width")
        #expect(Self.field { _ = try AlphaMask(icon: Self.icon(square, height: .infinity), box: Self.box) } == "height")
        #expect(Self.field { _ = try AlphaMask(icon: Self.icon(square, width: -3), box: Self.box) } == "width")
        #expect(Self.field { _ = try AlphaMask(icon: Self.icon(square, paint: .stroke(StrokeStyle(width: -1))), box: Self.box) } == "layer 1 stroke width")
        #expect(Self.field { _ = try AlphaMask(icon: Self.icon(square, paint: .stroke(StrokeStyle(width: .nan))), box: Self.box) } == "layer 1 stroke width")
        #expect(Self.field { _ = try AlphaMask(icon: Self.icon(square, paint: .stroke(StrokeStyle(miterLimit: 0.5))), box: Self.box) } == "layer 1 miter limit")
        // The error reads as one sentence naming the layer.
        do {
            _ = try AlphaMask(icon: Self.icon(nanPath), box: Self.box)
        } catch {
            #expect("\(error)" == "vector icon layer 1 path: command 6 has the non-finite point (nan, 3.0)")
        }
        // A bad box is still reported as a box error.
        #expect(throws: AlphaRasterError.invalidBox(.scale, reason: "must be a finite number greater than 0, got 0.0")) {
            _ = try AlphaMask(icon: Self.icon(square), box: IconBox(width: 10, height: 10, scale: 0))
        }
    }

    @Test("empty and degenerate paths give empty masks")
    func degenerate() throws {
        #expect(try AlphaMask(icon: Self.icon(VectorPath()), box: Self.box).pixels.allSatisfy { $0 == 0 })
        var moves = VectorPath()
        moves.move(to: [3, 3]); moves.move(to: [9, 9]); moves.close(); moves.close()
        #expect(try AlphaMask(icon: Self.icon(moves), box: Self.box).pixels.allSatisfy { $0 == 0 })
        var line = VectorPath()
        line.move(to: [3, 3]); line.line(to: [20, 25])
        #expect(try AlphaMask(icon: Self.icon(line), box: Self.box).pixels.allSatisfy { $0 == 0 })
        var collinear = VectorPath()
        collinear.move(to: [2, 2]); collinear.cubic(control1: [8, 8], control2: [5, 5], to: [20, 20]); collinear.close()
        #expect(try AlphaMask(icon: Self.icon(collinear), box: Self.box).pixels.allSatisfy { $0 == 0 })
        // A singular transform squashes everything to a line: nothing to fill or stroke.
        let square = rectanglePath(x: 1, y: 1, width: 20, height: 20)
        #expect(try AlphaMask(icon: Self.icon(square, transform: .scale(0, 1)), box: Self.box).pixels.allSatisfy { $0 == 0 })
        #expect(try AlphaMask(icon: Self.icon(square, paint: .stroke(StrokeStyle(width: 3)), transform: .scale(1, 0)), box: Self.box)
            .pixels.allSatisfy { $0 == 0 })
        // Drawing with no move starts at the origin.
        var noMove = VectorPath()
        noMove.line(to: [10, 0]); noMove.line(to: [10, 10]); noMove.line(to: [0, 10])
        #expect(abs(coveredArea(try AlphaMask(icon: Self.icon(noMove), box: Self.box)) - 100) < 1e-9)
    }

    @Test("huge coordinates: clipped exactly when drawable, refused beyond the coordinate limit or segment budget")
    func huge() throws {
        let everything = rectanglePath(x: -1e12, y: -1e12, width: 2e12, height: 2e12)
        #expect(try AlphaMask(icon: Self.icon(everything), box: Self.box).pixels.allSatisfy { $0 == 255 })
        // A triangle with far-away vertices: the half-plane x + y < 40 within the grid.
        let far = polygonPath([[-1e12, -1e12], [1e12 + 40, -1e12], [-1e12, 1e12 + 40]])
        let half = try AlphaMask(icon: Self.icon(far), box: Self.box)
        for y in 0..<32 {
            for x in 0..<32 {
                let expected: UInt8 = x + y + 2 <= 40 ? 255 : (x + y >= 40 ? 0 : 128)
                #expect(abs(Int(half.pixels[y * 32 + x]) - Int(expected)) <= 1, "(\(x), \(y))")
            }
        }
        // At 10⁹⁰ the digits are gone, but nothing traps or runs away.
        let farther = polygonPath([[-1e90, -1e90], [1e90, -1e90], [-1e90, 1e90], [3, 1e90]])
        _ = try AlphaMask(icon: Self.icon(farther), box: Self.box)
        _ = try AlphaMask(icon: Self.icon(farther, paint: .stroke(StrokeStyle(width: 3, lineJoin: .round))), box: Self.box)
        let beyond = polygonPath([[0, 0], [1e200, 0], [0, 5]])
        #expect(Self.field { _ = try AlphaMask(icon: Self.icon(beyond), box: Self.box) } == "layer 1 path")
        // A visible curve with enormous control points would need too many segments.
        var wild = VectorPath()
        wild.move(to: [-1e30, 5]); wild.cubic(control1: [0, 1e30], control2: [0, -1e30], to: [1e30, 5]); wild.close()
        #expect(Self.field { _ = try AlphaMask(icon: Self.icon(wild), box: Self.box) } == "layer 1 path")
        #expect(Self.field { _ = try AlphaMask(icon: Self.icon(wild, paint: .stroke(StrokeStyle(width: 1))), box: Self.box) } == "layer 1 path")
        // Off-screen curves cost nothing, however large.
        var offscreen = rectanglePath(x: 2, y: 2, width: 4, height: 4)
        offscreen.move(to: [100, 100]); offscreen.cubic(control1: [1e40, 200], control2: [200, 1e40], to: [300, 300]); offscreen.close()
        #expect(abs(coveredArea(try AlphaMask(icon: Self.icon(offscreen), box: Self.box)) - 16) < 1e-9)
        // An enormous stroke width covers everything without running away.
        let dot = StrokeTests.line([16, 16], [16.5, 16])
        let wide = try AlphaMask(icon: Self.icon(dot, paint: .stroke(StrokeStyle(width: 1e6, lineCap: .square))), box: Self.box)
        #expect(wide.pixels.allSatisfy { $0 == 255 })
        // A stroke too wide for the rasterizer's range is named as the stroke width, not the
        // path (whose points are all in range), with the width it was given; one so wide its
        // reach overflows says so rather than quoting NaN.
        for width in [1e120, 1e308] {
            let tooWide = Self.icon(dot, paint: .stroke(StrokeStyle(width: width)))
            #expect(Self.field { _ = try AlphaMask(icon: tooWide, box: Self.box) } == "layer 1 stroke width")
            do {
                _ = try AlphaMask(icon: tooWide, box: Self.box)
            } catch {
                let message = "\(error)"
                #expect(message.hasPrefix("vector icon layer 1 stroke width: \(width) makes the stroke's outline reach "), "\(message)")
                #expect(message.hasSuffix("beyond the ±1e+100 the rasterizer handles"), "\(message)")
                #expect(!message.contains("nan"), "\(message)")
            }
        }
    }

    @Test("a path whose edges would cross too many rows in all is refused before any is drawn")
    func tooMuchWork() throws {
        // 40 000 edges each crossing all 4000 rows: 160 · 10⁶ edge rows.
        var points: [SIMD2<Double>] = []
        for i in 0..<40_000 { points.append([Double(i % 8), i % 2 == 0 ? -1 : 4001]) }
        let rasterizer = VectorRasterizer()
        let failure = Self.field { _ = try rasterizer.mask(for: polygonPath(points), paint: .fill(.evenOdd), width: 8, height: 4000) }
        #expect(failure == "layer 1 path")
        #expect(VectorRasterizer.maximumEdgeRows < 40_000 * 4000)
        // The rasterizer is clean afterwards.
        let square = try rasterizer.mask(for: rectanglePath(x: 2, y: 2, width: 4, height: 4), paint: .fill(.nonZero), width: 8, height: 4000)
        #expect(abs(coveredArea(square) - 16) < 1e-9)
    }

    @Test("tolerance outside its range is refused")
    func tolerance() {
        #expect(throws: AlphaRasterError.self) { _ = try VectorRasterizer(tolerance: 0) }
        #expect(throws: AlphaRasterError.self) { _ = try VectorRasterizer(tolerance: .nan) }
        #expect(throws: AlphaRasterError.self) { _ = try VectorRasterizer(tolerance: 0.5) }
        #expect(throws: Never.self) { _ = try VectorRasterizer(tolerance: 0.1) }
    }
}
