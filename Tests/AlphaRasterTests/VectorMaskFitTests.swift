import AlphaRaster
import Testing

@Suite("VectorIcon → mask: fitting into the icon box")
struct VectorMaskFitTests {
    static func icon(width: Double, height: Double, _ layers: [VectorIcon.Layer]) -> VectorIcon {
        VectorIcon(width: width, height: height, layers: layers)
    }

    static func fill(_ path: VectorPath, opacity: Double = 1, transform: VectorTransform = .identity) -> VectorIcon.Layer {
        VectorIcon.Layer(path: path, paint: .fill(.nonZero), transform: transform, opacity: opacity)
    }

    @Test("a 24 × 24 canvas in the 44 pt @3× box: 132 × 132 pixels, content scaled 5.5×")
    func iconBox() throws {
        let box = IconBox(width: 44, height: 44, scale: 3)
        let full = try AlphaMask(icon: Self.icon(width: 24, height: 24, [Self.fill(rectanglePath(x: 0, y: 0, width: 24, height: 24))]), box: box)
        #expect(full.width == 132 && full.height == 132)
        #expect(full.pixels.allSatisfy { $0 == 255 })
        // (4, 4)–(8, 8) lands exactly on pixels 22..<44.
        let small = try AlphaMask(icon: Self.icon(width: 24, height: 24, [Self.fill(rectanglePath(x: 4, y: 4, width: 4, height: 4))]), box: box)
        for y in 0..<132 {
            for x in 0..<132 {
                let inside = (22..<44).contains(x) && (22..<44).contains(y)
                #expect(small.pixels[y * 132 + x] == (inside ? 255 : 0))
            }
        }
        // A circle of radius 10 becomes one of radius 55 px.
        let circle = try AlphaMask(icon: Self.icon(width: 24, height: 24, [Self.fill(circlePath(center: [12, 12], radius: 10))]), box: box)
        let exact = Double.pi * 55 * 55
        #expect(abs(coveredArea(circle) - exact) / exact < 0.001)
    }

    @Test("a non-square canvas is centred along its short side with a fractional offset")
    func nonSquare() throws {
        let box = IconBox(width: 44, height: 44, scale: 3)
        // 48 × 24 → scale 2.75, 132 × 66, offset (0, 33).
        let mask = try AlphaMask(icon: Self.icon(width: 48, height: 24, [Self.fill(rectanglePath(x: 0, y: 0, width: 48, height: 24))]), box: box)
        for y in 0..<132 {
            #expect(mask.pixels[y * 132 + 60] == ((33..<99).contains(y) ? 255 : 0))
        }
        // 25 × 24 → scale 5.28, height 126.72, offset 2.64: the first row is 36 % covered.
        let odd = try AlphaMask(icon: Self.icon(width: 25, height: 24, [Self.fill(rectanglePath(x: 0, y: 0, width: 25, height: 24))]), box: box)
        #expect(odd.pixels[2 * 132 + 60] == 92) // (1 − 0.64) · 255 = 91.8
        #expect(odd.pixels[1 * 132 + 60] == 0 && odd.pixels[3 * 132 + 60] == 255)
        #expect(abs(coveredArea(odd) - 132 * 132 * 24 / 25) < 0.5)
    }

    @Test("padding adds a transparent margin; content beyond the canvas is clipped at the box")
    func padding() throws {
        let box = IconBox(width: 44, height: 44, scale: 3, padding: 4)
        let oversized = Self.fill(rectanglePath(x: -10, y: -10, width: 44, height: 44))
        let mask = try AlphaMask(icon: Self.icon(width: 24, height: 24, [oversized]), box: box)
        #expect(mask.width == 156 && mask.height == 156)
        for y in 0..<156 {
            for x in 0..<156 {
                let inside = (12..<144).contains(x) && (12..<144).contains(y)
                #expect(mask.pixels[y * 156 + x] == (inside ? 255 : 0))
            }
        }
    }

    @Test("layers composite 'over' with their opacity; opacity is clamped")
    func compositing() throws {
        let box = IconBox(width: 20, height: 20, scale: 1)
        let a = Self.fill(rectanglePath(x: 0, y: 0, width: 12, height: 20), opacity: 0.5)
        let b = Self.fill(rectanglePath(x: 8, y: 0, width: 12, height: 20), opacity: 0.5)
        let mask = try AlphaMask(icon: Self.icon(width: 20, height: 20, [a, b]), box: box)
        #expect(mask.pixels[10 * 20 + 2] == 128)   // 0.5
        #expect(mask.pixels[10 * 20 + 10] == 191)  // 0.5 + 0.5 · 0.5 = 0.75
        #expect(mask.pixels[10 * 20 + 17] == 128)
        let clamped = try AlphaMask(icon: Self.icon(width: 20, height: 20, [
            Self.fill(rectanglePath(x: 0, y: 0, width: 10, height: 20), opacity: 1.7),
            Self.fill(rectanglePath(x: 10, y: 0, width: 10, height: 20), opacity: -0.3),
        ]), box: box)
        #expect(clamped.pixels[5 * 20 + 5] == 255 && clamped.pixels[5 * 20 + 15] == 0)
        // Strokes and fills mix; the layer transform comes before the fit.
        let mixed = try AlphaMask(icon: Self.icon(width: 10, height: 10, [
            VectorIcon.Layer(path: StrokeTests.line([0, 5], [10, 5]), paint: .stroke(StrokeStyle(width: 2))),
            Self.fill(rectanglePath(x: 0, y: 0, width: 2, height: 2), transform: .translation(4, 0)),
        ]), box: box)
        #expect(abs(coveredArea(mixed) - (20 * 4 + 16)) < 1e-6)
        // A reused rasterizer gives the same bytes as a fresh one, call after call.
        let rasterizer = VectorRasterizer()
        let icon = Self.icon(width: 20, height: 20, [a, b])
        for _ in 0..<3 { #expect(try rasterizer.mask(for: icon, in: box) == mask) }
        #expect(try rasterizer.mask(for: Self.icon(width: 20, height: 20, []), in: box).pixels.allSatisfy { $0 == 0 })
    }
}
