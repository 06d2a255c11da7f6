import AlphaRaster
import SVGImport
import Testing

struct XMLReaderTests {
    /// Malformed documents, and the line, column and reason each must report. Positions were
    /// counted by hand (1-based; columns count characters, not bytes).
    static let malformed: [(String, Int, Int, String)] = [
        ("", 1, 1, "the file has no root element"),
        ("  \n ", 2, 2, "the file has no root element"),
        ("<!-- only a comment -->", 1, 24, "the file has no root element"),
        ("<svg", 1, 1, "the start tag <svg> is not closed (missing '>')"),
        ("<svg></g>", 1, 6, "the end tag </g> does not match <svg> opened at 1:1"),
        ("<svg>\n  <g>\n</svg>", 3, 1, "the end tag </svg> does not match <g> opened at 2:3"),
        ("<svg>\n<g>", 2, 4, "the file ends inside <g> opened at 2:1"),
        ("<svg></svg></svg>", 1, 12, "the end tag </svg> has no matching start tag"),
        ("<svg width=10/>", 1, 12, "expected a quoted value for attribute 'width', found '1'"),
        ("<svg width='10/>", 1, 12, "the value of attribute 'width' is not closed (missing \"'\")"),
        (#"<svg a="1" a="2"/>"#, 1, 12, "the attribute 'a' appears twice in <svg>"),
        (#"<svg a="1"b="2"/>"#, 1, 11, "expected a space, '>' or '/>' after an attribute value in <svg>, found 'b'"),
        (#"<svg a"1"/>"#, 1, 7, "expected '=' after attribute name 'a', found '\"'"),
        (#"<svg a="x<y"/>"#, 1, 10, "'<' is not allowed in the value of attribute 'a'; write &lt;"),
        (#"<svg a="&nbsp;"/>"#, 1, 9, "the entity '&nbsp;' is not defined"),
        (#"<svg a="&amp"/>"#, 1, 13, "expected ';' after the entity name '&amp', found '\"'"),
        (#"<svg a="& b"/>"#, 1, 10, "expected an entity name after '&' (write a literal '&' as &amp;), found a space"),
        (#"<svg a="&#0;"/>"#, 1, 9, "the character reference &#0; is not a character XML allows"),
        (#"<svg a="&#xD800;"/>"#, 1, 9, "the character reference &#xD800; is not a character XML allows"),
        (#"<svg a="&#x110000;"/>"#, 1, 9, "the character reference &#x110000; is not a character XML allows"),
        ("<svg>\u{0}</svg>", 1, 6, "the control character U+0000 is not a character XML allows"),
        ("<svg a='\u{1B}'/>", 1, 9, "the control character U+001B is not a character XML allows"),
        ("<svg/>\n<!-- \u{C} -->", 2, 6, "the control character U+000C is not a character XML allows"),
        ("<svg a='\u{FFFE}'/>", 1, 9, "the noncharacter U+FFFE is not a character XML allows"),
        ("<svg>x\u{FFFF}</svg>", 1, 7, "the noncharacter U+FFFF is not a character XML allows"),
        (#"<svg a="&#12"/>"#, 1, 9, "a character reference must be '&#' digits ';' or '&#x' hex digits ';'"),
        (#"<svg a="&#xZ;"/>"#, 1, 9, "a character reference must be '&#' digits ';' or '&#x' hex digits ';'"),
        ("<svg/ >", 1, 6, "expected '>' after '/' in <svg>, found a space"),
        ("< svg/>", 1, 2, "expected an element name after '<', found a space"),
        ("<svg><1/></svg>", 1, 7, "expected an element name after '<', found '1'"),
        ("hello<svg/>", 1, 1, "text before the root element, found 'h'"),
        ("<svg/><svg/>", 1, 7, "found a second root element; an XML file has exactly one"),
        ("<svg/>x", 1, 7, "text after the end of the root element"),
        ("<svg><!-- x", 1, 6, "a comment is not closed (missing '-->')"),
        ("<svg><![CDATA[ x", 1, 6, "a CDATA section is not closed (missing ']]>')"),
        ("<![CDATA[x]]><svg/>", 1, 1, "a CDATA section is only allowed inside the root element"),
        ("<svg><? x", 1, 8, "expected a processing instruction target, found a space"),
        ("<svg><?pi x", 1, 6, "a processing instruction is not closed (missing '?>')"),
        ("\n<?xml version='1.0'?><svg/>", 2, 1, "the XML declaration is only allowed at the very start of the file"),
        ("<?xml version='1.0' encoding='UTF-16'?><svg/>", 1, 1, "the encoding 'UTF-16' is not supported; save the file as UTF-8"),
        ("<?xml version='1.0'", 1, 1, "the XML declaration is not closed (missing '?>')"),
        ("<svg><!ELEMENT x></svg>", 1, 6, "expected a comment, CDATA section or DOCTYPE after '<!'"),
        ("<svg/><!DOCTYPE svg>", 1, 7, "a DOCTYPE is only allowed once, before the root element"),
        ("<!DOCTYPE svg><!DOCTYPE svg><svg/>", 1, 15, "a DOCTYPE is only allowed once, before the root element"),
        ("<!DOCTYPE svg [ <!ENTITY a 'x'> ", 1, 1, "the DOCTYPE's internal subset is not closed (missing ']')"),
        ("<!DOCTYPE svg [<!ENTITY x SYSTEM 'file:///etc/passwd'>]>\n<svg a=\"&x;\"/>", 2, 9, "the entity '&x;' is external; external entities are never loaded"),
        ("<!DOCTYPE svg [<!ENTITY x '<g/>'>]><svg a=\"&x;\"/>", 1, 44, "the entity '&x;' contains markup or references, which this reader does not expand"),
        // Columns count characters: "é" is two bytes but one column.
        (#"<svg a="é" b="1" b="2"/>"#, 1, 18, "the attribute 'b' appears twice in <svg>"),
        // CR LF and lone CR end lines.
        ("<svg>\r\n<g>\r\n</svg>", 3, 1, "the end tag </svg> does not match <g> opened at 2:1"),
        ("<svg>\r<g>\r</svg>", 3, 1, "the end tag </svg> does not match <g> opened at 2:1"),
    ]

    @Test("malformed XML is an error naming the file, line and column", arguments: malformed.indices)
    func malformedXML(_ index: Int) {
        let (text, line, column, reason) = Self.malformed[index]
        let error = importError(text, name: "icons/bad.svg")
        #expect(error == .malformedXML(file: "icons/bad.svg", line: line, column: column, reason: reason), "\(text.debugDescription)")
        #expect(error?.description == "icons/bad.svg:\(line):\(column): malformed XML: \(reason)")
    }

    @Test func invalidUTF8IsReportedWhereItStarts() {
        var bytes = Array("<svg a=\"".utf8)
        bytes += [0xC3, 0x28] // a lead byte followed by a non-continuation byte
        bytes += Array("\"/>".utf8)
        #expect(throws: SVGError.malformedXML(file: "x.svg", line: 1, column: 9, reason: "the text is not valid UTF-8 (byte 0xC3)")) {
            try SVGImporter.parse(data: bytes, name: "x.svg")
        }
        #expect(throws: SVGError.malformedXML(file: "x.svg", line: 1, column: 1, reason: "the file is UTF-16 text; only UTF-8 is supported")) {
            try SVGImporter.parse(data: [0xFF, 0xFE, 0x3C, 0x00], name: "x.svg")
        }
        // Overlong encodings and surrogates are rejected too.
        for bad: [UInt8] in [[0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF]] {
            let reason = "the text is not valid UTF-8 (byte 0x\(String(bad[0], radix: 16, uppercase: true)))"
            #expect(throws: SVGError.malformedXML(file: "x.svg", line: 1, column: 6, reason: reason)) {
                try SVGImporter.parse(data: Array("<svg>".utf8) + bad + Array("</svg>".utf8), name: "x.svg")
            }
        }
    }

    /// A document using every XML feature that icon files contain; everything must be read
    /// correctly for the two shapes to come out as expected.
    @Test func xmlFeaturesIconFilesUse() throws {
        let text = """
            \u{FEFF}<?xml version="1.0" encoding="UTF-8" standalone="no"?>
            <!-- Generator: Adobe Illustrator 24.0.0, SVG Export Plug-In -->
            <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [
              <!ENTITY ns_svg "http://www.w3.org/2000/svg">
              <!ENTITY ns_xlink "http://www.w3.org/1999/xlink">
              <!ENTITY % local "INCLUDE">
              <!ATTLIST svg x CDATA "[not a subset end]">
              <!-- ] a comment in the subset -->
              <?pi in the subset?>
            ]>
            <?xml-stylesheet href="style.css" type="text/css"?>
            <s:svg xmlns:s="&ns_svg;" xmlns:l="&ns_xlink;" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
                   width='20' height="20" inkscape:version="1.0">
              <s:title>A &lt;title&gt; with &amp; entities</s:title>
              <inkscape:grid><s:path d="M0 0h99v99z"/></inkscape:grid>
              <s:defs><s:path id="p" d="M0&#x20;0&#32;H2V2z"/></s:defs>
              <s:use l:href="#p"></s:use>
              <s:path d="
                 M 10 10
                 l 5 0"
                 stroke="black" fill="none"/>
              <![CDATA[ character data <not markup> ]]>
              <foreign xmlns="http://example.com/foreign"><path d="M0 0h99v99z"/></foreign>
            </s:svg>
            """
        let imported = try SVGImporter.parse(string: text, name: "illustrator.svg")
        #expect(imported.warnings.isEmpty)
        #expect(imported.icon.width == 20 && imported.icon.height == 20)
        #expect(imported.icon.layers.count == 2)
        #expect(imported.icon.layers[0].path == expectedPath([.M(0, 0), .L(2, 0), .L(2, 2), .Z]))
        #expect(imported.icon.layers[1].path == expectedPath([.M(10, 10), .L(15, 10)]))
    }

    @Test func latin1DeclaredFilesAreTranscoded() throws {
        var bytes = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"4\"><title>".utf8)
        bytes.append(0xE9) // é in Latin-1, invalid as UTF-8
        bytes += Array("</title><rect width=\"1\" height=\"1\"/>\n<bad a='1' a='2'/></svg>".utf8)
        #expect(throws: SVGError.malformedXML(file: "l.svg", line: 3, column: 12, reason: "the attribute 'a' appears twice in <bad>")) {
            try SVGImporter.parse(data: bytes, name: "l.svg")
        }
        bytes.removeLast(Array("\n<bad a='1' a='2'/></svg>".utf8).count)
        bytes += Array("</svg>".utf8)
        #expect(try SVGImporter.parse(data: bytes, name: "l.svg").icon.layers.count == 1)
    }

    @Test func undeclaredPrefixesMakeForeignElementsExceptXLink() throws {
        let imported = try SVGImporter.parse(string: #"""
            <svg xmlns="http://www.w3.org/2000/svg" width="9" height="9">
              <defs><rect id="r" width="1" height="1"/></defs>
              <use xlink:href="#r"/>
              <sodipodi:namedview><rect width="9" height="9"/></sodipodi:namedview>
            </svg>
            """#, name: "sloppy.svg")
        #expect(imported.icon.layers.count == 1)
        #expect(imported.warnings.isEmpty)
    }

    @Test func elementsWithoutNamespaceCountAsSVG() throws {
        let icon = try SVGImporter.parse(string: #"<svg width="9" height="9"><rect width="1" height="1"/></svg>"#, name: "n.svg").icon
        #expect(icon.layers.count == 1)
    }

    @Test func xmlnsEmptyUndeclaresTheDefaultNamespace() throws {
        let icon = try SVGImporter.parse(string: #"""
            <svg xmlns="http://www.w3.org/2000/svg" width="9" height="9">
              <g xmlns="http://example.com/x"><rect width="1" height="1"/><g xmlns=""><rect width="1" height="1"/></g></g>
            </svg>
            """#, name: "n.svg").icon
        // The inner <g> is in no namespace again, which counts as SVG; the outer is foreign.
        #expect(icon.layers.isEmpty, "a foreign element hides its whole subtree")
    }
}
