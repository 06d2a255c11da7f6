/// The level set of a coverage mask as closed polygons, by marching squares over the pixel
/// centres with linear interpolation along each cell edge, so vertices land between pixels
/// to a fraction of a pixel.
///
/// Samples are the pixel centres (x + ½, y + ½) holding the mask's bytes; outside the mask
/// the coverage is 0, so every loop closes. A sample is inside when its byte is over the
/// level, which lies between two bytes (127.5 for coverage ½).
/// Each cell's boundary is walked clockwise (on a y-down screen) and every crossing from
/// inside to outside is joined to a crossing from outside to inside, so the inside is always
/// on the walker's right: shapes come out clockwise (positive area in `PathContour`'s
/// convention) and holes anticlockwise, which the non-zero and even-odd rules both fill as
/// the mask. A saddle (two opposite corners inside) is joined through the middle when the
/// mean of its four samples is inside.
///
/// One value traces a mask at several levels and keeps its buffers between them: the padded
/// copy of the mask is made once, and the crossings are stored only where there are some
/// (a few per cent of the cells), numbered as the scan meets them, so no table the size of
/// the mask is cleared per level.
struct MarchingSquares {
    private let columns: Int, rows: Int
    /// The mask with a border of zeros: samples -1…width by -1…height without bounds checks.
    private var padded: [UInt8]
    /// Two rows' inside bits at the level being traced (see `insideBits`).
    private var rowBits: [UInt64] = []
    /// Per crossing (the first `crossingCount`): where it lies, and the crossing its loop goes
    /// to next (-1: none yet, or already walked).
    private var points: [SIMD2<Double>] = []
    private var next: [Int32] = []
    /// The crossings that leave a cell (the first `startCount`), in the order the scan meets
    /// them: loops start there.
    private var starts: [Int32] = []
    /// Per crossing: where the anti-aliased edge it lies on is (see `crossing`), or NaN.
    private var edges: [SIMD2<Double>] = []
    private var crossingCount = 0, startCount = 0
    /// The crossing on each cell's bottom edge in the row above (read as the current row's top
    /// edges) and in the current row; valid only where the edge has a crossing.
    private var above: [Int32], below: [Int32]

    /// Ready to trace `pixels` (`width` × `height` bytes, rows tight).
    init(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int) {
        precondition(pixels.count >= width * height, "the plane holds fewer than width × height bytes")
        let columns = width + 2
        self.columns = columns
        rows = height + 2
        // (Eight bytes more: rows are read eight samples at a time, past their end.)
        var padded = [UInt8](repeating: 0, count: columns * rows + 8)
        padded.withUnsafeMutableBufferPointer { grid in
            for y in 0..<height {
                UnsafeMutableRawPointer(grid.baseAddress! + (y + 1) * columns + 1)
                    .copyMemory(from: pixels.baseAddress! + y * width, byteCount: width)
            }
        }
        self.padded = padded
        above = [Int32](repeating: -1, count: columns)
        below = above
        // Room for an outline about four times around the mask's border, left uninitialized
        // (every entry is written before it is read); the scan makes more when it needs it.
        let room = 8 * (columns + rows)
        points = Self.uninitialized(room)
        edges = Self.uninitialized(room)
        next = Self.uninitialized(room)
        starts = Self.uninitialized(room)
    }

