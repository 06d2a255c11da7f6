import Foundation
import Testing

/// A Lottie file in a translucent tint plays alike in players that composite a layer's
/// opacity over the layer as a whole (rlottie, lottie-web's SVG renderer) and in those that
/// multiply each fill by it (lottie-web's canvas renderer, lottie-android by default): the
/// translucent frames' staircases are rings that overlap nowhere, with the tint's alpha in
/// their fills and the layers at 100 % (`LottieDocument.drawsRings`). Drawn as a stack
/// of overlapping fills under the layer's opacity, play → pause's half-way frame in
/// #3478F680 measured a soft IoU of 0.72 on the canvas.
@Suite(.serialized)
struct TranslucentTintLottieTests {
    /// Each pair with its colours and the tint's largest alpha. The ramp from an opaque tint
    /// into a translucent one draws its opaque frames as rings too (`drawsRings`): stacked,
    /// their nested layers would all draw the edges they share.
    @Test(arguments: [
        (["play", "pause"], ["--color", "#3478F680"], 128),
        (["bell", "magnifyingglass"], ["--color", "#3478F680"], 128),
        (["bell", "magnifyingglass"], ["--color", "#3478F6FF", "--color-to", "#E0402080"], 255),
    ])
    func everyPlayerDrawsTheFramesAsThePNGFrames(_ pair: [String], colors: [String], largestAlpha: Int) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let common = ["render", "--from", pair[0], "--to", pair[1], "--frames", "9", "-q"] + colors
        let run = try Binary.run(common + ["--format", "lottie", "-o", folder.file("m.json")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Binary.run(common + ["--format", "png", "-o", folder.file("png")]).status == 0)

        // Some frame is a staircase (several outline layers), and every layer shows at 0 or
        // 100 %: the alpha is in the fills, each a share of the tint's.
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.file("m.json")))) as? [String: Any])
        let layers = try #require(document["layers"] as? [[String: Any]])
        #expect(layers.contains { VectorExportTests.outlineLayers(of: $0).count > 1 }, "no translucent frame in \(pair)")
        let shown = VectorExportTests.shownFrames(of: layers, end: 9)
        #expect(shown.allSatisfy { !$0.isEmpty })
        for layer in layers {
            let opacity = (layer["ks"] as? [String: Any])?["o"] as? [String: Any] ?? [:]
            let values = (opacity["k"] as? [[String: Any]])?.compactMap { ($0["s"] as? [Double])?.first }
                ?? [opacity["k"] as? Double ?? -1]
            #expect(values.allSatisfy { $0 == 0 || $0 == 100 }, "layer opacity \(values)")
            for items in VectorExportTests.outlineLayers(of: layer) {
                for fill in items where fill["ty"] as? String == "fl" {
                    let percent = ((fill["o"] as? [String: Any])?["k"] as? Double) ?? -1
                    #expect(percent > 0 && percent <= 100 * Double(largestAlpha) / 255 + 0.001, "fill opacity \(percent)")
                }
            }
        }

        let pngs = try FileManager.default.contentsOfDirectory(atPath: folder.file("png")).filter { $0.hasSuffix(".png") }.sorted()
        try #require(pngs.count == 9)
        let alphas = try pngs.map { try VectorExportTests.alpha(ofPNG: folder.file("png/" + $0)) }
        let web = try VectorExportTests.lottieWebFrames(of: folder.file("m.json"), in: folder).frames
        let player = try VectorExportTests.rlottie(folder.file("m.json"), into: folder.file("rl"))
        try #require(player.status == 0, "\(player.stderr)")
        try #require(web.count == 9)
        // rlottie draws the ramp's frames between 0.987 and 0.996 (the staircases in a tint
        // of alpha about 190, where its slivers of crossing nested outlines show most; the
        // stacked staircase under the layer's opacity measured 0.974–0.996): the canvas's
        // bound there.
        let rlottieBound = colors.contains("--color-to") ? VectorExportTests.canvasIoU : VectorExportTests.iou
        for k in 0..<9 {
            let rlottie = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder.file("rl/frame_\(k).alpha"))))
            for (name, drawn, bound) in [("lottie-web canvas", web[k], VectorExportTests.canvasIoU), ("rlottie", rlottie, rlottieBound)] {
                try #require(drawn.count == alphas[k].count, "\(name) frame \(k): \(drawn.count) pixels")
                let (mean, iou) = VectorExportTests.compare(drawn, alphas[k])
                #expect(mean < 2 && iou >= bound, "\(pair) \(colors) \(name) frame \(k): mean \(mean), IoU \(iou)")
            }
        }
    }
}
