@_spi(Testing) import AlphaRaster
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing

@Suite("Strokes: caps, joins, closed subpaths, transforms")
struct StrokeTests {
    static func line(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> VectorPath {
        var path = VectorPath()
        path.move(to: a)
        path.line(to: b)
        return path
    }

    static func polyline(_ points: [SIMD2<Double>]) -> VectorPath {
        var path = VectorPath()
        path.move(to: points[0])
        for p in points.dropFirst() { path.line(to: p) }
        return path
    }

    @Test("a straight segment: butt L·w, square (L + w)·w, round L·w + πw²/4", arguments: [
        (StrokeStyle.LineCap.butt, 20.0 * 6), (.square, 26.0 * 6), (.round, 20.0 * 6 + Double.pi * 9),
    ])
    func caps(cap: StrokeStyle.LineCap, area: Double) throws {
        // Horizontal and diagonal: the same areas.
        for (a, b) in [(SIMD2(10.0, 20.0), SIMD2(30.0, 20.0)), (SIMD2(12.3, 11.1), SIMD2(12.3 + 20 * cos(0.6), 11.1 + 20 * sin(0.6)))] {
            let mask = try renderPath(Self.line(a, b), .stroke(StrokeStyle(width: 6, lineCap: cap)), width: 48, height: 40)
            #expect(abs(coveredArea(mask) - area) < 0.05 + area * 1e-3, "\(cap): \(coveredArea(mask)) vs \(area)")
        }
        // Pixel-aligned butt and square strokes are exact to the byte.
        if cap != .round {
            let mask = try renderPath(Self.line([10, 20], [30, 20]), .stroke(StrokeStyle(width: 6, lineCap: cap)), width: 48, height: 40)
            let extra = cap == .square ? 3 : 0
            for y in 0..<40 {
                for x in 0..<48 {
                    let inside = (10 - extra..<30 + extra).contains(x) && (17..<23).contains(y)
                    #expect(mask.pixels[y * 48 + x] == (inside ? 255 : 0))
                }
            }
        }
    }

    @Test("a right-angle corner: miter adds the outer h×h square, bevel half of it, round a quarter disc")
    func rightAngleJoins() throws {
        // Legs of 20 along y = 30 and x = 30, width 4 (h = 2): union of the legs is 156.
        let path = Self.polyline([[10, 30], [30, 30], [30, 10]])
        let expected: [(StrokeStyle.LineJoin, Double)] = [(.miter, 160), (.bevel, 158), (.round, 156 + .pi)]
        for (join, area) in expected {
            let mask = try renderPath(path, .stroke(StrokeStyle(width: 4, lineJoin: join)), width: 40, height: 40)
            #expect(abs(coveredArea(mask) - area) < 0.02, "\(join): \(coveredArea(mask)) vs \(area)")
        }
        // The mitered corner is pixel-aligned: bytes are exact, the inner corner included.
        let mask = try renderPath(path, .stroke(StrokeStyle(width: 4, lineJoin: .miter)), width: 40, height: 40)
        for y in 0..<40 {
            for x in 0..<40 {
                let inside = ((10..<32).contains(x) && (28..<32).contains(y)) || ((28..<32).contains(x) && (10..<32).contains(y))
                #expect(mask.pixels[y * 40 + x] == (inside ? 255 : 0), "(\(x), \(y))")
            }
        }
    }

    @Test("a sharp angle past the miter limit falls back to bevel; under the limit the miter adds h²·sin²(θ/2)·tan(θ/2)")
    func miterLimit() throws {
        // 20° between the legs (turn θ = 160°): miter ratio 1/sin(10°) = 5.76.
        let vertex = SIMD2(14.0, 30.0)
        let direction = SIMD2(cos(20.0 * .pi / 180), -sin(20.0 * .pi / 180))
        let path = Self.polyline([[44, 30], vertex, vertex + 30 * direction])
        func area(_ join: StrokeStyle.LineJoin, _ limit: Double) throws -> AlphaMask {
            try renderPath(path, .stroke(StrokeStyle(width: 4, lineJoin: join, miterLimit: limit)), width: 50, height: 40)
        }
        #expect(try area(.miter, 4) == area(.bevel, 4))
        #expect(try area(.miter, 5.7) == area(.bevel, 4))
        let half = 80.0 * .pi / 180
        let tip = 4 * sin(half) * sin(half) * tan(half)
        let gained = try coveredArea(area(.miter, 5.8)) - coveredArea(area(.bevel, 4))
        #expect(abs(gained - tip) < 0.05, "miter gained \(gained), expected \(tip)")
        // Round and bevel joins never use the limit, so any finite one draws them alike (a
        // limit of 10¹⁰¹ was counted into the stroke's reach and refused as off the canvas).
        for join in [StrokeStyle.LineJoin.round, .bevel] { #expect(try area(join, 1e101) == area(join, 4), "\(join)") }
        // Nor does a miter join use a limit past the longest miter a turn can draw: at the
        // 160° turn and on a turn straight back (which no finite limit miters), 10¹⁰⁰ draws
        // what 6 and 4 do (it was counted into the stroke's reach and refused, 5·10¹⁰⁰).
        #expect(try area(.miter, 1e100) == area(.miter, 5.8))
        let back = Self.polyline([[4, 20], [34, 20], [4, 20]])
        func reversal(_ limit: Double) throws -> AlphaMask {
            try renderPath(back, .stroke(StrokeStyle(width: 4, lineJoin: .miter, miterLimit: limit)), width: 50, height: 40)
        }
        #expect(try reversal(1e100) == reversal(4))
    }

    @Test("a closed square stroke is the outer square minus the inner one, with mitered corners")
    func closedSquare() throws {
        var path = rectanglePath(x: 10, y: 10, width: 20, height: 20)
        let mask = try renderPath(path, .stroke(StrokeStyle(width: 4)), width: 40, height: 40)
        for y in 0..<40 {
            for x in 0..<40 {
                let outer = (8..<32).contains(x) && (8..<32).contains(y)
                let inner = (12..<28).contains(x) && (12..<28).contains(y)
                #expect(mask.pixels[y * 40 + x] == (outer && !inner ? 255 : 0), "(\(x), \(y))")
            }
        }
        // Reversed direction: the same stroke.
        path = rectanglePath(x: 10, y: 10, width: 20, height: 20, reversed: true)
        #expect(try renderPath(path, .stroke(StrokeStyle(width: 4)), width: 40, height: 40) == mask)
        // The same square left open has a notch at its start corner instead of a join.
        var open = VectorPath()
        open.move(to: [10, 10]); open.line(to: [30, 10]); open.line(to: [30, 30]); open.line(to: [10, 30]); open.line(to: [10, 10])
        let openMask = try renderPath(open, .stroke(StrokeStyle(width: 4)), width: 40, height: 40)
        #expect(abs(coveredArea(openMask) - (320 - 4)) < 1e-6)
    }

    @Test("a stroked circle is an annulus: area 4πrh, every pixel within 2 levels of the even-odd ring fill",
          arguments: [(10.0, 1.0), (20.0, 3.0), (12.0, 8.0)])
    func strokedCircle(radius: Double, halfWidth: Double) throws {
        let center = SIMD2(32.3, 31.8)
        let stroke = try renderPath(circlePath(center: center, radius: radius), .stroke(StrokeStyle(width: 2 * halfWidth)), width: 64, height: 64)
        var ring = circlePath(center: center, radius: radius + halfWidth)
        ring.append(circlePath(center: center, radius: radius - halfWidth))
        let fill = try renderPath(ring, .fill(.evenOdd), width: 64, height: 64)
        let worst = zip(stroke.pixels, fill.pixels).map { abs(Int($0) - Int($1)) }.max()!
        #expect(worst <= 2, "worst difference \(worst)")
        let exact = 4 * Double.pi * radius * halfWidth
        #expect(abs(coveredArea(stroke) - exact) / exact < 0.002)
    }

    @Test("non-uniform scale stretches the stroke as SVG does (stroke in user space, then map)")
    func nonUniformScale() throws {
        let transform = VectorTransform.scale(3, 5).followed(by: .translation(4, 4))
        let style = StrokeStyle(width: 2)
        // Horizontal: 10 × 2 becomes 30 × 10; vertical: 2 × 10 becomes 6 × 50.
        let horizontal = try renderPath(Self.line([0, 2], [10, 2]), .stroke(style), transform: transform, width: 64, height: 64)
        #expect(abs(coveredArea(horizontal) - 300) < 1e-6)
        for y in 0..<64 {
            for x in 0..<64 {
                let inside = (4..<34).contains(x) && (9..<19).contains(y)
                #expect(horizontal.pixels[y * 64 + x] == (inside ? 255 : 0))
            }
        }
        let vertical = try renderPath(Self.line([2, 0], [2, 10]), .stroke(style), transform: transform, width: 64, height: 64)
        #expect(abs(coveredArea(vertical) - 300) < 1e-6)
        // A circle of radius 6 stroked with width 2 under scale(2, 1): the annulus between
        // two ellipses, area 2 · 4π·r·h.
        let ellipse = try renderPath(
            circlePath(center: [0, 0], radius: 6), .stroke(style),
            transform: VectorTransform.scale(2, 1).followed(by: .translation(20.3, 10.7)), width: 40, height: 20)
        let exact = 2 * 4 * Double.pi * 6 * 1
        #expect(abs(coveredArea(ellipse) - exact) / exact < 0.003)
    }

    @Test("zero-length subpaths: a round cap draws a disc, a square cap a square, butt nothing; a lone move nothing")
    func zeroLength() throws {
        var dot = VectorPath()
        dot.move(to: [20, 20]); dot.line(to: [20, 20])
        var closedDot = VectorPath()
        closedDot.move(to: [20, 20]); closedDot.close()
        for path in [dot, closedDot] {
            let disc = try renderPath(path, .stroke(StrokeStyle(width: 10, lineCap: .round)), width: 40, height: 40)
            #expect(abs(coveredArea(disc) - 25 * Double.pi) / (25 * Double.pi) < 0.002)
            let square = try renderPath(path, .stroke(StrokeStyle(width: 10, lineCap: .square)), width: 40, height: 40)
            #expect(abs(coveredArea(square) - 100) < 1e-6)
            #expect(square.pixels[15 * 40 + 15] == 255 && square.pixels[14 * 40 + 14] == 0)
            let butt = try renderPath(path, .stroke(StrokeStyle(width: 10, lineCap: .butt)), width: 40, height: 40)
            #expect(coveredArea(butt) == 0)
        }
        var lone = VectorPath()
        lone.move(to: [20, 20])
        #expect(try coveredArea(renderPath(lone, .stroke(StrokeStyle(width: 10, lineCap: .round)), width: 40, height: 40)) == 0)
        // A degenerate cubic (all points equal) is a zero-length subpath too.
        var cubic = VectorPath()
        cubic.move(to: [20, 20]); cubic.cubic(control1: [20, 20], control2: [20, 20], to: [20, 20])
        let disc = try renderPath(cubic, .stroke(StrokeStyle(width: 10, lineCap: .round)), width: 40, height: 40)
        #expect(abs(coveredArea(disc) - 25 * Double.pi) / (25 * Double.pi) < 0.002)
    }

    @Test("pieces share one orientation: crossing subpaths, a dot on a line and a U-turn stay solid")
    func orientation() throws {
        var cross = Self.line([4, 20], [36, 20])
        cross.append(Self.line([20, 36], [20, 4]))
        cross.move(to: [28, 20]); cross.line(to: [28, 20])
        let mask = try renderPath(cross, .stroke(StrokeStyle(width: 6, lineCap: .round)), width: 40, height: 40)
        #expect(mask.pixels[20 * 40 + 20] == 255)
        #expect(mask.pixels[20 * 40 + 28] == 255)
        // Union area: two 32×6 bars with round caps, minus their 6×6 overlap.
        let exact = 2 * (32 * 6 + 9 * Double.pi) - 36
        #expect(abs(coveredArea(mask) - exact) < 0.2)
        // Going back over itself: no cancellation.
        let back = Self.polyline([[5, 20], [35, 20], [15, 20]])
        for join in StrokeStyle.LineJoin.allCases {
            let u = try renderPath(back, .stroke(StrokeStyle(width: 4, lineJoin: join)), width: 40, height: 40)
            #expect(u.pixels[20 * 40 + 20] == 255)
        }
    }

    @Test("a stroke wider than its closed ring fills the middle: no cancelled hole")
    func wideStrokeOnSmallRing() throws {
        // Square of side 10, h = 8 > 5: the inner offsets cross; the union is solid.
        let path = rectanglePath(x: 15, y: 15, width: 10, height: 10)
        let miter = try renderPath(path, .stroke(StrokeStyle(width: 16)), width: 40, height: 40)
        for y in 0..<40 {
            for x in 0..<40 {
                let inside = (7..<33).contains(x) && (7..<33).contains(y)
                #expect(miter.pixels[y * 40 + x] == (inside ? 255 : 0), "(\(x), \(y))")
            }
        }
        let round = try renderPath(path, .stroke(StrokeStyle(width: 16, lineJoin: .round)), width: 40, height: 40)
        let exact = 100 + 4 * 10 * 8 + Double.pi * 64
        #expect(abs(coveredArea(round) - exact) < 0.3)
        #expect(round.pixels[20 * 40 + 20] == 255)
        // A triangle and a circle small against the width, too.
        let triangle = polygonPath([[18, 18], [22, 18], [20, 21]])
        let solid = try renderPath(triangle, .stroke(StrokeStyle(width: 12, lineJoin: .round)), width: 40, height: 40)
        #expect(solid.pixels[19 * 40 + 20] == 255)
        let disc = try renderPath(circlePath(center: [20, 20], radius: 2), .stroke(StrokeStyle(width: 10)), width: 40, height: 40)
        #expect(abs(coveredArea(disc) - Double.pi * 49) / (Double.pi * 49) < 0.002)
    }

    @Test("a dot stroked wider than itself is the disc of radius r + h, closed or two arcs back to the start, at a disc's cost",
          arguments: [(4.0, 4.0), (1.5, 5.0), (9.0, 10.0)])
    func filledRing(radius: Double, halfWidth: Double) throws {
        // An icon's dot: Tabler draws one as a circle of radius 1 stroked 2 wide, as two arcs
        // without a close, with round caps and joins.
        let center = SIMD2(32.3, 31.8)
        var open = VectorPath()
        open.move(to: center + SIMD2(radius, 0))
        open.arc(radiusX: radius, radiusY: radius, xAxisRotation: 0, largeArc: false, sweep: true, to: center - SIMD2(radius, 0))
        open.arc(radiusX: radius, radiusY: radius, xAxisRotation: 0, largeArc: false, sweep: true, to: center + SIMD2(radius, 0))
        let rasterizer = VectorRasterizer()
        let disc = try rasterizer.mask(for: circlePath(center: center, radius: radius + halfWidth), paint: .fill(.nonZero), width: 64, height: 64)
        let discWork = rasterizer.lastWork
        let styles = [
            (open, StrokeStyle(width: 2 * halfWidth, lineCap: .round, lineJoin: .round)),
            (circlePath(center: center, radius: radius), StrokeStyle(width: 2 * halfWidth, lineJoin: .round)),
            (circlePath(center: center, radius: radius), StrokeStyle(width: 2 * halfWidth, lineJoin: .miter)),
        ]
        for (path, style) in styles {
            let stroke = try rasterizer.mask(for: path, paint: .stroke(style), width: 64, height: 64)
            let worst = zip(stroke.pixels, disc.pixels).map { abs(Int($0) - Int($1)) }.max()!
            #expect(worst <= 2, "\(style): worst difference \(worst)")
            // The outer side alone: 2.4–4.1 times the disc's work (the path is flattened
            // finer and each vertex adds its round join's arc). With the inner side as well,
            // zigzagging through every vertex, it took 340–3,000 times.
            #expect(rasterizer.lastWork <= 5 * discWork, "\(style): work \(rasterizer.lastWork) against the disc's \(discWork)")
        }
        // Butt caps leave a sliver open where the ends meet (the last chord's turn): drawn
        // with both sides, as before, within the disc and solid in the middle.
        let butt = try rasterizer.mask(for: open, paint: .stroke(StrokeStyle(width: 2 * halfWidth, lineJoin: .round)), width: 64, height: 64)
        #expect(zip(butt.pixels, disc.pixels).allSatisfy { Int($0) <= Int($1) + 2 })
        #expect(coveredArea(butt) < coveredArea(disc))
        #expect(butt.pixels[Int(center.y) * 64 + Int(center.x)] == 255)
    }

    /// A rounded rectangle from (x, y), `side` wide and high, corners of radius `radius`,
    /// clockwise on screen, as SVG's `rect` with `rx` draws it.
    static func roundedSquare(x: Double, y: Double, side: Double, radius r: Double) -> VectorPath {
        var path = VectorPath()
        path.move(to: [x + r, y])
        path.line(to: [x + side - r, y])
        path.arc(radiusX: r, radiusY: r, xAxisRotation: 0, largeArc: false, sweep: true, to: [x + side, y + r])
        path.line(to: [x + side, y + side - r])
        path.arc(radiusX: r, radiusY: r, xAxisRotation: 0, largeArc: false, sweep: true, to: [x + side - r, y + side])
        path.line(to: [x + r, y + side])
        path.arc(radiusX: r, radiusY: r, xAxisRotation: 0, largeArc: false, sweep: true, to: [x, y + side - r])
        path.line(to: [x, y + r])
        path.arc(radiusX: r, radiusY: r, xAxisRotation: 0, largeArc: false, sweep: true, to: [x + r, y])
        path.close()
        return path
    }

    @Test("a rounded square whose corners are as tight as the stroke is wide: the outer rounded square less a sharp one, at a fill's cost",
          arguments: [(24.0, 4.0), (30.0, 6.5)])
    func tightCorners(side: Double, halfWidth h: Double) throws {
        // Tabler's dialpad keys: squares of side 4 with corners of radius 1, stroked 2 wide.
        let x = 17.3, y = 16.9
        let rasterizer = VectorRasterizer()
        var expected = Self.roundedSquare(x: x - h, y: y - h, side: side + 2 * h, radius: 2 * h)
        expected.append(rectanglePath(x: x + h, y: y + h, width: side - 2 * h, height: side - 2 * h, reversed: true))
        let fill = try rasterizer.mask(for: expected, paint: .fill(.nonZero), width: 64, height: 64)
        let fillWork = rasterizer.lastWork
        for join in [StrokeStyle.LineJoin.round, .miter] {
            let stroke = try rasterizer.mask(
                for: Self.roundedSquare(x: x, y: y, side: side, radius: h), paint: .stroke(StrokeStyle(width: 2 * h, lineJoin: join)),
                width: 64, height: 64)
            let worst = zip(stroke.pixels, fill.pixels).map { abs(Int($0) - Int($1)) }.max()!
            #expect(worst <= 2, "\(join): worst difference \(worst)")
            // The outer side and the hole's four corners. The inner side, zigzagging through
            // every vertex of the corners' arcs, took 150–190 times the fill.
            #expect(rasterizer.lastWork <= 4 * fillWork, "\(join): work \(rasterizer.lastWork) against the fill's \(fillWork)")
        }
    }

    @Test("a zero width draws nothing")
    func zeroWidth() throws {
        let mask = try renderPath(Self.line([5, 5], [30, 30]), .stroke(StrokeStyle(width: 0, lineCap: .round)), width: 40, height: 40)
        #expect(coveredArea(mask) == 0)
    }
}
