import AlphaRaster
import Testing
import _TestSupport
@testable import PathMorph

/// Contours paired by position, size and nesting; the rest grow from or shrink to a point.
struct ContourMatchingTests {
    @Test func twoBarsToOneBarLeavesOneToShrink() throws {
        let bars = icon({ var p = rectangle(5, 4, 5, 16); p.append(rectangle(14, 4, 5, 16)); return p }())
        let bar = icon(rectangle(13, 4, 6, 16))
        let morph = try PathMorph(from: bars, to: bar, layout: iconLayout)
        #expect(morph.source.count == 2)
        // The right bar moves onto the bar; the left one shrinks to its own centroid.
        let collapsed = morph.target.filter { Set($0.nodes).count == 1 }
        #expect(collapsed.count == 1)
        let point = collapsed[0].start
        let leftCentre = SIMD2(repeating: Double(iconLayout.padding)) + SIMD2(7.5, 12) * 5.5
        #expect(length(point - leftCentre) < 1e-6, "\(point) against \(leftCentre)")
    }

    /// A square ring whose shape becomes a bar to its right: the hole, unpaired, shrinks
    /// inside the moving shape, never outside it (shrunk where it stood, it was left behind
    /// the shape, its winding of −1 painting a dot on empty ground: gear → pause).
    @Test func anUnpairedHoleMovesWithItsShape() throws {
        var ring = rectangle(2, 6, 12, 12)
        ring.append(rectangle(5, 9, 6, 6))
        let bar = icon(rectangle(12, 4, 5, 16))
        let morph = try PathMorph(from: icon(ring, rule: .evenOdd), to: bar, layout: iconLayout)
        let rasterizer = VectorRasterizer()
        for step in 1..<20 {
            let p = Double(step) / 20
            let contours = morph.contours(at: p)
            // Where the hole is, the shape without it covers every pixel: the shape's own mask,
            // drawn alone, is full wherever the whole frame is not.
            // The shape runs the other way round from the hole; it is the larger at the start.
            try #require(morph.source.count == 2, "the ring's shape pairs with the bar")
            let largest = morph.source.indices.max { abs(morph.source[$0].signedArea) < abs(morph.source[$1].signedArea) }!
            let shapes = [contours[largest]]
            let whole = try rasterizer.mask(forPixelPath: PathMorph.path(of: contours), rule: .nonZero, in: iconLayout)
            let shapeOnly = try rasterizer.mask(forPixelPath: PathMorph.path(of: shapes), rule: .nonZero, in: iconLayout)
            let outside = zip(whole.pixels, shapeOnly.pixels).filter { $0.0 > $0.1 }.count
            #expect(outside == 0, "p = \(p): \(outside) pixels painted outside the shape")
        }
    }

    @Test func holesPairWithHolesOfPartneredShapes() throws {
        // A square ring (evenodd, both drawn clockwise) and a ring shifted right: the hole
        // becomes the hole, oriented against its shape.
        var ring = rectangle(4, 4, 16, 16)
        ring.append(rectangle(8, 8, 8, 8))
        var shifted = rectangle(6, 4, 16, 16)
        shifted.append(rectangle(11, 9, 6, 6))
        let morph = try PathMorph(from: icon(ring, rule: .evenOdd), to: icon(shifted, rule: .evenOdd), layout: iconLayout)
        #expect(morph.source.count == 2)
        for (a, b) in zip(morph.source, morph.target) {
            #expect((a.signedArea > 0) == (b.signedArea > 0), "holes with holes")
        }
        #expect(morph.source.filter { $0.signedArea < 0 }.count == 1)
        #expect(try morph.mask(at: 0) == AlphaMask(icon: icon(ring, rule: .evenOdd), layout: iconLayout))
        #expect(try morph.mask(at: 1) == AlphaMask(icon: icon(shifted, rule: .evenOdd), layout: iconLayout))
        // Half-way the ring still has a hole: its centre is empty.
        let mid = try morph.mask(at: 0.5)
        let centre = (iconLayout.height / 2) * iconLayout.width + iconLayout.width / 2 + 5
        #expect(mid.pixels[centre] == 0)
    }

    @Test func aFarDotShrinksAndGrowsInsteadOfTravelling() throws {
        var left = rectangle(2, 2, 2, 2)
        left.append(rectangle(8, 8, 8, 8))
        var right = rectangle(20, 20, 2, 2)
        right.append(rectangle(8, 8, 8, 8))
        let morph = try PathMorph(from: icon(left), to: icon(right), layout: iconLayout)
        #expect(morph.source.count == 3, "two dots unpaired, the squares paired")
    }

    @Test func theAssignmentIsTheCheapest() {
        // Against every permutation of a 5 × 5 matrix.
        var random = SplitMix64(seed: 7)
        for _ in 0..<50 {
            let n = 5
            let cost = (0..<(n * n)).map { _ in Double(random.next() % 1000) }
            let chosen = MinimumCostAssignment.solve(cost, n: n)
            #expect(Set(chosen).count == n)
            let total = chosen.enumerated().map { cost[$0 * n + $1] }.reduce(0, +)
            var best = Double.infinity
            func permute(_ prefix: [Int]) {
                if prefix.count == n {
                    best = min(best, prefix.enumerated().map { cost[$0 * n + $1] }.reduce(0, +))
                    return
                }
                for j in 0..<n where !prefix.contains(j) { permute(prefix + [j]) }
            }
            permute([])
            #expect(total == best)
        }
    }
}

