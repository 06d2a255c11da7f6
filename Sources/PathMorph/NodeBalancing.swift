import AlphaRaster

/// Adds nodes to a contour without changing what it draws: the curve with the most arc length
/// between its nodes is cut in two, again and again, until the contour has as many curves as
/// asked.
///
/// A cut never changes the shape (a cubic cut by de Casteljau's construction is the same
/// curve), and it is placed so that the rasterizer's polygon stays the same too:
/// `VectorRasterizer` draws a cubic as n chords of equal parameter length, n fixed by the
/// cubic's second differences and the tolerance, so a cut at t = j / n whose halves the
/// rasterizer draws with j and n − j chords goes through the very same points
/// (`exactCut`, which looks for such a j nearest the middle). A straight curve (a raised line)
/// may be cut anywhere and is cut in the middle. Among the curves that can be cut so, the one
/// with the most arc length is cut first; a curve with no such j is left whole. When none is
/// left, curves of length zero, which draw nothing, are added instead, spread over the pieces
/// in proportion to their length (`spread`).
///
/// Pairing points by arc length instead (each node of either contour given a partner as far
/// round the other, the target's start where 128 evenly spaced points travel least, corners
/// paired with corners within 6 % of the length) was built and compared frame by frame, and
/// dropped: heart → star stayed symmetric and lost its lumps, but chevron → play, the sun →
/// heart, plus → xmark and play → pause came out worse (blobs and notches mid-morph where
/// pairing by count folds one outline cleanly into the other), and the nodes added for each
/// other's nodes flipped more half-level pixels against the icons' masks (37–44 on stroked
/// Lucide and Tabler icons, over the tests' allowance of a tenth of the edge pixels).
enum NodeBalancing {
    /// One piece of an original curve: its parameter range there and its own control points.
    private struct Piece {
        var curve: Int
        var t0: Double
        var t1: Double
        var p0: SIMD2<Double>
        var shape: PathContour.Curve
        var straight: Bool
        var length: Double
        /// Where the piece can be cut without moving the rasterizer's polygon, if anywhere.
        var cut: Double?
    }

    /// `contour` with `count` curves (at least as many as it has), cut where it is longest.
    static func balanced(_ contour: PathContour, to count: Int, tolerance: Double) -> PathContour {
        let original = contour.curves.count
        guard count > original else { return contour }
        var pieces: [Piece] = []
        pieces.reserveCapacity(count)
        var heap = PieceHeap()
        for index in 0..<original {
            let p0 = contour.startOfCurve(index), curve = contour.curves[index]
            let piece = makePiece(curve: index, t0: 0, t1: 1, p0: p0, shape: curve, straight: isRaisedLine(p0, curve), tolerance: tolerance)
            pieces.append(piece)
            if isSplittable(piece) { heap.push(length: piece.length, index: index) }
        }
        var zeroLengthAfter: [Int: Int] = [:]
        var added = 0
        while original + added < count {
            guard let index = heap.pop() else {
                // Nothing can be cut without moving the polygon: add what draws nothing,
                // spread round the contour.
                zeroLengthAfter = spread(count - original - added, over: pieces.map(\.length))
                break
            }
            let piece = pieces[index]
            let t = piece.cut!
            let (left, right) = split(piece.p0, piece.shape, at: t)
            let middle = piece.t0 + (piece.t1 - piece.t0) * t
            let leftPiece = makePiece(curve: piece.curve, t0: piece.t0, t1: middle, p0: piece.p0, shape: left,
                                      straight: piece.straight, tolerance: tolerance)
            let rightPiece = makePiece(curve: piece.curve, t0: middle, t1: piece.t1, p0: left.end, shape: right,
                                       straight: piece.straight, tolerance: tolerance)
            pieces[index] = leftPiece
            pieces.append(rightPiece)
            if isSplittable(leftPiece) { heap.push(length: leftPiece.length, index: index) }
            if isSplittable(rightPiece) { heap.push(length: rightPiece.length, index: pieces.count - 1) }
            added += 1
        }
        let order = pieces.indices.sorted { (pieces[$0].curve, pieces[$0].t0) < (pieces[$1].curve, pieces[$1].t0) }
        var curves: [PathContour.Curve] = []
        curves.reserveCapacity(count)
        for index in order {
            curves.append(pieces[index].shape)
            let end = pieces[index].shape.end
            for _ in 0..<(zeroLengthAfter[index] ?? 0) {
                curves.append(PathContour.Curve(control1: end, control2: end, end: end))
            }
        }
        return PathContour(start: contour.start, curves: curves)
    }

