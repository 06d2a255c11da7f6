// Drives a MorphAnimator the way an app's display link would — play → pause, interrupted by
// stop at 0.2 s — and lays every fourth frame of the 60 fps result side by side on white paper.
// The README's "Interruptible morphs" example, run.
//
//     swift run --package-path Examples/LibraryDemo interrupt-demo [OUT.png]

import Foundation
import IconMorphPNG

let outputPath = CommandLine.arguments.dropFirst().first ?? "interrupt-demo.png"

do {
    let box = IconBox(width: 44, height: 44, scale: 3)
    let play = try AlphaMask(icon: BuiltInSymbol.play.icon, box: box)
    let pause = try AlphaMask(icon: BuiltInSymbol.pause.icon, box: box)
    let stop = try AlphaMask(icon: BuiltInSymbol.stop.icon, box: box)
    let renderer = try MorphRenderer(width: play.width, height: play.height, style: MorphStyle(maxBlurRadius: 4 * 3))
    let animator = try MorphAnimator(renderer: renderer, source: play, target: pause)
    try animator.animate(to: pause, duration: 0.5, at: 0) { print("play → pause:", $0) }

    let (w, h) = (play.width, play.height)
    let shown = Array(stride(from: 0, through: 48, by: 4))
    let gap = 8
    let stripWidth = shown.count * w + (shown.count + 1) * gap, stripHeight = h + 2 * gap
    var strip = [UInt8](repeating: 255, count: stripWidth * stripHeight * 4)
    var rgba = [UInt8](repeating: 0, count: w * h * 4)
    var rendered = 0
    for i in 0...48 {
        let time = Double(i) / 60
        // The user taps stop 0.2 s in, mid-morph.
        if i == 12 { try animator.animate(to: stop, duration: 0.5, at: time) { print("→ stop:", $0) } }
        // False when nothing moved since the last frame: the buffer still holds it.
        if try rgba.withUnsafeMutableBytes({ try animator.render(at: time, into: $0, format: .rgba8) }) { rendered += 1 }
        guard let slot = shown.firstIndex(of: i) else { continue }
        let x0 = gap + slot * (w + gap)
        for y in 0..<h {
            for x in 0..<w {
                let f = (y * w + x) * 4, s = ((y + gap) * stripWidth + x0 + x) * 4
                let a = Int(rgba[f + 3])
                for c in 0..<3 { strip[s + c] = UInt8((Int(rgba[f + c]) * a + 255 * (255 - a) + 127) / 255) }
            }
        }
    }
    try PNGImage(width: stripWidth, height: stripHeight, format: .rgba, pixels: strip).write(toFile: outputPath)
    print("wrote \(outputPath): frames 0, 4 … 48 of 60 fps; \(rendered) of 49 frames rendered, the rest idle")
} catch {
    FileHandle.standardError.write(Data("interrupt-demo: error: \(error)\n".utf8))
    exit(1)
}
