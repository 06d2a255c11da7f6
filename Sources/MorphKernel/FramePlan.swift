/// Everything one frame's passes need, as plain pointers and numbers, split into bands of
/// tile rows that can run on different threads.
///
/// A frame runs `.measure` (tile stats, then their bounds dilated across), then on the
/// calling thread the masks' content (`TileMap.content(of:greatest:)`, kept with the masks'
/// tile bounds), then `.classify` and `.markNeeded` (the tiles'
/// kinds, then the tiles the horizontal pass needs: `TileMap+Classify.swift`). On several
/// threads, with rows kept (`rowAffinity`), a blurred frame of up to `partsWorkLimit` then
/// runs `.parts` where the renderer has room for a part a thread and the rows allow cuts (a
/// part of rows a thread, each drawn whole from its own copy of the rows it reads, either
/// softness: `FramePlan+Parts.swift`). Otherwise with fixed
/// softness either `.unblurred` (level 0) or `.horizontal` followed by
/// `.vertical` once every band has finished `.horizontal` (the vertical pass reads rows of
/// neighbouring bands; on several threads its bands are column groups and shares of the
/// fills, see `splitVerticalByColumns`, or by default the same in one part of rows a thread,
/// see `splitVerticalByRows`). On several threads `.horizontal` has
/// `horizontalBandsPerThread` bands a thread. With automatic softness `.horizontal` (not at level
/// 0), then `.edges` (`.unblurredEdges` at level 0), which stores V into the field plane tile
/// row by tile row and runs the edge ramp one tile row behind, once the rows below are there
/// (`FramePlan+AutomaticEdge.swift`).
/// Pixels of tiles classified empty or full are filled with `emptyPixel` / `fullPixel`, the
/// bytes the computation gives there (see `TileMap`).
///
/// `@unchecked Sendable` because it carries raw pointers: they point into the masks, the
/// output and the renderer's scratch and tile map, all kept alive and locked by
/// `MorphRenderer` for the duration of the frame, and each band writes only the output rows,
/// plane and field rows, tile stats, bounds, kinds, needed tiles and counts, padded row and
/// halo rows of its own tile rows (a column
/// group of `.vertical`: the output pixels of its computed tiles; a share of the fills: those
/// of the empty and full tiles of its tile rows; a part of `.parts`: the output and field
/// rows of its rows with their border columns and substitution flags, its copy of the
/// plane, its padded row, step buffer, column buffer, halo rows and time).
struct FramePlan: @unchecked Sendable {
    enum Phase {
        /// The tile stats (and the masks' tile bounds where not kept), and their bounds dilated
        /// across, an even share of the tile rows per band.
        case measure
        /// The kinds of an even share of the tile rows per band (`TileMap.classify(tileRows:…)`).
        case classify
        /// The needed tiles of an even share of the tile rows per band (`TileMap.markNeeded`).
        case markNeeded
        /// Level 0: α = smoothstep of the mix itself.
        case unblurred
        /// Mix fused into the horizontal pass, for the needed tiles.
        case horizontal
        /// The vertical pass fused with the threshold, for the computed tiles, and the fills.
        case vertical
        /// On several threads: a part of rows a band, each the horizontal pass over its rows
        /// and the rows the vertical pass reads around them into its own copy of the plane,
        /// then its fills and vertical pass, or its `.edges` stage (`FramePlan+Parts.swift`).
        case parts
        /// Automatic softness: the vertical pass into the field plane fused with the edge ramp,
        /// a tile row behind it, and the fills (`FramePlan+AutomaticEdge.swift`).
        case edges
        /// Automatic softness at level 0: `.edges` with the mix itself as the field.
        case unblurredEdges
    }

