/// Feeds a flattened path's edges to the accumulator, closing every subpath.
struct FillSink: FlattenSink {
    let accumulator: CoverageAccumulator
    var start = SIMD2<Double>.zero
    var current = SIMD2<Double>.zero

    init(accumulator: CoverageAccumulator) {
        self.accumulator = accumulator
    }

    mutating func moveTo(_ p: SIMD2<Double>) {
        finish()
        start = p
        current = p
    }

    mutating func lineTo(_ p: SIMD2<Double>, smooth: Bool) {
        accumulator.addLine(current, p)
        current = p
    }

    mutating func closeSubpath() {
        finish()
    }

    /// Closes the open subpath (filling closes implicitly).
    mutating func finish() {
        if current != start { accumulator.addLine(current, start) }
        current = start
    }
}
