import AlphaRaster
import Foundation
import IconSymbols
import PNGCodec
import Testing

/// An independent interpolator: headless Chromium animates the exported SVG pair with a CSS
/// `d` transition, paused half-way with linear timing (Tests/iconmorphTests/Scripts/
/// css-d-midway.py), and its drawing matches `render --style path --ease linear --progress
/// 0.5`.
///
/// Tolerance: Chromium's rasterizer (Skia) is not exact-area — it samples coverage — so edge
/// pixels differ by a few levels either way; what must hold is that the two draw the same
/// shape: a mean difference over the frame under `meanBound` levels and an overlap (IoU of the
/// alpha) over `iouBound`. A wrong interpolation (another start point, a different pairing,
/// the other direction) moves whole edges by pixels and fails both by far. Measured: mean
/// 0.16–0.31 levels and IoU 0.994–0.997 for the four pairs below (edge pixels differ by up to
/// 73 levels); against `render` at p = 0.45 instead of 0.5, bell → magnifyingglass gives mean
/// 2.51 and IoU 0.958, so a frame 5 % off fails.
@Suite(.serialized)
struct CSSTransitionTests {
    static let meanBound = 1.0
    static let iouBound = 0.98

    static let script: String = {
        var url = URL(fileURLWithPath: #filePath)
        url.deleteLastPathComponent()
        return url.appendingPathComponent("Scripts/css-d-midway.py").path
    }()

    @Test(arguments: [(BuiltInSymbol.play, BuiltInSymbol.pause), (.heart, .star), (.bell, .magnifyingglass), (.arrowUp, .xmark)])
    func chromiumHalfWayIsRenderHalfWay(_ pair: (BuiltInSymbol, BuiltInSymbol)) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let names = ["--from", pair.0.name, "--to", pair.1.name]
        let export = try Binary.run(["paths"] + names + ["-o", folder.file("pair.svg"), "-q"])
        #expect(export.status == 0, "\(export.stderr)")
        let chromium = try ExportRun.run("python3", [Self.script, folder.file("pair-from.svg"), folder.file("pair-to.svg"), folder.file("chromium.png")])
        try #require(chromium.status == 0, "\(chromium.stderr)")
        let render = try Binary.run(["render", "--style", "path", "--ease", "linear", "--progress", "0.5", "-q", "-o", folder.file("render.png")] + names)
        #expect(render.status == 0, "\(render.stderr)")
        let theirs = try PNGImage(contentsOfFile: folder.file("chromium.png"), format: .rgba)
        let ours = try PNGImage(contentsOfFile: folder.file("render.png"), format: .rgba)
        try #require(theirs.width == ours.width && theirs.height == ours.height)
        let a = stride(from: 3, to: theirs.pixels.count, by: 4).map { Double(theirs.pixels[$0]) }
        let b = stride(from: 3, to: ours.pixels.count, by: 4).map { Double(ours.pixels[$0]) }
        var total = 0.0, both = 0.0, either = 0.0, largest = 0.0
        for (x, y) in zip(a, b) {
            total += abs(x - y)
            both += min(x, y)
            either += max(x, y)
            largest = max(largest, abs(x - y))
        }
        let mean = total / Double(a.count), iou = both / either
        print("\(pair.0) → \(pair.1) half-way: Chromium against render: mean |Δ| \(mean), IoU \(iou), largest \(largest)")
        #expect(mean < Self.meanBound && iou > Self.iouBound, "mean \(mean), IoU \(iou)")
    }
}