    let width: Int
    let height: Int
    let source: UnsafePointer<UInt8>
    let target: UnsafePointer<UInt8>
    /// The masks' tile bounds, kept or filled by `.measure` (`MaskTileBounds`).
    let sourceBounds: TileMap.MaskBounds
    let targetBounds: TileMap.MaskBounds
    /// Where each row of the two masks changes, kept for the pair (`MixChanges`), or nil
    /// (the horizontal pass then finds the changes in the bytes); `.measure` fills it first
    /// when `measuresChanges`.
    let changes: MixChanges.Rows?
    let measuresChanges: Bool
    let sourceWeight: Float
    let targetWeight: Float
    /// The captured field mixed into every row (`MorphFrame`), or nil.
    let captured: UnsafePointer<Float>?
    /// Its weight w (the mask weights already carry 1 − w).
    let capturedWeight: Float
    /// The tap table, w_0 … w_max(h, v) each in 4 lanes.
    let taps: UnsafePointer<SIMD4<Float>>
    /// The tail table of w_0 … w_h when the horizontal pass may sum the mix's changes
    /// (`MixSteps`); nil with a captured field or unblurred.
    let tails: UnsafePointer<Float>?
    /// h: taps used across, n capped at 16 · blockCount − 1 (0 unblurred).
    let horizontalHalfWidth: Int
    /// v: taps used down, n capped at height − 1 (0 unblurred).
    let verticalHalfWidth: Int
    let writer: PixelWriter
    /// The fixed ramp, or nil with automatic softness.
    let threshold: Threshold?
    /// The automatic ramp, or nil with fixed softness.
    let edges: EdgeRamp?
    /// When `skipping` (and blurred): which rows the vertical pass may leave to the row
    /// above (`QuietRows`).
    let quietRows: QuietRows?
    /// The output where α = 0.
    let emptyPixel: UInt32
    /// The output where α = 1.
    let fullPixel: UInt32
    let output: UnsafeMutableRawPointer
    /// Bytes from one output row to the next (the caller's stride).
    let outputRowBytes: Int
    let scratch: RenderScratch
    let tiles: TileMap
    /// Whether the rows above the first and below the last content row (`TileMap.rowContent`)
    /// and rows out of their reach are skipped; false makes the passes compute every row (with
    /// `TileMap` computing every tile: the tests' reference); the classification's setting.
    var skipping: Bool { classification.skipping }
    /// The rows where V can be non-zero: the content rows dilated by v (every row when not
    /// `skipping`); set after `.measure`.
    var outputRows = 0..<0
    /// The frame's classification settings (`.measure`, `.classify`, `.markNeeded`).
    let classification: TileMap.Classification
    /// The rows and columns where α can be non-zero, which `.classify` keeps its tiles to;
    /// set after `.measure`.
    var alphaRows = 0..<0
    var alphaColumns = 0..<0
    /// Bands of the current phase; the renderer sets it per phase.
    var bandCount: Int

    /// Bands of tile rows a thread in `.horizontal` on several threads, claimed in turn by
    /// whichever thread is free. With one band a thread, a thread the system holds back for
    /// a moment (a busy or descheduled processor) holds up the whole phase, however evenly
    /// the estimate split the work; with several, the other thread takes its share of the
    /// rest.
    static let horizontalBandsPerThread = 4

    /// The bands of `.horizontal` on `threads` threads: `perThread` a thread, no more than
    /// `limit` (the tile rows, or the bands the scratch memory holds); one on one thread.
    static func horizontalBands(threads: Int, perThread: Int = horizontalBandsPerThread, limit: Int) -> Int {
        threads > 1 ? min(limit, threads * perThread) : 1
    }
    /// With fixed softness on several threads, `.vertical`'s bands are `verticalFillShares`
    /// even shares of the tile rows' fills, then groups of `verticalGroupBlocks` column blocks,
    /// each summed down every tile row (see `splitVerticalByColumns`); 0: one band, the whole
    /// frame.
    var verticalGroupBlocks = 0
    var verticalFillShares = 0

