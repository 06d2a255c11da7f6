import Testing
import IconMorphPNG
import PNGCodec
@testable import AlphaRaster

@Suite struct IconBoxTests {
    @Test func layoutFollowsTheRoundingRule() throws {
        let box = try IconBox(width: 44, height: 30, scale: 3, padding: 2).layout()
        #expect(box.boxWidth == 132)
        #expect(box.boxHeight == 90)
        #expect(box.padding == 6)
        #expect(box.width == 144)
        #expect(box.height == 102)

        // Halves round away from zero; padding rounds on its own, not with the box.
        let odd = try IconBox(width: 10.25, height: 7.75, scale: 2, padding: 0.75).layout()
        #expect(odd.boxWidth == 21)   // 20.5 → 21
        #expect(odd.boxHeight == 16)  // 15.5 → 16
        #expect(odd.padding == 2)     // 1.5 → 2
        #expect(odd.width == 25)
        #expect(odd.height == 20)

        let sub = try IconBox(width: 1, height: 1, scale: 0.5, padding: 0.2).layout()
        #expect(sub.width == 1)       // 0.5 → 1, padding 0.1 → 0
        #expect(sub.padding == 0)

        let largest = try IconBox(width: Double(IconBox.maximumPixelSide), height: 1, scale: 1).layout()
        #expect(largest.width == IconBox.maximumPixelSide)
    }

    static let invalid: [(IconBox, IconBox.Field)] = [
        (IconBox(width: 0, height: 10, scale: 1), .width),
        (IconBox(width: -4, height: 10, scale: 1), .width),
        (IconBox(width: .nan, height: 10, scale: 1), .width),
        (IconBox(width: .infinity, height: 10, scale: 1), .width),
        (IconBox(width: 10, height: 0, scale: 1), .height),
        (IconBox(width: 10, height: -.infinity, scale: 1), .height),
        (IconBox(width: 10, height: .nan, scale: 1), .height),
        (IconBox(width: 10, height: 10, scale: 0), .scale),
        (IconBox(width: 10, height: 10, scale: -2), .scale),
        (IconBox(width: 10, height: 10, scale: .nan), .scale),
        (IconBox(width: 10, height: 10, scale: .infinity), .scale),
        (IconBox(width: 10, height: 10, scale: 1, padding: -1), .padding),
        (IconBox(width: 10, height: 10, scale: 1, padding: .nan), .padding),
        (IconBox(width: 10, height: 10, scale: 1, padding: .infinity), .padding),
        // Valid numbers whose pixel sizes are not.
        (IconBox(width: 0.4, height: 10, scale: 1), .width),
        (IconBox(width: 10, height: 1, scale: 0.2), .height),
        (IconBox(width: 16385, height: 10, scale: 1), .width),
        (IconBox(width: 10, height: 6000, scale: 3), .height),
        (IconBox(width: 1e300, height: 10, scale: 1e300), .width),
        (IconBox(width: Double(Int.max), height: 10, scale: 4), .width),
        (IconBox(width: 16384, height: 10, scale: 1, padding: 1), .padding),
        (IconBox(width: 10, height: 10, scale: 1, padding: 1e300), .padding),
        (IconBox(width: 10, height: 10, scale: 1, padding: 9000), .padding),
    ]

    @Test(arguments: invalid)
    func invalidBoxesThrowNamingTheField(box: IconBox, field: IconBox.Field) throws {
        let error = #expect(throws: AlphaRasterError.self) { try box.layout() }
        guard case .invalidBox(let named, let reason)? = error else {
            Issue.record("expected invalidBox, got \(String(describing: error))")
            return
        }
        #expect(named == field)
        #expect(!reason.isEmpty)
        let text = error!.description
        #expect(text.hasPrefix("icon box \(field): "))
        #expect(!text.contains("\n"))

        // Every builder that takes a box reports the same error instead of trapping.
        let image = randomImage(width: 3, height: 3, seed: 1)
        #expect(throws: error!) { _ = try AlphaMask(image: image, box: box) }
        #expect(throws: error!) {
            _ = try image.pixels.withUnsafeBytes {
                try AlphaMask(pixels: $0, width: 3, height: 3, format: .rgba8, box: box)
            }
        }
        #expect(throws: error!) { _ = try AlphaMask(icon: VectorIcon(width: 1, height: 1, layers: []), box: box) }
    }

    @Test func theFirstBadFieldIsReported() throws {
        let box = IconBox(width: -1, height: .nan, scale: 0, padding: -1)
        #expect(throws: AlphaRasterError.invalidBox(.width, reason: "must be a finite number greater than 0, got -1.0")) {
            try box.layout()
        }
    }
}
