import AlphaRaster
import SVGImport
import Testing

struct UseAndDefsTests {
    @Test func defsAreNotDrawnButUseDrawsThemTranslatedByXY() throws {
        let icon = try importSVG(##"<defs><path id="p" d="M0 0h1v1z"/></defs><use href="#p" x="5" y="6"/>"##).icon
        #expect(icon.layers.count == 1)
        #expect(icon.layers[0].transform == .translation(5, 6))
        #expect(icon.layers[0].path == (try VectorPath(svgPathData: "M0 0h1v1z")))
    }

    @Test func xlinkHrefWorksAndPlainHrefWins() throws {
        let body = #"<defs><rect id="a" width="1" height="1"/><rect id="b" width="2" height="2"/></defs>"#
        let viaXLink = try importSVG(body + ##"<use xlink:href="#a"/>"##).icon
        #expect(viaXLink.layers.count == 1)
        #expect(viaXLink.layers[0].path.segments[1] == .line(SIMD2(1, 0)))
        let both = try importSVG(body + ##"<use xlink:href="#a" href="#b"/>"##).icon
        #expect(both.layers[0].path.segments[1] == .line(SIMD2(2, 0)))
        // Any prefix bound to the XLink namespace works.
        let other = try SVGImporter.parse(string: #"""
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:x="http://www.w3.org/1999/xlink" width="9" height="9">
            <rect id="a" width="1" height="1" display="none"/><use x:href="#a" display="inline"/></svg>
            """#, name: "t.svg").icon
        #expect(other.layers.isEmpty, "the referenced element's own display:none still hides it")
    }

    @Test func useTransformAppliesAfterItsXYTranslation() throws {
        let icon = try importSVG(##"<defs><path id="p" d="M0 0h1v1z"/></defs><use href="#p" transform="scale(2)" x="1"/>"##).icon
        // translate(1, 0) first, then scale(2): (0, 0) → (2, 0).
        #expect(approximatelyEqual(icon.layers[0].canvasPoint(0, 0), SIMD2(2, 0)))
        #expect(approximatelyEqual(icon.layers[0].canvasPoint(1, 1), SIMD2(4, 2)))
    }

    @Test func usedElementInheritsFromTheUseNotFromItsDefinitionSite() throws {
        let icon = try importSVG(#"""
            <defs fill="none"><path id="p" d="M0 0h1v1z"/></defs>
            <use href="#p" stroke="black" stroke-width="4"/>
            """#).icon
        // Fill comes from the <use>'s (initial) fill, not the <defs>' fill="none".
        #expect(icon.layers.count == 2)
        #expect(icon.layers[0].isFill)
        #expect(icon.layers[1].stroke?.width == 4)
    }

    @Test func useOfAGroupDrawsItsChildrenEachTime() throws {
        let icon = try importSVG(#"""
            <g id="pair"><rect width="1" height="1"/><circle cx="5" cy="5" r="1"/></g>
            <use href="#pair" x="10"/><use href="#pair" y="10"/>
            """#).icon
        #expect(icon.layers.count == 6)
        #expect(icon.layers.map(\.transform.e) == [0, 0, 10, 10, 0, 0])
        #expect(icon.layers.map(\.transform.f) == [0, 0, 0, 0, 10, 10])
    }

    @Test func symbolIsOnlyDrawnThroughUseWithItsViewBox() throws {
        let icon = try importSVG(#"""
            <symbol id="s" viewBox="0 0 10 10"><rect width="10" height="10"/></symbol>
            <use href="#s" x="20" y="30" width="50" height="50"/>
            """#).icon
        #expect(icon.layers.count == 1)
        #expect(approximatelyEqual(icon.layers[0].canvasPoint(0, 0), SIMD2(20, 30)))
        #expect(approximatelyEqual(icon.layers[0].canvasPoint(10, 10), SIMD2(70, 80)))
    }

    @Test func missingReferenceIsAWarningAndDrawsNothing() throws {
        let imported = try importSVG("<rect width=\"1\" height=\"1\"/>\n<use href=\"#nowhere\"/>")
        #expect(imported.icon.layers.count == 1)
        #expect(imported.warnings.count == 1)
        #expect(imported.warnings.first?.hasPrefix("test.svg:2:1: <use> refers to #nowhere, which does not exist") == true)
    }

    @Test func externalReferenceIsReportedAsUnsupported() throws {
        let imported = try importSVG(#"<use href="other.svg#a"/>"#)
        #expect(imported.icon.layers.isEmpty)
        #expect(imported.warnings == ["test.svg: left out unsupported SVG features: references to other files (<use>) (1×)"])
    }

    @Test(arguments: [
        // (document body, line and column of the <use> that closes the cycle)
        ("<g id=\"a\">\n  <use href=\"#a\"/>\n</g>", 2, 3),
        ("<use id=\"u\" href=\"#u\"/>", 1, 1),
        ("<defs>\n<use id=\"u1\" href=\"#u2\"/>\n<use id=\"u2\" href=\"#u1\"/>\n</defs>\n<use href=\"#u1\"/>", 3, 1),
        ("<defs><g id=\"x\"><g><use href=\"#y\"/></g></g><g id=\"y\"><use href=\"#x\"/></g></defs><use href=\"#x\"/>", 1, 54),
    ])
    func referenceCyclesAreErrorsNotHangs(body: String, line: Int, column: Int) {
        let text = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"9\" height=\"9\">\n" + body + "\n</svg>"
        let error = importError(text)
        guard case .invalidDocument(_, let errorLine, let errorColumn, let reason)? = error else {
            Issue.record("expected a cycle error, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("a reference cycle"), "\(reason)")
        #expect(errorLine == line + 1 && errorColumn == column)
    }

    @Test func exponentialUseExpansionIsStoppedByTheLimit() {
        // Ten levels of ten <use>s each would draw 10¹⁰ rectangles.
        var defs = #"<rect id="l0" width="1" height="1"/>"#
        for level in 1...10 {
            defs += "<g id=\"l\(level)\">" + String(repeating: "<use href=\"#l\(level - 1)\"/>", count: 10) + "</g>"
        }
        let text = ##"<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><defs>\##(defs)</defs><use href="#l10"/></svg>"##
        let start = ContinuousClock.now
        do {
            _ = try SVGImporter.parse(string: text, name: "bomb.svg", limits: SVGImportLimits(maximumDrawnElements: 5000))
            Issue.record("the expansion was not stopped")
        } catch {
            guard case .invalidDocument(_, _, _, let reason) = error else {
                Issue.record("expected a limit error, got \(error)")
                return
            }
            #expect(reason == "the document draws more than 5000 elements (counting <use> copies)")
        }
        #expect(ContinuousClock.now - start < .seconds(2))
    }

    @Test func longUseChainsHitTheDepthLimit() {
        var defs = #"<rect id="u0" width="1" height="1"/>"#
        for k in 1...400 { defs += "<use id=\"u\(k)\" href=\"#u\(k - 1)\"/>" }
        let error = importError(##"<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><defs>\##(defs)</defs><use href="#u400"/></svg>"##)
        guard case .invalidDocument(_, _, _, let reason)? = error else {
            Issue.record("expected a depth error, got \(String(describing: error))")
            return
        }
        #expect(reason == "elements are nested more than 256 levels deep (counting <use> references)")
    }

    @Test func firstOfDuplicateIdsWins() throws {
        let icon = try importSVG(##"<defs><rect id="d" width="1" height="1"/><rect id="d" width="2" height="2"/></defs><use href="#d"/>"##).icon
        #expect(icon.layers.count == 1)
        #expect(icon.layers[0].path.segments[1] == .line(SIMD2(1, 0)))
    }
}