    /// Whether each thread keeps to about the same rows in both passes: true for every split
    /// frame the renderer draws (`MorphRenderer.keepsRows`, which the tests and
    /// `morph-bench --row-affinity` turn off). The helpers then claim the bands of both passes
    /// from the end and the calling thread from the start (`WorkerPool.Job.helpersFromBack`);
    /// a fixed ramp's vertical pass runs in one part of rows a thread (`splitVerticalByRows`),
    /// and the automatic ramp's `.edges` is one band of rows a thread already.
    ///
    /// Otherwise a thread reads many rows that the other one blurred across: a fixed ramp's
    /// vertical pass in column groups over every row (`splitVerticalByColumns`) reads about
    /// half of them, and so does the automatic ramp's when both threads claim the horizontal
    /// bands from the start, in turn. On this project's 2-core EPYC VM that
    /// hand-over is at times several times slower than usual, for seconds on end, and then
    /// such frames lose most of what the second thread gives:
    /// - fixed ramp, workload c: 2-thread frames took 1.0–1.1 ms with column groups against
    ///   0.48–0.69 ms with rows kept and 0.71 ms on one thread (runs of 2 000 frames of one
    ///   split each, at f83c91a); in `morph-bench --c-baseline --filter "c: disc"` the
    ///   library's speed-up fell to 0.67–1.28× in three runs of eight while the C baseline,
    ///   which keeps its rows, kept 1.85–1.95×;
    /// - automatic ramp, workload c (the default edge): 250 pairs of runs of 600 frames, each
    ///   way in turn for 200 s, at e152d8a: where the old way was slow (63 pairs, median
    ///   0.81 ms) the frames with rows kept took 0.64 ms; where neither was slow (177 pairs),
    ///   0.533 against 0.531 ms. Workload b took 0.167 against 0.176 ms in five of five pairs,
    ///   d 0.82–1.05 times as long (median 0.87, eight pairs).
    ///
    /// When the hand-over is fast the fixed ramp's two splits are about even:
    /// `morph-bench --row-affinity`, three runs at f83c91a, rows kept took 0.92–1.01 times
    /// as long at 512 px (the four icon pairs and workload b), 0.92–1.04 at 1024 px (median
    /// 0.96) and 0.96–1.05 at 2048 px (workload d 1.03–1.04). Before, only fixed-ramp frames
    /// with planes up to 2 MiB (a 512 px frame's) kept their rows, from measurements at
    /// 755811c that met no slow hand-over. The bytes are the same either way.
    var rowAffinity = false
    /// With `rowAffinity`, `.vertical`'s parts of tile rows, one a thread (0: none), and the
    /// horizontal pass's band count, whose splits they are cut at.
    var verticalParts = 0
    var horizontalBandsSplit = 0
    /// With `.parts`: the cuts, and where each part's time goes (`PartBalance`).
    var balance: PartBalance?

    /// Band `band`'s even share of `range`, among `bandCount` bands (or `shares`).
    func share(of range: Range<Int>, band: Int, shares: Int? = nil) -> Range<Int> {
        let count = range.count, shares = shares ?? bandCount
        return range.lowerBound + count * band / shares ..< range.lowerBound + count * (band + 1) / shares
    }

    /// Splits `.vertical` (fixed softness) into column groups claimed by whichever thread is
    /// free, with the fills as a few shares of tile rows, and sets `bandCount` to their number.
    /// How many rows a computed tile sums is not known before the pass (quiet rows leave most
    /// of some tiles to the rows above them), so two bands of tile rows of even estimated work
    /// summed 55/45 to 63/37 of the rows of the real icon pairs from 512 px up (counted:
    /// heart → star, bell → magnifyingglass); with eight column groups a thread, claimed in
    /// turn, the two threads' shares come within 46/54. The blur plane is stored by column
    /// block, so a group reads runs of memory.
    mutating func splitVerticalByColumns(threads: Int) {
        verticalFillShares = threads
        verticalGroupBlocks = max(1, tiles.blockCount / (8 * threads))
        bandCount = verticalFillShares + verticalGroupCount
    }

    /// The column groups `verticalGroupBlocks` blocks wide (the last one may be narrower).
    var verticalGroupCount: Int { (tiles.blockCount + verticalGroupBlocks - 1) / verticalGroupBlocks }

