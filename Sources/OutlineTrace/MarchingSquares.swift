/// The level set of a coverage mask as closed polygons, by marching squares over the pixel
/// centres, each crossing of a cell edge placed by the coverage of the pixels either side
/// (see `crossing`), so vertices land between pixels to a fraction of a pixel.
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
    /// The padded rows from the first to the last holding a sample over 0: cells of other
    /// rows hold no crossing at any level, so the scan passes over them.
    private let contentRows: Range<Int>
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
        padded = Self.paddedGrid(pixels, width: width, height: height)
        contentRows = padded.withUnsafeBufferPointer { Self.contentRows($0.baseAddress!, columns: columns, rows: height + 2) }
        above = [Int32](repeating: -1, count: columns)
        below = above
        // Room for an outline about four times around the mask's border, left uninitialized
        // (every entry is written before it is read); the scan makes more when it needs it.
        let room = 8 * (columns + rows)
        points = Array.uninitialized(room)
        edges = Array.uninitialized(room)
        next = Array.uninitialized(room)
        starts = Array.uninitialized(room)
    }

    /// `pixels` (`width` × `height` bytes, rows tight) with a border of zeros, and eight
    /// bytes of zeros more: rows are read eight samples at a time, past their end.
    private static func paddedGrid(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int) -> [UInt8] {
        let columns = width + 2
        // Every byte is written once: the border rows and the 8 bytes past the end as zeros,
        // each inner row as a zero, the mask's row and a zero.
        var padded = [UInt8].uninitialized(columns * (height + 2) + 8)
        padded.withUnsafeMutableBufferPointer { grid in
            let base = grid.baseAddress!
            base.initialize(repeating: 0, count: columns)
            for y in 0..<height {
                let row = base + (y + 1) * columns
                row[0] = 0
                UnsafeMutableRawPointer(row + 1).copyMemory(from: pixels.baseAddress! + y * width, byteCount: width)
                row[columns - 1] = 0
            }
            (base + (height + 1) * columns).initialize(repeating: 0, count: columns + 8)
        }
        return padded
    }

    /// The rows of the padded grid (`columns` × `rows` bytes, 8 readable past the end) from
    /// the first to the last with a sample over 0 (empty when none has).
    static func contentRows(_ grid: UnsafePointer<UInt8>, columns: Int, rows: Int) -> Range<Int> {
        func hasContent(_ row: Int) -> Bool {
            var k = 0
            while k < columns {
                var v = UnsafeRawPointer(grid + row * columns + k).loadUnaligned(as: UInt64.self)
                // The row's own bytes only (the first, in memory order, are the low ones).
                if columns - k < 8 { v &= (1 << UInt64(8 * (columns - k))) - 1 }
                if v != 0 { return true }
                k += 8
            }
            return false
        }
        // (The border rows hold zeros.)
        guard rows > 2, let first = (1..<(rows - 1)).first(where: hasContent) else { return 0..<0 }
        let last = (first..<(rows - 1)).last(where: hasContent)!
        return first..<(last + 1)
    }

    /// Every closed loop of `pixels` (`width` × `height` bytes, rows tight) at `level` (not a
    /// whole number, so no sample lies on it), in the order their first cells are met.
    static func loops(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, level: Double = 127.5) -> [[SIMD2<Double>]] {
        var tracer = MarchingSquares(pixels, width: width, height: height)
        // (The tests' planes are small: no budget.)
        return try! tracer.loops(level: level, band: .whole).map(\.points)
    }

    /// More crossings at one level than the budget a scan was given (`found` or more).
    struct OverBudget: Error {
        let found: Int
    }

    /// How many crossings the last level traced had.
    var lastCrossingCount: Int { crossingCount }

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
    ///
    /// - Throws: `OverBudget` when the level has more than `budget` crossings, found before
    ///   the storage for them grows past the budget and a row's room.
    mutating func loops(level: Double, band: Band, underEdges: Bool = false, budget: Int = .max) throws(OverBudget) -> [Loop] {
        // At ½ the crossings along a slanted edge lie on it (see `dropOffEdge`).
        let offHalf = level != 127.5, needsEdges = underEdges || offHalf
        try scan(level: level, band: band, withEdges: needsEdges, budget: budget)
        var loops: [Loop] = []
        // Each loop is walked into buffers with room for every crossing, then copied out at
        // its size.
        let walked = UnsafeMutablePointer<SIMD2<Double>>.allocate(capacity: crossingCount)
        let onEdge = UnsafeMutablePointer<SIMD2<Double>>.allocate(capacity: needsEdges ? crossingCount : 0)
        defer {
            walked.deallocate()
            onEdge.deallocate()
        }
        next.withUnsafeMutableBufferPointer { next in
          points.withUnsafeBufferPointer { points in
            edges.withUnsafeBufferPointer { edges in
              starts.withUnsafeBufferPointer { starts in
                for index in 0..<startCount where next[Int(starts[index])] >= 0 {
                    var count = 0
                    var crossing = Int(starts[index])
                    while next[crossing] >= 0 {
                        walked[count] = points[crossing]
                        if needsEdges { onEdge[count] = edges[crossing] }
                        count += 1
                        let following = Int(next[crossing])
                        next[crossing] = -1
                        crossing = following
                    }
                    if offHalf { count = Self.dropOffEdge(walked, onEdge, count: count) }
                    guard count >= 3 else { continue }
                    var loop = Array(UnsafeBufferPointer(start: walked, count: count))
                    var hidden: [Bool] = []
                    if underEdges {
                        let walkedEdges = UnsafeBufferPointer(start: onEdge, count: count)
                        Self.inset(&loop, edges: walkedEdges)
                        hidden = walkedEdges.map { !$0.x.isNaN }
                        Self.thinHidden(&loop, &hidden)
                    }
                    loops.append(Loop(points: loop, hidden: hidden))
                }
              }
            }
          }
        }
        return loops
    }

    /// Finds every crossing at `level` and links each leaving crossing to the entering one of
    /// its cell.
    ///
    /// The scan writes into storage with room for a row's crossings at least; when a row
    /// might not fit it stops, the storage grows (keeping what it holds) and the scan goes on
    /// from that row. The storage grows to room for `budget` crossings and a row's at most,
    /// so a level of more crossings stops the scan and throws before it takes more memory.
    private mutating func scan(level: Double, band: Band, withEdges: Bool, budget: Int) throws(OverBudget) {
        let words = (columns + 63) / 64
        if rowBits.count < 2 * words { rowBits = [UInt64](repeating: 0, count: 2 * words) }
        // The cells from the row above the first with content to the last with content.
        guard !contentRows.isEmpty else {
            (crossingCount, startCount) = (0, 0)
            return
        }
        var found = (count: 0, starts: 0), row = contentRows.lowerBound - 1
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
                                grid.baseAddress!, rowBits: rowBits.baseAddress!, columns: columns, level: level, band: band,
                                withEdges: withEdges, from: row, to: contentRows.upperBound, into: &crossings,
                                edgeRows: (above.baseAddress!, below.baseAddress!))
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
            // The scan stops for want of room for another row (2 · columns crossings): past the
            // budget's room (`budget` + a row's), there are more than `budget`.
            let room = budget > Int.max - 2 * columns ? Int.max : budget + 2 * columns
            guard points.count < room else { throw OverBudget(found: found.count) }
            // Twice the room, the crossings found kept, within the budget's room.
            let more = min(max(points.count, 4 * columns), room - points.count)
            points += Array.uninitialized(more)
            edges += Array.uninitialized(more)
            next += Array.uninitialized(more)
            starts += Array.uninitialized(more)
            row = stoppedAt
        }
        (crossingCount, startCount) = found
        guard found.count <= budget else { throw OverBudget(found: found.count) }
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

    /// The scan over the padded grid (rows of `columns` bytes) from the cells of row
    /// `startRow` to those of row `endRow` − 1: the row it stopped at, for want of room for
    /// another row's crossings, or nil when it is done. `rowBits` holds two rows of inside
    /// bits; `edgeRows`, the crossings on the cells' bottom edges in two rows (the even rows'
    /// in the first).
    private static func scan(
        _ grid: UnsafePointer<UInt8>, rowBits: UnsafeMutablePointer<UInt64>, columns: Int, level: Double, band: Band,
        withEdges: Bool, from startRow: Int, to endRow: Int, into storage: inout Crossings,
        edgeRows: (UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>)
    ) -> Int? {
        // A local copy, so that the counts and pointers stay in registers rather than being
        // read and written through `storage` at every crossing.
        var crossings = storage
        defer { storage = crossings }
        let threshold = UInt8(level.rounded(.down))   // inside: byte > threshold
        let shares = byteShares
        // Each row as bits (bit k of word w: sample 64w + k is inside); a cell holds a
        // crossing when its four corners' bits differ, so only those cells are visited.
        let words = (columns + 63) / 64
        var topBits = rowBits, bottomBits = rowBits + words
        insideBits(grid + startRow * columns, columns: columns, threshold: threshold, into: UnsafeMutableBufferPointer(start: topBits, count: words))
        // Cells are visited row by row, left to right. A crossing on a cell's top edge was
        // met as the bottom edge of the cell above, one on its left edge as the right edge of
        // the cell before (a crossing cell too, so visited just before); the border rows and
        // columns hold none. A row's cells add at most two crossings each.
        for row in startRow..<endRow {
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
                        let (t, edge) = crossing(
                            top + column + 1, columns, band: band, threshold: threshold, withEdges: withEdges, shares: shares)
                        e1 = crossings.add(SIMD2(x + 1, y + t), edge: edge.isNaN ? Self.noEdge : SIMD2(x + 1, y + edge))
                    }
                    left = e1
                    if ic != id {
                        let (t, edge) = crossing(
                            bottom + column, 1, band: band, threshold: threshold, withEdges: withEdges, shares: shares)
                        e2 = crossings.add(SIMD2(x + t, y + 1), edge: edge.isNaN ? Self.noEdge : SIMD2(x + edge, y + 1))
                        below[column] = e2
                    }
                    // (Looking the link up by the cell's case, a 4-bit index, instead of
                    // these branches was built: no faster, 1.003–1.009 times as long over
                    // path-bench's pairs' whole morphs in 9 alternating runs. valgrind's
                    // branch model counts 2.5 mispredictions a crossing here, but the scan is
                    // bound by its instructions, about 200 a crossing in a crisp frame.)
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
                // Empty samples (most of a frame) have no bit to set.
                let v = UnsafeRawPointer(row + k).loadUnaligned(as: UInt64.self)
                if v != 0 { word |= ByteBits.over(v, threshold) << shift }
                shift &+= 8
                k &+= 8
            }
            bits[w] = word
        }
        // Bits past the row's end came from the bytes after it.
        let tail = columns % 64
        if tail != 0 { bits[bits.count - 1] &= (1 << UInt64(tail)) - 1 }
    }
}
