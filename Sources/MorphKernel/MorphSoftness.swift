/// How the edge of the shape ramps from transparent to opaque: `MorphStyle.softness`.
///
/// A number reads as a fixed ramp, so `MorphStyle(softness: 0.05)` is
/// `MorphStyle(softness: .fixed(0.05))`.
public enum MorphSoftness: Sendable, Hashable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral,
    CustomStringConvertible
{
    /// The default: the ramp follows the local slope of the blurred field, so the edge is
    /// about one pixel wide at every progress and blur radius, the frames at rest give back
    /// the input masks' own anti-aliasing, and regions where the field is flat fade over a
    /// range of progress. The formula is `MorphFrameMath.automaticCoverage`.
    case automatic
    /// A ramp of fixed width s in field units below the threshold:
    /// α = smoothstep(t − s, t, V). Valid s: finite, `MorphStyle.minimumSoftness` … t.
    case fixed(Double)

    /// `.fixed(value)`.
    public init(floatLiteral value: Double) { self = .fixed(value) }

    /// `.fixed(Double(value))`.
    public init(integerLiteral value: Int) { self = .fixed(Double(value)) }

    /// "auto" or the fixed width as a number.
    public var description: String {
        switch self {
        case .automatic: "auto"
        case .fixed(let s): "\(s)"
        }
    }
}
