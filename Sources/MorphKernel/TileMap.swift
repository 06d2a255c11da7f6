/// Which parts of a frame need the blur, decided per tile of 16 columns × `tileRows` rows
/// from bounds on the mix, so that flat regions cost a fill instead of 2 · (2n + 1) taps a
/// pixel.
///
/// For every tile the stats pass (`measure`) bounds the mix over the tile's pixels:
/// M = s · wS + t · wT is monotonic in both bytes, so in single precision
/// `low` = min s · wS + min t · wT ≤ M ≤ max s · wS + max t · wT = `high` (tiles that hang over
/// the canvas's right or bottom edge get `low` = 0, the mix outside the canvas). Then
/// `classify` takes, for each output tile, the bounds over every tile its taps can reach
/// (⌈h / 16⌉ blocks and ⌈v / tileRows⌉ tile rows each side; beyond the grid counts as
/// M = 0). The weights are positive and sum to 1 within 10⁻⁶, and two single-precision passes
/// of up to 2001 taps round by less than 3 · 10⁻⁴ relative, so V stays within 0.1 % of
/// [min, max] of that reach, and the tile is
/// - `empty` when that max is 0 (V = 0 exactly) or max · 1.001 < t − s: V < t − s, so α = 0;
/// - `full` when min · 0.999 > t + 10⁻⁵: V > t by more than the rounding of t − s and 1 / s
///   can take back, so u ≥ 1 and α = 1;
/// - `compute` otherwise, and `empty` too outside the rows and columns the taps can reach
///   from any non-zero mask byte (there V = 0 exactly).
/// So a filled tile gets exactly the bytes the computation would give: the output does not
/// depend on the classification (the tests compare against computing every tile).
///
/// With automatic softness (`Rule.automatic`) the ramp width w is at most
/// W = max(G, (r − 1) · w_0 · min(1, G / (κ w_0)), w_flat, s_min) where G bounds g = r · c: a
/// two-sided difference of a blur of values in [min, max] is at most (w_0 + w_1) (max − min)
/// (the kernel's differences w_{k−1} − w_{k+1} sum to w_0 + w_1 on each side), so
/// G = w_0 (max − min); in the canvas's first and last rows and columns, where the
/// neighbour outside is λ · max(0, 2 V − V_inside) ∈ [0, 2 max], c ≤ max and G = r · max.
/// Plus the rounding (`Rule.fieldError`, ε: V is within ε of [min, max], g within 4ε). A tile is
/// `empty` when max + ε < t − W / 2 + μ and `full` when min − ε > t + W / 2 − μ with
/// μ = 5 · 10⁻⁵, which leans towards filling because a pixel that close inside the ramp
/// still rounds to the fill's byte (its u is at most μ / W ≤ 5 · 10⁻⁴ past 0 or 1, an eighth
/// of a byte at most). With [min, max] = [0, 1] this gives one W for the whole frame, which
/// is w_flat once the blur is a few pixels wide; only when it is larger (near rest) do the
/// tiles' bounds reach one pixel further (h + 1, v + 1: the neighbours that g reads) to
/// narrow it per tile, and the rows and columns out of reach are one more. (Reaching further
/// always would add a ring of tiles when n is a multiple of 16: measured 23 % more computed
/// tiles at 1024² with n = 48.) The [min, max] in the tests on V are still those of the taps'
/// reach; the wider bounds only enter W. Where the extra pixel falls in the next tile (h or
/// v a multiple of 16, as at level 0) the two differ, and a tile beside an edge is filled
/// when its own V decides it whatever its neighbours do (measured: 24 instead of 46
/// computed tiles at level 0 of the 132² disc → rounded-square morph; fixed softness: 21).
///
/// A horizontal-pass tile is `needed` when a computed tile within reach reads it; only those
/// are written to the blur plane each frame, so every plane row a computed tile reads was
/// written in the same frame (or is the zero padding outside the canvas). With automatic
/// softness the field plane also gets V for the row above and below and the column left and
/// right of every computed tile (`FramePlan+AutomaticEdge.swift`), from the blur plane of
/// the neighbouring tiles: of a block beside a computed tile only the four lanes next to it
/// are needed (`Need`); the row above or below reads one plane row beyond the computed
/// tile's reach, which is in a needed tile unless v is a multiple of 16.
///
/// Tiles are indexed row-major by tile row: tile (b, r) is `r · blockCount + b`.
final class TileMap {
    /// Rows per tile. 8 and 16 measured alike at 132², 512² and 1024² (smaller tiles skip a
    /// little more near edges but cost more to measure and classify); 32 was 15 % slower at
    /// 1024².
    static let tileRows = 16

