/// Chooses where a target contour starts and which way it runs, so that its nodes travel as
/// little as possible to or from its source partner: the least sum of squared distances
/// between node i of one and node i of the other, over every rotation of the target, run as
/// it is (or either way when it has no area).
///
/// Both contours of a pair are oriented alike already (`IconOutline`: shapes clockwise, holes
/// anticlockwise), so running the target the other way would turn a shape into a hole
/// half-way, and at the end change what the target icon covers: it is searched only when the
/// target has no area, where its direction decides nothing about its fill. (A source without
/// area, such as a figure-eight, leaves the target as it runs: reversed, a gear's ring made
/// its hole count twice and filled it.)
enum StartPointSearch {
    /// The chosen rotation and direction, and its cost.
    struct Choice: Equatable {
        var offset: Int
        var reversed: Bool
        var cost: Double
    }

    /// The directions allowed for `target`, whatever its partner: forward, and backward too
    /// when the target has no area (`hasNoArea`). A target with area keeps its direction
    /// whatever the source's: reversed, it would fill otherwise where it overlaps another
    /// contour. (The pairs are oriented alike, so only a source whose winding the outline
    /// could not set runs the other way: a figure-eight, whose lobes cancel.)
    static func directions(for target: PathContour) -> [Bool] {
        hasNoArea(target) ? [false, true] : [false]
    }

    /// Whether `contour` encloses no area: its signed area, summed in floating point, within
    /// 10⁻⁹ of the square of its nodes' extent (a figure-eight's two lobes cancel to about
    /// 10⁻¹³ px², not to 0).
    static func hasNoArea(_ contour: PathContour) -> Bool {
        let nodes = contour.nodes
        guard let first = nodes.first else { return true }
        var low = first, high = first
        for p in nodes {
            low = pointwiseMin(low, p)
            high = pointwiseMax(high, p)
        }
        let extent = (high - low).max()
        return abs(contour.signedArea) <= 1e-9 * extent * extent
    }

    /// The best choice for `target` (same curve count as `source`); ties go to the smaller
    /// offset, forward first.
    static func best(_ source: PathContour, _ target: PathContour) -> Choice {
        let a = source.nodes
        var best: Choice?
        for reversed in directions(for: target) {
            let b = (reversed ? target.reversed() : target).nodes
            let (offset, cost) = bestOffset(a, b)
            if best == nil || cost < best!.cost { best = Choice(offset: offset, reversed: reversed, cost: cost) }
        }
        return best!
    }

    /// The rotation k minimising Σᵢ |aᵢ − b₍ᵢ₊ₖ₎ mod n|², O(n²).
    static func bestOffset(_ a: [SIMD2<Double>], _ b: [SIMD2<Double>]) -> (offset: Int, cost: Double) {
        let n = a.count
        var bestOffset = 0, bestCost = Double.infinity
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                for k in 0..<n {
                    var cost = 0.0
                    var j = k
                    for i in 0..<n {
                        let d = a[i] - b[j]
                        cost += d.x * d.x + d.y * d.y
                        j += 1
                        if j == n { j = 0 }
                    }
                    if cost < bestCost {
                        bestCost = cost
                        bestOffset = k
                    }
                }
            }
        }
        return (bestOffset, bestCost)
    }

    /// `target` turned and started as `choice` says.
    static func apply(_ choice: Choice, to target: PathContour) -> PathContour {
        (choice.reversed ? target.reversed() : target).rotated(by: choice.offset)
    }
}
