/// The blurred field V of one rendered frame, kept so that a later frame can start from it
/// (`MorphFrame.captured`): the third input of an interrupted morph.
///
/// V is the frame's field before the edge, one `Float` a pixel, row-major without padding:
/// for the metaball field the blurred mix in [0, 1] (`MorphFrameMath`, step 5; of the icons'
/// shapes, `AlphaMask.opaqueCoverage`, where they have translucent layers), for the
/// distance field the blurred signed distance in pixels. A field is mixed only into frames of
/// its own kind (`kind`). Immutable, so one field can be shared by the frames of several
/// renderers and threads.
public final class CapturedField: Sendable {
    /// The field stage that computed the values; a renderer of the other kind refuses them.
    public let kind: MorphField
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// The width × height field values, row-major.
    public let values: [Float]
    /// R, in pixels, of the Gaussian blur the field carries (σ = R / 2, as `GaussianKernel`):
    /// the automatic edge of a frame that mixes the field in ramps as if the field's blur
    /// were added to the frame's own (`MorphFrameMath.effectiveBlurRadius`), so the edge of
    /// the first frame after a capture is the captured frame's edge. 0 for a distance field,
    /// whose edge is one pixel wide at any blur and so needs no such ramp.
    public let blurRadius: Double
    /// The distance field's slope floor f of the captured frame (`DistanceFrameRenderer`,
    /// step 3), carried into the frames that mix the field in; 0 for the metaball field.
    let slopeFloor: Double
    /// The least and greatest value of each segment of a distance field (`SegmentBounds`); empty
    /// for the metaball field.
    let segmentBounds: [SIMD2<Float>]
    /// The largest step of a distance field from a pixel to its neighbour in a row or
    /// column (`FieldSteps`); 0 for the metaball field.
    let steepestStep: Float
    /// For a metaball frame of icons with translucent layers (`AlphaMask.opaqueCoverage`), the
    /// blurred mix of their differences V_D (the frame math, step 7b), width × height values
    /// in [0, 1], row-major; nil otherwise. A frame that mixes the field in mixes this in too,
    /// and so keeps the captured frame's opacity.
    public let translucency: [Float]?

    /// Wraps metaball field values that carry a blur of `blurRadius` pixels (0 for a sharp field),
    /// and the `translucency` of icons with translucent layers, if the frame had them (as
    /// `MorphRenderer.captureField(of:)` gives them: keep both to wrap a capture again).
    ///
    /// - Throws: `MorphError.invalidSize` for a side below 1 pixel or a size no renderer
    ///   takes (`MorphRenderer.maximumPixelCount`); `MorphError.invalidParameter` (`.fieldValues`)
    ///   unless there are exactly width × height values, each finite and in [0, 1],
    ///   (`.fieldBlurRadius`) unless the radius is finite and in
    ///   0 … `MorphStyle.maximumBlurRadius`, (`.fieldTranslucency`) unless `translucency` is
    ///   nil or as many values, each finite and in [0, 1].
    public convenience init(width: Int, height: Int, values: [Float], blurRadius: Double = 0, translucency: [Float]? = nil) throws {
        guard MorphRenderer.acceptsSize(width: width, height: height) else {
            throw MorphError.invalidSize(width: width, height: height)
        }
        try Self.check(values, as: .fieldValues, width: width, height: height)
        guard blurRadius.isFinite, blurRadius >= 0, blurRadius <= MorphStyle.maximumBlurRadius else {
            throw MorphError.invalidParameter(
                .fieldBlurRadius,
                reason: "must be a finite number of pixels from 0 to \(Int(MorphStyle.maximumBlurRadius)), got \(blurRadius)")
        }
        if let translucency { try Self.check(translucency, as: .fieldTranslucency, width: width, height: height) }
        self.init(validWidth: width, height: height, values: values, blurRadius: blurRadius, translucency: translucency)
    }

    /// Throws `MorphError.invalidParameter` (`parameter`) unless `values` holds width × height
    /// numbers, each finite and in [0, 1].
    private static func check(_ values: [Float], as parameter: MorphParameter, width: Int, height: Int) throws {
        guard values.count == width * height else {
            throw MorphError.invalidParameter(parameter, reason: "must hold \(width) × \(height) numbers, got \(values.count)")
        }
        if let bad = values.firstIndex(where: { !($0 >= 0 && $0 <= 1) }) {
            throw MorphError.invalidParameter(parameter, reason: "must be numbers in [0, 1], got \(values[bad]) at index \(bad)")
        }
    }

    /// Wraps values the renderer computed: a metaball field (clamped to [0, 1]) with the blur
    /// it carries, or a distance field with its slope floor.
    init(
        validWidth width: Int, height: Int, values: [Float], blurRadius: Double, kind: MorphField = .metaball,
        slopeFloor: Double = 0, translucency: [Float]? = nil
    ) {
        self.translucency = translucency
        self.kind = kind
        self.width = width
        self.height = height
        self.values = values
        self.blurRadius = blurRadius
        self.slopeFloor = slopeFloor
        segmentBounds = kind == .distance ? SegmentBounds.of(values, width: width, height: height) : []
        steepestStep = kind == .distance ? FieldSteps.steepest(values, width: width, height: height) : 0
    }
}
