import AlphaRaster
import Testing
@testable import PathMorph

/// The contour's own geometry against plain float64 versions of it.
struct PathContourTests {
    static let wavy = PathContour(start: SIMD2(10, 10), curves: [
        .init(control1: SIMD2(20, 0), control2: SIMD2(40, 25), end: SIMD2(50, 12)),
        .init(control1: SIMD2(60, 30), control2: SIMD2(45, 50), end: SIMD2(30, 55)),
        .init(lineFrom: SIMD2(30, 55), to: SIMD2(5, 40)),
        .init(control1: SIMD2(0, 30), control2: SIMD2(12, 20), end: SIMD2(10, 10)),
    ])

    @Test func areaIsTheSampledArea() {
        let exact = Self.wavy.signedArea
        #expect(abs(exact - sampledArea(Self.wavy)) < 1e-3 * abs(exact))
        #expect(exact > 0, "clockwise on a y-down screen is positive")
        #expect(abs(Self.wavy.reversed().signedArea + exact) < 1e-9 * abs(exact))
    }

    @Test func rotatingKeepsTheCurvesInOrder() {
        for k in 0..<4 {
            let turned = Self.wavy.rotated(by: k)
            #expect(turned.nodes == (0..<4).map { Self.wavy.nodes[($0 + k) % 4] })
            #expect(abs(turned.signedArea - Self.wavy.signedArea) < 1e-9)
            #expect(turned.curves.last!.end == turned.start)
        }
    }

    @Test func reversingVisitsTheNodesBackwards() {
        let back = Self.wavy.reversed()
        let nodes = Self.wavy.nodes
        #expect(back.nodes == [nodes[0], nodes[3], nodes[2], nodes[1]])
        #expect(back.reversed() == Self.wavy)
    }

    @Test func raisedQuadraticIsTheSameCurve() {
        // q(t) = (1−t)²p0 + 2t(1−t)c + t²p2 against the raised cubic at many t.
        let p0 = SIMD2(1.0, 2.0), c = SIMD2(7.0, -3.0), p2 = SIMD2(11.0, 5.0)
        var path = VectorPath()
        path.move(to: p0)
        path.quad(control: c, to: p2)
        let contour = IconOutline.contours(of: path)[0]
        for k in 0...20 {
            let t = Double(k) / 20, s = 1 - t
            let quadratic = s * s * p0 + 2 * s * t * c + t * t * p2
            let cubic = PathContour.point(p0, contour.curves[0], at: t)
            #expect(length(quadratic - cubic) < 1e-12)
        }
        #expect(contour.curves.count == 2, "the implicit close becomes a line")
    }

    @Test func implicitSubpathsAndLoneMovesFollowSVG() {
        var path = VectorPath()
        path.move(to: SIMD2(0, 0))          // a lone move draws nothing
        path.move(to: SIMD2(1, 1))
        path.line(to: SIMD2(5, 1))
        path.line(to: SIMD2(5, 5))
        path.close()
        path.line(to: SIMD2(1, 9))          // starts at the closed subpath's start
        path.line(to: SIMD2(-3, 4))
        let contours = IconOutline.contours(of: path)
        #expect(contours.count == 2)
        #expect(contours[1].start == SIMD2(1, 1))
        #expect(contours.allSatisfy { $0.curves.last!.end == $0.start })
    }

    @Test func splittingKeepsTheCurve() {
        let p0 = Self.wavy.start, curve = Self.wavy.curves[0]
        for t in [0.25, 0.5, 1.0 / 3] {
            let (left, right) = NodeBalancing.split(p0, curve, at: t)
            for k in 0...10 {
                let u = Double(k) / 10
                #expect(length(PathContour.point(p0, left, at: u) - PathContour.point(p0, curve, at: u * t)) < 1e-9)
                #expect(length(PathContour.point(left.end, right, at: u) - PathContour.point(p0, curve, at: t + u * (1 - t))) < 1e-9)
            }
        }
    }
}
