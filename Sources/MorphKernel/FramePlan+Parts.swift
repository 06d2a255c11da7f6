/// A split frame drawn as parts: each thread takes a part of rows and draws it whole, the
/// horizontal pass, then the fills and vertical pass (with the automatic ramp, its field and
/// edge ramp: `FramePlan+AutomaticEdge.swift`), with no other thread's rows in between.
///
/// The vertical pass of a part's rows reads n rows of the plane on either side of them (the
/// automatic ramp one more), which belong to the neighbouring parts. Read from the plane the
/// neighbour wrote, those rows cross from one core's cache to the other's, and in the next
/// frame they cross back before the neighbour can write them again. On this project's 2-core
/// EPYC VM, when the cores hand data over quickly, that cost about as much as computing the
/// rows: heart → star at 512 px, fixed ramp, timed band by band (a timer not kept), the two
/// horizontal bands beside the cut took 13.8 and 10.3 µs on two threads against 8.8 and
/// 5.6 µs when one thread ran every band, where the other bands took 1.0–1.2 times as long;
/// in the spells when the hand-over is slow, several times as much. So each part computes
/// those rows again itself, into its own copy of the plane (`RenderScratch.planeOrigin(part:)`),
/// with the same terms in the same order, so the same bits. No part then reads what another
/// writes, and the frame needs no barrier between its passes: the parts run from start to
/// end at once.
///
/// Parts of column blocks instead, for the fixed ramp (whose vertical pass reads no
/// neighbour across a block's side), would compute nothing twice: a block's horizontal pass
/// makes the mix it reads beyond the block from the masks, and the plane is stored by column
/// block. Built and measured, and dropped: heart → star at 512 px, each of the two parts took
/// 101–104 µs (medians of 200 frames) against 88 µs for parts of rows, as every row's set-up
/// (its changes, its needed blocks, a padded row) was paid by both parts; the two-thread
/// speed-up in `morph-bench --c-baseline` fell from about 1.7 to 1.40–1.58 (six runs).
///
/// A part cannot hand work to a thread that finishes early, so its share is set before the
/// frame from what the last frames measured (`PartBalance`). Nor can it take over work from
/// a thread that the system holds up for a moment, which in a frame of milliseconds happens
/// often enough to cost more than the parts save: frames of more work than
/// `partsWorkLimit` are split into bands of each pass. The parts are not tied to threads:
/// the calling thread takes part 0 and a helper the last, but a helper that has not woken
/// yet leaves its part to the caller, and with three or more parts the helpers take them in
/// the order they come.
///
/// Where the time goes, from a throwaway build that logged each part's start and end:
/// drawn in a row on two threads (heart → star, bell → magnifyingglass and workload b at
/// 512 px, automatic edge), the helper starts within a microsecond, the two parts end within
/// about one of each other, and the frame takes 1.76–1.86 times less than on one thread, the
/// rest being the classification before the parts (7 µs of heart → star's 175). In
/// `morph-bench --c-baseline`'s turns of ten frames a side, the parts of a turn's first
/// frame take 180–280 µs against 88–94 (the helper woken 13–33 µs late, the caches the other
/// sides'),
/// and for several frames after it one core runs slower than the other, which is most of why
/// that table's two-thread speed-ups at 512 px spread from 1.4 to 1.9 between runs. Three
/// parts a thread, claimed in turn so that a slow core takes fewer, did not help there:
/// over six alternating runs the medians moved by −0.03 to +0.14 with the same spread, and
/// turns of thirty frames spread as widely.
extension FramePlan {
    /// The most work (`TileMap.work`) of a frame drawn in parts: 2^24, above a 512 px real
    /// icon frame's (7–12 M at R 32) and below a 1024 px one's (33–65 M at R 48). Measured
    /// with `morph-bench --parts` (parts against bands of both passes, rows kept), fixed
    /// ramp (the limit was set before the automatic edge had parts, and holds for it too):
    /// with every frame drawn in parts, 0.95–1.03 times as long at 1024 px and 1.04–1.20 at
    /// 2048 px (three runs); at 512 px 0.93–1.15 when the cores hand data over quickly
    /// (bell → magnifyingglass 0.93–0.94, media-playback 1.02–1.15; five runs) and 0.63–0.83
    /// in a spell of slow hand-overs.
    static let partsWorkLimit = 1 << 24

    /// The rows a cut may fall on for a frame of `height` rows whose vertical pass reads
    /// `verticalHalfWidth` rows (n) on either side, with the automatic ramp or not: `partReach`
    /// rows from the canvas's top and bottom edges or more, so that a part other than the
    /// first and the last reads only rows of the canvas (the zero rows above and below it are
    /// those of the first and last parts: `RenderScratch`), and multiples of `partStep`. Nil
    /// if there is none.
    static func partCuts(height: Int, verticalHalfWidth v: Int, automaticEdge: Bool) -> ClosedRange<Int>? {
        let reach = partReach(verticalHalfWidth: v, automaticEdge: automaticEdge)
        let step = partStep(automaticEdge: automaticEdge)
        let lowest = (reach + step - 1) / step * step, highest = (height - reach) / step * step
        return lowest <= highest ? lowest...highest : nil
    }

    /// How many rows the vertical pass of a part reads beyond its rows on either side: n, and
    /// one more with the automatic ramp.
    static func partReach(verticalHalfWidth v: Int, automaticEdge: Bool) -> Int { v + (automaticEdge ? 1 : 0) }

    /// What a cut's row is a multiple of: 16 with the automatic ramp, whose stage walks whole
    /// tile rows, else 1.
    static func partStep(automaticEdge: Bool) -> Int { automaticEdge ? TileMap.tileRows : 1 }

    /// This frame's `partCuts`, `partReach` and `partStep`.
    var partCuts: ClosedRange<Int>? {
        Self.partCuts(height: height, verticalHalfWidth: verticalHalfWidth, automaticEdge: edges != nil)
    }
    var partReach: Int { Self.partReach(verticalHalfWidth: verticalHalfWidth, automaticEdge: edges != nil) }
    var partStep: Int { Self.partStep(automaticEdge: edges != nil) }

    /// Part `part` of `.parts`: the horizontal pass over its rows and `partReach` more on
    /// each side (within the canvas) into its copy of the plane, then its fills and vertical
    /// pass from that copy (with the automatic ramp its `.edges` stage); its time into the
    /// balance.
    func partBand(_ part: Int) {
        let balance = self.balance!
        let rows = balance.cuts[part]..<balance.cuts[part + 1]
        guard !rows.isEmpty else { return }
        let start = MonotonicClock.nanoseconds()
        let plane = scratch.planeOrigin(part: part)
        let reach = partReach
        horizontalRows(max(0, rows.lowerBound - reach)..<min(height, rows.upperBound + reach), plane: plane, band: part)
        let tileRows = TileMap.tileRows(holding: rows)
        if edges != nil {
            edgesBand(tileRows: tileRows, band: part, unblurred: false)
        } else {
            fills(rows: rows)
            verticalColumns(0..<tiles.blockCount, tileRows: tileRows, plane: plane, within: rows)
        }
        // At least 1: 0 means not drawn.
        balance.times[part] = max(1, MonotonicClock.nanoseconds() &- start)
    }

    /// The blur plane band `band` reads: its part's copy in `.parts`, else the frame's.
    func plane(band: Int) -> UnsafeMutablePointer<Float> {
        balance != nil ? scratch.planeOrigin(part: band) : scratch.planeOrigin
    }
}
