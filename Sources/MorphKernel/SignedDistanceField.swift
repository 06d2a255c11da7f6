/// The signed distance from each pixel centre of a coverage mask to the mask's outline (its
/// coverage-½ edge), in pixels: positive inside, negative outside. The field stage of the
/// distance morph style, computed once per icon.
///
/// The outline runs through the mask's edge pixels: every partly covered pixel, and every
/// fully covered pixel with an empty 4-neighbour or on the canvas border (outside which the
/// coverage is 0). In a fully covered edge pixel the outline is the pixel's sides that face
/// empty pixels. In a partly covered one it is taken as a piece of a straight line across
/// the pixel: its normal n is the direction in which the coverage falls fastest (Sobel's
/// 3 × 3 differences), and it lies where it leaves the pixel's coverage a on the covered side —
/// s(a, n) beyond the centre along n (`PixelEdge.offset`, exact for a straight edge drawn with
/// exact-area anti-aliasing); the piece is the part of that line within ½ of a pixel of the
/// point nearest the centre. Then
///
///     φ(p) = ±min over edge pixels q of the distance from p to q's piece,   + where p is covered.
///
/// The minimum is searched for from the nearest edge pixel by centres, which an exact
/// Euclidean distance transform gives each pixel (Felzenszwalb and Huttenlocher's lower
/// envelope of parabolas, a column pass then a row pass). Then, in rounds until one changes
/// nothing (at most `maximumRounds`), each pixel tries the edge pixels around its choice
/// (the nearest piece may belong to a neighbour of the nearest edge pixel) and its
/// neighbours' choices, in two sweeps (where two parts of the outline are about equally
/// near, the nearest edge pixel may be on the farther one). Real icons come out within 0.01 px of the minimum, masks of noise within a
/// few tenths. Against the true distance: within 0.003 px of a straight edge along a row or
/// column, within 0.08 px of discs of radius 8 px and more (see the tests). A mask without
/// edge pixels (all empty) is −`unreachable` everywhere and has no outline (`hasOutline`); a
/// morph uses a field of its own for it (`outside(by:width:height:)`).
struct SignedDistanceField {
    let width: Int
    let height: Int
    /// φ of each pixel, row-major, in pixels.
    private(set) var values: [Float]
    /// Whether the mask has an edge pixel, so that φ is a distance to something.
    private(set) var hasOutline = true
    /// The least and greatest φ of each segment of `DistanceFrameRenderer.segmentLength`
    /// pixels of a row (`SegmentBounds`): a frame mixes and blurs only the segments near its
    /// outline.
    private(set) var segmentBounds: [SIMD2<Float>] = []
    /// The largest step of φ from a pixel to its neighbour in a row or column (`FieldSteps`).
    private(set) var steepestStep: Float = 0

    /// The value of a mask with no outline: further than any distance on a canvas of
    /// `MorphRenderer.maximumPixelCount` pixels.
    static let unreachable: Float = 1_048_576

    /// The most rounds of improving each pixel's choice of piece (see `Grid.refine`).
    static let maximumRounds = 4

    /// The pixels of a row `Grid.refine` tracks changes by.
    static let stretchLength = 16

    /// Half the length of an edge pixel's piece of outline, in pixels.
    static let pieceReach = 0.5

    /// The field of `coverage` (`width` × `height` bytes, rows tight). `triesEverything`
    /// turns off what the refinement skips (`Grid.refine`), for the tests: the field is the
    /// same.
    init(coverage: UnsafeBufferPointer<UInt8>, width: Int, height: Int, triesEverything: Bool = false) {
        precondition(width > 0 && height > 0 && coverage.count >= width * height, "the plane holds fewer than width × height bytes")
        let count = width * height
        var values = [Float](repeating: -Self.unreachable, count: count)
        var hasOutline = true
        // Per pixel: its edge pixel (an index) and the distance to that one's piece; in the
        // column pass, the nearest edge pixel's row in the column and the squared distance.
        var seed = [Int32](repeating: -1, count: count)
        var distance = [Double](repeating: .infinity, count: count)
        // Per edge pixel, the index of its piece in `Grid.pieces` (only edge pixels' entries
        // are written and read).
        let slots = UnsafeMutablePointer<Int32>.allocate(capacity: count)
        defer { slots.deallocate() }
        var edges = [Bool](repeating: false, count: count)
        values.withUnsafeMutableBufferPointer { values in
          seed.withUnsafeMutableBufferPointer { seed in
            distance.withUnsafeMutableBufferPointer { distance in
                edges.withUnsafeMutableBufferPointer { edges in
                    let edgeCount = Grid.markEdges(of: coverage.baseAddress!, width: width, height: height, in: edges.baseAddress!)
                    let pieces = UnsafeMutablePointer<Piece>.allocate(capacity: max(edgeCount, 1))
                    defer { pieces.deallocate() }
                    let grid = Grid(
                        pixels: coverage.baseAddress!, width: width, height: height, edges: edges.baseAddress!, slots: slots, pieces: pieces)
                    guard grid.nearestEdgePixels(seed: seed.baseAddress!, square: distance.baseAddress!) else {
                        hasOutline = false
                        return
                    }
                    grid.placePieces()
                    grid.refine(seed: seed.baseAddress!, square: distance.baseAddress!, triesEverything: triesEverything)
                    for i in 0..<count { values[i] = Float(grid.side(i) * distance[i].squareRoot()) }
                }
            }
          }
        }
        self.init(width: width, height: height, values: values, hasOutline: hasOutline)
    }

