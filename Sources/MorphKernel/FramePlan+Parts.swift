/// A split fixed-ramp frame drawn as parts: each thread takes a part of tile rows and draws
/// it whole, the horizontal pass, the fills and the vertical pass, with no other thread's
/// rows in between.
///
/// The vertical pass of a part's rows reads n rows of the plane on either side of them,
/// which belong to the neighbouring parts. Read from the plane the neighbour wrote, those
/// rows cross from one core's cache to the other's, and in the next frame they cross back
/// before the neighbour can write them again; on this project's 2-core EPYC VM that cost
/// more than computing them (`morph-bench --c-baseline`, heart → star at 512 px: the two
/// horizontal bands beside the cut took 13.8 and 10.3 µs against 8.8 and 5.6 µs with both
/// run by one thread, and the rows were the same). So each part computes those rows again
/// itself, into its own copy of the plane (`RenderScratch.planeOrigin(part:)`), with the same
/// terms in the same order, so the same bits. No part then reads what another writes, and
/// the frame needs no barrier between its passes: the parts run from start to end at once.
///
/// A part cannot hand work to a thread that finishes early, so its share is set before the
/// frame from what the last frames measured (`PartBalance`). Nor can it take over work from
/// a thread that the system holds up for a moment, which in a frame of milliseconds happens
/// often enough to cost more than the parts save: frames of more work than
/// `partsWorkLimit` are split into bands of each pass.
extension FramePlan {
    /// The most work (`TileMap.work`) of a frame drawn in parts: 2^24, above a 512 px real
    /// icon frame's (7–12 M at R 32) and below a 1024 px one's (33–65 M at R 48). Measured
    /// with `morph-bench --parts` (parts against bands of both passes, rows kept) before the
    /// limit, every frame drawn in parts: at 512 px the parts took 0.93–1.02 times as long
    /// (bell → magnifyingglass 0.93, heart → star 0.96), at 1024 px 0.95–1.03 and at
    /// 2048 px 1.04–1.20 (three runs). With the limit, in a spell of slow hand-overs between
    /// the cores, the 512 px frames in parts took 0.63–0.83 times as long as in bands.
    static let partsWorkLimit = 1 << 24

    /// The rows a cut may fall on for a frame of `height` rows with vertical half-width `v`:
    /// v rows from the canvas's top and bottom edges or more, so that a part other than the
    /// first and the last reads only rows of the canvas (the zero rows above and below it are
    /// those of the first and last parts: `RenderScratch`). Nil if there is none.
    static func partCuts(height: Int, verticalHalfWidth v: Int) -> ClosedRange<Int>? {
        v <= height - v ? v...(height - v) : nil
    }

    /// Part `part` of `.parts`: the horizontal pass over its rows and v more on each side
    /// (within the canvas) into its copy of the plane, its fills, its vertical pass from that
    /// copy; its time into the balance.
    func partBand(_ part: Int) {
        let balance = self.balance!
        let rows = balance.cuts[part]..<balance.cuts[part + 1]
        guard !rows.isEmpty else { return }
        let start = MonotonicClock.nanoseconds()
        let plane = scratch.planeOrigin(part: part)
        let v = verticalHalfWidth
        horizontalRows(max(0, rows.lowerBound - v)..<min(height, rows.upperBound + v), plane: plane, band: part)
        let tileRows = rows.lowerBound / TileMap.tileRows..<(rows.upperBound - 1) / TileMap.tileRows + 1
        for y in rows { fillRow(y, tileRow: y / TileMap.tileRows) }
        verticalColumns(0..<tiles.blockCount, tileRows: tileRows, plane: plane, within: rows)
        // At least 1: 0 means not drawn.
        balance.times[part] = max(1, MonotonicClock.nanoseconds() &- start)
    }
}
