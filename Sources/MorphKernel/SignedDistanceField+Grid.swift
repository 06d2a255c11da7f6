extension SignedDistanceField {
    /// The mask with the helpers of each step of `SignedDistanceField(coverage:width:height:)`:
    /// the edge pixels, their pieces, the exact transform to the nearest edge pixel's centre and
    /// the refinement to the nearest piece.
    struct Grid {
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
