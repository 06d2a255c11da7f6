/// The field stage of a morph: how the two masks become the shape of each frame. Everything
/// after it — the tint, a tint ramp, the background, the pixel format — is shared.
public enum MorphField: String, Sendable, Hashable, CaseIterable {
    /// The masks' coverage is mixed, blurred and cut at the threshold (`MorphFrameMath`):
    /// shapes melt into each other and merge; a region only one icon covers fades in or out
    /// where it is wider than the blur. A vector icon's translucent layers
    /// (`AlphaMask.opaqueCoverage`) melt as shapes and keep their opacity.
    case metaball
    /// Each mask's signed distance to its outline is mixed and blurred, and the frame's edge
    /// is the field's zero, drawn one pixel wide (the documentation's "Distance Morphs"
    /// article has the math): shapes grow out of each other and shrink into each other and
    /// never show a translucent interior. `threshold` and `softness` do not apply (any value is
    /// accepted and ignored).
    case distance
}
