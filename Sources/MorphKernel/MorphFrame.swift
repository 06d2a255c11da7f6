import AlphaRaster

/// One frame of a morph, as `MorphRenderer` draws it and `MorphAnimator` describes it: a pair
/// of masks, a progress, and optionally a captured field with its weight.
///
/// The mix of the frame is M = (1 − w) · ((1 − e) · S + e · T) + w · C, with S, T the mask
/// bytes / 255, e the eased progress, C the captured field and w `capturedWeight` (0 without
/// one). Everything after the mix — blur level from b = sin(π e), blur, edge — is the
/// two-mask morph's (`MorphFrameMath`). With w = 0 the frame is exactly the two-mask frame,
/// to the byte.
public struct MorphFrame: Sendable {
    /// S, the mask at progress 0.
    public var source: AlphaMask
    /// T, the mask at progress 1.
    public var target: AlphaMask
    /// p in [0, 1].
    public var progress: Double
    /// C, the field of an earlier frame that this one fades out of; nil for none.
    public var captured: CapturedField?
    /// w in [0, 1], the weight of `captured`; ignored without one.
    public var capturedWeight: Double

    /// A frame of the pair at `progress`, fading out of `captured` with weight `capturedWeight`.
    public init(
        source: AlphaMask, target: AlphaMask, progress: Double, captured: CapturedField? = nil,
        capturedWeight: Double = 0
    ) {
        self.source = source
        self.target = target
        self.progress = progress
        self.captured = captured
        self.capturedWeight = captured == nil ? 0 : capturedWeight
    }

    /// The captured field when it has any weight.
    var effectiveCapture: (field: CapturedField, weight: Double)? {
        guard let captured, capturedWeight > 0 else { return nil }
        return (captured, capturedWeight)
    }
}
