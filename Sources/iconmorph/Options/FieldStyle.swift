import MorphKernel

/// How a command makes each frame's shape (`--style`): the field stage before the finishing
/// and the sinks, which every style shares.
enum FieldStyle: String, CaseIterable, Equatable, Sendable {
    /// Mix the two masks, blur and threshold them (`MorphRenderer`, `MorphField.metaball`).
    case metaball
    /// Mix the two masks' signed distance fields, blur them and draw their zero
    /// (`MorphRenderer`, `MorphField.distance`).
    case distance
    /// Interpolate the matched outlines and fill them (`PathMorph`).
    case path

    /// The renderer's field stage for a style that morphs masks; nil for `path`.
    var morphField: MorphField? {
        switch self {
        case .metaball: .metaball
        case .distance: .distance
        case .path: nil
        }
    }
}
