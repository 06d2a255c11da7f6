import AlphaRaster
import IconSymbols
import SVGImport
import Testing
@testable import PathMorph

/// The short path data against the plain one: both read back by SVGImport's parser, every
/// point where the plain data puts it.
struct CompactSVGPathDataTests {
    /// Outlines with curves and straight pieces, negative and small coordinates, and two
    /// contours: a built-in symbol's, and a made-up one.
    static let outlines: [[PathContour]] = {
        var made = PathContourTests.wavy
        made = PathContour(start: made.start - SIMD2(10.004, 10.5), curves: made.curves.map {
            .init(control1: $0.control1 - SIMD2(10.004, 10.5), control2: $0.control2 - SIMD2(10.004, 10.5), end: $0.end - SIMD2(10.004, 10.5))
        })
        var outlines = [[PathContourTests.wavy, made]]
        for symbol in BuiltInSymbol.allCases.prefix(8) {
            outlines.append(IconOutline.contours(of: symbol.path))
        }
        return outlines
    }()

    @Test(arguments: [0, 2, 3])
    func readsBackAsThePlainData(decimals: Int) throws {
        for contours in Self.outlines {
            let compact = PathContour.compactSVGPathData(contours, decimals: decimals)
            let plain = PathContour.svgPathData(contours, decimals: decimals)
            let short = try VectorPath(svgPathData: compact).segments, long = try VectorPath(svgPathData: plain).segments
            #expect(compact.utf8.count < plain.utf8.count)
            try #require(short.count == long.count, "\(compact)")
            for (a, b) in zip(short, long) {
                switch (a, b) {
                case (.move(let p), .move(let q)):
                    #expect(distance(p - q) < 1e-9)
                case (.cubic(let c1, let c2, let p), .cubic(let d1, let d2, let q)):
                    #expect(distance(c1 - d1) < 1e-9 && distance(c2 - d2) < 1e-9 && distance(p - q) < 1e-9)
                case (.line(let p), .cubic(_, _, let q)):
                    // A straight piece: the same end.
                    #expect(distance(p - q) < 1e-9)
                case (.close, .close):
                    break
                default:
                    Issue.record("\(a) against \(b)")
                }
            }
        }
    }

    @Test func numbersAreAsShortAsTheGrammarAllows() {
        let square = PathContour(start: SIMD2(0.5, 0.25), curves: [
            .init(lineFrom: SIMD2(0.5, 0.25), to: SIMD2(10.5, 0.25)),
            .init(control1: SIMD2(10.5, 0.6), control2: SIMD2(10.2, 0.9), end: SIMD2(10, 1)),
            .init(lineFrom: SIMD2(10, 1), to: SIMD2(0.5, 0.25)),
        ])
        // Relative offsets from rounded points; no leading zeros; no space before a minus
        // or a second point; one letter a run.
        #expect(PathContour.compactSVGPathData([square], decimals: 2) == "M.5.25l10 0c0 .35-.3.65-.5.75l-9.5-.75z")
    }

    private func distance(_ v: SIMD2<Double>) -> Double { (v.x * v.x + v.y * v.y).squareRoot() }
}
