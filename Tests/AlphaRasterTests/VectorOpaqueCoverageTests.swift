import Testing
@_spi(Testing) @testable import AlphaRaster

/// `AlphaMask.opaqueCoverage` of vector icons: the icon with every visible layer opaque, kept
/// beside the composited pixels only when some layer is translucent.
@Suite struct VectorOpaqueCoverageTests {
    static let box = IconBox(width: 24, height: 24, scale: 1)

    static func layer(_ path: VectorPath, opacity: Double, group: Int? = nil) -> VectorIcon.Layer {
        var layer = VectorIcon.Layer(path: path, paint: .fill(.nonZero), opacity: opacity)
        layer.opacityGroup = group
        return layer
    }

    @Test("a translucent layer: the pixels composite it, the opaque coverage is the union of every visible layer drawn opaque")
    func translucentLayers() throws {
        let disc = circlePath(center: SIMD2(8.3, 12), radius: 6.2)
        let bar = rectanglePath(x: 11.5, y: 3.25, width: 9.5, height: 17.5)
        let hidden = rectanglePath(x: 0, y: 0, width: 24, height: 2)
        for (opacity, group) in [(0.35, nil), (0.6, 7)] as [(Double, Int?)] {
            let icon = VectorIcon(width: 24, height: 24, layers: [
                Self.layer(disc, opacity: 1), Self.layer(bar, opacity: opacity, group: group), Self.layer(hidden, opacity: 0),
            ])
            let mask = try AlphaMask(icon: icon, box: Self.box)
            let allOpaque = try AlphaMask(icon: VectorIcon(width: 24, height: 24, layers: [
                Self.layer(disc, opacity: 1), Self.layer(bar, opacity: 1),
            ]), box: Self.box)
            #expect(mask.opaqueCoverage == allOpaque.pixels)
            // The pixels are the composite: the bar alone at its opacity, the disc opaque.
            #expect(mask.pixels[12 * 24 + 18] == UInt8((255 * opacity).rounded()))
            #expect(mask.pixels[12 * 24 + 5] == 255)
            #expect(mask.opaqueCoverage![12 * 24 + 18] == 255)
            // A layer of opacity 0 is in neither.
            #expect(mask.pixels[0..<48].allSatisfy { $0 == 0 } && mask.opaqueCoverage![0..<48].allSatisfy { $0 == 0 })
        }
    }

    @Test("opaque icons, and icons whose translucent layers all have opacity 0, keep their pixels alone")
    func opaqueIcons() throws {
        let disc = circlePath(center: SIMD2(12, 12), radius: 7)
        for layers in [[Self.layer(disc, opacity: 1)], [Self.layer(disc, opacity: 1), Self.layer(disc, opacity: 0)],
                       [Self.layer(disc, opacity: 1), Self.layer(disc, opacity: 0.5)]] {
            let mask = try AlphaMask(icon: VectorIcon(width: 24, height: 24, layers: layers), box: Self.box)
            // (A translucent layer wholly under an opaque one changes nothing either.)
            #expect(mask.opaqueCoverage == nil)
        }
    }

    @Test("translucent layers each within the edge limit, over it together: the mask is drawn, without opaque coverage")
    func unionPastALimit() throws {
        let layers = [SIMD2(8.0, 12.0), SIMD2(16.0, 12.0)].map {
            VectorIcon.Layer(path: circlePath(center: $0, radius: 6), paint: .fill(.nonZero), opacity: 0.35)
        }
        let icon = VectorIcon(width: 24, height: 24, layers: layers)
        // The edges one layer keeps: its mask alone with the limit lowered until it is drawn.
        var perLayer = 1
        while (try? { let r = VectorRasterizer(); r.edgeLimit = perLayer
                      return try r.mask(for: VectorIcon(width: 24, height: 24, layers: [layers[0]]), in: Self.box) }()) == nil {
            perLayer += 1
        }
        let limited = VectorRasterizer()
        limited.edgeLimit = perLayer + perLayer / 2
        // Each translucent layer is swept on its own, within the limit; their union is not.
        let mask = try limited.mask(for: icon, in: Self.box)
        let full = try VectorRasterizer().mask(for: icon, in: Self.box)
        #expect(mask.pixels == full.pixels)
        #expect(mask.opaqueCoverage == nil && full.opaqueCoverage != nil)
        // The two drawings share the work limit: with room for the composite alone, the mask
        // is drawn without its opaque coverage, and the work counted is the composite's.
        let measure = VectorRasterizer()
        _ = try measure.mask(for: icon, in: Self.box)
        let both = measure.lastWork
        let tight = VectorRasterizer()
        tight.workLimit = both - 1
        let drawn = try tight.mask(for: icon, in: Self.box)
        #expect(drawn.pixels == full.pixels && drawn.opaqueCoverage == nil)
        #expect(tight.lastWork < both)
    }
}
