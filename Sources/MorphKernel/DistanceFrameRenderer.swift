/// The distance style's frame in single precision: from two icons' signed distance fields to
/// the frame's coverage bytes.
///
/// For progress p (e, b and the blur level exactly as for the metaball style,
/// `MorphFrameMath`):
/// 1. φ = (1 − e) · φS + e · φT;
/// 2. V = the separable Gaussian blur of φ at the level's radius, the canvas's border values
///    repeated outside it (a distance field goes on past the canvas);
/// 3. the slope g = |∇V| by central differences (one-sided on the border), and the distance
///    to the outline d = V / max(g, 1 − b, 0.05): a blurred distance field is flatter where
///    the blur spans a corner or a thin part, and dividing by its slope keeps the edge one
///    pixel wide there; the floor 1 − b leaves frames at rest as the fields give them and
///    brings the correction in with the blur;
/// 4. α = the share of the pixel beyond a straight edge d from its centre with its normal
///    along ∇V (`PixelEdge`): a vector renderer's anti-aliasing. Where g is under the floor f
///    the normal is (|∂V/∂x| + f − g, ∂V/∂y) instead, which turns to the row as the slope
///    vanishes: at a saddle, where g rounds to 0 in one precision and not in another, α
///    would otherwise leap with the direction of a slope too small to trust.
///
/// The frame is cut into segments of 16 pixels of a row, and only those near the outline
/// are blurred and drawn (see `render`), 16 pixels a vector; φ is mixed a row at a time, as
/// the blur across reads it. The work goes in phases (`Phase`), each over bands of rows or
/// of segment columns that depend on nothing else the phase writes, so a frame may be split
/// over a `WorkerPool`'s threads; a segment is computed the same way in any band.
///
/// Blurring down first where the outline runs along the rows (D = Σ_j w_j φ(y + j) in the
/// segments within n pixels across, then V across D) was built and measured, and dropped:
/// at workload c, p = ½, it blurred 27 % fewer segments, but φ had to be mixed into a plane
/// in the 2n rows around them (10,316 segments, each about a tenth of a blurred one's
/// time), and choosing the order per segment from φ cost as much again, so frames took
/// as long (perf samples 14,085 against 14,084), and at p = ¼ longer.
///
/// Every byte is within ±1 of the same math in double precision (the tests' reference), and
/// depends on the fields, the progress and the style only: a segment's V is computed the
/// same way whichever segments around it are. All memory is allocated in `init`.
final class DistanceFrameRenderer {
    let width: Int
    let height: Int
    let style: MorphStyle
    let bank: GaussianKernelBank
    /// Segments a row: ⌈width / 16⌉.
    let segmentsAcross: Int
    /// Floats a row of the planes `across` and `blurred`: segmentsAcross · 16, and 16 more,
    /// so that the rows the blur down reads together are not a multiple of 4 KiB apart (at
    /// 1024 and 2048 px they were, and fought over the same few cache sets: a whole 61-frame
    /// morph took 24 % and 31 % longer).
    let planeStride: Int
    /// Columns of a padded row before its pixels (the largest blur half-width).
    let padding: Int
    /// The most threads a frame is split over: as many as asked, but no more than its runs
    /// of 16 rows (a thread more would have no band of its own).
    let maximumThreads: Int
    /// The most bands of rows a phase has: `bandsPerThread` a thread (the pool hands them
    /// out in turn, evening out the threads' shares where the outline's rows are unevenly
    /// spread), no more than the runs of 16 rows.
    let maximumRowBands: Int
    /// Per band of rows, one row of φ, padded as an `IconField`'s rows are: what the blur
    /// across reads.
    let mixedRows: UnsafeMutablePointer<Float>
    /// Floats from one band's row of φ to the next: width + 2 · `padding` + 16.
    let mixedRowLength: Int
    /// φ blurred across (A), then the frame's V.
    let across: UnsafeMutablePointer<Float>
    let blurred: UnsafeMutablePointer<Float>
    /// Per segment (row-major): what the frame is there (`kinds`); where this frame computed
    /// A before sorting its segments a second time (`measured`); where the blur down of the
    /// edge segments reads A that is not yet computed (`needsAcross`).
    let kinds: UnsafeMutablePointer<SegmentKind>
    let measured: UnsafeMutablePointer<Bool>
    let needsAcross: UnsafeMutablePointer<Bool>
    /// Per segment, a bound below and above A there (`sortSegments`, then the blur across of
    /// the first sort's edge segments in the measured rows, then `sortEdgeSegments` for the
    /// rows between): segments by column,
    /// `boundsStride` floats a column, row y of a column at `padding` + y, the first and last
    /// rows repeated `padding` (and 16 more) floats beyond the column's ends, as the blur
    /// down repeats them.
    let lowerBounds: UnsafeMutablePointer<Float>
    let upperBounds: UnsafeMutablePointer<Float>
    let boundsStride: Int
    /// Scratch for `markReach`: an `Int` per column.
    let markedRows: UnsafeMutablePointer<Int>
    /// The frame's taps w_0 … w_n, each in 4 lanes, as `SeparableBlur` takes them.
    let taps: UnsafeMutablePointer<SIMD4<Float>>
    /// Per column and run of 16 rows (`runsDown` a column, row-major by run): whether the
    /// first sort left an edge segment there, for the second.
    let edgeRuns: UnsafeMutablePointer<Bool>
    let runsDown: Int

