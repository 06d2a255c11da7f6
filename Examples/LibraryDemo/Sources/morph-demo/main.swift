// Renders a play → pause morph through the iconmorph library and lays the frames side by side
// on white paper: the filmstrip at the top of the README.
//
//     swift run --package-path Examples/LibraryDemo morph-demo [FROM.png TO.png OUT.png [FRAMES]]

import Foundation
import IconMorphPNG

let arguments = CommandLine.arguments.dropFirst()
let fromPath = arguments.count >= 3 ? arguments[arguments.startIndex] : "../Icons/play.png"
let toPath = arguments.count >= 3 ? arguments[arguments.startIndex + 1] : "../Icons/pause.png"
let outputPath = arguments.count >= 3 ? arguments[arguments.startIndex + 2] : "filmstrip.png"
let frameCount = arguments.count >= 4 ? Int(arguments[arguments.startIndex + 3]) ?? 9 : 9

do {
    // 44 pt at 3×, as the original view draws its symbols; 4 pt of blur.
    let box = IconBox(width: 44, height: 44, scale: 3)
    let source = try AlphaMask(contentsOfPNGFile: fromPath, box: box)
    let target = try AlphaMask(contentsOfPNGFile: toPath, box: box)
    let tint = TintColor(red: 0x1C, green: 0x1C, blue: 0x1E)
    let renderer = try MorphRenderer(
        width: source.width, height: source.height, style: MorphStyle(maxBlurRadius: 4 * 3, tint: tint))

    let gap = 12
    let (w, h) = (source.width, source.height)
    let stripWidth = frameCount * w + (frameCount + 1) * gap, stripHeight = h + 2 * gap
    var strip = [UInt8](repeating: 255, count: stripWidth * stripHeight * 4)
    // One frame buffer, reused for every frame: rendering allocates nothing.
    var frame = [UInt8](repeating: 0, count: w * h * 4)
    for i in 0..<frameCount {
        let progress = Double(i) / Double(frameCount - 1)
        try frame.withUnsafeMutableBytes {
            try renderer.render(source: source, target: target, progress: progress, into: $0, format: .rgba8)
        }
        // Straight-alpha "over" onto white paper.
        let x0 = gap + i * (w + gap)
        for y in 0..<h {
            for x in 0..<w {
                let f = (y * w + x) * 4, s = ((y + gap) * stripWidth + x0 + x) * 4
                let a = Int(frame[f + 3])
                for c in 0..<3 {
                    strip[s + c] = UInt8((Int(frame[f + c]) * a + 255 * (255 - a) + 127) / 255)
                }
            }
        }
    }
    try PNGImage(width: stripWidth, height: stripHeight, format: .rgba, pixels: strip).write(toFile: outputPath)
    print("wrote \(outputPath): \(frameCount) frames of \(w)×\(h) from \(fromPath) to \(toPath)")
} catch {
    FileHandle.standardError.write(Data("morph-demo: error: \(error)\n".utf8))
    exit(1)
}
