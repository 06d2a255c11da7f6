import AlphaRaster
import Foundation
import SVGImport
import Testing

/// The CSS `transform` property, `<symbol>`s whatever their `display`, and gradient paint by
/// its stops: each against the attribute form or the expected alpha worked out by hand, then
/// against rsvg-convert.
struct CSSTransformAndPaintTests {
    /// The canvas point that (x, y) of the first layer's path lands on, the layer drawn by
    /// `element` (a `<path>` with `d="M0 0h1v1z"` and the given attributes).
    func mapped(_ attributes: String, _ x: Double, _ y: Double, styleSheet: String = "") throws -> SIMD2<Double> {
        let sheet = styleSheet.isEmpty ? "" : "<style>\(styleSheet)</style>"
        let icon = try importSVG(#"\#(sheet)<path \#(attributes) d="M0 0h1v1z"/>"#).icon
        return try #require(icon.layers.first).canvasPoint(x, y)
    }

    @Test(arguments: [
        // (attributes, point, expected image), each worked out by hand.
        (#"style="transform: translate(12px, 12px)""#, SIMD2(1.0, 2.0), SIMD2(13.0, 14.0)),
        (#"style="transform:translate(5px)""#, SIMD2(1.0, 2.0), SIMD2(6.0, 2.0)),
        (#"style="transform: translateX(3px) translateY(4px)""#, SIMD2(0.0, 0.0), SIMD2(3.0, 4.0)),
        (#"style="transform: translate(1em, 0.5in)""#, SIMD2(0.0, 0.0), SIMD2(16.0, 48.0)),
        (#"style="transform: rotate(90deg)""#, SIMD2(1.0, 0.0), SIMD2(0.0, 1.0)),
        (#"style="transform: rotate(0.25turn)""#, SIMD2(1.0, 0.0), SIMD2(0.0, 1.0)),
        (#"style="transform: rotate(3.141592653589793rad)""#, SIMD2(1.0, 2.0), SIMD2(-1.0, -2.0)),
        (#"style="transform: rotate(100grad)""#, SIMD2(1.0, 0.0), SIMD2(0.0, 1.0)),
        // Whole turns drop out in the angle's own unit (1e308 turns × 360 is infinite): 1e308
        // turns are whole turns, 1.25e308 grad are 320 grad (288°) and whole turns, 1e308°
        // are 296° and whole turns.
        (#"style="transform: rotate(1e308turn)""#, SIMD2(1.0, 0.0), SIMD2(1.0, 0.0)),
        (#"style="transform: rotate(1.25e308grad)""#, SIMD2(1.0, 0.0), SIMD2(cos(288 * Double.pi / 180), sin(288 * Double.pi / 180))),
        (#"style="transform: rotate(1e308deg)""#, SIMD2(1.0, 0.0), SIMD2(cos(296 * Double.pi / 180), sin(296 * Double.pi / 180))),
        (#"style="transform: scale(50%)""#, SIMD2(2.0, 4.0), SIMD2(1.0, 2.0)),
        (#"style="transform: scale(2, 3)""#, SIMD2(1.0, 1.0), SIMD2(2.0, 3.0)),
        (#"style="transform: scaleX(2) scaleY(3)""#, SIMD2(1.0, 1.0), SIMD2(2.0, 3.0)),
        (#"style="transform: skewX(45deg)""#, SIMD2(0.0, 1.0), SIMD2(1.0, 1.0)),
        (#"style="transform: skewY(45deg)""#, SIMD2(1.0, 0.0), SIMD2(1.0, 1.0)),
        // skew(ax, ay): x' = x + tan(ax)·y, y' = tan(ay)·x + y.
        (#"style="transform: skew(10deg, 30deg)""#, SIMD2(1.0, 1.0), SIMD2(1 + tan(10 * Double.pi / 180), 1 + tan(30 * Double.pi / 180))),
        // Names match in any case, as CSS names do.
        (#"style="transform: ROTATE(90deg)""#, SIMD2(1.0, 0.0), SIMD2(0.0, 1.0)),
        (#"style="transform: translatex(5px)""#, SIMD2(0.0, 0.0), SIMD2(5.0, 0.0)),
        (#"style="transform: matrix(1, 2, 3, 4, 5, 6)""#, SIMD2(1.0, 1.0), SIMD2(9.0, 12.0)),
        // Right to left, as a transform list: scaled first, then translated.
        (#"style="transform: translate(1px, 2px) scale(2)""#, SIMD2(1.0, 1.0), SIMD2(3.0, 4.0)),
        (#"style="transform: none" transform="translate(9 9)""#, SIMD2(1.0, 1.0), SIMD2(1.0, 1.0)),
        // The property overrides the attribute.
        (#"transform="translate(9 9)" style="transform: translate(1px, 1px)""#, SIMD2(0.0, 0.0), SIMD2(1.0, 1.0)),
        // An invalid or unsupported value is dropped: the attribute applies.
        (#"transform="translate(9 9)" style="transform: translate(50%, 0)""#, SIMD2(0.0, 0.0), SIMD2(9.0, 9.0)),
        (#"transform="translate(9 9)" style="transform: rotate(45 deg)""#, SIMD2(0.0, 0.0), SIMD2(9.0, 9.0)),
        (#"transform="translate(9 9)" style="transform: translate3d(1px, 1px, 1px)""#, SIMD2(0.0, 0.0), SIMD2(9.0, 9.0)),
        (#"transform="translate(9 9)" style="transform: wobble(1)""#, SIMD2(0.0, 0.0), SIMD2(9.0, 9.0)),
        // Arguments need commas, none empty, and numbers as CSS writes them.
        (#"transform="translate(9 9)" style="transform: translate(1px 2px)""#, SIMD2(0.0, 0.0), SIMD2(9.0, 9.0)),
        (#"transform="translate(9 9)" style="transform: translate(1px,,2px)""#, SIMD2(0.0, 0.0), SIMD2(9.0, 9.0)),
        (#"transform="translate(9 9)" style="transform: matrix(1,0,0,1,5,0,)""#, SIMD2(0.0, 0.0), SIMD2(9.0, 9.0)),
        (#"transform="translate(9 9)" style="transform: scale(0x10)""#, SIMD2(0.0, 0.0), SIMD2(9.0, 9.0)),
        (#"transform="translate(9 9)" style="transform: rotate(1e400deg)""#, SIMD2(0.0, 0.0), SIMD2(9.0, 9.0)),
        (#"transform="translate(9 9)" style="transform: translate(,)""#, SIMD2(0.0, 0.0), SIMD2(9.0, 9.0)),
    ])
    func cssTransformProperty(attributes: String, point: SIMD2<Double>, expected: SIMD2<Double>) throws {
        let image = try mapped(attributes, point.x, point.y)
        #expect(approximatelyEqual(image, expected, tolerance: 1e-9), "\(attributes): \(point) → \(image), expected \(expected)")
    }

    @Test func cssTransformFromAStyleSheetAndOnGroups() throws {
        #expect(approximatelyEqual(try mapped(#"class="t""#, 0, 0, styleSheet: ".t { transform: translate(4px, 5px) }"), SIMD2(4, 5)))
        let icon = try importSVG(#"<g style="transform: translate(10px, 0)"><path style="transform: rotate(90deg)" d="M0 0h1v1z"/></g>"#).icon
        // (1, 0) → rotate → (0, 1) → translate → (10, 1).
        #expect(approximatelyEqual(icon.layers[0].canvasPoint(1, 0), SIMD2(10, 1)))
    }

    /// `transform-origin` is not drawn: a moved origin on a transformed element is named in
    /// the warning; the default origin, or no transform, warns of nothing.
    @Test(arguments: [
        (#"transform="rotate(45)" transform-origin="center""#, true),
        (#"style="transform: rotate(45deg); transform-origin: 50% 50%""#, true),
        (#"style="transform: rotate(45deg); transform-origin: 0 0""#, false),
        // One value leaves the other axis at its centre.
        (#"style="transform: rotate(45deg); transform-origin: left""#, true),
        (#"style="transform: rotate(45deg); transform-origin: 0""#, true),
        (#"transform="rotate(45)" style="transform-origin: left top""#, false),
        (#"transform-origin="center""#, false),
    ])
    func transformOriginIsNamedWhenItMatters(attributes: String, warns: Bool) throws {
        let imported = try importSVG(#"<path \#(attributes) d="M10 10h30v30z"/>"#)
        #expect(imported.warnings.contains { $0.contains("transform-origin") } == warns, "\(imported.warnings)")
    }

    /// `display` does not apply to `<symbol>`: a hidden symbol is still drawn through `<use>`;
    /// a hidden `<use>` or referenced `<svg>` is not.
    @Test(arguments: [
        (##"<symbol id="s" viewBox="0 0 24 24" style="display:none"><path d="M2 2h20v20H2z"/></symbol><use href="#s"/>"##, 1),
        (##"<symbol id="s" viewBox="0 0 24 24" display="none"><path d="M2 2h20v20H2z"/></symbol><use xlink:href="#s"/>"##, 1),
        (##"<symbol id="s" viewBox="0 0 24 24"><path d="M2 2h20v20H2z"/></symbol><use href="#s" display="none"/>"##, 0),
        (##"<defs><svg id="s" viewBox="0 0 24 24" display="none"><path d="M2 2h20v20H2z"/></svg></defs><use href="#s"/>"##, 0),
    ])
    func symbolsIgnoreDisplay(body: String, layers: Int) throws {
        #expect(try importSVG(body).icon.layers.count == layers)
    }

    /// A gradient paints with its stops' alpha: none without stops (its own or by `href`),
    /// their alpha exactly when they share one, their greatest with a warning when not.
    @Test(arguments: [
        (#"<linearGradient id="g"/>"#, nil, false),
        (#"<linearGradient id="g"><stop offset="0" stop-opacity="0"/><stop offset="1" stop-color="transparent"/></linearGradient>"#, nil, false),
        (#"<linearGradient id="g"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient>"#, 1.0, false),
        (#"<radialGradient id="g"><stop offset="0" stop-opacity="0.4"/><stop offset="1" style="stop-opacity: 40%"/></radialGradient>"#, 0.4, false),
        (#"<linearGradient id="g"><stop offset="0" stop-color="rgba(0,0,0,0.5)"/></linearGradient>"#, 0.5, false),
        (#"<linearGradient id="g"><stop offset="0"/><stop offset="1" stop-opacity="0"/></linearGradient>"#, 1.0, true),
        (##"<linearGradient id="base"><stop offset="0" stop-opacity="0.25"/></linearGradient><linearGradient id="g" xlink:href="#base"/>"##, 0.25, false),
        (##"<linearGradient id="g" href="#g"/>"##, nil, false),
        (##"<linearGradient id="g" href="#h"/><linearGradient id="h" href="#g"/>"##, nil, false),
    ])
    func gradientsPaintWithTheirStopsAlpha(gradient: String, opacity: Double?, warns: Bool) throws {
        let imported = try importSVG(#"<defs>\#(gradient)</defs><rect x="10" y="10" width="50" height="50" fill="url(#g)"/>"#)
        #expect(imported.icon.layers.map(\.opacity) == (opacity.map { [$0] } ?? []))
        #expect(imported.warnings.contains { $0.contains("gradient") } == warns, "\(imported.warnings)")
    }

    /// A gradient whose references come back on themselves is no paint server: the paint's
    /// fallback colour applies, as rsvg-convert draws it.
    @Test(arguments: [##"<linearGradient id="g" href="#g"/>"##, ##"<linearGradient id="g" href="#h"/><linearGradient id="h" href="#g"/>"##])
    func aGradientCycleFallsBack(gradient: String) throws {
        let imported = try importSVG(##"<defs>\##(gradient)</defs><rect x="10" y="10" width="50" height="50" fill="url(#g) rgba(0,0,0,0.5)"/>"##)
        #expect(imported.icon.layers.map(\.opacity) == [0.5])
    }

    /// The same documents rasterized against rsvg-convert (box-averaged from 4×), where the
    /// mask is exact: mean |Δα| ≤ 2/255 and soft IoU ≥ 0.99 at 96 px.
    @Test(arguments: [
        ##"<symbol id="s" viewBox="0 0 24 24" style="display:none"><path d="M2 2h20v20H2z"/></symbol><use href="#s"/>"##,
        #"<rect width="6" height="6" style="transform: translate(12px, 12px) rotate(30deg)"/>"#,
        #"<style>.k { transform: skewX(20deg) scale(1.5) }</style><rect class="k" x="2" y="2" width="8" height="12"/>"#,
        #"<defs><linearGradient id="g"><stop offset="0" stop-opacity=".4"/><stop offset="1" stop-opacity=".4"/></linearGradient></defs><circle cx="12" cy="12" r="9" fill="url(#g)"/>"#,
        #"<defs><linearGradient id="g"><stop offset="0" stop-opacity="0"/></linearGradient></defs><rect width="24" height="24" fill="url(#g)"/><path d="M4 4h8v8z"/>"#,
    ])
    func agreesWithRsvg(body: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("svg-css-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("icon.svg").path
        let text = #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 24 24">\#(body)</svg>"#
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        let imported = try SVGImporter.load(contentsOfFile: file)
        let side = 96, factor = 4
        let ours = try AlphaMask(icon: imported.icon, box: IconBox(width: 24, height: 24, scale: Double(side) / 24))
        let reference = boxAverage(try rsvgAlpha(file: file, width: side * factor, height: side * factor), width: side, height: side, factor: factor)
        let agreement = MaskAgreement(ours.pixels, reference)
        #expect(agreement.meanAbsoluteDifference <= 2 && agreement.intersectionOverUnion >= 0.99, "\(body): \(agreement)")
    }
}