    /// An array of `count` plain values that are not set to anything.
    private static func uninitialized<Value: BitwiseCopyable>(_ count: Int) -> [Value] {
        [Value](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
    }

    /// Every closed loop of `pixels` (`width` × `height` bytes, rows tight) at `level` (not a
    /// whole number, so no sample lies on it), in the order their first cells are met.
    static func loops(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, level: Double = 127.5) -> [[SIMD2<Double>]] {
        var tracer = MarchingSquares(pixels, width: width, height: height)
        return tracer.loops(level: level).map(\.points)
    }

    /// One closed loop: its vertices, and which of them lie hidden under an opaque layer's
    /// edge (empty unless traced `underEdges`).
    struct Loop {
        var points: [SIMD2<Double>]
        var hidden: [Bool]
    }

    /// Every closed loop at `level` (not a whole number), in the order their first cells are met.
    /// With `underEdges`, the loops run a pixel inside the frame's anti-aliased edges: for a
    /// layer drawn under an opaque one that draws those edges. (A renderer composites each
    /// layer's partly covered pixels over the others', so two layers sharing an edge would
    /// cover it more than the frame does.)
    mutating func loops(level: Double, underEdges: Bool = false) -> [Loop] {
        // At ½ the linear crossings along a slanted edge lie on it (see `dropOffEdge`).
        let offHalf = level != 127.5, needsEdges = underEdges || offHalf
        scan(level: level, withEdges: needsEdges)
        var loops: [Loop] = []
        var onEdge: [SIMD2<Double>] = [], walked: [SIMD2<Double>] = []
        walked.reserveCapacity(crossingCount)
        if needsEdges { onEdge.reserveCapacity(crossingCount) }
        next.withUnsafeMutableBufferPointer { next in
            points.withUnsafeBufferPointer { points in
                for start in starts[..<startCount] where next[Int(start)] >= 0 {
                    // Walked into a buffer kept for every loop, then copied out at its size.
                    walked.removeAll(keepingCapacity: true)
                    onEdge.removeAll(keepingCapacity: true)
                    var crossing = Int(start)
                    while next[crossing] >= 0 {
                        walked.append(points[crossing])
                        if needsEdges { onEdge.append(edges[crossing]) }
                        let following = Int(next[crossing])
                        next[crossing] = -1
                        crossing = following
                    }
                    if offHalf { Self.dropOffEdge(&walked, &onEdge) }
                    guard walked.count >= 3 else { continue }
                    var loop = Array(walked[...])
                    var hidden: [Bool] = []
                    if underEdges {
                        Self.inset(&loop, edges: onEdge)
                        hidden = onEdge.map { !$0.x.isNaN }
                        Self.thinHidden(&loop, &hidden)
                    }
                    loops.append(Loop(points: loop, hidden: hidden))
                }
            }
        }
        return loops
    }

    /// Drops the vertices interpolated linearly between two that lie on an anti-aliased edge.
    /// Along an edge at a slant, the crossings between rows (for a steep edge; between
    /// columns for a flat one) fall in the long ramp the slant leaves in a column, where the
    /// linear position is off the edge by about the level's distance from ½; the crossings
    /// across the edge are placed on it (see `crossing`). Kept, the off ones would zigzag the outline
    /// (at ½ they lie on the edge, and are kept).
    private static func dropOffEdge(_ loop: inout [SIMD2<Double>], _ edges: inout [SIMD2<Double>]) {
        let n = loop.count
        guard n >= 8 else { return }
        var write = 0
        for i in 0..<n {
            let off = edges[i].x.isNaN && !edges[i > 0 ? i - 1 : n - 1].x.isNaN && !edges[i + 1 < n ? i + 1 : 0].x.isNaN
            if off { continue }
            loop[write] = loop[i]
            edges[write] = edges[i]
            write += 1
        }
        loop.removeLast(n - write)
        edges.removeLast(n - write)
    }

    /// Moves the vertices on an anti-aliased edge (those whose `edges` entry is a point) to a
    /// pixel inside that edge, along the normal from their neighbours (the inside is on the
    /// walker's right).
    private static func inset(_ loop: inout [SIMD2<Double>], edges: [SIMD2<Double>]) {
        let n = loop.count, first = loop[0]
        // The normals come from the vertices as traced: the one before is kept aside before
        // it moves, the one after has not moved yet.
        var previous = loop[n - 1]
        for i in 0..<n {
            let current = loop[i]
            defer { previous = current }
            guard !edges[i].x.isNaN else { continue }
            let d = (i + 1 < n ? loop[i + 1] : first) - previous
            let length = (d.x * d.x + d.y * d.y).squareRoot()
            guard length > 0 else { continue }
            loop[i] = edges[i] + SIMD2(-d.y, d.x) / length
        }
    }

    /// Keeps one hidden vertex in four (and every one next to a visible vertex): under the
    /// opaque layer the loop need only stay inside it, and fewer vertices there are less to fit.
    private static func thinHidden(_ loop: inout [SIMD2<Double>], _ hidden: inout [Bool]) {
        let n = loop.count
        guard n >= 16, hidden.contains(true) else { return }
        // Kept vertices are moved down in place; a flag is read before it can be overwritten
        // (the one before from a local, the one after not reached yet).
        let last = hidden[n - 1], firstHidden = hidden[0]
        var previousHidden = last, run = 0, write = 0
        for i in 0..<n {
            let isHidden = hidden[i]
            let keep = !isHidden || !previousHidden || !(i + 1 < n ? hidden[i + 1] : firstHidden) || run % 4 == 0
            run = isHidden ? run + 1 : 0
            previousHidden = isHidden
            if keep {
                loop[write] = loop[i]
                hidden[write] = isHidden
                write += 1
            }
        }
        // (At least one vertex in four is kept: four or more of the 16 or more.)
        loop.removeLast(n - write)
        hidden.removeLast(n - write)
    }

    /// Finds every crossing at `level` and links each leaving crossing to the entering one of
    /// its cell.
    ///
    /// The scan writes into storage with room for a row's crossings at least; when a row
    /// might not fit it stops, the storage grows (keeping what it holds) and the scan goes on
    /// from that row.
    private mutating func scan(level: Double, withEdges: Bool) {
        let words = (columns + 63) / 64
        if rowBits.count < 2 * words { rowBits = [UInt64](repeating: 0, count: 2 * words) }
        var found = (count: 0, starts: 0), row = 0
        while true {
            let scanned: (count: Int, starts: Int, stoppedAt: Int?) = padded.withUnsafeBufferPointer { grid in
              rowBits.withUnsafeMutableBufferPointer { rowBits in
                points.withUnsafeMutableBufferPointer { points in
                  edges.withUnsafeMutableBufferPointer { edges in
                    next.withUnsafeMutableBufferPointer { next in
                      starts.withUnsafeMutableBufferPointer { starts in
                        above.withUnsafeMutableBufferPointer { above in
                          below.withUnsafeMutableBufferPointer { below in
                            var crossings = Crossings(
                                points: points.baseAddress!, edges: edges.baseAddress!, next: next.baseAddress!,
                                starts: starts.baseAddress!, capacity: points.count, count: found.count, startCount: found.starts)
                            let stoppedAt = Self.scan(
                                grid.baseAddress!, rowBits: rowBits.baseAddress!, columns: columns, rows: rows, level: level, withEdges: withEdges,
                                from: row, into: &crossings, edgeRows: (above.baseAddress!, below.baseAddress!))
                            return (crossings.count, crossings.startCount, stoppedAt)
                          }
                        }
                      }
                    }
                  }
                }
              }
            }
            found = (scanned.count, scanned.starts)
            guard let stoppedAt = scanned.stoppedAt else { break }
            // Twice the room, the crossings found kept.
            let more = max(points.count, 4 * columns)
            points += Self.uninitialized(more)
            edges += Self.uninitialized(more)
            next += Self.uninitialized(more)
            starts += Self.uninitialized(more)
            row = stoppedAt
        }
        (crossingCount, startCount) = found
    }

    /// The `edges` entry of a crossing on no anti-aliased edge.
    /// (Computed: a stored static would be checked for its one-time initialization at every
    /// crossing.)
    static var noEdge: SIMD2<Double> { SIMD2(.nan, .nan) }

    /// The crossings found so far, written into storage sized for all of them.
    private struct Crossings {
        var points: UnsafeMutablePointer<SIMD2<Double>>, edges: UnsafeMutablePointer<SIMD2<Double>>
        var next: UnsafeMutablePointer<Int32>, starts: UnsafeMutablePointer<Int32>
        /// How many crossings (and starts) the storage holds; how many it holds so far.
        let capacity: Int
        var count: Int, startCount: Int

        init(
            points: UnsafeMutablePointer<SIMD2<Double>>, edges: UnsafeMutablePointer<SIMD2<Double>>,
            next: UnsafeMutablePointer<Int32>, starts: UnsafeMutablePointer<Int32>, capacity: Int, count: Int, startCount: Int
        ) {
            (self.points, self.edges, self.next, self.starts) = (points, edges, next, starts)
            (self.capacity, self.count, self.startCount) = (capacity, count, startCount)
        }

        /// A new crossing at `point`, not linked yet; `edge`: where the anti-aliased edge it
        /// lies on is (NaN where it does not).
        @inline(__always)
        mutating func add(_ point: SIMD2<Double>, edge: SIMD2<Double>) -> Int32 {
            points[count] = point
            edges[count] = edge
            next[count] = -1
            count += 1
            return Int32(count - 1)
        }

        /// Joins the crossing `from`, leaving its cell, to `to`, entering it; a loop may start
        /// at `from`.
        @inline(__always)
        mutating func link(_ from: Int32, _ to: Int32) {
            next[Int(from)] = to
            starts[startCount] = from
            startCount += 1
        }
    }

    /// The scan over the padded grid (`columns` × `rows` bytes) from the cells of row
    /// `startRow`: the row it stopped at, for want of room for another row's crossings, or nil
    /// when it is done. `rowBits` holds two rows of inside bits; `edgeRows`, the crossings on
    /// the cells' bottom edges in two rows (the even rows' in the first).
    private static func scan(
        _ grid: UnsafePointer<UInt8>, rowBits: UnsafeMutablePointer<UInt64>, columns: Int, rows: Int, level: Double, withEdges: Bool,
        from startRow: Int, into crossings: inout Crossings, edgeRows: (UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>)
    ) -> Int? {
        let threshold = UInt8(level.rounded(.down))   // inside: byte > threshold
        // Each row as bits (bit k of word w: sample 64w + k is inside); a cell holds a
        // crossing when its four corners' bits differ, so only those cells are visited.
        let words = (columns + 63) / 64
        var topBits = rowBits, bottomBits = rowBits + words
        insideBits(grid + startRow * columns, columns: columns, threshold: threshold, into: UnsafeMutableBufferPointer(start: topBits, count: words))
        // Cells are visited row by row, left to right. A crossing on a cell's top edge was
        // met as the bottom edge of the cell above, one on its left edge as the right edge of
        // the cell before (a crossing cell too, so visited just before); the border rows and
        // columns hold none. A row's cells add at most two crossings each.
        for row in startRow..<(rows - 1) {
            if crossings.count + 2 * columns > crossings.capacity { return row }
            let (above, below) = row % 2 == 0 ? (edgeRows.1, edgeRows.0) : (edgeRows.0, edgeRows.1)
            let top = grid + row * columns, bottom = top + columns
            insideBits(bottom, columns: columns, threshold: threshold, into: UnsafeMutableBufferPointer(start: bottomBits, count: words))
            let y = Double(row) - 0.5
            var left: Int32 = -1
            for w in 0..<words {
                let upper = topBits[w], lower = bottomBits[w]
                // The bits of each cell's right corners: the next sample's.
                let upperNext = upper >> 1 | (w + 1 < words ? topBits[w + 1] << 63 : 0)
                let lowerNext = lower >> 1 | (w + 1 < words ? bottomBits[w + 1] << 63 : 0)
                var cells = (upper ^ upperNext) | (lower ^ lowerNext) | (upper ^ lower)
                while cells != 0 {
                    let column = w * 64 + cells.trailingZeroBitCount
                    cells &= cells - 1
                    guard column < columns - 1 else { break }
                    let a = top[column], b = top[column + 1], c = bottom[column + 1], d = bottom[column]
                    let ia = a > threshold, ib = b > threshold, ic = c > threshold, id = d > threshold
                    let x = Double(column) - 0.5
                    // The crossings on the edges walked clockwise: top a→b, right b→c,
                    // bottom c→d, left d→a (-1 where there is none). The left one was met
                    // as the previous cell's right edge; read it before this cell's own
                    // right edge replaces it.
                    let e3 = id != ia ? left : -1
                    let e0 = ia != ib ? above[column] : -1
                    var e1: Int32 = -1, e2: Int32 = -1
                    if ib != ic {
                        let (t, edge) = crossing(top + column + 1, columns, level: level, withEdges: withEdges)
                        e1 = crossings.add(SIMD2(x + 1, y + t), edge: edge.isNaN ? Self.noEdge : SIMD2(x + 1, y + edge))
                    }
                    left = e1
                    if ic != id {
                        let (t, edge) = crossing(bottom + column, 1, level: level, withEdges: withEdges)
                        e2 = crossings.add(SIMD2(x + t, y + 1), edge: edge.isNaN ? Self.noEdge : SIMD2(x + edge, y + 1))
                        below[column] = e2
                    }
                    if e0 >= 0 && e1 >= 0 && e2 >= 0 && e3 >= 0 {
                        // A saddle: join each leaving crossing to the next entering one (the
                        // middle inside) or the previous one (the middle outside). A crossing
                        // leaves where its edge runs from inside to outside.
                        let connected = (Double(a) + Double(b) + Double(c) + Double(d)) / 4 > level
                        let edges = (e0, e1, e2, e3), leaving = (ia, ib, ic, id)
                        if leaving.0 { crossings.link(edges.0, connected ? edges.1 : edges.3) }
                        if leaving.1 { crossings.link(edges.1, connected ? edges.2 : edges.0) }
                        if leaving.2 { crossings.link(edges.2, connected ? edges.3 : edges.1) }
                        if leaving.3 { crossings.link(edges.3, connected ? edges.0 : edges.2) }
                    } else {
                        // Two crossings: the first present one (in clockwise order) and the
                        // second; the leaving one goes to the other.
                        let first: Int32, second: Int32, firstLeaves: Bool
                        if e0 >= 0 {
                            (first, firstLeaves, second) = (e0, ia, e1 >= 0 ? e1 : e2 >= 0 ? e2 : e3)
                        } else if e1 >= 0 {
                            (first, firstLeaves, second) = (e1, ib, e2 >= 0 ? e2 : e3)
                        } else {
                            (first, firstLeaves, second) = (e2, ic, e3)
                        }
                        if firstLeaves { crossings.link(first, second) } else { crossings.link(second, first) }
                    }
                }
            }
            swap(&topBits, &bottomBits)
        }
        return nil
    }

    /// The inside bits of one row of `columns` samples (bit k of word w: sample 64w + k is
    /// over `threshold`), eight samples at a time; the row may be read up to seven bytes past
    /// its end.
    @inline(__always)
    static func insideBits(_ row: UnsafePointer<UInt8>, columns: Int, threshold: UInt8, into bits: UnsafeMutableBufferPointer<UInt64>) {
        var k = 0
        for w in 0..<bits.count {
            var word: UInt64 = 0
            var shift: UInt64 = 0
            while shift < 64 && k < columns {
                let v = UnsafeRawPointer(row + k).loadUnaligned(as: UInt64.self)
                word |= ByteBits.over(v, threshold) << shift
                shift &+= 8
                k &+= 8
            }
            bits[w] = word
        }
        // Bits past the row's end came from the bytes after it.
        let tail = columns % 64
        if tail != 0 { bits[bits.count - 1] &= (1 << UInt64(tail)) - 1 }
    }

    /// Where the level crosses between the sample at `p` and the one at `p + step` (one inside,
    /// one outside), as a fraction of the way from the first, and on an anti-aliased edge,
    /// where the edge lies (NaN elsewhere, and always without `withEdges` at ½).
    ///
    /// An outline drawn hard and anti-aliased by a vector renderer differs least from the
    /// frame's pixels (the sum of the differences is least) when it covers every pixel over ½,
    /// no pixel under ½, and the pixel nearest ½ as much as that pixel is covered; that is
    /// where it crosses a row or column of pixels, here. At ½ (without `withEdges`: a crisp frame's
    /// one outline) the level crosses between the two samples, and the nearer of them to ½ is
    /// that pixel. At other levels, across an anti-aliased edge (a ramp of at most three
    /// partial pixels either side, climbing from an empty pixel to a full one), the crossing
    /// is on the edge, whatever the level, so that every layer's outline runs along it; off
    /// such an edge it is interpolated linearly between the two samples.
    @inline(__always)
    static func crossing(_ p: UnsafePointer<UInt8>, _ step: Int, level: Double, withEdges: Bool) -> (Double, Double) {
        let a = p[0], b = p[step]
        if level == 127.5 && !withEdges { return (nearerToHalf(a, b), .nan) }
        if let edge = rampEdge(p, step, rising: a < b) { return (edge, edge) }
        return ((level - Double(a)) / (Double(b) - Double(a)), .nan)
    }

    /// The edge in whichever of two neighbouring pixels (`a` at 0, `b` at 1, one either side
    /// of ½) is nearer to ½, covering as much of it as it is covered: inside is towards the
    /// larger one. Pixel i spans i − ½ … i + ½.
    @inline(__always)
    static func nearerToHalf(_ a: UInt8, _ b: UInt8) -> Double {
        let fa = Double(a), fb = Double(b)
        if a < b {
            return 127.5 - fa < fb - 127.5 ? 0.5 - fa / 255 : 1.5 - fb / 255
        }
        return fa - 127.5 < 127.5 - fb ? fa / 255 - 0.5 : 0.5 + fb / 255
    }

    /// Where the anti-aliased edge through the samples at `p` and `p + step` lies (see
    /// `crossing`), or nil when they are not on one.
    @inline(__always)
    private static func rampEdge(_ p: UnsafePointer<UInt8>, _ step: Int, rising: Bool) -> Double? {
        // Outwards from the first sample (towards the outside when rising) to the first
        // saturated one, and likewise from the second the other way; the ramp must climb all
        // along. (The walks stop at the grid's border of zeros at the latest.) On the way,
        // the partial pixel nearest ½: its distance from ½ doubled, and where it is.
        var j = 0, k = 1, nearest = Int.max, at = 0
        while true {
            let v = p[j * step]
            if rising ? v <= 2 : v >= 253 { break }
            if j < -2 || (j < 0 && (rising ? v >= p[(j + 1) * step] : v <= p[(j + 1) * step])) { return nil }
            let distance = abs(2 * Int(v) - 255)
            if distance < nearest { (nearest, at) = (distance, j) }
            j -= 1
        }
        while true {
            let v = p[k * step]
            if rising ? v >= 253 : v <= 2 { break }
            if k > 3 || (k > 1 && (rising ? v <= p[(k - 1) * step] : v >= p[(k - 1) * step])) { return nil }
            let distance = abs(2 * Int(v) - 255)
            if distance < nearest { (nearest, at) = (distance, k) }
            k += 1
        }
        // No partial pixel: the edge is the border between the two.
        guard nearest != Int.max else { return 0.5 }
        let covered = Double(p[at * step]) / 255
        let edge = rising ? Double(at) + 0.5 - covered : Double(at) - 0.5 + covered
        // The edge may lie up to two samples past the crossing (a level far from ½ crosses
        // at one end of a ramp, the pixel nearest ½ may be at the other).
        return edge > -2 && edge < 3 ? edge : nil
    }
}
