/// The working memory of one renderer, allocated and zeroed once in init.
///
/// - The blur plane: the horizontal pass's output, stored as `blockCount` column blocks of
///   16 floats a row: block b holds columns 16b ..< 16b + 16 of every row, rows contiguous
///   (64 bytes each), with `paddingRows` + 1 rows of zeros above and below so the vertical
///   pass never tests bounds (one more than it reads: a part's copy, below, keeps the row
///   beyond the taps' reach that the automatic ramp reads beside a part, inside the canvas,
///   clear of its neighbours' copies). The vertical pass walks down a block, so its
///   2n + 1-row window is one run of memory; in a row-major plane every row of the window
///   sits on its own 4 KiB page, and beyond ≈ 64 rows (n ≈ 32) the pages no longer fit the
///   L1 TLB, so every step down the window would miss it.
///
///   A frame cut into parts (`FramePlan.Phase.parts`, up to `planeParts`) gives each part a
///   copy of the rows it reads: with s = `paddingRows` + 1, each column block is `height +
///   2 · planeParts · s` rows long, and part p keeps row y at offset y + (2p + 1) · s
///   (`planeOrigin(part:)`), so the rows a part reads around its own (its rows ± (n + 1))
///   never meet another part's, whatever the cuts. Above part 0 lie the s zero rows of every
///   frame, which nothing writes; below the last part of a frame of k parts, at offsets
///   height + (2k − 1) · s ..< height + 2k · s, lie its bottom zero rows, which a frame of
///   more parts writes over: `preparePlane(parts:)` zeroes them again when needed.
/// - Per band (of the horizontal pass, which has `FramePlan.horizontalBandsPerThread` a
///   thread when a frame is split over threads; any thread may run any band): a padded row,
///   `paddingColumns` zeros, the row, zeros to `blockCount · 16 + paddingColumns`, into
///   which the mix is written before the horizontal pass. Only canvas columns are ever
///   written, so the zeros stay.
/// - The tap table: w_0 … w_⌈Rmax⌉ of the current level, each in 4 lanes, and the tail
///   table of the same taps (`MixSteps`).
/// - Per band, room for the mix's changes along one row (`StepBuffer`): blockCount · 16 + 1
///   positions and as many Δ.
/// - With automatic softness only, the field plane: V of the frame row-major with a border
///   of 16 columns on each side, rows `fieldStride` floats apart (a multiple of 16, so a
///   row's vectors are 64-byte aligned). The edge ramp reads each pixel's neighbours across
///   from it with plain offset loads; the border column next to the canvas holds the value
///   outside the canvas it needs (`FramePlan+AutomaticEdge.swift`). And per band of
///   `.edges` (one a thread) a column buffer of 16 + 2 · `paddingRows` floats, where one column of the blur plane is copied
///   to be convolved down as one vector, and two halo rows of `blockCount` · 16 floats: V of
///   the rows just above and below the band's tile rows (rows of other bands, which the band
///   computes itself rather than wait for them), or the values outside the canvas there.
///   And a flag per row of each column block: whether its V in the field plane was
///   substituted (`SeparableBlur.verticalColumn`).
///
/// The padding covers the largest half-width a frame can use, ⌈Rmax⌉, capped by the taps
/// that can reach the canvas (`blockCount · 16 − 1` across, `height − 1` down).
final class RenderScratch {
    /// Column blocks of 16 pixels: ⌈width / 16⌉.
    let blockCount: Int
    let paddingRows: Int
    let paddingColumns: Int
    /// Bands of the horizontal pass: padded rows and step buffers.
    let bandCount: Int
    /// Bands of `.edges`: column buffers and halo rows.
    let edgeBandCount: Int
    /// Floats from one column block of the plane to the next.
    let blockStride: Int
    /// The most parts a frame's plane can be cut into (`planeOrigin(part:)`).
    let planeParts: Int
    /// Per part count k in 1 ... `planeParts` (index k − 1): whether the bottom zero rows of
    /// a frame of k parts hold zeros (`preparePlane(parts:)`).
    private let bottomRowsZero: UnsafeMutablePointer<Bool>

    /// Floats from one row of the field plane to the next (0 without a field plane).
    let fieldStride: Int