    /// A field of −`depth` everywhere: what the distance style mixes for an empty mask, so the
    /// other icon grows out of (or shrinks into) its own deepest parts — those more than
    /// `depth` · (1 − e) / e inside it show at eased progress e.
    static func outside(by depth: Float, width: Int, height: Int) -> SignedDistanceField {
        SignedDistanceField(width: width, height: height, values: [Float](repeating: -depth, count: width * height), hasOutline: false)
    }

    /// A field of `values` (`width` × `height`, row-major) as given, with its bounds per segment
    /// and its steepest step: the mask's field, `outside(by:width:height:)`'s, and the tests'
    /// fields that no mask gives.
    init(width: Int, height: Int, values: [Float], hasOutline: Bool) {
        self.width = width
        self.height = height
        self.values = values
        self.hasOutline = hasOutline
        segmentBounds = SegmentBounds.of(values, width: width, height: height)
        steepestStep = FieldSteps.steepest(values, width: width, height: height)
    }

    /// An edge pixel's piece of outline. In a partly covered pixel, a straight piece: its
    /// middle (in pixel-centre coordinates) and unit normal, pointing out of the shape. In a
    /// fully covered one, the pixel's sides that face empty pixels or the canvas border.
    ///
    /// The distance branches on the kind. Keeping every piece as two straight ones instead
    /// (the same one twice for a partly covered pixel or a single side), so that all but
    /// three- and four-sided pixels take the same arithmetic, gave the same fields but made
    /// the refinement slower: a whole `iconmorph render --style distance --progress 0.5` at
    /// 1024 px took 166 ms against 124 ms (12 % longer at 132 px; medians of 21 and 41
    /// alternating runs), the second distance costing more than the branch it saved.
    struct Piece {
        var middle = SIMD2<Double>()
        var normal = SIMD2<Double>(1, 0)
        /// A fully covered pixel's sides on the outline (bits: left, right, top, bottom);
        /// 0 for a straight piece. `middle` is then the pixel's centre.
        var sides: UInt8 = 0

        /// The distance from `p` to the piece.
        func distance(to p: SIMD2<Double>) -> Double { squaredDistance(to: p).squareRoot() }

        /// The square of the distance from `p` to the piece.
        @inline(__always)
        func squaredDistance(to p: SIMD2<Double>) -> Double {
            let v = p - middle
            guard sides != 0 else {
                let across = v.x * normal.x + v.y * normal.y, along = v.y * normal.x - v.x * normal.y
                let beyond = max(0, abs(along) - SignedDistanceField.pieceReach)
                return across * across + beyond * beyond
            }
            // Each side is a unit segment half a pixel from the centre.
            let alongX = max(0, abs(v.x) - 0.5), alongY = max(0, abs(v.y) - 0.5)
            var nearest = Double.infinity
            if sides & 1 != 0 { nearest = min(nearest, (v.x + 0.5) * (v.x + 0.5) + alongY * alongY) }
            if sides & 2 != 0 { nearest = min(nearest, (v.x - 0.5) * (v.x - 0.5) + alongY * alongY) }
            if sides & 4 != 0 { nearest = min(nearest, alongX * alongX + (v.y + 0.5) * (v.y + 0.5)) }
            if sides & 8 != 0 { nearest = min(nearest, alongX * alongX + (v.y - 0.5) * (v.y - 0.5)) }
            return nearest
        }
    }

    /// The piece of outline in the edge pixel at (`x`, `y`) of `pixels` (`width` × `height`).
    static func piece(x: Int, y: Int, of pixels: UnsafePointer<UInt8>, width: Int, height: Int) -> Piece {
        func coverage(_ x: Int, _ y: Int) -> Double {
            x < 0 || y < 0 || x >= width || y >= height ? 0 : Double(pixels[y * width + x]) / 255
        }
        let centre = SIMD2(Double(x), Double(y))
        if pixels[y * width + x] == 255 {
            var sides: UInt8 = 0
            if coverage(x - 1, y) == 0 { sides |= 1 }
            if coverage(x + 1, y) == 0 { sides |= 2 }
            if coverage(x, y - 1) == 0 { sides |= 4 }
            if coverage(x, y + 1) == 0 { sides |= 8 }
            return Piece(middle: centre, sides: sides)
        }
        let left = coverage(x - 1, y - 1) + 2 * coverage(x - 1, y) + coverage(x - 1, y + 1)
        let right = coverage(x + 1, y - 1) + 2 * coverage(x + 1, y) + coverage(x + 1, y + 1)
        let up = coverage(x - 1, y - 1) + 2 * coverage(x, y - 1) + coverage(x + 1, y - 1)
        let down = coverage(x - 1, y + 1) + 2 * coverage(x, y + 1) + coverage(x + 1, y + 1)
        var normal = SIMD2(left - right, up - down)
        let length = (normal.x * normal.x + normal.y * normal.y).squareRoot()
        // A lone pixel or a flat spot has no direction: along the row.
        normal = length > 0 ? normal / length : SIMD2(1, 0)
        let offset = PixelEdge.offset(coverage: coverage(x, y), normal: normal)
        return Piece(middle: centre + offset * normal, normal: normal)
    }
}