    /// The vertical pass of column group `group` over `tileRows`.
    func verticalGroup(_ group: Int, tileRows: Range<Int>) {
        let first = group * verticalGroupBlocks
        verticalColumns(first..<min(tiles.blockCount, first + verticalGroupBlocks), tileRows: tileRows)
    }

    /// Splits `.vertical` (fixed softness) into one part of tile rows a thread, cut where the
    /// horizontal pass's `horizontalBands` bands are split, each part as its fills and eight
    /// column groups; with the helpers claiming from the end, the calling thread sums down
    /// about the rows whose horizontal pass it computed, and a helper the rows it did: their
    /// blur-plane rows are still in that core's cache. Sets `bandCount`.
    ///
    /// Every split fixed-ramp frame not drawn in parts (`.parts`: above `partsWorkLimit`,
    /// or with more threads than the renderer has room for parts) is cut this way
    /// (`rowAffinity` says why); the column groups of `splitVerticalByColumns` remain for the
    /// tests and `morph-bench --row-affinity`. The renderer sets `rowAffinity` before the
    /// horizontal pass.
    mutating func splitVerticalByRows(threads: Int, horizontalBands: Int) {
        verticalParts = threads
        horizontalBandsSplit = horizontalBands
        verticalGroupBlocks = max(1, tiles.blockCount / 8)
        bandCount = threads * (1 + verticalGroupCount)
    }

    /// The tile rows of `.vertical`'s part `part` (`splitVerticalByRows`).
    func verticalPart(_ part: Int) -> Range<Int> {
        tiles.horizontalSplits[horizontalBandsSplit * part / verticalParts]
            ..< tiles.horizontalSplits[horizontalBandsSplit * (part + 1) / verticalParts]
    }

    /// Runs band `band` of `phase`.
    func run(_ phase: Phase, band: Int) {
        switch phase {
        case .measure:
            let tileRows = share(of: 0..<tiles.tileRowCount, band: band)
            tiles.measure(
                tileRows: tileRows, source: source, sourceBounds: sourceBounds,
                target: target, targetBounds: targetBounds, sourceWeight: sourceWeight, targetWeight: targetWeight)
            if measuresChanges, let changes {
                changes.measure(rows: tiles.rows(ofTileRows: tileRows), source: source, target: target, width: width)
            }
            tiles.dilateAcross(tileRows: tileRows, classification)
        case .classify:
            tiles.classify(
                tileRows: share(of: 0..<tiles.tileRowCount, band: band), classification,
                outputRows: alphaRows, outputColumns: alphaColumns)
        case .markNeeded:
            tiles.markNeeded(tileRows: share(of: 0..<tiles.tileRowCount, band: band), classification)
        case .unblurred:
            unblurredBand(band)
        case .horizontal:
            horizontalBand(tileRows: tiles.horizontalSplits[band]..<tiles.horizontalSplits[band + 1], band: band)
        case .vertical:
            if verticalGroupBlocks == 0 {
                verticalColumns(0..<tiles.blockCount, tileRows: 0..<tiles.tileRowCount)
                fills(rows: 0..<height)
            } else if verticalParts > 0 {
                // Each part: its fills, then its column groups.
                let perPart = bandCount / verticalParts
                let tileRows = verticalPart(band / perPart), group = band % perPart
                if group == 0 {
                    fills(rows: tiles.rows(ofTileRows: tileRows))
                } else {
                    verticalGroup(group - 1, tileRows: tileRows)
                }
            } else if band < verticalFillShares {
                let tileRows = share(of: 0..<tiles.tileRowCount, band: band, shares: verticalFillShares)
                fills(rows: tiles.rows(ofTileRows: tileRows))
            } else {
                verticalGroup(band - verticalFillShares, tileRows: 0..<tiles.tileRowCount)
            }
        case .parts:
            partBand(band)
        case .edges:
            edgesBand(tileRows: tiles.verticalSplits[band]..<tiles.verticalSplits[band + 1], band: band, unblurred: false)
        case .unblurredEdges:
            edgesBand(tileRows: tiles.verticalSplits[band]..<tiles.verticalSplits[band + 1], band: band, unblurred: true)
        }
    }