    /// The least half-width at which the segments are sorted twice: below it the blur is
    /// narrow, the first sort's reach little wider than the second's, and the second sort
    /// costs more than it saves. Measured on heart → star at 132 px and workloads b and c
    /// (medians of alternating runs): frames sorted twice took 9–32 % longer at half-widths
    /// 1 to 5, 6–8 % less at 8 and 10, 28–32 % less at 32 and 48.
    static let secondSortHalfWidth = 8
    /// The rows whose A the first sort's edge segments measure for the second: every
    /// `measuredRowStep`-th; the rows between are bounded from them (A steps by at most L a
    /// row, `sortEdgeSegments`). Modelled on the frames at p = ½ of workloads a–c and four
    /// icon pairs (numpy, the A and V each way computes): against measuring every row, every
    /// 4th computed 1–10 % fewer segments of A and V (10 % at 512 and 1024 px), every 2nd
    /// 2–7 %, every 8th 0–10 % (more on the icons, whose edge segments grew most).
    static let measuredRowStep = 4
    /// Pixels in a segment, and lanes in a vector.
    static let segmentLength = 16

    /// Per blur level, once computed, `spread(level:kernel:)`.
    var spreads: [Float?]
    /// Whether the segments are sorted a second time, by bounds on V (see `render`); the
    /// tests turn it off to compare (the bytes are the same).
    var sortsTwice = true
    /// The frame being drawn, between its phases (empty otherwise).
    var frameJob = FrameJob()

    /// What a segment of the frame is: one byte, so that the tables can be scanned eight
    /// segments at a time (`ByteTableScan`).
    struct SegmentKind: Equatable {
        let rawValue: UInt8
        /// Every V ≤ −`Reach.edge`: every pixel empty.
        static let empty = SegmentKind(rawValue: 0)
        /// Every V ≥ `Reach.edge`: every pixel full.
        static let full = SegmentKind(rawValue: 1)
        /// Near the outline: V is computed.
        static let edge = SegmentKind(rawValue: 2)
    }

    /// The edge segments' columns in `columns` of row `y`, left to right.
    @inline(__always)
    func edges(row y: Int, in columns: Range<Int>) -> ByteTableScan {
        ByteTableScan(UnsafeRawPointer(kinds + y &* segmentsAcross), columns, bit: SegmentKind.edge.rawValue)
    }

    /// The segment columns of row `y` marked in `flags` (a per-segment table), left to right.
    @inline(__always)
    func marked(_ flags: UnsafePointer<Bool>, row y: Int) -> ByteTableScan {
        ByteTableScan(UnsafeRawPointer(flags + y &* segmentsAcross), 0..<segmentsAcross, bit: 1)
    }

    /// Bands of rows per thread in a split frame.
    static let bandsPerThread = 4

