/// An icon's signed distance field as the distance frames read it: the values with each
/// row's end values repeated past its ends (so the blur across needs no clamping), and the
/// field's bounds per segment.
final class IconField {
    let width: Int
    let height: Int
    /// The field's `SignedDistanceField.segmentBounds`.
    let segmentBounds: [SIMD2<Float>]
    /// The field's `SignedDistanceField.steepestStep`.
    let steepestStep: Float
    /// Columns repeated before each row; as many, and 16 more, after it.
    let padding: Int
    /// Floats from a row to the next: width + 2 · padding + 16.
    let stride: Int
    private let storage: UnsafeMutablePointer<Float>

    /// `field` with `padding` (≥ the largest blur half-width) columns each side.
    init(field: SignedDistanceField, padding: Int) {
        width = field.width
        height = field.height
        segmentBounds = field.segmentBounds
        steepestStep = field.steepestStep
        self.padding = padding
        let width = field.width
        stride = width + 2 * padding + DistanceFrameRenderer.segmentLength
        storage = .allocate(capacity: stride * field.height)
        field.values.withUnsafeBufferPointer { values in
            for y in 0..<field.height {
                let row = storage + y * stride, source = values.baseAddress! + y * width
                row.initialize(repeating: source[0], count: padding)
                (row + padding).initialize(from: source, count: width)
                (row + padding + width).initialize(repeating: source[width - 1], count: stride - padding - width)
            }
        }
    }

    deinit { storage.deallocate() }

    /// Pixel (0, 0); row y starts `stride` floats after row y − 1, and pixel x of a row may
    /// be read from −`padding` to width + `padding` + 15.
    var origin: UnsafePointer<Float> { UnsafePointer(storage + padding) }
}
