/// Chooses where a target contour starts and which way it runs, so that its nodes travel as
/// little as possible to or from its source partner: the least sum of squared distances
/// between node i of one and node i of the other, over every rotation of the target and each
/// direction that keeps the winding.
///
/// Both contours of a pair are oriented alike already (`IconOutline`: shapes clockwise, holes
/// anticlockwise), so running the target the other way would turn a shape into a hole
/// half-way: it is searched only when one of the two has no area, where the direction
/// decides nothing about the fill.
enum StartPointSearch {
    /// The chosen rotation and direction, and its cost.
    struct Choice: Equatable {
        var offset: Int
        var reversed: Bool
        var cost: Double
    }

    /// The directions allowed for a target paired with `source`: forward, and backward when
    /// either contour has no area.
    static func directions(_ source: PathContour, _ target: PathContour) -> [Bool] {
        let a = source.signedArea, b = target.signedArea
        if a == 0 || b == 0 { return [false, true] }
        return (a > 0) == (b > 0) ? [false] : [true]
    }

    /// The best choice for `target` (same curve count as `source`); ties go to the smaller
    /// offset, forward first.
    static func best(_ source: PathContour, _ target: PathContour) -> Choice {
        let a = source.nodes
        var best: Choice?
        for reversed in directions(source, target) {
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
