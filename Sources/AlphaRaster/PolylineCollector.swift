/// Collects a flattened path as polylines, one per subpath, for the stroker.
struct PolylineCollector: FlattenSink {
    /// One subpath: `points[start..<end]`.
    struct Subpath {
        var start: Int
        var end: Int
        /// The path said `close`.
        var closed: Bool
        /// The subpath has a drawing command (a lone `move` is not stroked at all).
        var drawn: Bool
    }

    var points: [SIMD2<Double>] = []
    /// Per point: true inside a curve, false at a command's end (where joins apply).
    var smooth: [Bool] = []
    var subpaths: [Subpath] = []
    private var current: Subpath?

    mutating func reset() {
        points.removeAll(keepingCapacity: true)
        smooth.removeAll(keepingCapacity: true)
        subpaths.removeAll(keepingCapacity: true)
        current = nil
    }

    mutating func moveTo(_ p: SIMD2<Double>) {
        finish()
        current = Subpath(start: points.count, end: points.count + 1, closed: false, drawn: false)
        points.append(p)
        smooth.append(false)
    }

    mutating func lineTo(_ p: SIMD2<Double>, smooth isSmooth: Bool) {
        points.append(p)
        smooth.append(isSmooth)
        current?.end = points.count
        current?.drawn = true
    }

    mutating func closeSubpath() {
        current?.closed = true
        current?.drawn = true
        finish()
    }

    /// Ends the open subpath, if any; call after flattening.
    mutating func finish() {
        if let subpath = current { subpaths.append(subpath) }
        current = nil
    }
}