    enum Kind: UInt8 {
        case compute = 0
        case empty = 1
        case full = 2
    }

    /// When a tile's bounds prove its α constant.
    enum Rule {
        /// Fixed softness s: empty below t − s, full above t.
        case fixed(threshold: Double, softness: Double)
        /// Automatic softness with the frame's kernel taps w_0, w_1 and half-width n.
        case automatic(threshold: Double, kernelCentre: Double, kernelNeighbour: Double, halfWidth: Int)

        /// The reach of a tile's bounds beyond the blur taps: 1 when the automatic ramp's
        /// width needs the neighbours' bounds (`frameWidth` is larger than w_flat), else 0.
        var extraReach: Int {
            switch self {
            case .fixed: 0
            case .automatic: frameWidth > MorphFrameMath.flatFadeWidth ? 1 : 0
            }
        }

        /// Whether α reads the neighbours' V (the automatic ramp).
        var readsNeighbours: Bool {
            switch self {
            case .fixed: false
            case .automatic: true
            }
        }

        /// An upper bound on the automatic ramp's width w at any pixel away from the canvas's
        /// edges: W for G = w_0 (1 + 2ε) + 4ε (M spans at most [0, 1]). Once the blur is wide
        /// enough (w_0 ≤ about w_flat) this is w_flat, and a tile's own bounds cannot lower it.
        var frameWidth: Double {
            guard case .automatic(_, let w0, let w1, let n) = self else { return 0 }
            let error = Rule.fieldError(halfWidth: n)
            return Rule.width(slopeBound: w0 * (1 + 2 * error) + 4 * error, w0: w0, w1: w1)
        }

        /// The same in the canvas's first and last rows and columns, where g ≤ r · max V
        /// (see the type's comment): W for G = r (1 + ε) + 4ε.
        var borderWidth: Double { edgeWidth(largestField: 1) }

        /// The bound across the canvas's edge for pixels whose V and inside neighbours are at
        /// most `largest`: W for G = r (largest + ε) + 4ε.
        func edgeWidth(largestField largest: Double) -> Double {
            guard case .automatic(_, let w0, let w1, let n) = self else { return 0 }
            let error = Rule.fieldError(halfWidth: n)
            let r = MorphFrameMath.slopeCorrection(kernelCentre: w0, kernelNeighbour: w1)
            return Rule.width(slopeBound: r * (largest + error) + 4 * error, w0: w0, w1: w1)
        }

        /// A bound on |V − exact V| (V ≤ 1) after both passes of 2n + 1 single-precision
        /// taps: each pass adds n + 1 terms, each sum and product rounding by at most 2⁻²⁴ of
        /// a value ≤ 1 (3.6 · 10⁻⁷ (n + 1) for both), and the stored weights sum to 1 within
        /// 10⁻⁶ (2 · 10⁻⁶ for both); rounded up to 3 · 10⁻⁶ + 5 · 10⁻⁷ (n + 1), which is
        /// 5 · 10⁻⁴ at n = 1000. A block summed from the mix's changes (`MixSteps`) also adds
        /// at most n + 1 terms of at most 1, each with up to five roundings (Δ's two products
        /// and sum, the tail's and the product's): 3 · 10⁻⁷ (n + 1) across, 4.8 · 10⁻⁷ (n + 1)
        /// for both, still inside the bound. A difference of two V is then off by at most
        /// twice that, and g = r · c by at most 4 times.
        static func fieldError(halfWidth n: Int) -> Double {
            3e-6 + 5e-7 * Double(n + 1)
        }

