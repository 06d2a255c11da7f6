import Testing
import PNGCodec
@testable import AlphaRaster

@Suite struct IconBoxTests {
    @Test func pixelGeometryFollowsTheRoundingRule() throws {
        let box = IconBox(width: 44, height: 30, scale: 3, padding: 2)
        #expect(try box.boxPixelWidth == 132)
        #expect(try box.boxPixelHeight == 90)
        #expect(try box.paddingPixels == 6)
        #expect(try box.pixelWidth == 144)
        #expect(try box.pixelHeight == 102)

        // Halves round away from zero; padding rounds on its own, not with the box.
        let odd = IconBox(width: 10.25, height: 7.75, scale: 2, padding: 0.75)
        #expect(try odd.boxPixelWidth == 21)   // 20.5 → 21
        #expect(try odd.boxPixelHeight == 16)  // 15.5 → 16
        #expect(try odd.paddingPixels == 2)    // 1.5 → 2
        #expect(try odd.pixelWidth == 25)
        #expect(try odd.pixelHeight == 20)

        let sub = IconBox(width: 1, height: 1, scale: 0.5, padding: 0.2)
        #expect(try sub.pixelWidth == 1)       // 0.5 → 1, padding 0.1 → 0
        #expect(try sub.paddingPixels == 0)

        let largest = IconBox(width: Double(IconBox.maximumPixelSide), height: 1, scale: 1)
        #expect(try largest.pixelWidth == IconBox.maximumPixelSide)
    }

    static let invalid: [(IconBox, String)] = [
        (IconBox(width: 0, height: 10, scale: 1), "width"),
        (IconBox(width: -4, height: 10, scale: 1), "width"),
        (IconBox(width: .nan, height: 10, scale: 1), "width"),
        (IconBox(width: .infinity, height: 10, scale: 1), "width"),
        (IconBox(width: 10, height: 0, scale: 1), "height"),
        (IconBox(width: 10, height: -.infinity, scale: 1), "height"),
        (IconBox(width: 10, height: .nan, scale: 1), "height"),
        (IconBox(width: 10, height: 10, scale: 0), "scale"),
        (IconBox(width: 10, height: 10, scale: -2), "scale"),
        (IconBox(width: 10, height: 10, scale: .nan), "scale"),
        (IconBox(width: 10, height: 10, scale: .infinity), "scale"),
        (IconBox(width: 10, height: 10, scale: 1, padding: -1), "padding"),
        (IconBox(width: 10, height: 10, scale: 1, padding: .nan), "padding"),
        (IconBox(width: 10, height: 10, scale: 1, padding: .infinity), "padding"),
        // Valid numbers whose pixel sizes are not.
        (IconBox(width: 0.4, height: 10, scale: 1), "width"),
        (IconBox(width: 10, height: 1, scale: 0.2), "height"),
        (IconBox(width: 16385, height: 10, scale: 1), "width"),
        (IconBox(width: 10, height: 6000, scale: 3), "height"),
        (IconBox(width: 1e300, height: 10, scale: 1e300), "width"),
        (IconBox(width: Double(Int.max), height: 10, scale: 4), "width"),
        (IconBox(width: 16384, height: 10, scale: 1, padding: 1), "padding"),
        (IconBox(width: 10, height: 10, scale: 1, padding: 1e300), "padding"),
        (IconBox(width: 10, height: 10, scale: 1, padding: 9000), "padding"),
    ]

    @Test(arguments: invalid)
    func invalidBoxesThrowNamingTheField(box: IconBox, field: String) throws {
        let error = #expect(throws: AlphaRasterError.self) { try box.validate() }
        guard case .invalidBox(let named, let reason)? = error else {
            Issue.record("expected invalidBox, got \(String(describing: error))")
            return
        }
        #expect(named == field)
        #expect(!reason.isEmpty)
        let text = error!.description
        #expect(text.hasPrefix("icon box \(field): "))
        #expect(!text.contains("\n"))

        // Every accessor and the builder report the same error instead of trapping.
        #expect(throws: error!) { _ = try box.pixelWidth }
        #expect(throws: error!) { _ = try box.pixelHeight }
        #expect(throws: error!) { _ = try box.boxPixelWidth }
        #expect(throws: error!) { _ = try box.boxPixelHeight }
        #expect(throws: error!) { _ = try box.paddingPixels }
        let image = randomImage(width: 3, height: 3, seed: 1)
        #expect(throws: error!) { _ = try AlphaMask(image: image, box: box) }
    }

    @Test func theFirstBadFieldIsReported() throws {
        let box = IconBox(width: -1, height: .nan, scale: 0, padding: -1)
        #expect(throws: AlphaRasterError.invalidBox(field: "width", reason: "must be a finite number greater than 0, got -1.0")) {
            try box.validate()
        }
    }
}
