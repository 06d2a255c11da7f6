/// The horizontal pass from the places where the mix changes along a row: two icon masks are
/// constant over most of a row, so a block of 16 pixels costs one term per change within
/// the kernel's reach instead of h tap pairs.
///
/// With Δ_p = M(p) − M(p − 1) (M = 0 outside the canvas), M(x) = Σ_{p ≤ x} Δ_p, and
/// H(x) = Σ_j w_j · M(x + j) = Σ_p Δ_p · T(p − x), where T(k) = Σ_{j = max(k, −h)}^{h} w_j is
/// the kernel's tail: 0 for k > h and the total Σ w for k ≤ −h. For the block x0 ..< x0 + 16,
/// the changes at or before x0 − h give every lane Δ_p · total, which add up to
/// M(x0 − h) · total, and those after x0 + 15 + h give nothing. So the block is
///
///   H = M(x0 − h) · total + Σ_{x0 − h < p ≤ x0 + 15 + h} Δ_p · T(p − x0 − lane),
///
/// summed in that order in single precision. A change costs one product and one sum of 16
/// lanes (the tails of the 16 lanes are consecutive in `tailTable`), a tap pair two sums and
/// one product, so at most h changes always cost less than the taps.
///
/// In frames with h ≥ 4 (`applies`), a block takes this form when its window holds at most h
/// changes, and the taps otherwise
/// (`SeparableBlur.horizontalSum`). The choice depends only on the masks' row and the block,
/// so every path that computes a block (the pass, the lanes beside the automatic ramp's
/// tiles, the rows around them, `FieldCapture`) takes the same one and gets the same bits.
/// Frames with a captured field, which is not constant anywhere, use the taps throughout.
///
/// Rounding: at most h + 1 terms, each a product of values of at most 1. The partial sums
/// stay in [0, total]: regrouped (Abel summation) they are Σ M_k · (T_k − T_k+1) + M_K · T_K,
/// weights that are non-negative and add up to the total, of mix values M_k in [0, 1]. So the
/// error stays within the n + 1 terms of at most 1 that `TileMap.Rule.fieldError` allows a
/// pass; the Δ_p carry one more rounding each (two products and a sum), which the bound's
/// round-up covers (checked by `MixStepsTests`).
enum MixSteps {
    /// Whether a frame of horizontal half-width h sums blocks from the changes at all: from
    /// h = 4 on. Below, the taps are few and finding the changes costs more than it saves
    /// (the frames near rest of an icon morph have h of 1 to 3; summed from the changes, they
    /// made the whole morph slower).
    @inline(__always)
    static func applies(halfWidth h: Int) -> Bool { h >= minimumHalfWidth }

    static let minimumHalfWidth = 4

    /// Entries of the tail table for half-width h: 2h + 32.
    static func tailTableCount(halfWidth h: Int) -> Int { 2 * h + 32 }

    /// Writes the tails of the taps w_0 … w_h (`centre[i]` is w_i = w_−i) into
    /// `table[0 ..< tailTableCount(h)]`: entry j is T(h + 15 − j), so the 16 floats from entry
    /// h + 15 − (p − x0) are the tails lanes x0 … x0 + 15 take for a change at p. Summed in
    /// double precision from w_h inwards, then rounded.
    static func loadTailTable(centre: UnsafePointer<Float>, halfWidth h: Int, into table: UnsafeMutablePointer<Float>) {
        let count = tailTableCount(halfWidth: h)
        var tail = 0.0
        // j from 0 to h + 15 − (h + 1) = 14: T(k) = 0 for k ≥ h + 1.
        var j = 0
        while j < 15 {
            table[j] = 0
            j += 1
        }
        // k = h + 15 − j from h down to −h.
        var k = h
        while k >= -h {
            tail += Double(centre[abs(k)])
            table[h + 15 - k] = Float(tail)
            k -= 1
        }
        let total = Float(tail)
        j = 2 * h + 16
        while j < count {
            table[j] = total
            j += 1
        }
    }