        /// W = max(G, (r − 1) · w_0 · min(1, G / (κ w_0)), w_flat, s_min) for a bound G on g.
        static func width(slopeBound g: Double, w0: Double, w1: Double) -> Double {
            width(slopeBound: g, w0: w0, r: MorphFrameMath.slopeCorrection(kernelCentre: w0, kernelNeighbour: w1))
        }

        /// `width(slopeBound:w0:w1:)` with r = `slopeCorrection(w0, w1)` given, for loops over tiles.
        @inline(__always)
        static func width(slopeBound g: Double, w0: Double, r: Double) -> Double {
            max(
                g, (r - 1) * w0 * min(1, g / (MorphFrameMath.edgeSlopeFraction * w0)),
                MorphFrameMath.flatFadeWidth, MorphStyle.minimumSoftness)
        }
    }

    let blockCount: Int
    let tileRowCount: Int
    let width: Int
    let height: Int
    let maxBands: Int

    /// Per tile: the bounds on M, then (in `classify`) the bounds over its reach.
    private let low: UnsafeMutablePointer<Float>
    private let high: UnsafeMutablePointer<Float>
    private let lowAcross: UnsafeMutablePointer<Float>
    private let highAcross: UnsafeMutablePointer<Float>
    /// Per tile, with the automatic ramp when its reach ends in another tile than the taps':
    /// the bounds over the reach of the neighbours the ramp reads (`classify`).
    private let lowWide: UnsafeMutablePointer<Float>
    private let highWide: UnsafeMutablePointer<Float>
    /// Per tile: `Kind.rawValue`.
    let kinds: UnsafeMutablePointer<UInt8>
    /// Per tile: 0, or the lanes the horizontal pass must write (`Need`).
    let needed: UnsafeMutablePointer<UInt8>
    /// Per tile: 1 when some byte of the source or target in it is non-zero.
    private let tileContent: UnsafeMutablePointer<UInt8>
    /// Per row: 0 when every byte of the source and target in it is 0 (then the mix is 0);
    /// set by `findContent` exactly for the first and last tile rows with content, 1 for the
    /// rows between.
    let rowContent: UnsafeMutablePointer<UInt8>
    /// Band k of the horizontal pass takes tile rows `horizontalSplits[k] ..< [k + 1]`.
    let horizontalSplits: UnsafeMutablePointer<Int>
    /// Band k of the vertical pass takes tile rows `verticalSplits[k] ..< [k + 1]`.
    let verticalSplits: UnsafeMutablePointer<Int>
    private let rowWork: UnsafeMutablePointer<Int>

    init(width: Int, height: Int, maxBands: Int) {
        self.width = width
        self.height = height
        self.maxBands = maxBands
        blockCount = (width + 15) / 16
        tileRowCount = (height + TileMap.tileRows - 1) / TileMap.tileRows
        let tiles = blockCount * tileRowCount
        low = .allocate(capacity: tiles)
        high = .allocate(capacity: tiles)
        lowAcross = .allocate(capacity: tiles)
        highAcross = .allocate(capacity: tiles)
        lowWide = .allocate(capacity: tiles)
        highWide = .allocate(capacity: tiles)
        kinds = .allocate(capacity: tiles)
        needed = .allocate(capacity: tiles)
        tileContent = .allocate(capacity: tiles)
        rowContent = .allocate(capacity: height)
        horizontalSplits = .allocate(capacity: maxBands + 1)
        verticalSplits = .allocate(capacity: maxBands + 1)
        rowWork = .allocate(capacity: tileRowCount)
        for buffer in [low, high, lowAcross, highAcross, lowWide, highWide] {
            buffer.initialize(repeating: 0, count: tiles)
        }
        kinds.initialize(repeating: Kind.compute.rawValue, count: tiles)
        needed.initialize(repeating: 1, count: tiles)
        tileContent.initialize(repeating: 1, count: tiles)
        rowContent.initialize(repeating: 1, count: height)
        horizontalSplits.initialize(repeating: 0, count: maxBands + 1)
        verticalSplits.initialize(repeating: 0, count: maxBands + 1)
        rowWork.initialize(repeating: 0, count: tileRowCount)
    }

