/// How a command makes each frame's shape (`--style`): the field stage before the finishing
/// and the sinks, which every style shares.
enum FieldStyle: String, CaseIterable, Equatable, Sendable {
    /// Mix the two masks, blur and threshold them (`MorphRenderer`).
    case metaball
    /// Interpolate the matched outlines and fill them (`PathMorph`).
    case path
}