    /// The total Σ w of the table written by `loadTailTable`.
    @inline(__always)
    static func total(_ table: UnsafePointer<Float>, halfWidth h: Int) -> Float {
        table[2 * h + 15]
    }

    /// Calls `body` with each position p in `positions` (inside 0 … `width`; position
    /// `width` is the fall to 0 past the right edge) where either row changes, in ascending
    /// order, with the two rows' differences s_p − s_p−1 and t_p − t_p−1 (bytes outside the
    /// row count as 0); stops early, returning false, when `body` returns false. `source` and
    /// `target` point to the row's first byte.
    ///
    /// Eight bytes of each row are compared at a time (the masks change in few places), and
    /// each changed byte is found from the trailing zero bits of the difference.
    @inline(__always)
    static func forEachChange(
        source: UnsafePointer<UInt8>, target: UnsafePointer<UInt8>, width: Int, positions: ClosedRange<Int>,
        _ body: (_ p: Int, _ ds: Int, _ dt: Int) -> Bool
    ) -> Bool {
        var p = positions.lowerBound
        if p == 0 {
            if width > 0 && source[0] | target[0] != 0 && !body(0, Int(source[0]), Int(target[0])) { return false }
            p = 1
        }
        // Positions 1 ..< width compare two bytes inside the row.
        let interiorEnd = min(positions.upperBound &+ 1, width)
        let sourceRaw = UnsafeRawPointer(source), targetRaw = UnsafeRawPointer(target)
        while p &+ 8 <= interiorEnd {
            let s = UInt64(littleEndian: sourceRaw.loadUnaligned(fromByteOffset: p, as: UInt64.self))
            let sBefore = UInt64(littleEndian: sourceRaw.loadUnaligned(fromByteOffset: p &- 1, as: UInt64.self))
            let t = UInt64(littleEndian: targetRaw.loadUnaligned(fromByteOffset: p, as: UInt64.self))
            let tBefore = UInt64(littleEndian: targetRaw.loadUnaligned(fromByteOffset: p &- 1, as: UInt64.self))
            var changed = (s ^ sBefore) | (t ^ tBefore)
            while changed != 0 {
                let byte = changed.trailingZeroBitCount &>> 3
                let q = p &+ byte
                if !body(q, Int(source[q]) &- Int(source[q &- 1]), Int(target[q]) &- Int(target[q &- 1])) { return false }
                changed &= ~(0xFF &<< UInt64(byte &<< 3))
            }
            p &+= 8
        }
        while p < interiorEnd {
            let ds = Int(source[p]) &- Int(source[p &- 1]), dt = Int(target[p]) &- Int(target[p &- 1])
            if ds | dt != 0 && !body(p, ds, dt) { return false }
            p &+= 1
        }
        if positions.upperBound >= width && width > 0 && positions.lowerBound <= width {
            let last = width &- 1
            if source[last] | target[last] != 0 && !body(width, -Int(source[last]), -Int(target[last])) { return false }
        }
        return true
    }

    /// Records the changes of the mix `M = s · wS + t · wT` of one row at the positions
    /// `positions` (`forEachChange`), in ascending order: the position into
    /// `steps.positions` (and its negative into `steps.negatedPositions`), Δ into
    /// `steps.deltas`. Returns how many there are.
    ///
    /// Δ is `Float(s_p − s_p−1) · wS + Float(t_p − t_p−1) · wT`.
    @inline(__always)
    static func extract(
        source: UnsafePointer<UInt8>, target: UnsafePointer<UInt8>, width: Int, positions: ClosedRange<Int>,
        sourceWeight: Float, targetWeight: Float, into steps: StepBuffer
    ) -> Int {
        let outPositions = steps.positions
        let outNegated = steps.negatedPositions
        let outDeltas = steps.deltas
        var count = 0
        _ = forEachChange(source: source, target: target, width: width, positions: positions) { p, ds, dt in
            outPositions[count] = Int32(truncatingIfNeeded: p)
            outNegated[count] = Int32(truncatingIfNeeded: -p)
            outDeltas[count] = Float(ds) * sourceWeight + Float(dt) * targetWeight
            count &+= 1
            return true
        }
        return count
    }

