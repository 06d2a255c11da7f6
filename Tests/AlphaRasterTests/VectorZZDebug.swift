import AlphaRaster
import Testing
@Test func zzDebug() throws {
    let center = SIMD2(32.3, 31.8)
    let stroke = try renderPath(circlePath(center: center, radius: 12), .stroke(StrokeStyle(width: 16)), width: 64, height: 64)
    var ring = circlePath(center: center, radius: 20)
    ring.append(circlePath(center: center, radius: 4))
    let fill = try renderPath(ring, .fill(.evenOdd), width: 64, height: 64)
    for i in 0..<(64*64) where abs(Int(stroke.pixels[i]) - Int(fill.pixels[i])) > 2 { print("DBG", i % 64, i / 64, stroke.pixels[i], fill.pixels[i]) }
}
