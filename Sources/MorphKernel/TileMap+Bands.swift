/// Band splitting and the work estimate of a classified frame.
extension TileMap {
    /// Splits the horizontal pass into `horizontalBands`, and with `vertical` the vertical
    /// one (the automatic ramp's `.edges`; the fixed ramp splits its vertical pass by columns,
    /// see `FramePlan.splitVerticalByColumns`) into `verticalBands` (each at most the
    /// `maxBands` the map was made for), bands of tile rows of about even work.
    func split(horizontalBands: Int, verticalBands: Int, vertical: Bool) {
        bandCount = verticalBands
        // Work per tile row: the vectors each pass computes there, plus one so that fills
        // and empty rows still spread.
        for r in 0..<tileRowCount { rowWork[r] = 1 + neededCount[r] }
        split(into: horizontalSplits, bands: horizontalBands)
        guard vertical else { return }
        for r in 0..<tileRowCount { rowWork[r] = 1 + computedCount[r] }
        split(into: verticalSplits, bands: verticalBands)
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
    /// vectors times 2h + 1 plus the computed vertical vectors times 2v + 1, halved (from the
    /// tiles `classify` counted).
    func work(horizontalHalfWidth h: Int, verticalHalfWidth v: Int) -> Int {
        var vectors = 0
        for r in 0..<tileRowCount { vectors += work(ofTileRow: r, horizontalHalfWidth: h, verticalHalfWidth: v) }
        return 16 * vectors / 2
    }

    /// The vector taps of tile row `r`: its rows times its needed horizontal vectors times
    /// 2h + 1 plus its computed vertical vectors times 2v + 1 (`work`, `PartBalance`).
    @inline(__always)
    func work(ofTileRow r: Int, horizontalHalfWidth h: Int, verticalHalfWidth v: Int) -> Int {
        rows(ofTileRow: r).count * (neededCount[r] * (2 * h + 1) + computedCount[r] * (2 * v + 1))
    }
}
