import AlphaRaster
import SVGImport
import Testing

struct ShapeElementTests {
    @Test func pathBecomesOneFillLayerWithItsParsedSegments() throws {
        let icon = try importSVG(#"<path d="M10 10h30v20z"/>"#).icon
        #expect(icon.width == 100 && icon.height == 100)
        #expect(icon.layers.count == 1)
        #expect(icon.layers[0].fillRule == .nonZero)
        #expect(icon.layers[0].opacity == 1)
        #expect(icon.layers[0].transform == .identity)
        #expect(icon.layers[0].path == (try VectorPath(svgPathData: "M10 10h30v20z")))
    }

    @Test func pathWithoutDataDrawsNothing() throws {
        #expect(try importSVG(#"<path/><path d=""/><path d="  "/>"#).icon.layers.isEmpty)
    }

    @Test func squareCornerRectIsFourLinesClosed() throws {
        let layer = try #require(importSVG(#"<rect x="5" y="6" width="20" height="10"/>"#).icon.layers.first)
        #expect(layer.path == expectedPath([.M(5, 6), .L(25, 6), .L(25, 16), .L(5, 16), .Z]))
    }

    /// Rounded corners must trace quarter ellipses of radii (rx, ry) centred inside each
    /// corner; straight parts must join them. Checked by sampling the curves.
    @Test(arguments: [
        // (attributes, expected rx, expected ry): SVG's auto and clamping rules.
        (#"rx="4" ry="2""#, 4.0, 2.0),
        (#"rx="4""#, 4.0, 4.0),
        (#"ry="3""#, 3.0, 3.0),
        (#"rx="50" ry="1""#, 10.0, 1.0),
        (#"rx="auto" ry="3""#, 3.0, 3.0),
        (#"rx="-2" ry="3""#, 3.0, 3.0),
        (#"rx="10%""#, 10.0, 5.0),
    ])
    func roundedRectCornersFollowTheRules(attributes: String, rx: Double, ry: Double) throws {
        let layer = try #require(importSVG(#"<rect x="10" y="20" width="20" height="10" \#(attributes)/>"#).icon.layers.first)
        let (x, y, w, h) = (10.0, 20.0, 20.0, 10.0)
        let corners = [SIMD2(x + rx, y + ry), SIMD2(x + w - rx, y + ry), SIMD2(x + w - rx, y + h - ry), SIMD2(x + rx, y + h - ry)]
        #expect(layer.path.segments.first == .move(SIMD2(x + rx, y)))
        for point in sampledPoints(of: layer.path) {
            // Each point is on the rectangle's straight edges or on a corner ellipse.
            let onEdge = (abs(point.y - y) < 1e-9 || abs(point.y - y - h) < 1e-9) && point.x >= x + rx - 1e-9 && point.x <= x + w - rx + 1e-9
                || (abs(point.x - x) < 1e-9 || abs(point.x - x - w) < 1e-9) && point.y >= y + ry - 1e-9 && point.y <= y + h - ry + 1e-9
            let onCorner = corners.contains { c in
                let value = ((point.x - c.x) / rx) * ((point.x - c.x) / rx) + ((point.y - c.y) / ry) * ((point.y - c.y) / ry)
                return abs(value - 1) < 1e-3
            }
            #expect(onEdge || onCorner, "point \(point) is neither on an edge nor on a corner arc")
            #expect(point.x >= x - 1e-9 && point.x <= x + w + 1e-9 && point.y >= y - 1e-9 && point.y <= y + h + 1e-9)
        }
    }

    @Test func circleTracesItsCircleStartingRightGoingDown() throws {
        let layer = try #require(importSVG(#"<circle cx="50" cy="40" r="20"/>"#).icon.layers.first)
        #expect(layer.path.segments.first == .move(SIMD2(70, 40)))
        guard case .cubic(_, _, let end) = layer.path.segments[1] else {
            Issue.record("expected a cubic, got \(layer.path.segments[1])")
            return
        }
        #expect(approximatelyEqual(end, SIMD2(50, 60)))
        #expect(layer.path.segments.last == .close)
        for point in sampledPoints(of: layer.path) {
            let distance = ((point.x - 50) * (point.x - 50) + (point.y - 40) * (point.y - 40)).squareRoot()
            #expect(abs(distance - 20) < 20 * 3e-4, "\(point) is \(distance) from the centre")
        }
    }

    @Test(arguments: [
        (#"rx="30" ry="10""#, 30.0, 10.0),
        (#"rx="30""#, 30.0, 30.0),
        (#"ry="10" rx="auto""#, 10.0, 10.0),
    ])
    func ellipseTracesItsEllipse(attributes: String, rx: Double, ry: Double) throws {
        let layer = try #require(importSVG(#"<ellipse cx="50" cy="50" \#(attributes)/>"#).icon.layers.first)
        for point in sampledPoints(of: layer.path) {
            let value = ((point.x - 50) / rx) * ((point.x - 50) / rx) + ((point.y - 50) / ry) * ((point.y - 50) / ry)
            #expect(abs(value - 1) < 1e-3, "\(point) is off the ellipse")
        }
    }

    @Test func zeroOrNegativeSizesAreNotDrawnAndAreNoError() throws {
        let icon = try importSVG(#"""
            <rect width="0" height="10"/><rect width="10" height="-1"/><rect width="10"/>
            <circle r="0"/><circle r="-3"/><ellipse rx="0" ry="3"/><ellipse/>
            """#).icon
        #expect(icon.layers.isEmpty)
    }

    @Test func lineIsStrokedNeverFilled() throws {
        #expect(try importSVG(#"<line x1="1" y1="2" x2="30" y2="40"/>"#).icon.layers.isEmpty)
        let icon = try importSVG(#"<line x1="1" y1="2" x2="30" y2="40" stroke="black" fill="red"/>"#).icon
        #expect(icon.layers.count == 1)
        #expect(icon.layers[0].stroke == StrokeStyle(width: 1))
        #expect(icon.layers[0].path == expectedPath([.M(1, 2), .L(30, 40)]))
    }

    @Test func polylineIsOpenPolygonIsClosedAndOddCoordinatesAreDropped() throws {
        let icon = try importSVG(#"<polyline points="1,2 3,4 5 6 7"/><polygon points=" 1 2,3 4 5,6 "/>"#).icon
        #expect(icon.layers.count == 2)
        #expect(icon.layers[0].path == expectedPath([.M(1, 2), .L(3, 4), .L(5, 6)]))
        #expect(icon.layers[1].path == expectedPath([.M(1, 2), .L(3, 4), .L(5, 6), .Z]))
    }

    @Test func fillAndStrokeMakeTwoLayersFillFirst() throws {
        let icon = try importSVG(#"<rect width="10" height="10" stroke="blue" stroke-width="3" stroke-linecap="round" stroke-linejoin="bevel" stroke-miterlimit="7" fill-rule="evenodd"/>"#).icon
        #expect(icon.layers.count == 2)
        #expect(icon.layers[0].fillRule == .evenOdd)
        #expect(icon.layers[1].stroke == StrokeStyle(width: 3, lineCap: .round, lineJoin: .bevel, miterLimit: 7))
        #expect(icon.layers[0].path == icon.layers[1].path)
    }

    @Test func lengthsConvertUnitsAt96DPIAndPercentagesOfTheViewport() throws {
        let icon = try importSVG(
            #"<rect x="1in" y="2.54cm" width="72pt" height="10%"/><circle cx="50%" cy="25%" r="10%"/>"#,
            attributes: #"viewBox="0 0 200 100" width="400" height="200""#).icon
        #expect(icon.layers.count == 2)
        // 1in = 96, 2.54cm = 96, 72pt = 96; 10 % of the viewBox height 100 = 10.
        #expect(icon.layers[0].path.segments.first == .move(SIMD2(96, 96)))
        #expect(icon.layers[0].path.segments[2] == .line(SIMD2(192, 106)))
        // r: 10 % of √((200² + 100²) / 2).
        let radius = 0.1 * ((200.0 * 200 + 100 * 100) / 2).squareRoot()
        #expect(icon.layers[1].path.segments.first == .move(SIMD2(100 + radius, 25)))
    }

        @Test func pathDataInErrorKeepsTheCommandsBeforeTheError() throws {
        // SVG 2: a path is drawn up to the command in error; each argument set counts as a
        // command, and one is added only once all its arguments are read.
        let imported = try importSVG("<path\n   d=\"M0 0 L1 0 1 1 2\"/><rect width=\"1\" height=\"1\"/>")
        #expect(imported.icon.layers.count == 2)
        #expect(imported.icon.layers[0].path.segments == [.move(SIMD2(0, 0)), .line(SIMD2(1, 0)), .line(SIMD2(1, 1))])
        #expect(imported.warnings == [
            "test.svg:2:4: <path> attribute d: path data: expected a number at offset 15, found end of data; drawn up to the command in error",
        ])
        // An error before any drawing command leaves nothing to draw, and the rest is drawn.
        let empty = try importSVG(#"<path d="L1 1"/><rect width="1" height="1"/>"#)
        #expect(empty.icon.layers.count == 1)
        #expect(empty.warnings.count == 1)
        #expect(empty.warnings.first?.hasSuffix("expected a moveto command (M or m) at offset 0, found 'L'; drawn up to the command in error") == true)
        // The library's parser still throws at the first problem.
        #expect(throws: SVGPathDataError.self) { _ = try VectorPath(svgPathData: "M0 0 L1 0 1 1 2") }
    }

@Test(arguments: [
        (#"<rect width="10zz" height="1"/>"#, "<rect> attribute width: length: expected a unit (px, in, cm, mm, pt, pc, em, ex or %) or the end at offset 2, found 'z'"),
        (#"<rect width="10px5" height="1"/>"#, "<rect> attribute width: length: expected the end of the length at offset 4, found '5'"),
        (#"<rect width="abc" height="1"/>"#, "<rect> attribute width: length: expected a number at offset 0, found 'a'"),
        (#"<circle r="1 2"/>"#, "<circle> attribute r: length: expected the end of the length at offset 2, found '2'"),
        (#"<polygon points="1 2 x"/>"#, "<polygon> attribute points: number list: expected a number at offset 4, found 'x'"),
        (#"<polyline points="1 2,"/>"#, "<polyline> attribute points: number list: expected a number at offset 4, found end of data"),
    ])
    func malformedGeometryIsAnErrorAtTheAttribute(body: String, reason: String) {
        let error = importError(#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">\#(body)</svg>"#)
        guard case .invalidDocument(let file, let line, let column, let message)? = error else {
            Issue.record("expected invalidDocument, got \(String(describing: error))")
            return
        }
        #expect(file == "test.svg")
        #expect(message == reason)
        // The position is the attribute's: column of the attribute name on its line.
        let prefix = #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">"#
        let attributeName = String(reason.split(separator: " ")[2].dropLast())
        let fullText = prefix + body
        let lines = fullText.split(separator: "\n", omittingEmptySubsequences: false)
        let lineText = String(lines[line - 1])
        let columnIndex = lineText.index(lineText.startIndex, offsetBy: column - 1)
        #expect(lineText[columnIndex...].hasPrefix(attributeName + "="), "\(line):\(column) in \(lineText)")
        #expect(error!.description.hasPrefix("test.svg:\(line):\(column): "))
    }
}
