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
/// always would add a ring of tiles when n is a multiple of 16: counted, 23 % more computed
/// tiles at 1024² with n = 48.) The [min, max] in the tests on V are still those of the taps'
/// reach; the wider bounds only enter W. Where the extra pixel falls in the next tile (h or
/// v a multiple of 16, as at level 0) the two differ, and a tile beside an edge is filled
/// when its own V decides it whatever its neighbours do (counted: 24 instead of 46
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
    /// Rows per tile. 8 and 16 cost alike on the benchmark workloads (smaller tiles skip a
    /// little more near edges but cost more to measure and classify); 32 was slower at
    /// 1024², where coarser tiles leave more of the area near the edges to compute.
    static let tileRows = 16

    enum Kind: UInt8 {
        case compute = 0
        case empty = 1
        case full = 2
    }

    let blockCount: Int
    let tileRowCount: Int
    let width: Int
    let height: Int

    /// Per tile: the bounds on M, then (in `classify`) the bounds over its reach.
    let low: UnsafeMutablePointer<Float>
    let high: UnsafeMutablePointer<Float>
    let lowAcross: UnsafeMutablePointer<Float>
    let highAcross: UnsafeMutablePointer<Float>
    /// Per tile, with the automatic ramp when its reach ends in another tile than the taps':
    /// the bounds over the reach of the neighbours the ramp reads (`classify`).
    let lowWide: UnsafeMutablePointer<Float>
    let highWide: UnsafeMutablePointer<Float>
    /// Per tile, in that case: the bounds dilated across by the ramp's reach, from which
    /// `lowWide` / `highWide` are dilated down (kept apart from `lowAcross` / `highAcross`
    /// so that the rows can be classified on several threads at once).
    let lowAcrossWide: UnsafeMutablePointer<Float>
    let highAcrossWide: UnsafeMutablePointer<Float>
    /// Per tile: `Kind.rawValue`.
    let kinds: UnsafeMutablePointer<UInt8>
    /// Per tile: 0, or the lanes the horizontal pass must write (`Need`).
    let needed: UnsafeMutablePointer<UInt8>
    /// Per row: 0 above the first and below the last row where the source or target has a
    /// non-zero byte (there the mix is 0), 1 from the first to the last (`setRowContent`).
    let rowContent: UnsafeMutablePointer<UInt8>
    /// Band k of the horizontal pass takes tile rows `horizontalSplits[k] ..< [k + 1]`.
    let horizontalSplits: UnsafeMutablePointer<Int>
    /// Band k of the automatic ramp's vertical pass (`.edges`) takes tile rows
    /// `verticalSplits[k] ..< [k + 1]`.
    let verticalSplits: UnsafeMutablePointer<Int>
    /// Per tile row: the work `split(horizontalBands:verticalBands:vertical:)` evens out.
    let rowWork: UnsafeMutablePointer<Int>
    /// Per tile row, counted by `classify`: the needed tiles and the computed ones (what
    /// `work` and `split` weigh).
    let neededCount: UnsafeMutablePointer<Int>
    let computedCount: UnsafeMutablePointer<Int>
    /// The threads' bands of the last split: its `verticalBands` (the horizontal pass has
    /// several bands a thread).
    var bandCount = 1

    init(width: Int, height: Int, maxBands: Int) {
        self.width = width
        self.height = height
        blockCount = (width + 15) / 16
        tileRowCount = (height + TileMap.tileRows - 1) / TileMap.tileRows
        let tiles = blockCount * tileRowCount
        low = .allocate(capacity: tiles)
        high = .allocate(capacity: tiles)
        lowAcross = .allocate(capacity: tiles)
        highAcross = .allocate(capacity: tiles)
        lowWide = .allocate(capacity: tiles)
        highWide = .allocate(capacity: tiles)
        lowAcrossWide = .allocate(capacity: tiles)
        highAcrossWide = .allocate(capacity: tiles)
        kinds = .allocate(capacity: tiles)
        needed = .allocate(capacity: tiles)
        rowContent = .allocate(capacity: height)
        horizontalSplits = .allocate(capacity: maxBands + 1)
        verticalSplits = .allocate(capacity: maxBands + 1)
        rowWork = .allocate(capacity: tileRowCount)
        neededCount = .allocate(capacity: tileRowCount)
        computedCount = .allocate(capacity: tileRowCount)
        for buffer in [low, high, lowAcross, highAcross, lowWide, highWide, lowAcrossWide, highAcrossWide] {
            buffer.initialize(repeating: 0, count: tiles)
        }
        kinds.initialize(repeating: Kind.compute.rawValue, count: tiles)
        needed.initialize(repeating: 1, count: tiles)
        rowContent.initialize(repeating: 1, count: height)
        horizontalSplits.initialize(repeating: 0, count: maxBands + 1)
        verticalSplits.initialize(repeating: 0, count: maxBands + 1)
        rowWork.initialize(repeating: 0, count: tileRowCount)
        neededCount.initialize(repeating: blockCount, count: tileRowCount)
        computedCount.initialize(repeating: blockCount, count: tileRowCount)
    }

    deinit {
        for buffer in [low, high, lowAcross, highAcross, lowWide, highWide, lowAcrossWide, highAcrossWide] { buffer.deallocate() }
        kinds.deallocate()
        needed.deallocate()
        rowContent.deallocate()
        horizontalSplits.deallocate()
        verticalSplits.deallocate()
        rowWork.deallocate()
        neededCount.deallocate()
        computedCount.deallocate()
    }

    /// The rows of tile row `r`.
    func rows(ofTileRow r: Int) -> Range<Int> {
        r * TileMap.tileRows..<min(height, (r + 1) * TileMap.tileRows)
    }

    /// The rows of the tile rows `tileRows` (empty for none).
    func rows(ofTileRows tileRows: Range<Int>) -> Range<Int> {
        guard !tileRows.isEmpty else { return 0..<0 }
        return tileRows.lowerBound * TileMap.tileRows..<min(height, tileRows.upperBound * TileMap.tileRows)
    }

    /// The tile rows that hold any of the rows `rows` (empty for none).
    static func tileRows(holding rows: Range<Int>) -> Range<Int> {
        rows.isEmpty ? 0..<0 : rows.lowerBound / tileRows..<(rows.upperBound - 1) / tileRows + 1
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
}