    deinit {
        for buffer in [low, high, lowAcross, highAcross, lowWide, highWide] { buffer.deallocate() }
        kinds.deallocate()
        needed.deallocate()
        tileContent.deallocate()
        rowContent.deallocate()
        horizontalSplits.deallocate()
        verticalSplits.deallocate()
        rowWork.deallocate()
    }

    /// The rows of tile row `r`.
    func rows(ofTileRow r: Int) -> Range<Int> {
        r * TileMap.tileRows..<min(height, (r + 1) * TileMap.tileRows)
    }

    /// The stats pass over tile rows `tileRows`: `low`, `high` and `tileContent`.
    func measure(
        tileRows: Range<Int>, source: UnsafePointer<UInt8>, target: UnsafePointer<UInt8>,
        sourceWeight: Float, targetWeight: Float
    ) {
        for r in tileRows {
            let rows = self.rows(ofTileRow: r)
            let partialRows = rows.count < TileMap.tileRows
            for b in 0..<blockCount {
                let x = b &* 16
                var sLow: UInt8 = 255, sHigh: UInt8 = 0, tLow: UInt8 = 255, tHigh: UInt8 = 0
                if x &+ 16 <= width {
                    var sMin = SIMD16<UInt8>(repeating: 255), sMax = SIMD16<UInt8>()
                    var tMin = SIMD16<UInt8>(repeating: 255), tMax = SIMD16<UInt8>()
                    var offset = rows.lowerBound &* width &+ x
                    var row = 0
                    while row < rows.count {
                        let s = (source + offset).vector16(at: 0)
                        let t = (target + offset).vector16(at: 0)
                        // `replace(with:where:)` compiles to pminub / pmaxub; `pointwiseMin` to a call.
                        sMin.replace(with: s, where: s .< sMin)
                        sMax.replace(with: s, where: s .> sMax)
                        tMin.replace(with: t, where: t .< tMin)
                        tMax.replace(with: t, where: t .> tMax)
                        offset &+= width
                        row &+= 1
                    }
                    sLow = sMin.min(); sHigh = sMax.max(); tLow = tMin.min(); tHigh = tMax.max()
                } else {
                    for y in rows {
                        for column in x..<width {
                            let s = source[y &* width &+ column], t = target[y &* width &+ column]
                            sLow = min(sLow, s); sHigh = max(sHigh, s)
                            tLow = min(tLow, t); tHigh = max(tHigh, t)
                        }
                    }
                }
                let tile = r &* blockCount &+ b
                low[tile] = partialRows || x &+ 16 > width
                    ? 0 : Float(sLow) * sourceWeight + Float(tLow) * targetWeight
                high[tile] = Float(sHigh) * sourceWeight + Float(tHigh) * targetWeight
                tileContent[tile] = sHigh | tHigh != 0 ? 1 : 0
            }
        }
    }