    /// What `extract` records for the positions `positions`, from the row's kept changes
    /// (`MixChanges`) instead of the masks' bytes: the positions in the range, read where
    /// they are kept (`steps.positions` and `steps.negatedPositions` are not written), and
    /// each Δ formed into `steps.deltas` as `extract` forms it. Returns the kept positions and
    /// their negatives from the first in the range, and how many there are.
    @inline(__always)
    static func kept(
        _ row: MixChanges.Row, positions: ClosedRange<Int>, sourceWeight: Float, targetWeight: Float,
        into steps: StepBuffer
    ) -> (positions: UnsafePointer<Int32>, negatedPositions: UnsafePointer<Int32>, count: Int) {
        let lower = Int32(truncatingIfNeeded: positions.lowerBound)
        let upper = Int32(truncatingIfNeeded: positions.upperBound)
        var first = 0
        while first < row.count && row.positions[first] < lower { first &+= 1 }
        var end = first
        while end < row.count && row.positions[end] <= upper { end &+= 1 }
        let deltas = steps.deltas
        var k = first
        while k < end {
            deltas[k &- first] = row.sourceDifferences[k] * sourceWeight + row.targetDifferences[k] * targetWeight
            k &+= 1
        }
        return (row.positions + first, row.negatedPositions + first, end &- first)
    }

    /// The changes a column block's lanes reach, found by walking the row's changes once from
    /// left to right: blocks must be asked for in ascending order.
    struct Window {
        private var lower = 0
        private var upper = 0

        /// The indices into the recorded changes (`count` of them, ascending positions) of
        /// those in x0 − h < p ≤ x0 + 15 + h.
        @inline(__always)
        mutating func changes(
            block x0: Int, halfWidth h: Int, positions: UnsafePointer<Int32>, count: Int
        ) -> Range<Int> {
            while lower < count && Int(positions[lower]) <= x0 &- h { lower &+= 1 }
            if upper < lower { upper = lower }
            while upper < count && Int(positions[upper]) <= x0 &+ 15 &+ h { upper &+= 1 }
            return lower..<upper
        }
    }

    /// Whether a block whose window holds `changes` changes is summed from them: at most h.
    @inline(__always)
    static func usesChanges(_ changes: Range<Int>, halfWidth h: Int) -> Bool {
        changes.count <= h
    }

    /// H of the block x0 ..< x0 + 16 from the mix at x0 − h (`base`, 0 when x0 − h < 0) and the
    /// changes `changes` of the recorded positions (negated: `negatedPositions`) and `deltas`,
    /// with the tail table of half-width h.
    @inline(__always)
    static func blockSum(
        x0: Int, base: Float, negatedPositions: UnsafePointer<Int32>, deltas: UnsafePointer<Float>,
        changes: Range<Int>, tails: UnsafePointer<Float>, halfWidth h: Int
    ) -> SIMD16<Float> {
        var sum = SIMD16<Float>(repeating: base * total(tails, halfWidth: h))
        // Entry h + 15 − (p − x0) for the change at p: from `origin`, an offset of −p, which
        // the load's address takes as it is (an offset of p would cost a shift and a
        // subtraction a change).
        let origin = tails + (h &+ 15 &+ x0)
        var k = changes.lowerBound
        while k < changes.upperBound {
            let delta = SeparableBlur.splat(SIMD4(repeating: deltas[k]))
            sum += delta * (origin + Int(negatedPositions[k])).vector16(at: 0)
            k &+= 1
        }
        return sum
    }

    /// M(x) of one row (`source`, `target` at the row's first byte), 0 left of the canvas;
    /// the same formula as `Mix.row`.
    @inline(__always)
    static func mix(
        at x: Int, source: UnsafePointer<UInt8>, target: UnsafePointer<UInt8>, sourceWeight: Float, targetWeight: Float
    ) -> Float {
        x < 0 ? 0 : Float(source[x]) * sourceWeight + Float(target[x]) * targetWeight
    }
}