    /// How many curves of length zero go after each piece, `extra` in all, in proportion to
    /// the pieces' `lengths` (the largest remainders first, then the lower index): so that the
    /// other contour's nodes, paired with these in order, meet nodes spread round this one as
    /// its own are. (All after the longest piece, as they once went, put most of the other
    /// contour's nodes on one point mid-morph: a circle of 4 arcs into one of 400 segments
    /// swelled into two lobes, 224 nodes there.)
    static func spread(_ extra: Int, over lengths: [Double]) -> [Int: Int] {
        let total = lengths.reduce(0, +)
        guard extra > 0, !lengths.isEmpty else { return [:] }
        guard total > 0 else { return [0: extra] }
        var counts: [Int: Int] = [:]
        var given = 0
        var remainders: [(share: Double, index: Int)] = []
        for (index, length) in lengths.enumerated() {
            let exact = Double(extra) * length / total
            let whole = min(extra - given, Int(exact.rounded(.down)))
            if whole > 0 { counts[index] = whole }
            given += whole
            remainders.append((exact - Double(whole), index))
        }
        remainders.sort { $0.share > $1.share || ($0.share == $1.share && $0.index < $1.index) }
        for k in 0..<(extra - given) { counts[remainders[k % remainders.count].index, default: 0] += 1 }
        return counts
    }

    /// De Casteljau's construction: the cubic from `p0` along `curve`, cut at `t`.
    static func split(_ p0: SIMD2<Double>, _ curve: PathContour.Curve, at t: Double) -> (PathContour.Curve, PathContour.Curve) {
        let p1 = curve.control1, p2 = curve.control2, p3 = curve.end
        let a = p0 + (p1 - p0) * t, b = p1 + (p2 - p1) * t, c = p2 + (p3 - p2) * t
        let d = a + (b - a) * t, e = b + (c - b) * t
        let m = d + (e - d) * t
        return (PathContour.Curve(control1: a, control2: d, end: m), PathContour.Curve(control1: e, control2: c, end: p3))
    }

    /// True for a curve whose control points are where `Curve(lineFrom:to:)` puts them.
    static func isRaisedLine(_ p0: SIMD2<Double>, _ curve: PathContour.Curve) -> Bool {
        curve == PathContour.Curve(lineFrom: p0, to: curve.end)
    }

    private static func makePiece(
        curve: Int, t0: Double, t1: Double, p0: SIMD2<Double>, shape: PathContour.Curve, straight: Bool, tolerance: Double
    ) -> Piece {
        let chord = length(shape.end - p0)
        let net = length(shape.control1 - p0) + length(shape.control2 - shape.control1) + length(shape.end - shape.control2)
        let cut = straight ? 0.5 : exactCut(p0, shape, tolerance: tolerance)
        return Piece(curve: curve, t0: t0, t1: t1, p0: p0, shape: shape, straight: straight, length: (chord + net) / 2, cut: cut)
    }

    /// The most chords of a curve whose cuts are searched; past it a curve is left whole.
    static let maximumSearchedChords = 256.0

    /// A parameter t = j / n at which the cubic can be cut so that the rasterizer draws the two
    /// halves with j and n − j chords — the very chords it draws the whole cubic with — or nil
    /// when there is none. The halves' chord counts come from their own second differences,
    /// which can be smaller than the whole's scaled by j / n, so each candidate is checked;
    /// the j nearest n / 2 wins.
    static func exactCut(_ p0: SIMD2<Double>, _ curve: PathContour.Curve, tolerance: Double) -> Double? {
        let n = VectorRasterizer.flatteningPieces(p0, curve.control1, curve.control2, curve.end, tolerance: tolerance)
        guard n >= 2, n <= maximumSearchedChords else { return nil }
        let chords = Int(n), middle = chords / 2
        for offset in 0..<chords {
            for j in offset == 0 ? [middle] : [middle - offset, middle + offset] where j > 0 && j < chords {
                let t = Double(j) / n
                let (left, right) = split(p0, curve, at: t)
                let leftChords = VectorRasterizer.flatteningPieces(p0, left.control1, left.control2, left.end, tolerance: tolerance)
                let rightChords = VectorRasterizer.flatteningPieces(left.end, right.control1, right.control2, right.end, tolerance: tolerance)
                if leftChords == Double(j), rightChords == n - Double(j) { return t }
            }
        }
        return nil
    }

    private static func isSplittable(_ piece: Piece) -> Bool {
        piece.length > 0 && piece.cut != nil
    }
}

/// A max-heap of piece indices by length (ties: the lower index first, so the result does not
/// depend on the heap's internals).
private struct PieceHeap {
    private var items: [(length: Double, index: Int)] = []

    private static func above(_ a: (length: Double, index: Int), _ b: (length: Double, index: Int)) -> Bool {
        a.length > b.length || (a.length == b.length && a.index < b.index)
    }

    mutating func push(length: Double, index: Int) {
        items.append((length, index))
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.above(items[child], items[parent]) else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> Int? {
        guard let top = items.first else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var best = parent
                if left < items.count, Self.above(items[left], items[best]) { best = left }
                if right < items.count, Self.above(items[right], items[best]) { best = right }
                if best == parent { break }
                items.swapAt(parent, best)
                parent = best
            }
        }
        return top.index
    }
}
