import AlphaRaster
import Foundation
import PNGCodec
import SVGImport
import Testing

@Test func debugOne() throws {
    guard let file = ProcessInfo.processInfo.environment["DEBUGFILE"] else { return }
    let side = Int(ProcessInfo.processInfo.environment["SIDE"] ?? "24")!
    let imported = try SVGImporter.load(contentsOfFile: file)
    for l in imported.icon.layers { print(l.paint, l.transform, l.opacity, l.path.segments.count, l.path.segments.prefix(12)) }
    let size = comparisonSize(width: imported.icon.width, height: imported.icon.height, side: side)
    let mask = try AlphaMask(icon: imported.icon, box: IconBox(width: imported.icon.width, height: imported.icon.height, scale: size.scale))
    let reference = try rsvgAlpha(file: file, width: size.width, height: size.height)
    let w = size.width, h = size.height
    let z = max(1, 480 / h)
    let W = (3 * w + 2) * z, H = h * z
    var px = [UInt8](repeating: 255, count: W * H * 2)
    for y in 0..<H { for x in 0..<W {
        let sx = x / z, sy = y / z
        var g: UInt8 = 200
        if sx < w { g = 255 - mask.pixels[sy * w + sx] }
        else if sx > w && sx < 2 * w + 1 { g = 255 - reference[sy * w + sx - w - 1] }
        else if sx > 2 * w + 1 { let d = Int(mask.pixels[sy * w + sx - 2 * w - 2]) - Int(reference[sy * w + sx - 2 * w - 2]); g = UInt8(max(0, min(255, 128 + d))) }
        px[(y * W + x) * 2] = g
    } }
    try PNGImage(width: W, height: H, format: .grayAlpha, pixels: px).write(toFile: "/tmp/svg-scratch/debug.png")
    let a = MaskAgreement(mask.pixels, reference)
    print("mean", a.meanAbsoluteDifference, "iou", a.intersectionOverUnion, "max", a.largestDifference)
    if w <= 48 {
        for y in 0..<h { print((0..<w).map { x in String(format: "%3d", mask.pixels[y*w+x]) }.joined(separator: ""), " | ", (0..<w).map { x in String(format: "%3d", reference[y*w+x]) }.joined(separator: "")) }
    }
}
