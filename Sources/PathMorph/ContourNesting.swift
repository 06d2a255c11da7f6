/// Which contours lie inside which: contour B encloses contour A when B's polygon of samples
/// winds around A's first node and B is the larger (by |area|). A contour's parent is the
/// smallest contour enclosing it.
///
/// One node decides: contours that cross each other have no clear nesting, and this picks
/// one answer for them without failing.
struct ContourNesting {
    /// Each contour's parent, if any.
    private(set) var parents: [Int?]
    private let areas: [Double]
    private let encloses: [[Bool]]

    init(_ contours: [PathContour]) {
        let count = contours.count
        let areas = contours.map { abs($0.signedArea) }
        self.areas = areas
        let bounds = contours.map(\.controlBounds)
        let samples = contours.map { $0.samples(perCurve: 8) }
        var encloses = Array(repeating: Array(repeating: false, count: count), count: count)
        for outer in 0..<count {
            for inner in 0..<count where inner != outer && areas[outer] > areas[inner] {
                let p = contours[inner].start
                let box = bounds[outer]
                guard p.x >= box.min.x, p.x <= box.max.x, p.y >= box.min.y, p.y <= box.max.y else { continue }
                encloses[outer][inner] = contours[outer].winding(around: p, samples: samples[outer]) != 0
            }
        }
        self.encloses = encloses
        parents = (0..<count).map { inner in
            var best: Int?
            for outer in 0..<count where encloses[outer][inner] {
                if best == nil || areas[outer] < areas[best!] { best = outer }
            }
            return best
        }
    }

    /// How many ancestors contour `index` has.
    func depth(of index: Int) -> Int {
        var depth = 0, current = index
        while let parent = parents[current], depth < parents.count {
            depth += 1
            current = parent
        }
        return depth
    }

    /// The outermost ancestor of contour `index` (itself when it has none).
    func root(of index: Int) -> Int {
        var current = index, steps = 0
        while let parent = parents[current], steps < parents.count {
            current = parent
            steps += 1
        }
        return current
    }

    /// The smallest contour enclosing `index` among those `eligible` accepts.
    func smallestEnclosing(_ index: Int, where eligible: (Int) -> Bool) -> Int? {
        var best: Int?
        for outer in encloses.indices where encloses[outer][index] && eligible(outer) {
            if best == nil || areas[outer] < areas[best!] { best = outer }
        }
        return best
    }
}
