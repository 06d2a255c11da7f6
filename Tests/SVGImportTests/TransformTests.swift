import AlphaRaster
import Foundation
import SVGImport
import Testing

struct TransformTests {
    /// The canvas point that (x, y) of the first layer's path lands on.
    func mapped(_ transform: String, _ x: Double, _ y: Double) throws -> SIMD2<Double> {
        let icon = try importSVG(#"<path transform="\#(transform)" d="M0 0h1v1z"/>"#).icon
        return try #require(icon.layers.first).canvasPoint(x, y)
    }

    @Test(arguments: [
        // (transform, point, expected image), each worked out by hand.
        ("translate(10)", SIMD2(1.0, 2.0), SIMD2(11.0, 2.0)),
        ("translate(10, -3)", SIMD2(1.0, 2.0), SIMD2(11.0, -1.0)),
        ("scale(2)", SIMD2(1.0, 2.0), SIMD2(2.0, 4.0)),
        ("scale(2 3)", SIMD2(1.0, 2.0), SIMD2(2.0, 6.0)),
        ("rotate(90)", SIMD2(1.0, 0.0), SIMD2(0.0, 1.0)),
        ("rotate(-90)", SIMD2(1.0, 0.0), SIMD2(0.0, -1.0)),
        ("rotate(180)", SIMD2(1.0, 2.0), SIMD2(-1.0, -2.0)),
        ("rotate(90 5 5)", SIMD2(5.0, 5.0), SIMD2(5.0, 5.0)),
        ("rotate(90 5 5)", SIMD2(6.0, 5.0), SIMD2(5.0, 6.0)),
        ("rotate(45)", SIMD2(1.0, 0.0), SIMD2(0.5.squareRoot(), 0.5.squareRoot())),
        ("skewX(45)", SIMD2(0.0, 1.0), SIMD2(1.0, 1.0)),
        ("skewY(45)", SIMD2(1.0, 0.0), SIMD2(1.0, 1.0)),
        ("matrix(1 2 3 4 5 6)", SIMD2(1.0, 1.0), SIMD2(9.0, 12.0)),
        // Whole turns drop out of a huge angle before it becomes radians (1e308 = 296 + 360k,
        // 116 + 180k; it was multiplied out to infinities and NaN).
        ("rotate(1e308)", SIMD2(1.0, 0.0), SIMD2(cos(296 * Double.pi / 180), sin(296 * Double.pi / 180))),
        ("rotate(1e308 5 5)", SIMD2(5.0, 5.0), SIMD2(5.0, 5.0)),
        ("rotate(-7290)", SIMD2(1.0, 0.0), SIMD2(0.0, -1.0)),
        ("skewX(1e308)", SIMD2(0.0, 1.0), SIMD2(tan(116 * Double.pi / 180), 1.0)),
        ("skewY(-1e308)", SIMD2(1.0, 0.0), SIMD2(1.0, tan(-116 * Double.pi / 180))),
        // Lists apply right to left: the point is scaled first, then translated.
        ("translate(1,2) scale(2)", SIMD2(1.0, 1.0), SIMD2(3.0, 4.0)),
        ("translate(1,2),scale(2)", SIMD2(1.0, 1.0), SIMD2(3.0, 4.0)),
        ("scale(2) translate(1,2)", SIMD2(1.0, 1.0), SIMD2(4.0, 6.0)),
        ("rotate(90) translate(10 0)", SIMD2(0.0, 0.0), SIMD2(0.0, 10.0)),
        ("  translate( 1 , 2 )  ", SIMD2(0.0, 0.0), SIMD2(1.0, 2.0)),
        ("", SIMD2(3.0, 4.0), SIMD2(3.0, 4.0)),
    ])
    func transformFunctionsAndLists(transform: String, point: SIMD2<Double>, expected: SIMD2<Double>) throws {
        let image = try mapped(transform, point.x, point.y)
        #expect(approximatelyEqual(image, expected, tolerance: 1e-12), "\(transform): \(point) → \(image), expected \(expected)")
    }

    @Test func nestedGroupsComposeInnerFirst() throws {
        let icon = try importSVG(#"""
            <g transform="translate(10 0)"><g transform="rotate(90)"><path transform="scale(2)" d="M0 0h1v1z"/></g></g>
            """#).icon
        // (1, 0) → scale → (2, 0) → rotate → (0, 2) → translate → (10, 2).
        #expect(approximatelyEqual(icon.layers[0].canvasPoint(1, 0), SIMD2(10, 2)))
    }

    @Test func viewBoxMappingComesAfterElementTransforms() throws {
        let icon = try importSVG(#"<path transform="translate(10 10)" d="M0 0h1v1z"/>"#,
                                 attributes: #"width="50" height="50" viewBox="0 0 100 100""#).icon
        #expect(approximatelyEqual(icon.layers[0].canvasPoint(0, 0), SIMD2(5, 5)))
        #expect(approximatelyEqual(icon.layers[0].canvasPoint(10, 0), SIMD2(10, 5)))
    }

    @Test(arguments: [
        ("translate(1,2,3)", "transform list: expected ')' after 2 arguments of translate at offset 14, found '3'"),
        ("rotate()", "transform list: expected 1 or 3 arguments for rotate (got 0) at offset 7, found ')'"),
        ("rotate(1 2)", "transform list: expected 1 or 3 arguments for rotate (got 2) at offset 10, found ')'"),
        ("scale(1 2", "transform list: expected ')' after 2 arguments of scale at offset 9, found end of data"),
        ("scale(1", "transform list: expected a number at offset 7, found end of data"),
        ("foo(1)", "transform list: expected a transform function (matrix, translate, scale, rotate, skewX or skewY) at offset 0, found 'f'"),
        ("translate(1)x", "transform list: expected a transform function (matrix, translate, scale, rotate, skewX or skewY) at offset 12, found 'x'"),
        ("translate(1),", "transform list: expected a transform function at offset 13, found end of data"),
        ("translate 1", "transform list: expected '(' after translate at offset 10, found '1'"),
        ("matrix(1 2 3 4 5)", "transform list: expected 6 arguments for matrix (got 5) at offset 16, found ')'"),
        ("skewX(a)", "transform list: expected a number at offset 6, found 'a'"),
        ("Translate(1)", "transform list: expected a transform function (matrix, translate, scale, rotate, skewX or skewY) at offset 0, found 'T'"),
    ])
    func malformedTransformsAreErrors(transform: String, message: String) {
        let text = #"<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><g transform="\#(transform)"/></svg>"#
        let error = importError(text)
        // The error points at the attribute's name.
        let column = text.distance(from: text.startIndex, to: text.firstRange(of: "transform=")!.lowerBound) + 1
        guard case .invalidDocument(_, 1, column, let reason)? = error else {
            Issue.record("expected an error at 1:\(column), got \(String(describing: error))")
            return
        }
        #expect(reason == "<g> attribute transform: \(message)")
    }
}
