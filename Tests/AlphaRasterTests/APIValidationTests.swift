import AlphaRaster
import IconMorphPNG
import PNGCodec
import Testing

/// The raster module's public entry points given bad arguments: each throws
/// `AlphaRasterError` naming the field (never traps). Vector icons' own bad values are
/// covered by `VectorRobustnessTests`; this table covers sizes, boxes and the image path.
@Suite struct APIValidationTests {
    struct Row: CustomTestStringConvertible, Sendable {
        let name: String
        /// The field the error must name (`invalidBox`/`invalidIcon`), or nil for `invalidMaskSize` or `pixelCountMismatch`.
        let field: String?
        let call: @Sendable () throws -> Void
        var testDescription: String { name }
    }

    static let image = try! PNGImage(width: 4, height: 4, format: .rgba, pixels: [UInt8](repeating: 255, count: 64))
    static let square = VectorIcon(width: 10, height: 10, layers: [
        .init(path: VectorPath(segments: [.move([0, 0]), .line([10, 0]), .line([10, 10]), .close]), paint: .fill(.nonZero)),
    ])

    static func box(_ width: Double, _ height: Double = 10, scale: Double = 2, padding: Double = 0) -> IconBox {
        IconBox(width: width, height: height, scale: scale, padding: padding)
    }

    static let rows: [Row] = [
        Row(name: "mask of width 0", field: nil) { _ = try AlphaMask(width: 0, height: 3, pixels: []) },
        Row(name: "mask of negative height", field: nil) { _ = try AlphaMask(width: 3, height: -3) },
        Row(name: "mask whose area overflows", field: nil) { _ = try AlphaMask(width: Int.max, height: 2, pixels: []) },
        Row(name: "empty mask of 2^40 × 2^40", field: nil) { _ = try AlphaMask(width: 1 << 40, height: 1 << 40) },
        // Areas that do not overflow but that no system allocates (2^50 bytes), and just over the limit.
        Row(name: "empty mask of 2^25 × 2^25", field: nil) { _ = try AlphaMask(width: 1 << 25, height: 1 << 25) },
        Row(name: "empty mask of 2^31 + 1 pixels", field: nil) { _ = try AlphaMask(width: (1 << 31) + 1, height: 1) },
        Row(name: "mask one value short", field: nil) { _ = try AlphaMask(width: 2, height: 2, pixels: [1, 2, 3]) },
        Row(name: "box width NaN", field: "width") { _ = try box(.nan).layout() },
        Row(name: "box width -1", field: "width") { _ = try box(-1).layout() },
        Row(name: "box height infinite", field: "height") { _ = try box(10, .infinity).layout() },
        Row(name: "box scale 0", field: "scale") { _ = try box(10, scale: 0).layout() },
        Row(name: "box scale NaN", field: "scale") { _ = try box(10, scale: .nan).layout() },
        Row(name: "box padding -0.5", field: "padding") { _ = try box(10, padding: -0.5).layout() },
        Row(name: "box padding infinite", field: "padding") { _ = try box(10, padding: .infinity).layout() },
        Row(name: "box 1e300 wide", field: "width") { _ = try box(1e300).layout() },
        Row(name: "box rounding to 0 pixels", field: "height") { _ = try box(10, 0.1, scale: 1).layout() },
        Row(name: "padding past the side limit", field: "padding") { _ = try box(16_000, 10, scale: 1, padding: 300).layout() },
        Row(name: "layout of a bad scale", field: "scale") { _ = try box(10, scale: -.infinity).layout() },
        Row(name: "image into a bad box", field: "width") { _ = try AlphaMask(image: image, box: box(0)) },
        Row(name: "PNG file into a bad box (checked before reading)", field: "scale") {
            _ = try AlphaMask(contentsOfPNGFile: "/nonexistent.png", box: box(10, scale: .nan))
        },
        Row(name: "icon into a bad box", field: "padding") { _ = try AlphaMask(icon: square, box: box(10, padding: .nan)) },
        Row(name: "icon canvas of width 0", field: "width") {
            _ = try AlphaMask(icon: VectorIcon(width: 0, height: 10, layers: square.layers), box: box(10))
        },
        Row(name: "icon canvas of negative height", field: "height") {
            _ = try AlphaMask(icon: VectorIcon(width: 10, height: -10, layers: square.layers), box: box(10))
        },
        Row(name: "stroke miter limit below 1", field: "layer 1 miter limit") {
            let layer = VectorIcon.Layer(path: square.layers[0].path, paint: .stroke(StrokeStyle(width: 1, miterLimit: 0.5)))
            _ = try AlphaMask(icon: VectorIcon(width: 10, height: 10, layers: [layer]), box: box(10))
        },
        Row(name: "negative stroke width", field: "layer 1 stroke width") {
            let layer = VectorIcon.Layer(path: square.layers[0].path, paint: .stroke(StrokeStyle(width: -1)))
            _ = try AlphaMask(icon: VectorIcon(width: 10, height: 10, layers: [layer]), box: box(10))
        },
        Row(name: "tolerance 0", field: "tolerance") { _ = try VectorRasterizer(tolerance: 0) },
        Row(name: "tolerance infinite", field: "tolerance") { _ = try VectorRasterizer(tolerance: .infinity) },
    ]

