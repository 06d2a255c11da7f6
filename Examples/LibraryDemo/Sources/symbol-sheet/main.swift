// Draws every built-in symbol into one sheet, in rows of ten, as dark ink on white paper:
// the picture of the symbols in the README.
//
//     swift run --package-path Examples/LibraryDemo symbol-sheet [OUT.png]

import Foundation
import IconMorphPNG

let outputPath = CommandLine.arguments.dropFirst().first ?? "symbols.png"
do {
    // 32 pt at 2×, with 4 pt of paper around each symbol.
    let box = IconBox(width: 32, height: 32, scale: 2, padding: 4)
    let symbols = BuiltInSymbol.names.compactMap { BuiltInSymbol(named: $0) }
    let masks = try symbols.map { try AlphaMask(icon: $0.icon, box: box) }
    let cell = masks[0].width, columns = 10
    let rows = (masks.count + columns - 1) / columns
    let width = columns * cell, height = rows * cell
    var gray = [UInt8](repeating: 255, count: width * height)
    for (i, mask) in masks.enumerated() {
        let x0 = (i % columns) * cell, y0 = (i / columns) * cell
        for y in 0..<cell {
            for x in 0..<cell {
                // Ink #1C1C1E over white, by coverage.
                let a = Int(mask.pixels[y * cell + x])
                gray[(y0 + y) * width + x0 + x] = UInt8((0x1C * a + 255 * (255 - a) + 127) / 255)
            }
        }
    }
    let pixels = gray.flatMap { value -> [UInt8] in [value, 255] }
    try PNGImage(width: width, height: height, format: .grayAlpha, pixels: pixels).write(toFile: outputPath)
    print("wrote \(outputPath): \(symbols.count) symbols")
} catch {
    FileHandle.standardError.write(Data("symbol-sheet: error: \(error)\n".utf8))
    exit(1)
}