    /// After `measure`: the rows and columns from the first to the last with a non-zero
    /// byte in the source or target (empty ranges when there is none), and `rowContent`.
    ///
    /// The tile stats give the first and last tile rows and blocks with content; only those
    /// are scanned byte by byte, so this costs a few rows and columns, not the frame.
    func findContent(source: UnsafePointer<UInt8>, target: UnsafePointer<UInt8>) -> (rows: Range<Int>, columns: Range<Int>) {
        var firstTileRow = Int.max, lastTileRow = -1, firstBlock = Int.max, lastBlock = -1
        for r in 0..<tileRowCount {
            let row = tileContent + r * blockCount
            for b in 0..<blockCount where row[b] != 0 {
                firstTileRow = min(firstTileRow, r); lastTileRow = r
                firstBlock = min(firstBlock, b); lastBlock = max(lastBlock, b)
            }
        }
        guard lastTileRow >= 0 else {
            rowContent.update(repeating: 0, count: height)
            return (0..<0, 0..<0)
        }
        func rowHasContent(_ y: Int) -> Bool {
            let s = source + y * width, t = target + y * width
            var x = 0
            while x + 8 <= width {
                let word = UnsafeRawPointer(s + x).loadUnaligned(as: UInt64.self)
                    | UnsafeRawPointer(t + x).loadUnaligned(as: UInt64.self)
                if word != 0 { return true }
                x += 8
            }
            while x < width {
                if s[x] | t[x] != 0 { return true }
                x += 1
            }
            return false
        }
        let inside = rows(ofTileRow: firstTileRow).lowerBound..<rows(ofTileRow: lastTileRow).upperBound
        rowContent.update(repeating: 0, count: inside.lowerBound)
        (rowContent + inside.upperBound).update(repeating: 0, count: height - inside.upperBound)
        (rowContent + inside.lowerBound).update(repeating: 1, count: inside.count)
        for y in rows(ofTileRow: firstTileRow) { rowContent[y] = rowHasContent(y) ? 1 : 0 }
        if lastTileRow != firstTileRow {
            for y in rows(ofTileRow: lastTileRow) { rowContent[y] = rowHasContent(y) ? 1 : 0 }
        }
        var first = inside.lowerBound
        while rowContent[first] == 0 { first += 1 }
        var last = inside.upperBound - 1
        while rowContent[last] == 0 { last -= 1 }

        // The columns of the first and last blocks with content that hold a non-zero byte.
        func columnBits(_ b: Int) -> SIMD16<UInt8> {
            var bits = SIMD16<UInt8>()
            if b * 16 + 16 <= width {
                for y in first...last {
                    let offset = y * width + b * 16
                    bits |= (source + offset).vector16(at: 0) | (target + offset).vector16(at: 0)
                }
            } else {
                for y in first...last {
                    for lane in 0..<width - b * 16 {
                        bits[lane] |= source[y * width + b * 16 + lane] | target[y * width + b * 16 + lane]
                    }
                }
            }
            return bits
        }
        let left = columnBits(firstBlock), right = columnBits(lastBlock)
        let firstColumn = firstBlock * 16 + (0..<16).first { left[$0] != 0 }!
        let lastColumn = lastBlock * 16 + (0..<16).last { right[$0] != 0 }!
        return (first..<last + 1, firstColumn..<lastColumn + 1)
    }

