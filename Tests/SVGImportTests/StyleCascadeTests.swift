import AlphaRaster
import SVGImport
import Testing

struct StyleCascadeTests {
    /// A compact description of the layers: "F" for a fill, "S<width>" for a stroke, with
    /// the opacity when it is not 1.
    func summary(_ body: String, attributes: String = #"width="100" height="100""#) throws -> [String] {
        try importSVG(body, attributes: attributes).icon.layers.map { layer in
            var text: String
            switch layer.paint {
            case .fill(let rule): text = rule == .evenOdd ? "F(evenodd)" : "F"
            case .stroke(let style): text = "S\(style.width)"
            }
            if layer.opacity != 1 { text += "@\(layer.opacity)" }
            return text
        }
    }

    static let rect = #"d="M0 0h10v10z""#

    @Test(arguments: [
        // Defaults: fill black, stroke none.
        (#"<path \#(rect)/>"#, ["F"]),
        (#"<path \#(rect) fill="none"/>"#, []),
        (#"<path \#(rect) stroke="red"/>"#, ["F", "S1.0"]),
        // The style attribute wins over presentation attributes, both ways.
        (#"<path \#(rect) fill="none" style="fill:red"/>"#, ["F"]),
        (#"<path \#(rect) fill="red" style="fill:none"/>"#, []),
        (#"<path \#(rect) stroke-width="3" stroke="red" style="stroke-width:5"/>"#, ["F", "S5.0"]),
        // An invalid declaration is dropped and the lower-precedence value shows through.
        (#"<path \#(rect) fill="none" style="fill: bogus"/>"#, []),
        (#"<path \#(rect) stroke="red" stroke-width="2" style="stroke-width: -1"/>"#, ["F", "S2.0"]),
        (#"<path \#(rect) fill="notacolour"/>"#, ["F"]),
        // !important is accepted; later declarations win among equals, and an important
        // sheet rule beats the style attribute, unless that is important too (the sheet's
        // rule lost to the attribute: a square drawn where browsers draw nothing).
        (#"<path \#(rect) style="fill:none !important; stroke: red ! important"/>"#, ["S1.0"]),
        (#"<style>.a{fill:none !important}</style><path class="a" \#(rect) style="fill:black"/>"#, []),
        (#"<style>.a{fill:none !important}</style><path class="a" \#(rect) style="fill:black !important"/>"#, ["F"]),
        (#"<style>#b{fill:none} .a{fill:red !important}</style><path id="b" class="a" \#(rect)/>"#, ["F"]),
        (#"<path \#(rect) style="fill:none; fill:red"/>"#, ["F"]),
        (#"<path \#(rect) style="/* c */ fill : none ;; stroke:red;"/>"#, ["S1.0"]),
        // Inheritance of fill, stroke and stroke properties; inherit keyword.
        (#"<g fill="none" stroke="black" stroke-width="3"><path \#(rect)/></g>"#, ["S3.0"]),
        (#"<g fill="none"><g fill="red"><path \#(rect) fill="inherit"/></g></g>"#, ["F"]),
        (#"<g fill="none"><path \#(rect) style="fill:inherit"/></g>"#, []),
        (#"<g stroke="red"><path \#(rect) stroke-width="10%"/></g>"#, ["F", "S10.0"]),
        (#"<g fill-rule="evenodd"><path \#(rect)/></g>"#, ["F(evenodd)"]),
        // display: none hides the subtree and is not inherited (but cannot be undone below).
        (#"<g display="none"><path \#(rect)/></g>"#, []),
        (#"<g style="display:none"><path \#(rect) display="inline"/></g>"#, []),
        (#"<path \#(rect) display="block"/>"#, ["F"]),
        // visibility: hidden is inherited, and a child can be visible again.
        (#"<g visibility="hidden"><path \#(rect)/><path \#(rect) visibility="visible"/></g>"#, ["F"]),
        (#"<path \#(rect) visibility="collapse"/>"#, []),
        // Opacity multiplies down the tree; fill- and stroke-opacity apply per paint.
        (#"<g opacity="0.5"><path \#(rect) opacity="0.5" fill-opacity="0.5"/></g>"#, ["F@0.125"]),
        (#"<path \#(rect) stroke="red" stroke-opacity="25%" fill-opacity="2"/>"#, ["F", "S1.0@0.25"]),
        (#"<g opacity="0.5"><path \#(rect) opacity="inherit"/></g>"#, ["F@0.25"]),
        (#"<path \#(rect) opacity="0"/>"#, []),
        // Colour alpha scales the paint; transparent paints nothing.
        (#"<path \#(rect) fill="rgba(0, 0, 0, 0.5)"/>"#, ["F@0.5"]),
        (#"<path \#(rect) fill="rgb(0 0 0 / 25%)"/>"#, ["F@0.25"]),
        (##"<path \##(rect) fill="#0000"/>"##, []),
        (##"<path \##(rect) fill="#00000080"/>"##, ["F@\(128.0 / 255)"]),
        (#"<path \#(rect) fill="transparent" stroke="hsla(120, 50%, 50%, 0.5)"/>"#, ["S1.0@0.5"]),
        (##"<path \##(rect) fill="#abc"/>"##, ["F"]),
        // CSS Color 4 functions paint (they were dropped, and fill="none" inherited).
        (#"<g fill="none"><path \#(rect) fill="oklch(50% 0.1 200)"/></g>"#, ["F"]),
        (#"<g fill="none"><path \#(rect) fill="hwb(120deg 10% 20% / 0.5)"/></g>"#, ["F@0.5"]),
        (#"<g fill="none"><path \#(rect) fill="lab(50% 40 none / 25%)"/></g>"#, ["F@0.25"]),
        (#"<g fill="none"><path \#(rect) fill="color(display-p3 1 0 0)"/></g>"#, ["F"]),
        (#"<g fill="none"><path \#(rect) fill="color(nowhere 1 0 0)"/></g>"#, []),
        (#"<path \#(rect) fill="RebeccaPurple"/>"#, ["F"]),
        // currentColor takes the alpha of the computed colour.
        (#"<g color="rgba(0,0,0,0.5)"><path \#(rect) fill="currentColor"/></g>"#, ["F@0.5"]),
        (#"<path \#(rect) fill="currentcolor" color="transparent"/>"#, []),
        // Paint servers count as painted (a gradient with its stops' alpha, none without
        // stops, as SVG says); missing references fall back or paint nothing.
        (#"<linearGradient id="g"><stop offset="0"/></linearGradient><path \#(rect) fill="url(#g)"/>"#, ["F"]),
        (#"<radialGradient id="g"><stop offset="1" stop-color="red"/></radialGradient><path \#(rect) fill="url('#g') none"/>"#, ["F"]),
        (#"<linearGradient id="g"/><path \#(rect) fill="url(#g)"/>"#, []),
        (#"<pattern id="g"/><path \#(rect) fill="url(#g)"/>"#, ["F"]),
        (#"<path \#(rect) fill="url(#missing)"/>"#, []),
        (#"<path \#(rect) fill="url(#missing) rgba(0,0,0,.5)"/>"#, ["F@0.5"]),
        (#"<rect id="notapaint"/><path \#(rect) fill="url(#notapaint) none"/>"#, []),
        // Stroke width 0 draws no stroke; miter limits below 1 are invalid.
        (#"<path \#(rect) fill="none" stroke="red" stroke-width="0"/>"#, []),
    ])
    func cascadeAndInheritance(body: String, expected: [String]) throws {
        #expect(try summary(body) == expected, "\(body)")
    }

    @Test func strokePropertiesInheritAndInvalidMiterLimitIsIgnored() throws {
        let layers = try importSVG(#"""
            <g stroke="red" stroke-linecap="square" stroke-linejoin="round" stroke-miterlimit="9">
              <path d="M0 0h1" fill="none" stroke-miterlimit="0.5"/>
            </g>
            """#).icon.layers
        #expect(layers.count == 1)
        #expect(layers[0].stroke == StrokeStyle(width: 1, lineCap: .square, lineJoin: .round, miterLimit: 9))
    }

    @Test(arguments: [
        // Class, type, id selectors and their specificity; <style> beats presentation
        // attributes and loses to the style attribute.
        ("path { fill: none }", #"<path \#(rect)/>"#, [String]()),
        (".a { fill: none }", #"<path class="a" \#(rect)/><path class="b" \#(rect)/>"#, ["F"]),
        (".a.b { fill: none }", #"<path class="a" \#(rect)/><path class="b a" \#(rect)/>"#, ["F"]),
        ("#x { fill: none }", #"<path id="x" \#(rect)/><path id="y" \#(rect)/>"#, ["F"]),
        ("* { fill: none }", #"<path \#(rect)/>"#, []),
        (".a { fill: none }", #"<path class="a" fill="red" \#(rect)/>"#, []),
        (".a { fill: none }", #"<path class="a" style="fill: red" \#(rect)/>"#, ["F"]),
        ("#x { fill: red } .a { fill: none }", #"<path id="x" class="a" \#(rect)/>"#, ["F"]),
        (".a { fill: red } path { fill: none }", #"<path class="a" \#(rect)/>"#, ["F"]),
        ("path.a { fill: none } .a { fill: red }", #"<path class="a" \#(rect)/>"#, []),
        (".a { fill: red } .b { fill: none }", #"<path class="b a" \#(rect)/>"#, []),
        (".b { fill: none } .a { fill: red }", #"<path class="b a" \#(rect)/>"#, ["F"]),
        // Combinators.
        ("g .a { fill: none }", #"<g><g><path class="a" \#(rect)/></g></g><path class="a" \#(rect)/>"#, ["F"]),
        ("g > path { fill: none }", #"<g><path \#(rect)/><a><path \#(rect)/></a></g>"#, ["F"]),
        ("g>a>path{fill:none}", #"<g><path \#(rect)/><a><path \#(rect)/></a></g>"#, ["F"]),
        ("svg g path { fill: none }", #"<g><path \#(rect)/></g><path \#(rect)/>"#, ["F"]),
        // Lists, inheritance through the tree, comments, CDATA, HTML comment markers.
        ("rect, .a { fill: none }", #"<path class="a" \#(rect)/><rect width="1" height="1"/>"#, []),
        (".g { stroke: red; stroke-width: 4 }", #"<g class="g"><path fill="none" \#(rect)/></g>"#, ["S4.0"]),
        ("/* x */ .a /* y */ { fill: /* z */ none }", #"<path class="a" \#(rect)/>"#, []),
        ("<![CDATA[ .a { fill: none } ]]>", #"<path class="a" \#(rect)/>"#, []),
        ("&lt;!-- .a { fill: none } --&gt;", #"<path class="a" \#(rect)/>"#, []),
        // In XML, <!-- --> inside <style> is a comment, so the rule is not there at all.
        ("<!-- .a { fill: none } -->", #"<path class="a" \#(rect)/>"#, ["F"]),
    ])
    func styleSheetSelectors(css: String, body: String, expected: [String]) throws {
        #expect(try summary("<style>\(css)</style>" + body) == expected, "\(css) on \(body)")
    }

    @Test func styleSheetWithOtherTypeIsIgnored() throws {
        #expect(try summary(#"<style type="text/less">.a { fill: none }</style><path class="a" \#(Self.rect)/>"#) == ["F"])
    }

    @Test func unsupportedSelectorsAndAtRulesAreReportedAndSkipped() throws {
        let imported = try importSVG(#"""
            <style>
              @media (min-width: 10px) { .a { fill: none } }
              .a:hover { fill: none }
              [class] { fill: none }
              .a ~ .b { fill: none }
              .b { fill: none }
            </style>
            <path class="a" d="M0 0h1v1z"/><path class="b" d="M0 0h1v1z"/>
            """#)
        #expect(imported.icon.layers.count == 1, "only .b applies")
        #expect(imported.warnings == [
            "test.svg: left out unsupported SVG features: CSS @media rules (1×), CSS pseudo-classes (1×), CSS attribute selectors (1×), CSS sibling combinators (1×)",
        ])
    }
}