/// The horizontal pass over column blocks of one row: each block from the mix's changes when
/// the frame allows them (`tails`, see `MixSteps.applies`) and its window holds few
/// (`MixSteps.usesChanges`), else from the taps over the padded row, which is mixed (once,
/// over `mixColumns`, with the captured field if the frame has one) only when a block needs
/// it. The one place that makes the choice, so every caller gets the same bits for a block,
/// whichever blocks of the row it asks for.
struct RowBlocks {
    let source: UnsafePointer<UInt8>
    let target: UnsafePointer<UInt8>
    let captured: UnsafePointer<Float>?
    let sourceWeight: Float
    let targetWeight: Float
    let capturedWeight: Float
    let halfWidth: Int
    let taps: UnsafePointer<SIMD4<Float>>
    /// The tail table, or nil when every block takes the taps (a captured field, h < 4).
    let tails: UnsafePointer<Float>?
    /// The row's recorded changes (`MixSteps.extract` or `MixSteps.kept`): `count` positions
    /// and their Δ.
    let positions: UnsafePointer<Int32>
    let negatedPositions: UnsafePointer<Int32>
    let deltas: UnsafePointer<Float>
    /// The padded row (`RenderScratch.paddedRow`), zero outside the canvas.
    let padded: UnsafeMutablePointer<Float>
    /// The columns the taps of the blocks asked for read.
    let mixColumns: Range<Int>
    let count: Int
    private var window = MixSteps.Window()
    private var mixed = false

    /// Records the changes the blocks `blocks` reach (with `tails` only): from the row's kept
    /// `changes` where it is kept, else found in the masks' bytes (the same positions and Δ
    /// either way); `source`, `target` and `captured` point to the row's first value, and the
    /// blocks must then be asked for in ascending order.
    @inline(__always)
    init(
        source: UnsafePointer<UInt8>, target: UnsafePointer<UInt8>, captured: UnsafePointer<Float>?, width: Int,
        sourceWeight: Float, targetWeight: Float, capturedWeight: Float, halfWidth h: Int,
        taps: UnsafePointer<SIMD4<Float>>, tails: UnsafePointer<Float>?, steps: StepBuffer,
        padded: UnsafeMutablePointer<Float>, blocks: ClosedRange<Int>,
        changes: MixChanges.Row? = nil
    ) {
        self.source = source
        self.target = target
        self.captured = captured
        self.sourceWeight = sourceWeight
        self.targetWeight = targetWeight
        self.capturedWeight = capturedWeight
        self.halfWidth = h
        self.taps = taps
        self.tails = tails
        self.padded = padded
        mixColumns = max(0, blocks.lowerBound &* 16 &- h)..<min(width, (blocks.upperBound &+ 1) &* 16 &+ h)
        let positions = max(0, blocks.lowerBound &* 16 &- h &+ 1)...min(width, blocks.upperBound &* 16 &+ 15 &+ h)
        deltas = UnsafePointer(steps.deltas)
        if tails == nil {
            (self.positions, negatedPositions) = (UnsafePointer(steps.positions), UnsafePointer(steps.negatedPositions))
            count = 0
        } else if let changes, changes.count >= 0 {
            (self.positions, negatedPositions, count) = MixSteps.kept(
                changes, positions: positions, sourceWeight: sourceWeight, targetWeight: targetWeight, into: steps)
        } else {
            (self.positions, negatedPositions) = (UnsafePointer(steps.positions), UnsafePointer(steps.negatedPositions))
            count = MixSteps.extract(
                source: source, target: target, width: width, positions: positions,
                sourceWeight: sourceWeight, targetWeight: targetWeight, into: steps)
        }
    }