    /// Classifies every tile for taps reaching h columns and v rows and marks the needed
    /// horizontal tiles. Tiles wholly outside `outputRows` × `outputColumns` (the content
    /// rows and columns dilated by the reach, where α can be non-zero) are empty. With
    /// `skipping` false every tile is computed and needed (the reference the tests compare
    /// against).
    func classify(
        horizontalHalfWidth across: Int, verticalHalfWidth down: Int, rule: Rule,
        outputRows: Range<Int>, outputColumns: Range<Int>, skipping: Bool
    ) {
        let tiles = blockCount * tileRowCount
        guard skipping else {
            kinds.update(repeating: Kind.compute.rawValue, count: tiles)
            needed.update(repeating: 1, count: tiles)
            return
        }
        let blocks = blockCount
        // The taps' reach bounds V; with the automatic ramp the reach one pixel further bounds
        // the neighbours, so the slope. When that pixel lies in another tile (h or v a
        // multiple of 16, as at level 0) the two are dilated separately: the wide bounds then
        // only widen W, and the tiles beside an edge keep their own V bounds.
        let reachAcross = (across + 15) / 16
        let reachDown = (down + TileMap.tileRows - 1) / TileMap.tileRows
        let extraReach = rule.extraReach
        let wideAcross = (across + extraReach + 15) / 16
        let wideDown = (down + extraReach + TileMap.tileRows - 1) / TileMap.tileRows
        // The automatic rule's frame constants, once a frame rather than once a tile row (each
        // takes divisions; near rest, frames cost little, so they showed).
        var interiorWidth = 0.0, correction = 0.0, error = 0.0
        if case .automatic(_, let w0, let w1, let n) = rule {
            interiorWidth = rule.frameWidth
            correction = MorphFrameMath.slopeCorrection(kernelCentre: w0, kernelNeighbour: w1)
            error = Rule.fieldError(halfWidth: n)
        }
        // Every W below is at least this (`Rule.width` takes the maximum with it), so a tile
        // that is neither empty nor full with it is computed whatever its own W.
        let narrowest = max(MorphFrameMath.flatFadeWidth, MorphStyle.minimumSoftness)
        let separate = wideAcross != reachAcross || wideDown != reachDown
        if separate {
            dilateAcross(wideAcross)
            for r in 0..<tileRowCount {
                dilateDown(tileRow: r, reach: wideDown, lows: lowWide + r * blocks, highs: highWide + r * blocks)
            }
        }
        dilateAcross(reachAcross)
        let compute = Kind.compute.rawValue, empty = Kind.empty.rawValue, full = Kind.full.rawValue
        let firstBlock = outputColumns.lowerBound / 16
        let endBlock = (outputColumns.upperBound + 15) / 16
        for r in 0..<tileRowCount {
            // Down: the bounds of this tile row, then of its neighbours, into `low` / `high`.
            let lows = low + r * blocks, highs = high + r * blocks
            dilateDown(tileRow: r, reach: reachDown, lows: lows, highs: highs)
            let wideLows = separate ? lowWide + r * blocks : lows, wideHighs = separate ? highWide + r * blocks : highs
            let row = kinds + r * blocks
            guard rows(ofTileRow: r).overlaps(outputRows) else {
                row.update(repeating: empty, count: blocks)
                continue
            }
            let reachesOut = r - reachDown < 0 || r + reachDown >= tileRowCount
            switch rule {
            case .fixed(let t, let s):
                let emptyBelow = Float(t - s) / 1.001
                let fullAbove = Float((t + 1e-5) / 0.999)
                for b in 0..<blocks {
                    // V ≤ max M · (1 + 10⁻³) and V ≥ min M · (1 − 10⁻³); see the type's comment.
                    if highs[b] == 0 || highs[b] < emptyBelow || b < firstBlock || b >= endBlock {
                        row[b] = empty
                    } else if !reachesOut && lows[b] > fullAbove {
                        row[b] = full
                    } else {
                        row[b] = compute
                    }
                }
            case .automatic(let t, let w0, _, _):
                let tileBounds = extraReach > 0
                let edgeRow = r == 0 || r == tileRowCount - 1
                // V is within `fieldError` of [min, max] (the mix itself is computed as
                // `measure` bounds it), and a pixel 5 · 10⁻⁵ inside the band still rounds to
                // the fill's byte (u is at most 5 · 10⁻⁵ / W ≤ 5 · 10⁻⁴ past 0 or 1, as
                // W ≥ w_flat), so the last margin leans towards filling.
                let emptyAtNarrowest = t - narrowest / 2 + 5e-5, fullAtNarrowest = t + narrowest / 2 - 5e-5
                // In a last block (tile row) one pixel across, a pixel's neighbour inside lies
                // in the tile before it, beyond the bounds unless they reach one pixel further.
                let thinRow = r == tileRowCount - 1 && height % TileMap.tileRows == 1
                for b in 0..<blocks {
                    let low = Double(lows[b]), high = Double(highs[b])
                    let wideLow = Double(wideLows[b]), wideHigh = Double(wideHighs[b])
                    // V = 0 at every pixel and its neighbours: α = 0 (g = 0, w = w_flat ≤ 2t);
                    // and α = 0 out of the content's reach. No need for W then.
                    if wideHigh == 0 || b < firstBlock || b >= endBlock {
                        row[b] = empty
                        continue
                    }
                    // The tests below only get harder as W grows (rounding is monotonic).
                    if !(high + error < emptyAtNarrowest) && (reachesOut || !(low - error > fullAtNarrowest)) {
                        row[b] = compute
                        continue
                    }
                    // The bounds reach the neighbours only when they can narrow the frame's W.
                    var width = tileBounds
                        ? min(interiorWidth, Rule.width(slopeBound: w0 * (wideHigh - wideLow) + 4 * error, w0: w0, r: correction))
                        : interiorWidth
                    if edgeRow || b == 0 || b == blocks - 1 {
                        // The differences across the canvas's edge read this tile only.
                        let thin = !tileBounds && (thinRow || (b == blocks - 1 && self.width % 16 == 1))
                        // `rule.edgeWidth(largestField:)`.
                        let largest = thin ? 1 : wideHigh
                        width = max(
                            width, Rule.width(slopeBound: correction * (largest + error) + 4 * error, w0: w0, r: correction))
                    }
                    if high + error < t - width / 2 + 5e-5 {
                        row[b] = empty
                    } else if !reachesOut && low - error > t + width / 2 - 5e-5 {
                        row[b] = full
                    } else {
                        row[b] = compute
                    }
                }
            }
        }
        // A horizontal tile is needed when a computed tile within the taps' reach down reads
        // it. With the automatic ramp the blocks beside such tiles need only the lanes next to
        // them (`Need`), for the field's neighbour columns; when v is a multiple of 16, the one
        // plane row beyond the taps' reach that the rows around a computed tile need is
        // computed on its own (`FramePlan+AutomaticEdge.swift`).
        let neededDown = (down + TileMap.tileRows - 1) / TileMap.tileRows
        for r in 0..<tileRowCount {
            let row = needed + r * blocks
            row.update(repeating: 0, count: blocks)
            for other in max(0, r - neededDown)...min(tileRowCount - 1, r + neededDown) {
                let otherKinds = kinds + other * blocks
                for b in 0..<blocks { row[b] |= otherKinds[b] == compute ? Need.all : 0 }
            }
            if rule.readsNeighbours {
                var previous: UInt8 = 0
                for b in 0..<blocks {
                    let here = row[b]
                    if here == 0 {
                        let next = b + 1 < blocks ? row[b + 1] : 0
                        row[b] = (next != 0 ? Need.lastLanes : 0) | (previous != 0 ? Need.firstLanes : 0)
                    }
                    previous = here
                }
            }
        }
    }