    /// A renderer of `width` × `height` frames in `style` (already validated), whose frames
    /// may be split over up to `threads` threads.
    init(width: Int, height: Int, style: MorphStyle, threads: Int = 1) {
        self.width = width
        self.height = height
        self.style = style
        bank = GaussianKernelBank.shared(maxBlurRadius: style.maxBlurRadius, blurLevels: style.blurLevels)
        spreads = [Float?](repeating: nil, count: style.blurLevels)
        segmentsAcross = (width + Self.segmentLength - 1) / Self.segmentLength
        planeStride = segmentsAcross * Self.segmentLength + Self.segmentLength
        padding = bank.maxHalfWidth
        runsDown = (height + Self.segmentLength - 1) / Self.segmentLength
        maximumThreads = max(1, min(threads, runsDown))
        maximumRowBands = max(1, min(runsDown, maximumThreads * Self.bandsPerThread))
        mixedRowLength = width + 2 * padding + Self.segmentLength
        mixedRows = .allocate(capacity: mixedRowLength * maximumRowBands)
        mixedRows.initialize(repeating: 0, count: mixedRowLength * maximumRowBands)
        across = .allocate(capacity: planeStride * height)
        across.initialize(repeating: 0, count: planeStride * height)
        blurred = .allocate(capacity: planeStride * height)
        blurred.initialize(repeating: 0, count: planeStride * height)
        let segments = segmentsAcross * height
        kinds = .allocate(capacity: segments)
        kinds.initialize(repeating: .edge, count: segments)
        measured = .allocate(capacity: segments)
        measured.initialize(repeating: false, count: segments)
        needsAcross = .allocate(capacity: segments)
        needsAcross.initialize(repeating: false, count: segments)
        boundsStride = height + 2 * padding + Self.segmentLength
        lowerBounds = .allocate(capacity: boundsStride * segmentsAcross)
        lowerBounds.initialize(repeating: 0, count: boundsStride * segmentsAcross)
        upperBounds = .allocate(capacity: boundsStride * segmentsAcross)
        upperBounds.initialize(repeating: 0, count: boundsStride * segmentsAcross)
        markedRows = .allocate(capacity: segmentsAcross)
        markedRows.initialize(repeating: 0, count: segmentsAcross)
        taps = .allocate(capacity: padding + 1)
        taps.initialize(repeating: SIMD4(), count: padding + 1)
        edgeRuns = .allocate(capacity: segmentsAcross * runsDown)
        edgeRuns.initialize(repeating: false, count: segmentsAcross * runsDown)
    }

    deinit {
        mixedRows.deallocate()
        across.deallocate()
        blurred.deallocate()
        kinds.deallocate()
        measured.deallocate()
        needsAcross.deallocate()
        lowerBounds.deallocate()
        upperBounds.deallocate()
        markedRows.deallocate()
        taps.deallocate()
        edgeRuns.deallocate()
    }

    /// A field captured from an earlier frame (`CapturedField` of the distance field) and its
    /// weight w in (0, 1]: φ = (1 − w) · ((1 − e) · φS + e · φT) + w · C, and the slope's floor
    /// (1 − w) · f + w · f_C, with f_C the captured frame's, so that the frame right after a
    /// capture (w = 1, no blur) is the captured frame.
    struct Capture {
        var values: UnsafePointer<Float>
        /// The field's `SegmentBounds`.
        var bounds: UnsafePointer<SIMD2<Float>>
        /// The field's steepest step (`FieldSteps`).
        var steepestStep: Float
        var weight: Double
        var slopeFloor: Double
    }

    /// The frame at `progress`: its blur amount b, its level and the level's Gaussian.
    func blur(progress: Double) -> (amount: Double, level: Int, kernel: GaussianKernel) {
        let b = MorphFrameMath.blurAmount(progress: progress, easing: style.easing)
        let level = MorphFrameMath.levelIndex(blurAmount: b, blurLevels: style.blurLevels)
        return (b, level, bank.levels[level])
    }

    /// The slope's floor f = max(1 − b, 0.05) of a frame with blur amount `b`.
    static func slopeFloor(blurAmount b: Double) -> Double { max(1 - b, 0.05) }

    /// The frame at `progress` (in [0, 1]) between `source` and `target` (fields of this
    /// renderer's size and padding): each pixel's coverage α through `writer` into `output`,
    /// rows `bytesPerRow` apart.
    ///
    /// Only segments near the outline are blurred, found in two sorts. The fields step by at
    /// most L from a pixel to the next along a row or a column (`FieldSteps`: about 1, the
    /// fields being distances), and so do φ, A and V, weighted means of them; a weighted mean
    /// of φ differs from φ by at most L times the weights' mean distance along the rows and
    /// columns: Σ_i w_i |i| for A, the blur across, and twice that for V (`Reach`). First, by
    /// the fields' bounds per segment (`SegmentBounds`), the segments where some φ is within
    /// `Reach.field` of zero: elsewhere |V| ≥ `Reach.edge` throughout. A is computed in those
    /// of every `measuredRowStep`-th row, and V = Σ_j w_j A(y + j) is then bounded per
    /// segment by the same sum over each row's least and greatest A: the rows computed
    /// exactly, the others within `Reach.across` of φ's bounds or L a row from a computed
    /// row's. The segments where those bounds leave V within `Reach.edge` of zero are the
    /// edge segments, the only ones the blur down reaches: every pixel elsewhere is full
    /// (V ≥ `Reach.pixel`, where α is 1; see `writePixels`), and so is every neighbour whose
    /// V an edge segment's slope could read (V changes by at most L from a pixel to the
    /// next), or empty likewise.
    ///
    /// With a `pool`, each phase is split over its threads (`Phase`); the bytes are the same.
    func render(
        source: IconField, target: IconField, progress: Double, capture: Capture? = nil,
        writer: PixelWriter, output: UnsafeMutableRawPointer, bytesPerRow: Int, pool: WorkerPool? = nil
    ) {
        let floor = frameField(source: source, target: target, progress: progress, capture: capture, everywhere: false, pool: pool)
        frameJob.pixels = PixelJob(floor: Float(floor), writer: writer, output: output, bytesPerRow: bytesPerRow)
        perform(.pixels, pool)
        frameJob = FrameJob()
    }

