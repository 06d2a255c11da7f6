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

    /// The mask with the helpers of each step.
    private struct Grid {
        let pixels: UnsafePointer<UInt8>
        let width: Int, height: Int
        let edges: UnsafeMutablePointer<Bool>
        /// Per edge pixel, the index of its piece in `pieces`.
        let slots: UnsafeMutablePointer<Int32>
        /// The edge pixels' pieces, row after row: one for each (`placePieces`). Kept apart
        /// rather than at each edge pixel's index in a plane of 48 bytes a pixel, most of it
        /// never written but the pages the outline's pixels fall on: a whole
        /// `iconmorph render --style distance --progress 0.5` then peaked at 87 MB at 1024 px
        /// (277 MB at 2048 px) against 75 MB (262 MB) now, in the same time.
        let pieces: UnsafeMutablePointer<Piece>

        /// The piece of edge pixel `q`.
        @inline(__always)
        func piece(_ q: Int) -> Piece { pieces[Int(slots[q])] }

        /// +1 where the pixel is covered (at least half), −1 where it is not.
        @inline(__always)
        func side(_ i: Int) -> Double { pixels[i] >= 128 ? 1 : -1 }

        /// Whether the pixel at (`x`, `y`) is an edge pixel (see `markEdges`).
        @inline(__always)
        func isEdge(_ x: Int, _ y: Int) -> Bool { edges[y * width + x] }

        /// Marks the edge pixels of `pixels` (`width` × `height`) in `edges` (cleared): partly
        /// covered, or fully covered next to an empty pixel or the canvas border. Returns how
        /// many there are.
        static func markEdges(of pixels: UnsafePointer<UInt8>, width: Int, height: Int, in edges: UnsafeMutablePointer<Bool>) -> Int {
            var count = 0
            for y in 0..<height {
                for x in 0..<width {
                    let i = y * width + x, v = pixels[i]
                    if v == 0 { continue }
                    edges[i] = v < 255 || x == 0 || y == 0 || x == width - 1 || y == height - 1
                        || pixels[i - 1] == 0 || pixels[i + 1] == 0 || pixels[i - width] == 0 || pixels[i + width] == 0
                    if edges[i] { count += 1 }
                }
            }
            return count
        }

        /// Every edge pixel's piece (see `SignedDistanceField`).
        func placePieces() {
            var slot = 0
            for y in 0..<height {
                for x in 0..<width where isEdge(x, y) {
                    slots[y * width + x] = Int32(slot)
                    (pieces + slot).initialize(to: SignedDistanceField.piece(x: x, y: y, of: pixels, width: width, height: height))
                    slot += 1
                }
            }
        }

        /// Sets `seed[i]` to the index of the edge pixel whose centre is nearest pixel i's
        /// (exact); false when there is none. `square` is scratch.
        func nearestEdgePixels(seed: UnsafeMutablePointer<Int32>, square: UnsafeMutablePointer<Double>) -> Bool {
            // Columns: the nearest edge pixel's row down the column, then up it (in seed, as
            // a row for now), with its squared distance. Every column at once, a row at a
            // time (`last`: per column, the row of the edge pixel last met), so that memory
            // is read in order: column by column, each step was a cache line of its own, and
            // this pass took most of the transform at 1024 px.
            let last = UnsafeMutablePointer<Int>.allocate(capacity: width)
            defer { last.deallocate() }
            last.initialize(repeating: -1, count: width)
            for y in 0..<height {
                for x in 0..<width {
                    let i = y * width + x
                    if edges[i] { last[x] = y }
                    if last[x] >= 0 {
                        seed[i] = Int32(last[x])
                        square[i] = Double((y - last[x]) * (y - last[x]))
                    }
                }
            }
            var any = false
            for x in 0..<width where last[x] >= 0 { any = true }
            last.update(repeating: -1, count: width)
            for y in stride(from: height - 1, through: 0, by: -1) {
                for x in 0..<width {
                    let i = y * width + x
                    if seed[i] == Int32(y) && square[i] == 0 { last[x] = y }
                    if last[x] >= 0 && Double((last[x] - y) * (last[x] - y)) < square[i] {
                        seed[i] = Int32(last[x])
                        square[i] = Double((last[x] - y) * (last[x] - y))
                    }
                }
            }
            guard any else { return false }
            // Rows: the lower envelope of the parabolas (x − c)² + g(c) of the columns c, g(c)
            // the squared distance down column c; vertices[0...k] in order, vertices[j] lowest
            // from bounds[j] to bounds[j + 1]. The rows found per column are read before the
            // row's entries become indices.
            let vertices = UnsafeMutablePointer<Int>.allocate(capacity: width)
            let bounds = UnsafeMutablePointer<Double>.allocate(capacity: width)
            let rows = UnsafeMutablePointer<Int32>.allocate(capacity: width)
            defer {
                vertices.deallocate()
                bounds.deallocate()
                rows.deallocate()
            }
            for y in 0..<height {
                let row = y * width
                var k = -1
                for column in 0..<width where square[row + column].isFinite {
                    rows[column] = seed[row + column]
                    let g = square[row + column] + Double(column * column)
                    var start = -Double.infinity
                    while k >= 0 {
                        let v = vertices[k]
                        // Where this parabola meets the envelope's last one.
                        start = (g - (square[row + v] + Double(v * v))) / Double(2 * (column - v))
                        if start > bounds[k] { break }
                        k -= 1
                    }
                    if k < 0 { start = -.infinity }
                    k += 1
                    vertices[k] = column
                    bounds[k] = start
                }
                var piece = 0
                for x in 0..<width {
                    while piece < k && bounds[piece + 1] <= Double(x) { piece += 1 }
                    let column = vertices[piece]
                    seed[row + x] = Int32(Int(rows[column]) * width + column)
                }
            }
            return true
        }

        /// From each pixel's nearest edge pixel to the one with the nearest piece, and
        /// `square[i]` the squared distance to that piece: rounds of trying the edge pixels
        /// around each pixel's choice, then its neighbours' choices in two sweeps (down and
        /// right from those above and to the left, then up and left from the others), until a
        /// round changes nothing or `maximumRounds` have run.
        ///
        /// After the first round, a pixel is tried again only where a candidate may be new:
        /// around its choice, when its choice changed since its last try of that kind; in a
        /// sweep, when the choice of a neighbour it reads changed since then (`changedAt`: per
        /// pixel, the last pass that changed its choice). A candidate tried before lost to a
        /// choice no further than the pixel's present one, so it loses again. Whole stretches of
        /// `stretchLength` pixels of a row are passed over first where nothing changed in
        /// the 3 × 3 stretches around them (`changedIn`). A candidate that is the pixel's own
        /// choice is skipped too. The result is that of trying everything, for less: by rows,
        /// as this once skipped, every row of a 1024 px icon was tried in all four rounds (the
        /// later rounds' changes are few but spread along the whole outline).
        ///
        /// Where the time goes (counted in each field of the built-in play → pause at 1024 px):
        /// the first round tries 2.4–2.8 pieces a pixel around the choices and about 2 in each
        /// sweep, since away from the outline neighbouring pixels' nearest pieces differ
        /// almost everywhere; the second round's pass around the choices 1–2.3 more; 9–11 in
        /// all, at about 5 ns each. This refinement is most of a distance field's cost, and
        /// of a whole `--style distance` run's at large sizes (59 % of the samples of one at
        /// 1024 px). A lower bound from a candidate's centre (its piece lies within 0.87 px of
        /// it) would skip 0.2–0.3 % of them: the candidates' distances differ by less.
        /// Two more were built and measured (perf samples of six such runs, the same fields):
        /// in the sweeps, skipping a neighbour's choice that lies around the pixel's choice when
        /// it last tried those (tried then, so it loses again) left out 40–50 % of the pieces
        /// tried but not a sample of the time (8,555 against 8,466); trying all four choices
        /// without branching on whether each is the pixel's own took 8–13 % more. Trying the
        /// edge pixels within two of the choice (5 × 5) instead of one made the refinement
        /// 7–11 % slower and the fields of play and pause at 1024 px not quite the same.
        func refine(seed: UnsafeMutablePointer<Int32>, square: UnsafeMutablePointer<Double>, triesEverything: Bool) {
            // Per edge pixel, which of its 8 neighbours are edge pixels (bit k: the one at
            // `offsets[k]`, an index step).
            let steps: [(dx: Int, dy: Int)] = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)]
            let offsets = UnsafeMutablePointer<Int>.allocate(capacity: steps.count)
            defer { offsets.deallocate() }
            for (k, step) in steps.enumerated() { (offsets + k).initialize(to: step.dy * width + step.dx) }
            let neighbourMasks = UnsafeMutablePointer<UInt8>.allocate(capacity: width * height)
            defer { neighbourMasks.deallocate() }
            neighbourMasks.initialize(repeating: 0, count: width * height)
            for y in 0..<height {
                for x in 0..<width where isEdge(x, y) {
                    var mask: UInt8 = 0
                    for (bit, step) in steps.enumerated() {
                        let nx = x + step.dx, ny = y + step.dy
                        if nx >= 0, ny >= 0, nx < width, ny < height, isEdge(nx, ny) { mask |= 1 << bit }
                    }
                    neighbourMasks[y * width + x] = mask
                }
            }
            for y in 0..<height {
                for x in 0..<width { square[y * width + x] = piece(Int(seed[y * width + x])).squaredDistance(to: SIMD2(Double(x), Double(y))) }
            }
            let length = SignedDistanceField.stretchLength
            let stretches = (width + length - 1) / length
            // Stretches by row, with a border of never-changed stretches all round, so that
            // the 3 × 3 around any stretch can be read without bounds checks.
            let span = stretches + 2
            let changedIn = UnsafeMutablePointer<Int>.allocate(capacity: span * (height + 2))
            defer { changedIn.deallocate() }
            changedIn.initialize(repeating: Int.min / 2, count: span * (height + 2))
            // Per pixel, likewise with a border: the last pass that changed its choice.
            let rowSpan = width + 2
            let changedAt = UnsafeMutablePointer<Int32>.allocate(capacity: rowSpan * (height + 2))
            defer { changedAt.deallocate() }
            changedAt.initialize(repeating: Int32.min / 2, count: rowSpan * (height + 2))
            /// Pixel (x, y)'s `changedAt` entry.
            @inline(__always)
            func at(_ x: Int, _ y: Int) -> UnsafeMutablePointer<Int32> { changedAt + (y + 1) * rowSpan + x + 1 }
            // The helper functions below capture no variable (`pass` is an argument): a
            // variable a nested function captures is checked for exclusive access at every use
            // (a tenth of the time here). The closures given to `visit` do capture `pass` and
            // `changed`, but are not escaping, so they are checked when compiled instead.
            /// Tries the piece of edge pixel `q` for pixel `i` (at `p`): whether it is nearer
            /// than the pixel's choice, which it then becomes, marking the stretch (`mark`)
            /// changed in `pass`.
            @inline(__always)
            func consider(_ i: Int, _ mark: UnsafeMutablePointer<Int>, _ pixel: UnsafeMutablePointer<Int32>, _ pass: Int, _ p: SIMD2<Double>, _ q: Int) -> Bool {
                guard Int32(truncatingIfNeeded: q) != seed[i] else { return false }
                let d = piece(q).squaredDistance(to: p)
                guard d < square[i] else { return false }
                square[i] = d
                seed[i] = Int32(q)
                mark.pointee = pass
                pixel.pointee = Int32(pass)
                return true
            }
            /// The `changedIn` entry of stretch `k` of row y.
            @inline(__always)
            func entry(_ y: Int, _ k: Int) -> UnsafeMutablePointer<Int> { changedIn + (y + 1) * span + k + 1 }
            /// Whether stretch k of row y or one around it changed within the last pass of each
            /// kind (4 passes: `pass` and the three before); every one in the first round.
            @inline(__always)
            func stirred(_ y: Int, _ k: Int, _ pass: Int) -> Bool {
                if pass <= 3 || triesEverything { return true }
                let recent = pass - 3
                let above = entry(y - 1, k), here = entry(y, k), below = entry(y + 1, k)
                return max(max(max(above[-1], above[0]), max(above[1], here[-1])), max(max(here[0], here[1]), max(below[-1], max(below[0], below[1])))) >= recent
            }
            /// Calls `body` with each pixel (x, y, its `changedAt` entry and its stretch's
            /// `changedIn` entry) of the stretches `stirred` in `pass`: rows and pixels in order,
            /// or from the last one back.
            @inline(__always)
            func visit(
                _ pass: Int, backwards: Bool,
                _ body: (_ x: Int, _ y: Int, _ here: UnsafeMutablePointer<Int32>, _ mark: UnsafeMutablePointer<Int>) -> Void
            ) {
                for row in 0..<height {
                    let y = backwards ? height - 1 - row : row
                    for stretch in 0..<stretches {
                        let k = backwards ? stretches - 1 - stretch : stretch
                        guard stirred(y, k, pass) else { continue }
                        let mark = entry(y, k), first = k * length, end = min(width, first + length)
                        for column in first..<end {
                            let x = backwards ? end - 1 - (column - first) : column
                            body(x, y, at(x, y), mark)
                        }
                    }
                }
            }
            var pass = 0
            for _ in 0..<SignedDistanceField.maximumRounds {
                var changed = false
                pass += 1
                visit(pass, backwards: false) { x, y, here, mark in
                    // Only a new choice has new edge pixels around it.
                    if pass > 3 && !triesEverything && Int(here.pointee) < pass - 3 { return }
                    let i = y * width + x, p = SIMD2(Double(x), Double(y))
                    // The edge pixels around the choice, from its mask of them.
                    let q = Int(seed[i])
                    var around = neighbourMasks[q]
                    while around != 0 {
                        let bit = around.trailingZeroBitCount
                        around &= around - 1
                        if consider(i, mark, here, pass, p, q + offsets[bit]) { changed = true }
                    }
                }
                pass += 1
                visit(pass, backwards: false) { x, y, here, mark in
                    // Only a neighbour's new choice is a new candidate.
                    if pass > 3 && !triesEverything {
                        let above = here - rowSpan
                        if Int(max(max(here[-1], above[-1]), max(above[0], above[1]))) < pass - 3 { return }
                    }
                    let i = y * width + x, p = SIMD2(Double(x), Double(y))
                    var any = false
                    if x > 0 { any = consider(i, mark, here, pass, p, Int(seed[i - 1])) || any }
                    if y > 0 {
                        any = consider(i, mark, here, pass, p, Int(seed[i - width])) || any
                        if x > 0 { any = consider(i, mark, here, pass, p, Int(seed[i - width - 1])) || any }
                        if x < width - 1 { any = consider(i, mark, here, pass, p, Int(seed[i - width + 1])) || any }
                    }
                    if any { changed = true }
                }
                pass += 1
                visit(pass, backwards: true) { x, y, here, mark in
                    if pass > 3 && !triesEverything {
                        let below = here + rowSpan
                        if Int(max(max(here[1], below[1]), max(below[0], below[-1]))) < pass - 3 { return }
                    }
                    let i = y * width + x, p = SIMD2(Double(x), Double(y))
                    var any = false
                    if x < width - 1 { any = consider(i, mark, here, pass, p, Int(seed[i + 1])) || any }
                    if y < height - 1 {
                        any = consider(i, mark, here, pass, p, Int(seed[i + width])) || any
                        if x < width - 1 { any = consider(i, mark, here, pass, p, Int(seed[i + width + 1])) || any }
                        if x > 0 { any = consider(i, mark, here, pass, p, Int(seed[i + width - 1])) || any }
                    }
                    if any { changed = true }
                }
                if !changed { break }
            }
        }
    }
}
