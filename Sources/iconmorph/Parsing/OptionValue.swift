import MorphKernel

/// An option's value as `ValueKind.parse` converted it; `ParsedArguments` reads it back by
/// type.
enum OptionValue: Equatable, Sendable {
    case text(String)
    case number(Double)
    case integer(Int)
    case choice(String)
    case size(width: Double, height: Double)
    case color(TintColor)
}
