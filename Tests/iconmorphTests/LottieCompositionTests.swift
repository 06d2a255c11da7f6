import Foundation
import Testing

/// A Lottie composition's size is the frame's size in points, as an SVG document's is:
/// lottie-ios and lottie-android take it in points and dp for the animation's own size. A
/// side that is not a whole number of points is rounded to one (the format's sizes are whole
/// numbers), and the outlines scaled to it, so that drawn at the frame's pixels they are the
/// PNG frame's.
@Suite(.serialized)
struct LottieCompositionTests {
    @Test(arguments: [
        (["--size", "24", "--scale", "2"], [24, 24], [48, 48]),
        (["--size", "44", "--scale", "1.5"], [44, 44], [66, 66]),
        (["--size", "45.5", "--scale", "2"], [46, 46], [91, 91]),
        (["--padding", "0.5"], [45, 45], [136, 136]),
        (["--size", "60x44", "--scale", "2.5"], [60, 44], [150, 110]),
    ])
    func theCompositionIsTheFrameInPoints(_ size: [String], composition: [Int], pixels: [Int]) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let common = ["render", "--from", "bell", "--to", "magnifyingglass", "--frames", "5", "--background", "#FFFFFF80", "-q"] + size
        for style in [["--style", "metaball"], ["--style", "path"]] {
            let run = try Binary.run(common + style + ["--format", "lottie", "-o", folder.file("m.json")])
            try #require(run.status == 0, "\(run.stderr)")
            let document = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.file("m.json")))) as? [String: Any])
            #expect([document["w"] as? Int, document["h"] as? Int] == composition, "\(size) \(style)")
            // Drawn at the frame's pixels, each frame is the PNG frame, the background's
            // rectangle filling the composition.
            #expect(try Binary.run(common + style + ["--format", "png", "-o", folder.file("png")]).status == 0)
            let player = try VectorExportTests.rlottie(folder.file("m.json"), into: folder.file("rl"), pixels: "\(pixels[0])x\(pixels[1])")
            try #require(player.status == 0, "\(player.stderr)")
            for k in 0..<5 {
                let drawn = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder.file("rl/frame_\(k).alpha"))))
                let png = try VectorExportTests.alpha(ofPNG: folder.file("png/frame_000\(k).png"))
                try #require(drawn.count == png.count, "\(size) frame \(k): \(drawn.count) pixels for \(png.count)")
                let (mean, iou) = VectorExportTests.compare(drawn, png)
                #expect(mean < 2 && iou >= VectorExportTests.iou, "\(size) \(style) frame \(k): mean \(mean), IoU \(iou)")
            }
            try FileManager.default.removeItem(atPath: folder.file("png"))
        }
    }
}
