/// A declared property value: a value, or `inherit`.
enum Specified<Value: Equatable>: Equatable {
    case inherit
    case value(Value)
}