    /// `lowAcross` / `highAcross`: the measured bounds of each tile combined with those of
    /// the `reach` blocks on each side; a reach leaving the grid sees M = 0, so its low
    /// bound is 0. The loops run along tile rows so that they vectorise.
    private func dilateAcross(_ reach: Int) {
        let blocks = blockCount
        for r in 0..<tileRowCount {
            let lowRow = low + r * blocks, highRow = high + r * blocks
            let lows = lowAcross + r * blocks, highs = highAcross + r * blocks
            lows.update(from: lowRow, count: blocks)
            highs.update(from: highRow, count: blocks)
            for d in stride(from: 1, through: min(reach, blocks - 1), by: 1) {
                // Block b takes the bounds of blocks b − d and b + d.
                TileMap.lower(lows + d, toward: lowRow, count: blocks - d)
                TileMap.lower(lows, toward: lowRow + d, count: blocks - d)
                TileMap.raise(highs + d, toward: highRow, count: blocks - d)
                TileMap.raise(highs, toward: highRow + d, count: blocks - d)
            }
            let edge = min(reach, blocks)
            lows.update(repeating: 0, count: edge)
            (lows + (blocks - edge)).update(repeating: 0, count: edge)
        }
    }

    /// `lows` / `highs` (tile row `r`'s, which may be `low` / `high` themselves): the
    /// across-dilated bounds of tile row r combined with those of the `reach` tile rows above
    /// and below.
    private func dilateDown(
        tileRow r: Int, reach: Int, lows: UnsafeMutablePointer<Float>, highs: UnsafeMutablePointer<Float>
    ) {
        let blocks = blockCount
        lows.update(from: lowAcross + r * blocks, count: blocks)
        highs.update(from: highAcross + r * blocks, count: blocks)
        for neighbour in max(0, r - reach)...min(tileRowCount - 1, r + reach) where neighbour != r {
            TileMap.lower(lows, toward: lowAcross + neighbour * blocks, count: blocks)
            TileMap.raise(highs, toward: highAcross + neighbour * blocks, count: blocks)
        }
    }

    /// Values of `needed`: which lanes of a tile's 16 columns the horizontal pass must write.
    enum Need {
        /// All 16 (a computed tile within reach reads them).
        static let all: UInt8 = 1
        /// Lanes 12 … 15 only (for the column left of a computed tile).
        static let lastLanes: UInt8 = 2
        /// Lanes 0 … 3 only (for the column right of a computed tile).
        static let firstLanes: UInt8 = 4
    }

