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
enum MarchingSquares {
    /// Every closed loop of `pixels` (`width` × `height` bytes, rows tight) at `level` (not a
    /// whole number, so no sample lies on it), in the order their first cells are met.
    static func loops(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, level: Double = 127.5) -> [[SIMD2<Double>]] {
        // A copy with a border of zeros: samples -1…width by -1…height without bounds checks.
        let columns = width + 2, rows = height + 2
        var padded = [UInt8](repeating: 0, count: columns * rows)
        padded.withUnsafeMutableBufferPointer { grid in
            for y in 0..<height {
                UnsafeMutableRawPointer(grid.baseAddress! + (y + 1) * columns + 1)
                    .copyMemory(from: pixels.baseAddress! + y * width, byteCount: width)
            }
        }
        // Edges are numbered by the padded index of their first sample: 2·i to the right,
        // 2·i + 1 down. `next` links a leaving crossing to the entering one of its cell;
        // `points` is written only where there is a crossing.
        let edgeCount = 2 * columns * rows
        var next = [Int32](repeating: -1, count: edgeCount)
        var points = [SIMD2<Double>](unsafeUninitializedCapacity: edgeCount) { _, count in count = edgeCount }
        var starts: [Int32] = []
        let threshold = UInt8(level.rounded(.down))   // inside: byte > threshold
        padded.withUnsafeBufferPointer { grid in
            next.withUnsafeMutableBufferPointer { next in
                points.withUnsafeMutableBufferPointer { points in
                    for row in 0..<(rows - 1) {
                        let top = grid.baseAddress! + row * columns, bottom = top + columns
                        var column = 0
                        while column < columns - 1 {
                            // Runs of cells whose corners are all 0, or all full, hold no
                            // crossing: skip them eight at a time.
                            if column + 9 <= columns {
                                let t8 = UnsafeRawPointer(top + column).loadUnaligned(as: UInt64.self)
                                let b8 = UnsafeRawPointer(bottom + column).loadUnaligned(as: UInt64.self)
                                let t9 = top[column + 8], b9 = bottom[column + 8]
                                if (t8 | b8) == 0 && (t9 | b9) == 0
                                    || (t8 & b8) == UInt64.max && (t9 & b9) == 0xFF {
                                    column += 8
                                    continue
                                }
                            }
                            let a = top[column], b = top[column + 1], c = bottom[column + 1], d = bottom[column]
                            let ia = a > threshold, ib = b > threshold, ic = c > threshold, id = d > threshold
                            if ia == ib && ib == ic && ic == id {
                                column += 1
                                continue
                            }
                            let base = row * columns + column
                            // Edges walked clockwise: top a→b, right b→c, bottom c→d, left d→a.
                            let topEdge = 2 * base, leftEdge = 2 * base + 1
                            let bottomEdge = 2 * (base + columns), rightEdge = 2 * (base + 1) + 1
                            let x = Double(column) - 0.5, y = Double(row) - 0.5
                            func t(_ from: UInt8, _ to: UInt8) -> Double {
                                (level - Double(from)) / (Double(to) - Double(from))
                            }
                            var edges: (Int, Int, Int, Int) = (0, 0, 0, 0)
                            var leaving: (Bool, Bool, Bool, Bool) = (false, false, false, false)
                            var count = 0
                            func add(_ edge: Int, _ leaves: Bool) {
                                switch count {
                                case 0: edges.0 = edge; leaving.0 = leaves
                                case 1: edges.1 = edge; leaving.1 = leaves
                                case 2: edges.2 = edge; leaving.2 = leaves
                                default: edges.3 = edge; leaving.3 = leaves
                                }
                                count += 1
                            }
                            if ia != ib {
                                points[topEdge] = SIMD2(x + t(a, b), y)
                                add(topEdge, ia)
                            }
                            if ib != ic {
                                points[rightEdge] = SIMD2(x + 1, y + t(b, c))
                                add(rightEdge, ib)
                            }
                            if ic != id {
                                points[bottomEdge] = SIMD2(x + t(d, c), y + 1)
                                add(bottomEdge, ic)
                            }
                            if id != ia {
                                points[leftEdge] = SIMD2(x, y + t(a, d))
                                add(leftEdge, id)
                            }
                            func edge(_ k: Int) -> Int { [edges.0, edges.1, edges.2, edges.3][k] }
                            func leaves(_ k: Int) -> Bool { [leaving.0, leaving.1, leaving.2, leaving.3][k] }
                            if count == 2 {
                                let from = leaving.0 ? edges.0 : edges.1, to = leaving.0 ? edges.1 : edges.0
                                next[from] = Int32(to)
                                starts.append(Int32(from))
                            } else {
                                // A saddle: join each leaving crossing to the next entering one
                                // (the middle inside) or the previous one (the middle outside).
                                let connected = (Double(a) + Double(b) + Double(c) + Double(d)) / 4 > level
                                for k in 0..<4 where leaves(k) {
                                    let partner = connected ? (k + 1) % 4 : (k + 3) % 4
                                    next[edge(k)] = Int32(edge(partner))
                                    starts.append(Int32(edge(k)))
                                }
                            }
                            column += 1
                        }
                    }
                }
            }
        }
        var loops: [[SIMD2<Double>]] = []
        for start in starts where next[Int(start)] >= 0 {
            var loop: [SIMD2<Double>] = []
            var edge = Int(start)
            while next[edge] >= 0 {
                loop.append(points[edge])
                let following = Int(next[edge])
                next[edge] = -1
                edge = following
            }
            if loop.count >= 3 { loops.append(loop) }
        }
        return loops
    }
}