    /// The mix of row `y`, columns `columns`, into `destination[0 ..< columns.count]`.
    @inline(__always)
    func mixRow(_ y: Int, columns: Range<Int>, into destination: UnsafeMutablePointer<Float>) {
        let offset = y * width + columns.lowerBound
        Mix.row(
            source: source + offset, target: target + offset, captured: captured.map { $0 + offset },
            count: columns.count, sourceWeight: sourceWeight, targetWeight: targetWeight,
            capturedWeight: capturedWeight, into: destination)
    }

    /// The end of the run of blocks from `first` whose tile kind equals that of `first`.
    @inline(__always)
    func runEnd(_ kinds: UnsafePointer<UInt8>, from first: Int) -> Int {
        let kind = kinds[first]
        var end = first + 1
        while end < tiles.blockCount && kinds[end] == kind { end += 1 }
        return end
    }

    /// Writes the fill of every empty or full tile of tile row `r` into output row `y`.
    @inline(__always)
    func fillRow(_ y: Int, tileRow r: Int) {
        let kinds = UnsafePointer(tiles.kinds + r * tiles.blockCount)
        let out = output + y * outputRowBytes
        var b = 0
        while b < tiles.blockCount {
            let end = runEnd(kinds, from: b)
            if kinds[b] != TileMap.Kind.compute.rawValue {
                let pixel = kinds[b] == TileMap.Kind.full.rawValue ? fullPixel : emptyPixel
                writer.fill(pixel, columns: b * 16..<min(width, end * 16), of: out)
            }
            b = end
        }
    }

    /// Level 0, no blur: α = smoothstep of the mix itself in computed tiles, fills elsewhere.
    private func unblurredBand(_ band: Int) {
        let threshold = self.threshold!
        let row = scratch.paddedRow(band: band)
        let rowBytes = outputRowBytes
        for r in share(of: 0..<tiles.tileRowCount, band: band) {
            let kinds = UnsafePointer(tiles.kinds + r * tiles.blockCount)
            for y in tiles.rows(ofTileRow: r) {
                guard !skipping || tiles.rowContent[y] != 0 else {
                    // No full tile here (full needs M > t > 0 at every pixel): all empty.
                    writer.fill(emptyPixel, columns: 0..<width, of: output + y * rowBytes)
                    continue
                }
                fillRow(y, tileRow: r)
                var b = 0
                while b < tiles.blockCount {
                    let end = runEnd(kinds, from: b)
                    if kinds[b] == TileMap.Kind.compute.rawValue {
                        let columns = b * 16..<min(width, end * 16)
                        mixRow(y, columns: columns, into: row + columns.lowerBound)
                        threshold.storeRow(UnsafePointer(row), columns: columns, to: output + y * rowBytes)
                    }
                    b = end
                }
            }
        }
    }

    /// Mix fused into the horizontal pass: for each row with needed tiles, every needed block
    /// is summed from the mix's changes where its window holds few (`MixSteps`), and from the
    /// taps otherwise, over the band's padded row, into which the row is mixed (once) over
    /// the columns the taps read. Rows above the first and below the last content row get
    /// zero vectors (rows between without content are computed, to the same zeros).
    private func horizontalBand(tileRows: Range<Int>, band: Int) {
        horizontalRows(tiles.rows(ofTileRows: tileRows), plane: scratch.planeOrigin, band: band)
    }

