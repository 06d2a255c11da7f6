import AlphaRaster
import SVGImport
import Testing

struct ViewportTests {
    /// The canvas of `<svg attributes>` with one path in it, and where the viewBox's
    /// corners (its min and max points) land on the canvas.
    func canvas(_ attributes: String) throws -> (width: Double, height: Double, min: SIMD2<Double>, max: SIMD2<Double>) {
        let icon = try importSVG(#"<path d="M0 0h1v1z"/>"#, attributes: attributes).icon
        let layer = try #require(icon.layers.first)
        let viewBox = attributes.firstMatch(of: /viewBox="([^"]*)"/).map { match in
            match.1.split(whereSeparator: { $0 == " " || $0 == "," }).map { Double($0)! }
        } ?? [0, 0, icon.width, icon.height]
        return (icon.width, icon.height,
                layer.canvasPoint(viewBox[0], viewBox[1]),
                layer.canvasPoint(viewBox[0] + viewBox[2], viewBox[1] + viewBox[3]))
    }

    @Test(arguments: [
        (#"width="40" height="30""#, 40.0, 30.0),
        (#"width="40px" height="30px""#, 40.0, 30.0),
        (#"width="1in" height="0.5in""#, 96.0, 48.0),
        (#"width="10mm" height="72pt""#, 960 / 25.4, 96.0),
        (#"viewBox="0 0 24 16""#, 24.0, 16.0),
        (#"viewBox="0 0 24 16" width="100%" height="100%""#, 24.0, 16.0),
        (#"viewBox="0 0 24 16" width="auto" height="auto""#, 24.0, 16.0),
        (#"viewBox="0 0 24 16" width="48""#, 48.0, 32.0),
        (#"viewBox="0 0 24 16" height="48""#, 72.0, 48.0),
        (#"viewBox="0 0 24 16" width="48" height="100%""#, 48.0, 32.0),
        (#"viewBox="-5 -5 10 10" width="20" height="40""#, 20.0, 40.0),
    ])
    func canvasIsTheViewport(attributes: String, width: Double, height: Double) throws {
        let result = try canvas(attributes)
        #expect(abs(result.width - width) < 1e-9 && abs(result.height - height) < 1e-9, "\(result)")
    }

    static let alignments = ["xMinYMin", "xMidYMin", "xMaxYMin", "xMinYMid", "xMidYMid", "xMaxYMid", "xMinYMax", "xMidYMax", "xMaxYMax"]

    /// Every align value with meet and slice, in a viewport wider and one taller than the
    /// viewBox. The expectation is geometric, not a formula: the mapped viewBox keeps its
    /// aspect, touches the viewport on one axis (meet: inside it, slice: covering it), and
    /// its min/mid/max on the free axis sits on the viewport's min/mid/max.
    @Test(arguments: alignments, [false, true])
    func preserveAspectRatioAlignsAndScales(align: String, slice: Bool) throws {
        for viewport in [(w: 80.0, h: 40.0), (w: 20.0, h: 60.0)] {
            let result = try canvas(#"viewBox="10 20 30 30" width="\#(viewport.w)" height="\#(viewport.h)" preserveAspectRatio="\#(align) \#(slice ? "slice" : "meet")""#)
            let size = result.max - result.min
            #expect(abs(size.x - size.y) < 1e-9, "square viewBox stays square")
            let expectedSide = slice ? max(viewport.w, viewport.h) : min(viewport.w, viewport.h)
            #expect(abs(size.x - expectedSide) < 1e-9)
            let fraction: [Character: Double] = ["n": 0, "d": 0.5, "x": 1]
            let xAlign = fraction[Array(align)[3]]!
            let yAlign = fraction[Array(align)[7]]!
            // Position of the mapped box's anchor equals the viewport's anchor on each axis.
            #expect(abs(result.min.x + xAlign * size.x - xAlign * viewport.w) < 1e-9, "\(align) x")
            #expect(abs(result.min.y + yAlign * size.y - yAlign * viewport.h) < 1e-9, "\(align) y")
        }
    }

    @Test func preserveAspectRatioNoneStretches() throws {
        let result = try canvas(#"viewBox="10 20 30 30" width="60" height="90" preserveAspectRatio="none""#)
        #expect(approximatelyEqual(result.min, SIMD2(0, 0)))
        #expect(approximatelyEqual(result.max, SIMD2(60, 90)))
    }

    @Test func defaultIsXMidYMidMeetAndDeferIsIgnored() throws {
        let plain = try canvas(#"viewBox="0 0 10 10" width="40" height="20""#)
        let explicit = try canvas(#"viewBox="0 0 10 10" width="40" height="20" preserveAspectRatio="defer xMidYMid meet""#)
        #expect(plain.min == explicit.min && plain.max == explicit.max)
        #expect(approximatelyEqual(plain.min, SIMD2(10, 0)))
        #expect(approximatelyEqual(plain.max, SIMD2(30, 20)))
    }

    @Test(arguments: [
        (#"<svg xmlns="http://www.w3.org/2000/svg"/>"#, "<svg> needs a viewBox, or both width and height in absolute units, to size the icon"),
        (#"<svg xmlns="http://www.w3.org/2000/svg" width="10"/>"#, "<svg> needs a viewBox, or both width and height in absolute units, to size the icon"),
        (#"<svg xmlns="http://www.w3.org/2000/svg" width="50%" height="10"/>"#, "<svg> needs a viewBox, or both width and height in absolute units, to size the icon"),
        (#"<svg xmlns="http://www.w3.org/2000/svg" width="0" height="10"/>"#, "<svg> width must be greater than 0, got 0"),
        (#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="-2"/>"#, "<svg> height must be greater than 0, got -2"),
        (#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10"/>"#, "<svg> attribute viewBox: expected 4 numbers (min-x min-y width height), found 3"),
        (#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 -1"/>"#, "<svg> attribute viewBox: width and height must be greater than 0, got 10.0 and -1.0"),
        (#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0,0,10,x"/>"#, "<svg> attribute viewBox: number list: expected a number at offset 7, found 'x'"),
        (#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1" preserveAspectRatio="xMidYmid"/>"#, "<svg> attribute preserveAspectRatio: preserveAspectRatio: expected an align value (none, xMinYMin, xMidYMin, xMaxYMin, xMinYMid, xMidYMid, xMaxYMid, xMinYMax, xMidYMax or xMaxYMax) at offset 0, found 'x'"),
        (#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1" preserveAspectRatio="none cover"/>"#, "<svg> attribute preserveAspectRatio: preserveAspectRatio: expected meet or slice at offset 5, found 'c'"),
        (#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1" preserveAspectRatio=""/>"#, "<svg> attribute preserveAspectRatio: preserveAspectRatio: expected an align value (none, xMidYMid, …) at offset 0, found end of data"),
        (#"<html xmlns="http://www.w3.org/1999/xhtml"/>"#, "the root element is <html>, not <svg>"),
        (#"<svg xmlns="http://example.com/not-svg" width="1" height="1"/>"#, "the root <svg> is in the namespace 'http://example.com/not-svg', not the SVG namespace"),
    ])
    func rootProblemsAreErrors(text: String, reason: String) {
        let error = importError(text)
        guard case .invalidDocument("test.svg", 1, _, let message)? = error else {
            Issue.record("expected invalidDocument, got \(String(describing: error))")
            return
        }
        #expect(message == reason)
    }

    @Test func nestedSVGIsAViewportWithItsOwnViewBox() throws {
        let icon = try importSVG(#"""
            <svg x="10" y="20" width="40" height="20" viewBox="0 0 4 4" preserveAspectRatio="xMinYMin meet">
              <path d="M0 0h4v4h-4z"/>
            </svg>
            """#).icon
        #expect(icon.layers.count == 1)
        // Scale min(40/4, 20/4) = 5, aligned at the viewport's origin (10, 20).
        #expect(approximatelyEqual(icon.layers[0].canvasPoint(0, 0), SIMD2(10, 20)))
        #expect(approximatelyEqual(icon.layers[0].canvasPoint(4, 4), SIMD2(30, 40)))
        #expect(try importSVG("<svg width=\"40\" height=\"20\"><path d=\"M0 0h4v4z\"/></svg>").warnings.isEmpty)
    }

    @Test func nestedSVGContentOutsideItsViewportIsReportedAsUnclipped() throws {
        let imported = try importSVG(#"<svg width="10" height="10"><path d="M0 0h40v4z"/></svg>"#)
        #expect(imported.icon.layers.count == 1)
        #expect(imported.warnings == ["test.svg: left out unsupported SVG features: clipping to a nested <svg> viewport (1×)"])
        let visible = try importSVG(#"<svg width="10" height="10" overflow="visible"><path d="M0 0h40v4z"/></svg>"#)
        #expect(visible.warnings.isEmpty)
    }
}