    /// values[i] = min(values[i], others[i]) for i < count.
    @inline(__always)
    private static func lower(_ values: UnsafeMutablePointer<Float>, toward others: UnsafePointer<Float>, count: Int) {
        combine(values, with: others, count: count, keepingLarger: false)
    }

    /// values[i] = max(values[i], others[i]) for i < count.
    @inline(__always)
    private static func raise(_ values: UnsafeMutablePointer<Float>, toward others: UnsafePointer<Float>, count: Int) {
        combine(values, with: others, count: count, keepingLarger: true)
    }

    /// values[i] = the larger (or smaller) of values[i] and others[i] for i < count, 8 at a
    /// time; `keepingLarger` is a constant at each inlined call, so the choice folds away.
    @inline(__always)
    private static func combine(
        _ values: UnsafeMutablePointer<Float>, with others: UnsafePointer<Float>, count: Int, keepingLarger: Bool
    ) {
        var i = 0
        while i &+ 8 <= count {
            var a = UnsafeRawPointer(values + i).loadUnaligned(as: SIMD8<Float>.self)
            let b = UnsafeRawPointer(others + i).loadUnaligned(as: SIMD8<Float>.self)
            a.replace(with: b, where: keepingLarger ? b .> a : b .< a)
            UnsafeMutableRawPointer(values + i).storeBytes(of: a, as: SIMD8<Float>.self)
            i &+= 8
        }
        while i < count {
            if keepingLarger ? others[i] > values[i] : others[i] < values[i] { values[i] = others[i] }
            i &+= 1
        }
    }

    /// Splits both passes into `bands` (≤ `maxBands`) bands of tile rows of about even work.
    func split(bands: Int) {
        // Work per tile row: the vectors each pass computes there, plus one so that fills
        // and empty rows still spread.
        for r in 0..<tileRowCount {
            var count = 1
            for b in 0..<blockCount where needed[r * blockCount + b] != 0 { count += 1 }
            rowWork[r] = count
        }
        split(into: horizontalSplits, bands: bands)
        for r in 0..<tileRowCount {
            var count = 1
            for b in 0..<blockCount where kinds[r * blockCount + b] == Kind.compute.rawValue { count += 1 }
            rowWork[r] = count
        }
        split(into: verticalSplits, bands: bands)
    }

    /// Cuts the tile rows into `bands` consecutive ranges of about equal `rowWork`.
    private func split(into splits: UnsafeMutablePointer<Int>, bands: Int) {
        var total = 0
        for r in 0..<tileRowCount { total += rowWork[r] }
        splits[0] = 0
        var r = 0
        var done = 0
        for band in 1..<bands {
            let goal = total * band / bands
            while r < tileRowCount && done + rowWork[r] / 2 < goal {
                done += rowWork[r]
                r += 1
            }
            splits[band] = r
        }
        splits[bands] = tileRowCount
    }

    /// The work of the classified frame in tap-pixels per pass: the needed horizontal
    /// vectors times 2h + 1 plus the computed vertical vectors times 2v + 1, halved.
    func work(horizontalHalfWidth h: Int, verticalHalfWidth v: Int) -> Int {
        var needed = 0, computed = 0
        for r in 0..<tileRowCount {
            var neededTiles = 0, computedTiles = 0
            for b in 0..<blockCount {
                neededTiles += self.needed[r * blockCount + b] != 0 ? 1 : 0
                computedTiles += kinds[r * blockCount + b] == Kind.compute.rawValue ? 1 : 0
            }
            let rows = self.rows(ofTileRow: r).count
            needed += neededTiles * rows
            computed += computedTiles * rows
        }
        return 16 * (needed * (2 * h + 1) + computed * (2 * v + 1)) / 2
    }

    /// Computed tiles out of all, for tests.
    var computedTileCount: Int {
        var count = 0
        for i in 0..<blockCount * tileRowCount where kinds[i] == Kind.compute.rawValue { count += 1 }
        return count
    }
}