    /// V of the frame over the whole canvas and its slope's floor: what a capture keeps.
    func capturedField(
        source: IconField, target: IconField, progress: Double, capture: Capture?
    ) -> (values: [Float], slopeFloor: Double) {
        let floor = frameField(source: source, target: target, progress: progress, capture: capture, everywhere: true, pool: nil)
        frameJob = FrameJob()
        var values = [Float](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width { values[y * width + x] = blurred[y * planeStride + x] }
        }
        return (values, floor)
    }

    /// A plane of V: row y starts `stride` floats after row y − 1.
    struct Plane {
        var values: UnsafePointer<Float>
        var stride: Int
    }

    /// The weights of a frame's mix: the source's, the target's and the captured field's.
    struct MixWeights {
        var keep: Float
        var take: Float
        var captured: Float
    }

    /// What φ is mixed from: the two icons' fields, a captured one, and their weights.
    struct MixInputs {
        var source: IconField
        var target: IconField
        var captured: UnsafePointer<Float>?
        var weights: MixWeights
    }

    /// Sorts the segments (every segment an edge segment when `everywhere`) and computes V in
    /// the edge segments, into `blurred`, over `pool`'s threads if given. Returns the frame's
    /// slope floor; `frameJob` holds the frame's job afterwards.
    func frameField(
        source: IconField, target: IconField, progress: Double, capture: Capture?, everywhere: Bool, pool: WorkerPool?
    ) -> Double {
        precondition(source.width == width && source.height == height && source.padding == padding)
        precondition(target.width == width && target.height == height && target.padding == padding)
        let e = MorphFrameMath.easedProgress(progress, easing: style.easing)
        let (b, level, kernel) = blur(progress: progress)
        let w = capture?.weight ?? 0
        let n = kernel.halfWidth
        let weights = MixWeights(keep: Float((1 - w) * (1 - e)), take: Float((1 - w) * e), captured: Float(w))
        // One band a step without a pool; with one, as many as its threads can share.
        let threads = pool.map { min($0.bandCount, maximumThreads) } ?? 1
        // The steepest step of the fields mixed (whatever their weights: a bound all the same).
        let step = max(source.steepestStep, target.steepestStep, capture?.steepestStep ?? 0)
        let rowBands = pool == nil ? 1 : min(maximumRowBands, threads * Self.bandsPerThread)
        frameJob = FrameJob(
            inputs: MixInputs(source: source, target: target, captured: capture?.values, weights: weights), halfWidth: n,
            reach: everywhere ? .everywhere : Reach(spread: spread(level: level, kernel: kernel), step: step),
            twice: !everywhere && sortsTwice && n >= Self.secondSortHalfWidth, captureBounds: capture?.bounds,
            rowBands: rowBands, columnBands: min(segmentsAcross, threads))
        kernel.weights.withUnsafeBufferPointer { kernelWeights in
            for i in 0...n { taps[i] = SIMD4(repeating: kernelWeights[n + i]) }
        }
        perform(.sort, pool)
        let floor = (1 - w) * Self.slopeFloor(blurAmount: b) + w * (capture?.slopeFloor ?? 0)
        if n == 0 {
            // The blur is the identity: A = 1 · φ and V = 1 · A, the same bits as φ.
            perform(.unblurred, pool)
            return floor
        }
        if frameJob.twice {
            // A in the segments of the first sort, then the second sort from its bounds.
            perform(.measure, pool)
            perform(.sortEdges, pool)
        }
        perform(.markReach, pool)
        perform(.across, pool)
        perform(.down, pool)
        return floor
    }
}
