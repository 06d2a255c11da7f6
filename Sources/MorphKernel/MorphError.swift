/// A failure to set up or render a morph.
///
/// Thrown where the problem is found: by `MorphStyle.validate()`, `MorphRenderer.init` and the
/// render methods. Nothing in this module traps on bad input.
public enum MorphError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A parameter is out of its documented range; `name` is the parameter's name as spelled
    /// in the API (`"blurLevels"`, `"progress"` …) and `reason` says what is allowed and what
    /// was given.
    case invalidParameter(name: String, reason: String)
    /// An input mask or output buffer does not match the renderer's size; the text names the
    /// buffer, the size it has and the size it needs.
    case sizeMismatch(String)

    /// One line: `"<name>: <reason>"` or the size mismatch sentence.
    public var description: String {
        switch self {
        case .invalidParameter(let name, let reason): "\(name): \(reason)"
        case .sizeMismatch(let reason): reason
        }
    }
}
