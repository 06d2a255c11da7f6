// Draws zoomed crops of one edge of a play → pause morph with the old fixed softness and with
// automatic softness side by side, each pixel enlarged to a square: the picture of edge
// quality in the README. Top row: the middle of the morph (p = ½), where the blur is widest;
// bottom row: just after the start (p = 0.1), where it is narrow.
//
//     swift run --package-path Examples/LibraryDemo edge-crop [OUT.png]

import Foundation
import IconMorphPNG

let outputPath = CommandLine.arguments.dropFirst().first ?? "edge-modes.png"

/// The rows: a progress and the crop of the 132 × 132 frame shown for it, `size` × `size`
/// pixels from (x, y), each drawn `zoom` times larger. The middle frame is cropped where the
/// triangle's upper edge meets the pause symbol's right bar, the early one on the triangle's
/// upper edge.
let size = 32, zoom = 9, gap = 12
let rows = [(progress: 0.5, x: 70, y: 20), (progress: 0.1, x: 50, y: 22)]

do {
    // 44 pt at 3×, 4 pt of blur: the command-line tool's defaults.
    let box = IconBox(width: 44, height: 44, scale: 3)
    let source = try AlphaMask(icon: BuiltInSymbol.play.icon, box: box)
    let target = try AlphaMask(icon: BuiltInSymbol.pause.icon, box: box)
    let softnesses: [MorphSoftness] = [.fixed(0.05), .automatic]
    let renderers = try softnesses.map {
        try MorphRenderer(width: source.width, height: source.height, style: MorphStyle(maxBlurRadius: 12, softness: $0))
    }
    let cell = size * zoom
    let width = softnesses.count * cell + (softnesses.count + 1) * gap
    let height = rows.count * cell + (rows.count + 1) * gap
    var gray = [UInt8](repeating: 255, count: width * height)
    var alpha = [UInt8]()
    for (row, crop) in rows.enumerated() {
        for (column, renderer) in renderers.enumerated() {
            try renderer.renderAlpha(source: source, target: target, progress: crop.progress, into: &alpha)
            let x0 = gap + column * (cell + gap), y0 = gap + row * (cell + gap)
            for y in 0..<cell {
                for x in 0..<cell {
                    // Ink #1C1C1E over a faint grey ground (so the crop's bounds show), by
                    // coverage, nearest neighbour.
                    let a = Int(alpha[(crop.y + y / zoom) * source.width + crop.x + x / zoom])
                    gray[(y0 + y) * width + x0 + x] = UInt8((0x1C * a + 0xF2 * (255 - a) + 127) / 255)
                }
            }
        }
    }
    let pixels = gray.flatMap { value -> [UInt8] in [value, 255] }
    try PNGImage(width: width, height: height, format: .grayAlpha, pixels: pixels).write(toFile: outputPath)
    print("wrote \(outputPath): \(size)×\(size) px crops at \(zoom)×, fixed softness 0.05 (left) and automatic (right)")
} catch {
    FileHandle.standardError.write(Data("edge-crop: error: \(error)\n".utf8))
    exit(1)
}
