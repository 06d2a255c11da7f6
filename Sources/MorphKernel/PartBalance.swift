/// Where a split frame is cut into parts, one a thread, each drawn whole by the
/// thread that takes it (`FramePlan.Phase.parts`), and what the renderer's last such frames
/// measured, so that the parts take about the same time.
///
/// A part has no band to hand to a thread that finishes early, so its share must be right
/// from the start. The estimate from the tile counts (`TileMap.work`) can be far off: cut
/// into halves of even estimated work, the vertical pass of bell → magnifyingglass at
/// 512 px took 85 µs over one half and 63 µs over the other. A computed tile whose rows are
/// quiet (`QuietRows`) costs a fraction of one that is not, and a block that the mix's
/// changes sum (`MixSteps`) a fraction of one that the taps sum. So each cut k is placed
/// where the estimate's running total reaches a share `goals[k]` of the whole, and after
/// each frame the share moves towards the slower of the two parts beside the cut, by
/// `learningRate` times their difference over their sum (at most `largestStep` of the
/// estimate): one frame that the system held up moves a cut only a little. A share does not
/// move further while its cut is held at the edge of the rows a cut may take, so it comes
/// back within a frame or two when the times turn. Consecutive frames of a morph differ
/// little, so the shares carry over from frame to frame.
///
/// The cuts never change the bytes, only the time. Guarded by the renderer's lock; the
/// parts write their times into `times` from their threads, each its own entry, and the
/// pool's hand-off makes them visible to the caller.
final class PartBalance: @unchecked Sendable {
    let tileRowCount: Int
    /// The most parts a frame can have.
    let capacity: Int
    /// Part p takes rows `cuts[p] ..< cuts[p + 1]`.
    let cuts: UnsafeMutablePointer<Int>
    /// Nanoseconds part p took in the last frame (0: not drawn).
    let times: UnsafeMutablePointer<UInt64>
    /// Cut k's share of the estimate (index k, 1 ..< parts), for frames of `goalParts` parts.
    private let goals: UnsafeMutablePointer<Double>
    private var goalParts = 0
    /// Per tile row: its estimate, as the last cut weighed it.
    private let weights: UnsafeMutablePointer<Double>
    /// The parts of the last cut.
    private(set) var parts = 0
    /// Frames cut so far (for the tests).
    private(set) var framesCut = 0
    /// The rows the last cut's cuts could take.
    private var allowed = 0...0

    /// How far one frame moves a cut's share: this times the difference of the two parts'
    /// times over their sum.
    static let learningRate = 0.5
    /// The most one frame moves a cut's share.
    static let largestStep = 0.02

    init(tileRowCount: Int, capacity: Int) {
        self.tileRowCount = tileRowCount
        self.capacity = max(1, capacity)
        cuts = .allocate(capacity: self.capacity + 1)
        cuts.initialize(repeating: 0, count: self.capacity + 1)
        times = .allocate(capacity: self.capacity)
        times.initialize(repeating: 0, count: self.capacity)
        goals = .allocate(capacity: self.capacity + 1)
        goals.initialize(repeating: 0, count: self.capacity + 1)
        weights = .allocate(capacity: tileRowCount)
        weights.initialize(repeating: 0, count: tileRowCount)
    }

    deinit {
        cuts.deallocate()
        times.deallocate()
        goals.deallocate()
        weights.deallocate()
    }

    /// Cuts the classified frame of `tiles` into `parts` parts (at most `capacity`), each cut
    /// a row in `allowed` (where no part but the first and the last reads rows beyond the
    /// canvas: `FramePlan.partCuts`) and a multiple of `step`, cut k nearest where the
    /// estimate's running total reaches `goals[k]` of the whole, spread evenly over each tile
    /// row's rows. The estimate of a tile row: its taps (`TileMap.work(ofTileRow:)`), plus one
    /// vector a block and row for the fills and the rows' set-up. `allowed`'s ends are
    /// multiples of `step`.
    func cut(
        _ tiles: TileMap, parts: Int, horizontalHalfWidth h: Int, verticalHalfWidth v: Int, allowed: ClosedRange<Int>,
        step: Int = 1
    ) {
        framesCut += 1
        self.allowed = allowed
        if goalParts != parts {
            for k in 0...parts { goals[k] = Double(k) / Double(parts) }
            goalParts = parts
        }
        self.parts = parts
        var total = 0.0
        for r in 0..<tileRowCount {
            let setUp = tiles.rows(ofTileRow: r).count * tiles.blockCount
            weights[r] = Double(tiles.work(ofTileRow: r, horizontalHalfWidth: h, verticalHalfWidth: v) + setUp)
            total += weights[r]
        }
        cuts[0] = 0
        cuts[parts] = tiles.height
        var r = 0
        var done = 0.0
        for part in 1..<parts {
            let goal = total * goals[part]
            while r < tileRowCount - 1 && done + weights[r] < goal {
                done += weights[r]
                r += 1
            }
            let rows = tiles.rows(ofTileRow: r)
            let share = weights[r] > 0 ? min(1, max(0, (goal - done) / weights[r])) : 0
            let row = Double(rows.lowerBound) + share * Double(rows.count)
            let nearest = Int((row / Double(step)).rounded()) * step
            cuts[part] = max(cuts[part - 1], min(allowed.upperBound, max(allowed.lowerBound, nearest)))
        }
        for part in 0..<parts { times[part] = 0 }
    }

    /// Moves each cut's share towards the slower part beside it, from the times of the frame
    /// just drawn; does nothing if a part with rows has no time (it was not drawn).
    func learn() {
        for part in 0..<parts where cuts[part] < cuts[part + 1] && times[part] == 0 { return }
        for k in 1..<parts {
            // The parts beside cut k; an empty one takes the time of none.
            let above = Double(times[k - 1]), below = Double(times[k])
            guard above + below > 0 else { continue }
            let step = Self.learningRate * (below - above) / (above + below)
            // Not further than the cut can follow.
            if step < 0 && cuts[k] <= allowed.lowerBound { continue }
            if step > 0 && cuts[k] >= allowed.upperBound { continue }
            goals[k] += min(Self.largestStep, max(-Self.largestStep, step))
        }
        // In order, and each part a share of at least none.
        for k in 1..<parts { goals[k] = min(1, max(goals[k - 1], goals[k])) }
    }
}
