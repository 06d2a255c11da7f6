import AlphaRaster
import SVGImport
import Testing

struct UnsupportedFeatureTests {
    @Test func everythingUnsupportedIsNamedInOneWarningAndTheRestIsDrawn() throws {
        let imported = try importSVG(#"""
            <defs>
              <clipPath id="c"><rect width="5" height="5"/></clipPath>
              <mask id="m"><rect width="5" height="5" fill="white"/></mask>
              <filter id="f"><feGaussianBlur stdDeviation="2"/></filter>
              <marker id="k"><path d="M0 0h1v1z"/></marker>
              <pattern id="p" width="2" height="2"><rect width="1" height="1"/></pattern>
              <text>not drawn, not reported: it is in defs</text>
            </defs>
            <text x="1" y="10">Hello</text>
            <text x="1" y="20">again</text>
            <image href="photo.png" width="10" height="10"/>
            <foreignObject width="10" height="10"/>
            <rect width="10" height="10" clip-path="url(#c)"/>
            <g mask="url(#m)"><rect width="10" height="10"/></g>
            <circle r="5" filter="url(#f)"/>
            <path d="M0 0h10" fill="none" stroke="black" marker-end="url(#k)"/>
            <path d="M0 0h10" fill="none" stroke="black" stroke-dasharray="2 1"/>
            <path d="M0 0h10" fill="none" stroke="black" vector-effect="non-scaling-stroke"/>
            <rect width="10" height="10" fill="url(#p)"/>
            <rect width="10" height="10"><animate attributeName="x" to="5"/></rect>
            <blink/>
            """#)
        #expect(imported.warnings == [
            "test.svg: left out unsupported SVG features: <text> (2×), <image> (1×), <foreignObject> (1×), clip-path (1×), mask (1×), filter (1×), markers (1×), stroke-dasharray (drawn solid) (1×), vector-effect: non-scaling-stroke (1×), pattern paint (drawn solid) (1×), animation (<animate>) (1×), <blink> (1×)",
        ])
        // rect + rect in mask + circle + 3 stroked paths + patterned rect + animated rect.
        #expect(imported.icon.layers.count == 8)
    }

    /// An element of a million-letter name is quoted shortened, its ends kept (the warning
    /// was a million bytes long).
    @Test func longElementNamesAreShortened() throws {
        let name = "g" + String(repeating: "x", count: 1_000_000) + "z"
        let imported = try importSVG("<\(name)/><\(name)/><rect width=\"1\" height=\"1\"/>")
        // Its first and last 30 characters, brackets included.
        let shown = "<g" + String(repeating: "x", count: 28) + "…" + String(repeating: "x", count: 28) + "z>"
        #expect(imported.warnings == ["test.svg: left out unsupported SVG features: \(shown) (2×)"])
    }

    @Test func harmlessValuesAndMetadataDoNotWarn() throws {
        let imported = try importSVG(#"""
            <title>t</title><desc>d</desc><metadata><x/></metadata>
            <defs><linearGradient id="g"><stop offset="0"/></linearGradient></defs>
            <path d="M0 0h10v10z" style="marker:none;clip-path:none;mask:none;filter:none;stroke-dasharray:none;isolation:auto;mix-blend-mode:normal" fill="url(#g)"/>
            <path d="M0 0h10" stroke="red" stroke-dasharray="0 0" vector-effect="none"/>
            <g display="none"><text>hidden text is not drawn anyway</text><image/></g>
            <text display="none">x</text>
            """#)
        #expect(imported.warnings.isEmpty, "\(imported.warnings)")
        #expect(imported.icon.layers.count == 3)
    }

    @Test func switchDrawsTheFirstChildThatPassesItsConditions() throws {
        let imported = try importSVG(#"""
            <switch>
              <foreignObject requiredExtensions="http://ns.adobe.com/AdobeIllustrator/10.0/"/>
              <g><rect width="1" height="1"/></g>
              <rect width="2" height="2"/>
            </switch>
            """#)
        #expect(imported.warnings.isEmpty)
        #expect(imported.icon.layers.count == 1)
        #expect(imported.icon.layers[0].path.segments[1] == .line(SIMD2(1, 0)))
    }
}
