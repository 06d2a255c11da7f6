import AlphaRaster

/// An icon's filled area as closed cubic contours in pixels, oriented so that the non-zero
/// rule fills exactly what the icon covers: shapes clockwise (positive area on a y-down
/// screen), holes anticlockwise.
///
/// How each layer gets there, without changing what it covers:
/// - even-odd layers: a contour at nesting depth d (the number of the layer's contours
///   around it) runs clockwise for even d, anticlockwise for odd d. For contours that do not
///   cross each other that makes the non-zero fill equal the even-odd one.
/// - non-zero layers: each tree of nested contours whose outermost contour runs anticlockwise
///   is reversed as a whole. Negating every winding number of a tree keeps it non-zero where
///   it was.
/// Opaque layers then unite under the non-zero rule, as `AlphaMask(icon:layout:)` unites
/// them, as long as no layer's winding is negative where another's is positive.
struct IconOutline {
    /// One contour with what matching needs to know about it.
    struct Entry {
        var contour: PathContour
        /// Anticlockwise after orientation: a hole in the shape around it.
        var isHole: Bool
        /// For a hole, the smallest shape (not hole) around it, as an index into `entries`.
        var parent: Int?
        var centroid: SIMD2<Double>
        var bounds: (min: SIMD2<Double>, max: SIMD2<Double>)
    }

    var entries: [Entry]

    /// The outline of `icon` in `layout`'s pixels.
    ///
    /// - Throws: `PathMorphError` naming `which` icon: invalid, translucent, empty or with
    ///   more than `limit` contours.
    init(icon: VectorIcon, layout: IconLayout, which: PathMorphError.Icon, limit: Int) throws {
        let outlines: [VectorRasterizer.PixelOutline]
        do {
            outlines = try VectorRasterizer().pixelOutlines(of: icon, in: layout)
        } catch let error as AlphaRasterError {
            throw PathMorphError.invalidIcon(which, error)
        } catch {
            throw PathMorphError.tooComplex(reason: "\(error)")
        }
        var contours: [PathContour] = []
        // Past the limit the contours are only counted, so that the error gives their number.
        var count = 0
        for outline in outlines where outline.opacity > 0 {
            guard outline.opacity == 1 else { throw PathMorphError.translucentLayer(which, layer: outline.layer, opacity: outline.opacity) }
            let layerContours = Self.contours(of: outline.path)
            count += layerContours.count
            if count <= limit { contours += Self.oriented(layerContours, rule: outline.rule) }
        }
        guard count <= limit else { throw PathMorphError.tooManyContours(which, count: count, limit: limit) }
        try self.init(oriented: contours, which: which)
    }

    /// The outline of contours drawn in pixels already (such as a morph's frame), filled
    /// under the non-zero rule; contours without area or extent (all points equal) are left
    /// out.
    ///
    /// - Throws: `PathMorphError.emptyIcon` or `.tooManyContours` naming `which`.
    init(contours: [PathContour], which: PathMorphError.Icon, limit: Int) throws {
        // Points past the rasterizer's range would overflow the matching's costs to infinity.
        let bound = VectorRasterizer.coordinateLimit
        func isValid(_ p: SIMD2<Double>) -> Bool { abs(p.x) <= bound && abs(p.y) <= bound }
        if let bad = contours.firstIndex(where: { contour in
            !isValid(contour.start) || contour.curves.contains { !isValid($0.control1) || !isValid($0.control2) || !isValid($0.end) }
        }) {
            throw PathMorphError.invalidPoint(which, contour: bad)
        }
        let drawn = contours.filter { contour in
            contour.curves.contains { $0.end != contour.start || $0.control1 != contour.start || $0.control2 != contour.start }
        }
        guard drawn.count <= limit else { throw PathMorphError.tooManyContours(which, count: drawn.count, limit: limit) }
        try self.init(oriented: Self.oriented(drawn, rule: .nonZero), which: which)
    }

    /// Entries for contours oriented as the type's comment says.
    private init(oriented contours: [PathContour], which: PathMorphError.Icon) throws {
        guard !contours.isEmpty else { throw PathMorphError.emptyIcon(which) }
        entries = contours.map { contour in
            Entry(contour: contour, isHole: contour.signedArea < 0, parent: nil,
                  centroid: contour.centroid, bounds: contour.controlBounds)
        }
        let nesting = ContourNesting(entries.map(\.contour))
        for index in entries.indices where entries[index].isHole {
            entries[index].parent = nesting.smallestEnclosing(index) { !entries[$0].isHole }
        }
    }

    /// The closed subpaths of `path` as cubic contours: implicit closes made explicit, lines
    /// and quadratics raised to cubics, subpaths without a drawing command left out.
    static func contours(of path: VectorPath) -> [PathContour] {
        var result: [PathContour] = []
        var start = SIMD2<Double>.zero, current = start
        var curves: [PathContour.Curve] = []
        var open = false
        func finish() {
            if open {
                if current != start { curves.append(PathContour.Curve(lineFrom: current, to: start)) }
                if curves.contains(where: { $0.end != start || $0.control1 != start || $0.control2 != start }) {
                    result.append(PathContour(start: start, curves: curves))
                }
            }
            curves.removeAll(keepingCapacity: true)
            open = false
            current = start
        }
        func begin() {
            if !open {
                start = current
                open = true
            }
        }
        for segment in path.segments {
            switch segment {
            case .move(let p):
                finish()
                start = p
                current = p
                open = true
            case .line(let p):
                begin()
                curves.append(PathContour.Curve(lineFrom: current, to: p))
                current = p
            case .quad(let c, let p):
                begin()
                curves.append(PathContour.Curve(
                    control1: current + 2 * (c - current) / 3, control2: p + 2 * (c - p) / 3, end: p))
                current = p
            case .cubic(let c1, let c2, let p):
                begin()
                curves.append(PathContour.Curve(control1: c1, control2: c2, end: p))
                current = p
            case .close:
                finish()
            }
        }
        finish()
        return result
    }

    /// One layer's contours oriented as the type's comment says.
    static func oriented(_ contours: [PathContour], rule: FillRule) -> [PathContour] {
        let nesting = ContourNesting(contours)
        var result = contours
        switch rule {
        case .evenOdd:
            for index in contours.indices {
                let area = contours[index].signedArea
                let shouldBeClockwise = nesting.depth(of: index) % 2 == 0
                if area != 0, (area > 0) != shouldBeClockwise { result[index] = contours[index].reversed() }
            }
        case .nonZero:
            for index in contours.indices {
                let root = nesting.root(of: index)
                if contours[root].signedArea < 0 { result[index] = contours[index].reversed() }
            }
        }
        return result
    }
}