    /// H of the 16 lanes of block `b`.
    @inline(__always)
    mutating func vector(block b: Int) -> SIMD16<Float> {
        if let sum = changeSum(block: b) { return sum }
        mixOnce()
        return SeparableBlur.horizontalSum(
            padded + b &* 16, centre: SeparableBlur.splat(taps[0]), taps: taps, halfWidth: halfWidth)
    }

    /// Each block of `blocks` that `needed` marks (`TileMap.Need`) into `destination` + b ·
    /// `blockStride`, as `store(block:need:into:)` writes it, in one call for the row.
    @inline(__always)
    mutating func store(
        blocks: ClosedRange<Int>, needed: UnsafePointer<UInt8>, into destination: UnsafeMutablePointer<Float>,
        blockStride: Int
    ) {
        // A local copy, so that the walk's state stays in registers rather than being written
        // back through `self` at every step.
        var row = self
        var b = blocks.lowerBound
        while b <= blocks.upperBound {
            let need = needed[b]
            if need != 0 { row.store(block: b, need: need, into: destination + b &* blockStride) }
            b &+= 1
        }
        self = row
    }

    /// Block `b` into `out` (16 floats): all lanes when `need` is `TileMap.Need.all`, else the
    /// four it names, each with the bits `vector(block:)` gives it (from the taps, only those
    /// lanes are summed: `SeparableBlur.horizontalLanes`).
    @inline(__always)
    mutating func store(block b: Int, need: UInt8, into out: UnsafeMutablePointer<Float>) {
        if need == TileMap.Need.all {
            out.storeVector16(vector(block: b), at: 0)
            return
        }
        if let sum = changeSum(block: b) {
            let raw = UnsafeMutableRawPointer(out)
            if need & TileMap.Need.lastLanes != 0 {
                raw.storeBytes(of: sum.highHalf.highHalf, toByteOffset: 48, as: SIMD4<Float>.self)
            }
            if need & TileMap.Need.firstLanes != 0 { raw.storeBytes(of: sum.lowHalf.lowHalf, as: SIMD4<Float>.self) }
            return
        }
        mixOnce()
        let x0 = b &* 16
        if need & TileMap.Need.lastLanes != 0 {
            SeparableBlur.horizontalLanes(padded: padded, x: x0 &+ 12, taps: taps, halfWidth: halfWidth, into: out + 12)
        }
        if need & TileMap.Need.firstLanes != 0 {
            SeparableBlur.horizontalLanes(padded: padded, x: x0, taps: taps, halfWidth: halfWidth, into: out)
        }
    }

    /// Block `b` summed from the changes, or nil when it takes the taps.
    @inline(__always)
    private mutating func changeSum(block b: Int) -> SIMD16<Float>? {
        guard let tails else { return nil }
        let h = halfWidth
        let x0 = b &* 16
        let changes = window.changes(block: x0, halfWidth: h, positions: positions, count: count)
        guard MixSteps.usesChanges(changes, halfWidth: h) else { return nil }
        let base = MixSteps.mix(
            at: x0 &- h, source: source, target: target, sourceWeight: sourceWeight, targetWeight: targetWeight)
        return MixSteps.blockSum(
            x0: x0, base: base, negatedPositions: negatedPositions, deltas: deltas, changes: changes, tails: tails,
            halfWidth: h)
    }

    @inline(__always)
    private mutating func mixOnce() {
        guard !mixed else { return }
        let offset = mixColumns.lowerBound
        Mix.row(
            source: source + offset, target: target + offset, captured: captured.map { $0 + offset },
            count: mixColumns.count, sourceWeight: sourceWeight, targetWeight: targetWeight,
            capturedWeight: capturedWeight, into: padded + offset)
        mixed = true
    }
}

/// Room for the changes of one row: positions, their negatives (`MixSteps.blockSum` reads
/// the tail table at an offset of −p) and Δ, `capacity` each (width + 1 suffices).
struct StepBuffer {
    let positions: UnsafeMutablePointer<Int32>
    let negatedPositions: UnsafeMutablePointer<Int32>
    let deltas: UnsafeMutablePointer<Float>
}
