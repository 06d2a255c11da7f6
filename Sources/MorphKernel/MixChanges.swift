import AlphaRaster

/// Where each row of a pair of masks changes, kept by the renderer for the pair it drew last,
/// so that the horizontal pass (`MixSteps`) finds a row's changes in a short list instead of
/// comparing both masks' bytes again every frame: a morph draws the same two masks frame
/// after frame.
///
/// A row's changes are the positions p in 0 … width where byte p of either mask differs from
/// its byte p − 1 (bytes outside the row count as 0, so p = 0 is the rise to the first byte
/// and p = width the fall past the last), ascending, each with the two masks' differences as
/// `Float`s (exact: whole numbers of at most 255; 0 for a mask that does not change there).
/// A frame forms each Δ from them as `MixSteps.extract` does from the bytes (the same
/// operations in the same order), so the bits are the same whichever way a row's changes
/// come. A row with more changes than `capacity` is not kept (`count` −1): frames read its
/// bytes as before.
///
/// Masks are recognised by their storage (`AlphaMask.sharesStorage`), as `MaskTileBounds`
/// recognises them; the pair is kept, so its storage stays its own. Used under the
/// renderer's lock; filled by the stats pass of the pair's second frame (`use`), a band of
/// rows at a time.
final class MixChanges {
    /// The most changes kept a row: anti-aliased icons change a few times across a row
    /// whatever their size.
    static let maximumCapacity = 64
    /// The changes kept a row: `maximumCapacity`, or width + 1 (every position) when fewer,
    /// so that narrow frames keep little: 16 bytes a change.
    let capacity: Int

    /// The masks whose changes these are, or nil before the first pair.
    private var source: AlphaMask?
    private var target: AlphaMask?
    /// False until a stats pass has filled the rows for `source` and `target`.
    var isMeasured = false

    /// Per row, how many changes it has, or −1 when more than `capacity`.
    private let counts: UnsafeMutablePointer<Int32>
    /// Row y's positions from y · `capacity`, their negatives (as `StepBuffer` holds them),
    /// and each mask's difference there.
    private let positions: UnsafeMutablePointer<Int32>
    private let negatedPositions: UnsafeMutablePointer<Int32>
    private let sourceDifferences: UnsafeMutablePointer<Float>
    private let targetDifferences: UnsafeMutablePointer<Float>

    /// Room for the changes of `height` rows of `width` positions. Only the counts are set:
    /// a row's lists are written before they are read, so memory that no frame keeps changes
    /// in is never touched.
    init(width: Int, height: Int) {
        capacity = max(1, min(Self.maximumCapacity, width + 1))
        counts = .allocate(capacity: height)
        counts.initialize(repeating: -1, count: height)
        positions = .allocate(capacity: height * capacity)
        negatedPositions = .allocate(capacity: height * capacity)
        sourceDifferences = .allocate(capacity: height * capacity)
        targetDifferences = .allocate(capacity: height * capacity)
    }

    deinit {
        counts.deallocate()
        positions.deallocate()
        negatedPositions.deallocate()
        sourceDifferences.deallocate()
        targetDifferences.deallocate()
    }

    /// Counts a frame of `source` → `target` and tells whether it reads its changes here:
    /// from the pair's second frame on, the first of which measures them (`isMeasured`
    /// false). A pair's first frame finds them in the bytes, only in the rows it reads: a
    /// one-frame job (a process drawing one frame) would gain nothing from measuring every
    /// row. A pair is recognised storage for storage.
    func use(source: AlphaMask, target: AlphaMask) -> Bool {
        if self.source?.sharesStorage(with: source) != true || self.target?.sharesStorage(with: target) != true {
            self.source = source
            self.target = target
            isMeasured = false
            framesOfPair = 0
        }
        framesOfPair = min(framesOfPair + 1, 2)
        return framesOfPair == 2
    }

    /// Frames drawn of the pair, counted up to 2.
    private var framesOfPair = 0

    /// Where the stats pass fills them and the horizontal pass reads them.
    var rows: Rows {
        Rows(
            capacity: capacity, counts: counts, positions: positions, negatedPositions: negatedPositions,
            sourceDifferences: sourceDifferences, targetDifferences: targetDifferences)
    }

    /// The rows' memory, shared by the bands of a pass (each fills or reads rows of its own).
    struct Rows {
        /// Changes kept a row (`MixChanges.capacity`).
        let capacity: Int
        let counts: UnsafeMutablePointer<Int32>
        let positions: UnsafeMutablePointer<Int32>
        let negatedPositions: UnsafeMutablePointer<Int32>
        let sourceDifferences: UnsafeMutablePointer<Float>
        let targetDifferences: UnsafeMutablePointer<Float>

        /// Row `y`'s changes.
        @inline(__always)
        func row(_ y: Int) -> Row {
            let offset = y &* capacity
            return Row(
                count: Int(counts[y]), positions: positions + offset, negatedPositions: negatedPositions + offset,
                sourceDifferences: sourceDifferences + offset, targetDifferences: targetDifferences + offset)
        }

        /// Finds the changes of rows `rows` of `source` and `target` (`width` bytes a row,
        /// rows tight).
        /// Each row's count is −1 when it has more changes than `capacity`
        /// (`MixSteps.forEachChange` finds them).
        func measure(rows: Range<Int>, source: UnsafePointer<UInt8>, target: UnsafePointer<UInt8>, width: Int) {
            for y in rows {
                let offset = y &* capacity
                var count = 0
                let complete = MixSteps.forEachChange(
                    source: source + y &* width, target: target + y &* width, width: width, positions: 0...width
                ) { p, ds, dt in
                    guard count < capacity else { return false }
                    positions[offset &+ count] = Int32(truncatingIfNeeded: p)
                    negatedPositions[offset &+ count] = Int32(truncatingIfNeeded: -p)
                    sourceDifferences[offset &+ count] = Float(ds)
                    targetDifferences[offset &+ count] = Float(dt)
                    count &+= 1
                    return true
                }
                counts[y] = complete ? Int32(count) : -1
            }
        }
    }

    /// One row's changes: `count` of them (−1: not kept), ascending.
    struct Row {
        let count: Int
        let positions: UnsafePointer<Int32>
        let negatedPositions: UnsafePointer<Int32>
        let sourceDifferences: UnsafePointer<Float>
        let targetDifferences: UnsafePointer<Float>
    }
}
