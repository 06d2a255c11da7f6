/// Classification: each tile empty, full or computed, and the horizontal-pass tiles that the
/// computed ones read.
extension TileMap {
    /// A frame's classification settings: the taps' reach across and down in tiles (and the
    /// automatic ramp's one pixel further), and the rule's constants, worked out once a frame.
    struct Classification {
        let rule: Rule
        /// False: every tile is computed and needed (the reference the tests compare against).
        let skipping: Bool
        let reachAcross: Int
        let reachDown: Int
        /// The taps' reach bounds V; with the automatic ramp the reach one pixel further
        /// bounds the neighbours, so the slope. When that pixel lies in another tile (h or v a
        /// multiple of 16, as at level 0) the two are dilated separately (`separate`): the wide
        /// bounds then only widen W, and the tiles beside an edge keep their own V bounds.
        let wideAcross: Int
        let wideDown: Int
        let separate: Bool
        /// The automatic rule's frame constants, once a frame rather than once a tile row (each
        /// takes divisions; near rest, frames cost little, so they showed).
        let interiorWidth: Double
        let correction: Double
        let error: Double

        init(horizontalHalfWidth across: Int, verticalHalfWidth down: Int, rule: Rule, skipping: Bool) {
            self.rule = rule
            self.skipping = skipping
            reachAcross = (across + 15) / 16
            reachDown = (down + TileMap.tileRows - 1) / TileMap.tileRows
            wideAcross = (across + rule.extraReach + 15) / 16
            wideDown = (down + rule.extraReach + TileMap.tileRows - 1) / TileMap.tileRows
            separate = wideAcross != reachAcross || wideDown != reachDown
            if case .automatic(_, let w0, let w1, let n) = rule {
                interiorWidth = rule.frameWidth
                correction = MorphFrameMath.slopeCorrection(kernelCentre: w0, kernelNeighbour: w1)
                error = Rule.fieldError(halfWidth: n)
            } else {
                (interiorWidth, correction, error) = (0, 0, 0)
            }
        }
    }

    /// Classifies every tile for taps reaching h columns and v rows and marks the needed
    /// horizontal tiles. Tiles wholly outside `outputRows` × `outputColumns` (the content
    /// rows and columns dilated by the reach, where α can be non-zero) are empty. With
    /// `skipping` false every tile is computed and needed (the reference the tests compare
    /// against). The three stages in turn over every tile row, on the calling thread: what the
    /// tests call; the renderer runs the stages itself, as phases of its `FramePlan`, so that
    /// a split frame can run each stage's tile rows on several threads.
    func classify(
        horizontalHalfWidth across: Int, verticalHalfWidth down: Int, rule: Rule,
        outputRows: Range<Int>, outputColumns: Range<Int>, skipping: Bool
    ) {
        let settings = Classification(horizontalHalfWidth: across, verticalHalfWidth: down, rule: rule, skipping: skipping)
        let all = 0..<tileRowCount
        dilateAcross(tileRows: all, settings)
        classify(tileRows: all, settings, outputRows: outputRows, outputColumns: outputColumns)
        markNeeded(tileRows: all, settings)
    }

    /// Stage 1, after `measure` of the same tile rows: their bounds dilated across.
    func dilateAcross(tileRows: Range<Int>, _ settings: Classification) {
        guard settings.skipping else { return }
        dilateAcross(tileRows: tileRows, reach: settings.reachAcross, lows: lowAcross, highs: highAcross)
        if settings.separate {
            dilateAcross(tileRows: tileRows, reach: settings.wideAcross, lows: lowAcrossWide, highs: highAcrossWide)
        }
    }

