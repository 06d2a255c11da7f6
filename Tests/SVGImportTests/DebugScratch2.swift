import AlphaRaster
import Testing

@Test func debugTrailingMove() throws {
    for cap in [StrokeStyle.LineCap.butt, .round] {
        var p = VectorPath()
        p.move(to: SIMD2(4, 8)); p.line(to: SIMD2(12, 8))
        let icon = VectorIcon(width: 16, height: 16, layers: [.init(path: p, paint: .stroke(StrokeStyle(width: 1.5, lineCap: cap)))])
        let m = try AlphaMask(icon: icon, box: IconBox(width: 16, height: 16, scale: 2))
        print("trailing col 16:", cap, (12..<20).map { m.pixels[$0*32 + 16] }, "row 16", m.pixels[16*32..<17*32].map { $0 })
    }
}