    private let plane: UnsafeMutableRawPointer
    private let bandRows: UnsafeMutableRawPointer
    private let paddedRowLength: Int
    private let leftPadding: Int
    private let tapTable: UnsafeMutablePointer<SIMD4<Float>>
    private let tails: UnsafeMutablePointer<Float>
    private let stepPositions: UnsafeMutablePointer<Int32>
    private let stepNegatedPositions: UnsafeMutablePointer<Int32>
    private let stepDeltas: UnsafeMutablePointer<Float>
    private let stepCapacity: Int
    private let field: UnsafeMutableRawPointer?
    private let columns: UnsafeMutablePointer<Float>?
    private let columnLength: Int
    private let halos: UnsafeMutableRawPointer?
    private let substituted: UnsafeMutablePointer<UInt8>?
    private let height: Int

    /// Allocates and zeroes everything; `fieldPlane` adds the automatic ramp's memory,
    /// `planeParts` the room for a frame cut into that many parts.
    init(
        width: Int, height: Int, maxHalfWidth: Int, bandCount: Int, edgeBandCount: Int, fieldPlane: Bool,
        planeParts: Int = 1
    ) {
        blockCount = (width + 15) / 16
        paddingRows = min(maxHalfWidth, height - 1)
        paddingColumns = min(maxHalfWidth, blockCount * 16 - 1)
        self.bandCount = bandCount
        self.edgeBandCount = edgeBandCount
        self.height = height
        self.planeParts = max(1, planeParts)
        blockStride = (height + 2 * self.planeParts * (paddingRows + 1)) * 16
        bottomRowsZero = .allocate(capacity: self.planeParts)
        bottomRowsZero.initialize(repeating: true, count: self.planeParts)
        // The left padding is rounded up to 16 floats so each row's values start 64-byte aligned.
        leftPadding = (paddingColumns + 15) / 16 * 16
        paddedRowLength = leftPadding + blockCount * 16 + paddingColumns
        let planeBytes = blockCount * blockStride * 4
        plane = .allocate(byteCount: planeBytes, alignment: 64)
        plane.initializeMemory(as: UInt8.self, repeating: 0, count: planeBytes)
        let bandBytes = bandCount * paddedRowLength * 4
        bandRows = .allocate(byteCount: bandBytes, alignment: 64)
        bandRows.initializeMemory(as: UInt8.self, repeating: 0, count: bandBytes)
        let taps = max(paddingRows, paddingColumns) + 1
        tapTable = .allocate(capacity: taps)
        tapTable.initialize(repeating: SIMD4(), count: taps)
        let tailCount = MixSteps.tailTableCount(halfWidth: paddingColumns)
        tails = .allocate(capacity: tailCount)
        tails.initialize(repeating: 0, count: tailCount)
        stepCapacity = blockCount * 16 + 1
        stepPositions = .allocate(capacity: bandCount * stepCapacity)
        stepPositions.initialize(repeating: 0, count: bandCount * stepCapacity)
        stepNegatedPositions = .allocate(capacity: bandCount * stepCapacity)
        stepNegatedPositions.initialize(repeating: 0, count: bandCount * stepCapacity)
        stepDeltas = .allocate(capacity: bandCount * stepCapacity)
        stepDeltas.initialize(repeating: 0, count: bandCount * stepCapacity)
        columnLength = 16 + 2 * paddingRows
        if fieldPlane {
            fieldStride = blockCount * 16 + 32
            let fieldBytes = height * fieldStride * 4
            let field = UnsafeMutableRawPointer.allocate(byteCount: fieldBytes, alignment: 64)
            field.initializeMemory(as: UInt8.self, repeating: 0, count: fieldBytes)
            self.field = field
            let columns = UnsafeMutablePointer<Float>.allocate(capacity: edgeBandCount * columnLength)
            columns.initialize(repeating: 0, count: edgeBandCount * columnLength)
            self.columns = columns
            let haloBytes = edgeBandCount * 2 * blockCount * 16 * 4
            let halos = UnsafeMutableRawPointer.allocate(byteCount: haloBytes, alignment: 64)
            halos.initializeMemory(as: UInt8.self, repeating: 0, count: haloBytes)
            self.halos = halos
            let flags = UnsafeMutablePointer<UInt8>.allocate(capacity: blockCount * height)
            flags.initialize(repeating: 0, count: blockCount * height)
            substituted = flags
        } else {
            substituted = nil
            fieldStride = 0
            field = nil
            columns = nil
            halos = nil
        }
    }

    deinit {
        plane.deallocate()
        bottomRowsZero.deallocate()
        bandRows.deallocate()
        tapTable.deallocate()
        tails.deallocate()
        stepPositions.deallocate()
        stepNegatedPositions.deallocate()
        stepDeltas.deallocate()
        field?.deallocate()
        columns?.deallocate()
        halos?.deallocate()
        substituted?.deallocate()
    }