    /// Stage 2, once stage 1 has run over every tile row: the kinds of tile rows `tileRows`,
    /// from their bounds dilated down.
    func classify(tileRows: Range<Int>, _ settings: Classification, outputRows: Range<Int>, outputColumns: Range<Int>) {
        let blocks = blockCount
        guard settings.skipping else {
            (kinds + tileRows.lowerBound * blocks).update(repeating: Kind.compute.rawValue, count: tileRows.count * blocks)
            return
        }
        let rule = settings.rule
        let reachDown = settings.reachDown, wideDown = settings.wideDown, separate = settings.separate
        let extraReach = rule.extraReach
        let (interiorWidth, correction, error) = (settings.interiorWidth, settings.correction, settings.error)
        // Every W below is at least this (`Rule.width` takes the maximum with it), so a tile
        // that is neither empty nor full with it is computed whatever its own W.
        let narrowest = max(MorphFrameMath.flatFadeWidth, MorphStyle.minimumSoftness)
        let compute = Kind.compute.rawValue, empty = Kind.empty.rawValue, full = Kind.full.rawValue
        let firstBlock = outputColumns.lowerBound / 16
        let endBlock = (outputColumns.upperBound + 15) / 16
        for r in tileRows {
            // Down: the bounds of this tile row, then of its neighbours, into `low` / `high`.
            let lows = low + r * blocks, highs = high + r * blocks
            if separate {
                dilateDown(
                    tileRow: r, reach: wideDown, acrossLows: lowAcrossWide, acrossHighs: highAcrossWide,
                    lows: lowWide + r * blocks, highs: highWide + r * blocks)
            }
            dilateDown(tileRow: r, reach: reachDown, acrossLows: lowAcross, acrossHighs: highAcross, lows: lows, highs: highs)
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
                // V ≤ max M · (1 + 10⁻³) and V ≥ min M · (1 − 10⁻³); see the type's comment.
                // Selects, not branches, so that the compiler makes it a vector loop; then the
                // blocks out of the content's reach.
                let fullBelow: Float = reachesOut ? .infinity : fullAbove
                for b in 0..<blocks {
                    let high = highs[b]
                    let inside = lows[b] > fullBelow ? full : compute
                    row[b] = high == 0 || high < emptyBelow ? empty : inside
                }
                row.update(repeating: empty, count: min(firstBlock, blocks))
                if endBlock < blocks { (row + endBlock).update(repeating: empty, count: blocks - endBlock) }
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
                        let largest = thin ? 1 : wideHigh
                        width = max(width, Rule.edgeWidth(largestField: largest, error: error, w0: w0, r: correction))
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
    }

    /// Stage 3, once stage 2 has run over every tile row: the needed tiles of tile rows
    /// `tileRows` and each row's counts.
    ///
    /// A horizontal tile is needed when a computed tile within the taps' reach down reads
    /// it. With the automatic ramp the blocks beside such tiles need only the lanes next to
    /// them (`Need`), for the field's neighbour columns; when v is a multiple of 16, the one
    /// plane row beyond the taps' reach that the rows around a computed tile need is
    /// computed on its own (`FramePlan+AutomaticEdge.swift`).
    func markNeeded(tileRows: Range<Int>, _ settings: Classification) {
        let blocks = blockCount
        guard settings.skipping else {
            (needed + tileRows.lowerBound * blocks).update(repeating: 1, count: tileRows.count * blocks)
            (neededCount + tileRows.lowerBound).update(repeating: blocks, count: tileRows.count)
            (computedCount + tileRows.lowerBound).update(repeating: blocks, count: tileRows.count)
            return
        }
        let compute = Kind.compute.rawValue
        // The tile rows down that a computed tile's vertical taps read: the taps' reach.
        let neededDown = settings.reachDown
        for r in tileRows {
            let row = needed + r * blocks
            row.update(repeating: 0, count: blocks)
            for other in max(0, r - neededDown)...min(tileRowCount - 1, r + neededDown) {
                let otherKinds = kinds + other * blocks
                for b in 0..<blocks { row[b] |= otherKinds[b] == compute ? Need.all : 0 }
            }
            if settings.rule.readsNeighbours {
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
            // The row's needed and computed tiles, for `work` and `split`.
            let rowKinds = kinds + r * blocks
            var neededTiles = 0, computedTiles = 0
            for b in 0..<blocks {
                neededTiles &+= row[b] != 0 ? 1 : 0
                computedTiles &+= rowKinds[b] == compute ? 1 : 0
            }
            neededCount[r] = neededTiles
            computedCount[r] = computedTiles
        }
    }
}
