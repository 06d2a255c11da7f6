/// An axis-aligned rectangle in user units.
struct ViewRect: Equatable {
    var x: Double, y: Double, width: Double, height: Double
}