    /// The horizontal pass of the rows `rows` into the plane whose row 0 of block 0 is at
    /// `plane` (`RenderScratch.planeOrigin(part:)`), with band `band`'s memory.
    func horizontalRows(_ rows: Range<Int>, plane: UnsafeMutablePointer<Float>, band: Int) {
        guard !rows.isEmpty else { return }
        let blocks = tiles.blockCount
        for r in TileMap.tileRows(holding: rows) {
            let needed = UnsafePointer(tiles.needed + r * blocks)
            var first = 0
            while first < blocks && needed[first] == 0 { first += 1 }
            guard first < blocks else { continue }
            var last = blocks - 1
            while needed[last] == 0 { last -= 1 }
            for y in tiles.rows(ofTileRow: r).clamped(to: rows) {
                guard !skipping || tiles.rowContent[y] != 0 else {
                    for b in first...last where needed[b] != 0 {
                        (plane + y * 16).storeVector16(SIMD16(), at: b * scratch.blockStride)
                    }
                    continue
                }
                var row = rowBlocks(y, blocks: first...last, band: band)
                row.store(blocks: first...last, needed: needed, into: plane + y * 16, blockStride: scratch.blockStride)
            }
        }
    }

    /// The row `y` of the frame as `RowBlocks` for the blocks `blocks`, with the band's memory.
    @inline(__always)
    private func rowBlocks(_ y: Int, blocks: ClosedRange<Int>, band: Int) -> RowBlocks {
        let offset = y * width
        return RowBlocks(
            source: source + offset, target: target + offset, captured: captured.map { $0 + offset }, width: width,
            sourceWeight: sourceWeight, targetWeight: targetWeight, capturedWeight: capturedWeight,
            halfWidth: horizontalHalfWidth, taps: taps, tails: tails, steps: scratch.stepBuffer(band: band),
            padded: scratch.paddedRow(band: band), blocks: blocks,
            changes: changes?.row(y))
    }

    /// The blur-plane vector of column block `block` at row `y` (in the canvas, with
    /// content), as `horizontalRow` computes it, so the same bits.
    func planeVector(_ y: Int, block: Int, band: Int) -> SIMD16<Float> {
        var row = rowBlocks(y, blocks: block...block, band: band)
        return row.vector(block: block)
    }

    /// The vertical pass fused with the threshold over the computed tiles of `tileRows` in the
    /// column blocks `columnBlocks`, one 16-pixel column block at a time, down each run of
    /// computed tiles, reading the plane at `plane` (a part's copy) or the frame's; only the
    /// rows in `within`.
    func verticalColumns(
        _ columnBlocks: Range<Int>, tileRows: Range<Int>, plane origin: UnsafeMutablePointer<Float>? = nil,
        within: Range<Int>? = nil
    ) {
        let threshold = self.threshold!
        let plane = UnsafePointer(origin ?? scratch.planeOrigin)
        let blockStride = scratch.blockStride
        let blocks = tiles.blockCount
        let rowBytes = outputRowBytes
        let compute = TileMap.Kind.compute.rawValue
        for b in columnBlocks {
            let x = b * 16
            var r = tileRows.lowerBound
            while r < tileRows.upperBound {
                guard tiles.kinds[r * blocks + b] == compute else { r += 1; continue }
                var end = r + 1
                while end < tileRows.upperBound && tiles.kinds[end * blocks + b] == compute { end += 1 }
                var run = r * TileMap.tileRows..<min(height, end * TileMap.tileRows)
                if let within { run = run.clamped(to: within) }
                let rows = run.clamped(to: outputRows)
                let count = min(16, width - x)
                SeparableBlur.verticalColumn(
                    block: plane + b * blockStride, x: x, rows: rows, taps: taps, halfWidth: verticalHalfWidth,
                    threshold: threshold, quiet: quietRows, output: output, outputRowBytes: rowBytes, count: count)
                // Rows of the run beyond the content's reach: V = 0 exactly.
                for y in run where !rows.contains(y) {
                    writer.fill(emptyPixel, columns: x..<x + count, of: output + y * rowBytes)
                }
                r = end
            }
        }
    }

    /// The fills of the empty and full tiles in the rows `rows`.
    func fills(rows: Range<Int>) {
        for y in rows { fillRow(y, tileRow: y / TileMap.tileRows) }
    }
}
