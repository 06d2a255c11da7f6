/// How a distance frame's work is split: its phases in order, each over bands of rows or of
/// segment columns that depend on nothing else the phase writes, what every band of the
/// frame being drawn reads, and how a phase's bands are run, here or on a `WorkerPool`.
extension DistanceFrameRenderer {
    /// The steps of a frame, in this order (the bounds' steps only when it sorts twice), each
    /// over bands that depend on nothing else it writes: bands of whole runs of 16 rows
    /// (`rowRange`), or for the steps that go down columns, bands of segment columns
    /// (`columnRange`). A phase reads what the ones before it wrote.
    enum Phase {
        /// The first sort (`sortSegments`), by rows.
        case sort
        /// V = φ in the edge segments, for a frame without blur (`mixEdgeSegments`), by
        /// rows: the only step after the first sort then.
        case unblurred
        /// A and its bounds in the first sort's edge segments of every `measuredRowStep`-th
        /// row (`blurAcross`), by rows.
        case measure
        /// The second sort (`sortEdgeSegments`), by columns.
        case sortEdges
        /// The segments the blur down reads (`markReach`), by columns.
        case markReach
        /// A where it is still needed (`blurAcross`), by rows.
        case across
        /// V in the edge segments (`blurDown`), by rows.
        case down
        /// The pixels (`writePixels`), by rows.
        case pixels

        /// Whether the phase's bands are bands of rows (the others' are of segment columns).
        var isByRows: Bool { self != .sortEdges && self != .markReach }
    }

    /// What every band of the frame being drawn reads, set before its phases.
    struct FrameJob {
        var inputs: MixInputs?
        var halfWidth = 0
        var reach = Reach.everywhere
        var twice = false
        var captureBounds: UnsafePointer<SIMD2<Float>>?
        /// Bands of rows and of columns of each phase.
        var rowBands = 1
        var columnBands = 1
        var pixels: PixelJob?
    }

    /// What `.pixels` writes, and where.
    struct PixelJob {
        var floor: Float
        var writer: PixelWriter
        var output: UnsafeMutableRawPointer
        var bytesPerRow: Int
    }

    /// How many bands `phase` has in the frame being drawn.
    func bandCount(of phase: Phase) -> Int {
        phase.isByRows ? frameJob.rowBands : frameJob.columnBands
    }

    /// The rows of band `band`: an even share of the runs of 16 rows.
    func rowRange(_ band: Int) -> Range<Int> {
        let bands = frameJob.rowBands, length = Self.segmentLength
        return min(height, runsDown * band / bands * length) ..< min(height, runsDown * (band + 1) / bands * length)
    }

    /// The segment columns of band `band`: an even share.
    func columnRange(_ band: Int) -> Range<Int> {
        let bands = frameJob.columnBands
        return segmentsAcross * band / bands ..< segmentsAcross * (band + 1) / bands
    }

    /// Runs band `band` of `phase` of the frame being drawn.
    func run(_ phase: Phase, band: Int) {
        let job = frameJob, n = job.halfWidth
        switch phase {
        case .sort:
            let inputs = job.inputs!
            inputs.source.segmentBounds.withUnsafeBufferPointer { sourceBounds in
                inputs.target.segmentBounds.withUnsafeBufferPointer { targetBounds in
                    sortSegments(
                        sourceBounds.baseAddress!, targetBounds.baseAddress!, job.captureBounds, weights: inputs.weights,
                        reach: job.reach, twice: job.twice, rows: rowRange(band))
                }
            }
        case .unblurred:
            mixEdgeSegments(job.inputs!, rows: rowRange(band))
        case .measure:
            blurAcross(job.inputs!, where: measured, rows: rowRange(band), halfWidth: n, measuring: true, row: mixedRow(band))
        case .sortEdges:
            sortEdgeSegments(halfWidth: n, reach: job.reach, columns: columnRange(band))
        case .markReach:
            markReach(halfWidth: n, columns: columnRange(band))
        case .across:
            blurAcross(job.inputs!, where: needsAcross, rows: rowRange(band), halfWidth: n, measuring: false, row: mixedRow(band))
        case .down:
            blurDown(halfWidth: n, rows: rowRange(band))
        case .pixels:
            let pixels = job.pixels!
            writePixels(
                Plane(values: blurred, stride: planeStride), floor: pixels.floor, reach: job.reach.pixel, writer: pixels.writer,
                output: pixels.output, bytesPerRow: pixels.bytesPerRow, rows: rowRange(band))
        }
    }

    /// Band `band`'s row of φ, at its first pixel (`padding` floats into it).
    func mixedRow(_ band: Int) -> UnsafeMutablePointer<Float> { mixedRows + band * mixedRowLength + padding }

    /// Runs every band of `phase`: on `pool`'s threads, or one after the other here.
    func perform(_ phase: Phase, _ pool: WorkerPool?) {
        WorkerPool.Job.distance(self, phase).perform(on: pool)
    }
}