    @Test(arguments: rows) func throwsNamingTheField(_ row: Row) {
        do {
            try row.call()
            Issue.record("no error")
        } catch let error as AlphaRasterError {
            switch (error, row.field) {
            case (.invalidMaskSize, nil), (.pixelCountMismatch, nil):
                break
            case (.invalidBox(let field, _), let expected?):
                #expect(field.description == expected, "\(error)")
            case (.invalidIcon(let part, _), let expected?):
                #expect(part.description == expected, "\(error)")
            default:
                Issue.record("unexpected \(error)")
            }
            #expect(!error.description.contains("\n"))
        } catch {
            Issue.record("not an AlphaRasterError: \(error)")
        }
    }

    @Test func aToleranceIsTheRasterizers() {
        // The flattening tolerance belongs to the rasterizer, not to an icon.
        #expect(throws: AlphaRasterError.self) { try VectorRasterizer(tolerance: 0) }
        do {
            _ = try VectorRasterizer(tolerance: 0)
        } catch {
            #expect("\(error)".hasPrefix("vector rasterizer tolerance: "), "\(error)")
        }
    }

    @Test func maskSizeMessagesSayWhichLimit() throws {
        func message(_ width: Int, _ height: Int) -> String {
            AlphaRasterError.invalidMaskSize(width: width, height: height).description
        }
        #expect(message(0, 3).hasSuffix("each side must be at least 1 pixel"))
        let area = "width × height must be at most \(AlphaMask.maximumPixelCount) pixels"
        let sides = "each side at most \(IconBox.maximumPixelSide) where masks are drawn"
        #expect(message(1 << 25, 1 << 25).hasSuffix(area + ", and " + sides))
        #expect(message(Int.max, 2).hasSuffix(area + ", and " + sides))
        #expect(message(1 << 14, 1 << 18).hasSuffix(area + ", and " + sides))
        #expect(message(20_000, 10).hasSuffix("each side must be at most \(IconBox.maximumPixelSide) pixels"))
        // An image in memory of more pixels than a mask may hold is refused, not copied (the
        // buffer is reserved, never touched).
        let (width, height) = (1 << 16, (1 << 15) + 1)
        let big = UnsafeMutableRawBufferPointer.allocate(byteCount: width * height, alignment: 16)
        defer { big.deallocate() }
        #expect(throws: AlphaRasterError.invalidMaskSize(width: width, height: height)) {
            _ = try AlphaMask(pixels: UnsafeRawBufferPointer(big), width: width, height: height, format: .alpha8)
        }
        // A mask within the limit is made.
        let side = 1 << 10
        #expect(try AlphaMask(width: side, height: side).pixels.count == side * side)
    }

    /// Out-of-range opacities are clamped, as documented, not refused: 2 draws as 1 and -1 as 0.
    @Test func opacityIsClampedNotRefused() throws {
        func mask(_ opacity: Double) throws -> [UInt8] {
            let layer = VectorIcon.Layer(path: Self.square.layers[0].path, paint: .fill(.nonZero), opacity: opacity)
            return try AlphaMask(icon: VectorIcon(width: 10, height: 10, layers: [layer]), box: Self.box(10)).pixels
        }
        #expect(try mask(2) == mask(1))
        #expect(try mask(-1).allSatisfy { $0 == 0 })
        #expect(try mask(1).contains(255))
    }
}