    /// Per row of column block `block`: 1 when the field plane holds a substituted V there
    /// (`SeparableBlur.verticalColumn`), written for the computed tiles' rows each frame.
    /// Only with a field plane.
    func substitutedRows(block: Int) -> UnsafeMutablePointer<UInt8> {
        substituted! + block * height
    }

    /// Row 0, column 0 of the field plane: row y, column x is `fieldOrigin[y · fieldStride + x]`
    /// for rows 0 ..< height and columns −16 ..< blockCount · 16 + 16. Only with a field plane.
    var fieldOrigin: UnsafeMutablePointer<Float> {
        field!.assumingMemoryBound(to: Float.self) + 16
    }

    /// The column buffer of `band`: 16 + 2 · `paddingRows` floats. Only with a field plane.
    func columnBuffer(band: Int) -> UnsafeMutablePointer<Float> {
        columns! + band * columnLength
    }

    /// Column 0 of the halo rows above and below `band`'s tile rows: `blockCount` · 16 floats
    /// each, 64-byte aligned. Only with a field plane.
    func haloRows(band: Int) -> (above: UnsafeMutablePointer<Float>, below: UnsafeMutablePointer<Float>) {
        let above = halos!.assumingMemoryBound(to: Float.self) + band * 2 * blockCount * 16
        return (above, above + blockCount * 16)
    }

    /// Row 0 of column block 0 of the blur plane: column block b, row y is the 16 floats at
    /// `b · blockStride + 16 · y`, for rows −paddingRows − 1 ..< height + paddingRows + 1 (a
    /// frame of one part: call `preparePlane(parts: 1)` first).
    var planeOrigin: UnsafeMutablePointer<Float> {
        planeOrigin(part: 0)
    }

    /// Row 0 of column block 0 of part `part`'s copy of the plane, addressed as
    /// `planeOrigin`; part p may use rows from the cut above it less `paddingRows` + 1 to
    /// the cut below it plus `paddingRows` + 1 (the canvas's rows, and the zero rows above
    /// part 0 and below the last part).
    func planeOrigin(part: Int) -> UnsafeMutablePointer<Float> {
        plane.assumingMemoryBound(to: Float.self) + (2 * part + 1) * (paddingRows + 1) * 16
    }

    /// Makes the bottom zero rows of a frame of `parts` parts (at most `planeParts`) hold
    /// zeros, and notes that such a frame writes over those of frames of fewer parts. Called
    /// before each frame's passes; zeroing happens only for a frame of fewer parts than one
    /// drawn since the last time.
    func preparePlane(parts: Int) {
        if !bottomRowsZero[parts - 1] {
            let base = plane.assumingMemoryBound(to: Float.self)
            let first = (height + (2 * parts - 1) * (paddingRows + 1)) * 16
            for b in 0..<blockCount {
                (base + b * blockStride + first).update(repeating: 0, count: (paddingRows + 1) * 16)
            }
            bottomRowsZero[parts - 1] = true
        }
        for k in 0..<parts - 1 { bottomRowsZero[k] = false }
    }

    /// Pixel 0 of the padded row of `band`; −paddingColumns ..< blockCount · 16 +
    /// paddingColumns are addressable.
    func paddedRow(band: Int) -> UnsafeMutablePointer<Float> {
        bandRows.assumingMemoryBound(to: Float.self) + band * paddedRowLength + leftPadding
    }

    /// The room for one row's changes of `band`.
    func stepBuffer(band: Int) -> StepBuffer {
        StepBuffer(
            positions: stepPositions + band * stepCapacity, negatedPositions: stepNegatedPositions + band * stepCapacity,
            deltas: stepDeltas + band * stepCapacity)
    }

    /// Loads the tail table of w_0 … w_h (`centre[i]` is w_i; h ≤ `paddingColumns`) and
    /// returns it (`MixSteps.loadTailTable`).
    func loadTailTable(centre: UnsafePointer<Float>, halfWidth h: Int) -> UnsafePointer<Float> {
        MixSteps.loadTailTable(centre: centre, halfWidth: h, into: tails)
        return UnsafePointer(tails)
    }

    /// Loads w_0 … w_n (n ≤ the padding) into the tap table and returns it.
    func loadTaps(_ taps: UnsafePointer<Float>, halfWidth n: Int) -> UnsafePointer<SIMD4<Float>> {
        for i in 0...n { tapTable[i] = SIMD4(repeating: taps[i]) }
        return UnsafePointer(tapTable)
    }
}
