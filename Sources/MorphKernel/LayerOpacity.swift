import AlphaRaster

/// The opacity of icons' translucent layers in a metaball frame (the frame math, step 7b).
///
/// A mask with `AlphaMask.opaqueCoverage` C has two planes: C, the icon with every layer
/// opaque, and its pixels A. The frame's shape is melted from the C planes as any frame is
/// from its masks; this stage then scales each pixel of it by
///
/// o = 1 − V_D / V_C,
///
/// with V_C the frame's field (the blurred mix of the C planes, a captured field's values
/// mixed in) and V_D the same blur of the same mix of the differences D = C − A (a captured
/// field's `CapturedField.translucency` mixed in). As blur and mix are linear, o = V_A / V_C:
/// the share of the blurred shape the icons' paint covers. At rest it gives back the
/// icon's pixels (C · A / C = A); mid-morph a layer's opacity blurs into its neighbours'
/// as its shape melts. Where no difference reaches, o = 1 and the frame is left as it is.
///
/// The coverage byte a of the shape becomes round(a · o) (ties to even). Computed on one thread over the
/// rows and column blocks the differences can reach (their bounding box widened by the
/// kernel's half-width; every pixel when a captured field carries translucency), in memory
/// allocated once. Both fields take the frame's own passes, as `FieldCapture` does: each
/// block across from the mix's changes or the taps (`RowBlocks`), then down
/// (`SeparableBlur.verticalSum`), so V_C is the V the frame's edge read.
final class LayerOpacity {
    let width: Int
    let height: Int
    /// The blur planes of V_C and V_D, each with its padded row, step buffer and tap tables.
    private let shapeScratch: RenderScratch
    private let differenceScratch: RenderScratch
    /// One row of V_C and of V_D, `shapeScratch.blockCount` · 16 floats each.
    private let shapeRow: UnsafeMutablePointer<Float>
    private let differenceRow: UnsafeMutablePointer<Float>
    /// Per column block, the first and last row where the frame's D blurred across is not 0
    /// (`Int.max` and `Int.min` when none): V_D is 0 beyond `v` rows of them, and o is 1.
    private let firstDifferenceRow: UnsafeMutablePointer<Int>
    private let lastDifferenceRow: UnsafeMutablePointer<Int>
    /// D = C − A of the last pair measured, the source's then the target's (zero for a mask
    /// of one plane).
    private let differences: UnsafeMutablePointer<UInt8>
    /// The last pair measured (kept, so their storage stays theirs) and where the differences
    /// of either are: rows and columns, empty when none.
    private var measuredSource: AlphaMask?
    private var measuredTarget: AlphaMask?
    private var differenceRows = 0..<0
    private var differenceColumns = 0..<0

    init(width: Int, height: Int, maxHalfWidth: Int) {
        self.width = width
        self.height = height
        shapeScratch = RenderScratch(
            width: width, height: height, maxHalfWidth: maxHalfWidth, bandCount: 1, edgeBandCount: 1, fieldPlane: false)
        differenceScratch = RenderScratch(
            width: width, height: height, maxHalfWidth: maxHalfWidth, bandCount: 1, edgeBandCount: 1, fieldPlane: false)
        let rowLength = shapeScratch.blockCount * 16
        shapeRow = .allocate(capacity: rowLength)
        shapeRow.initialize(repeating: 0, count: rowLength)
        differenceRow = .allocate(capacity: rowLength)
        differenceRow.initialize(repeating: 0, count: rowLength)
        firstDifferenceRow = .allocate(capacity: shapeScratch.blockCount)
        firstDifferenceRow.initialize(repeating: .max, count: shapeScratch.blockCount)
        lastDifferenceRow = .allocate(capacity: shapeScratch.blockCount)
        lastDifferenceRow.initialize(repeating: .min, count: shapeScratch.blockCount)
        differences = .allocate(capacity: 2 * width * height)
        differences.initialize(repeating: 0, count: 2 * width * height)
    }

    /// The bytes of the two blur planes: the canvas's column blocks, its rows and their zero
    /// padding (at most the canvas's height − 1 rows each side, whatever the blur).
    var planeBytes: Int { 2 * 4 * shapeScratch.blockCount * shapeScratch.blockStride }

    deinit {
        shapeRow.deallocate()
        differenceRow.deallocate()
        firstDifferenceRow.deallocate()
        lastDifferenceRow.deallocate()
        differences.deallocate()
    }

    /// Whether a frame of `source` and `target`, with `captured` mixed in, has translucent layers.
    static func applies(source: AlphaMask, target: AlphaMask, captured: CapturedField?) -> Bool {
        source.opaqueCoverage != nil || target.opaqueCoverage != nil || captured?.translucency != nil
    }

    /// The mask whose pixels are `mask`'s shape: its opaque coverage (each byte at least the
    /// pixel's), or the mask itself.
    static func shape(of mask: AlphaMask) -> AlphaMask {
        guard let coverage = mask.opaqueCoverage else { return mask }
        return (try? AlphaMask(width: mask.width, height: mask.height, pixels: coverage)) ?? mask
    }

    /// Scales the shape's coverage bytes `alpha` (width × height, rows tight) by o for the
    /// frame of `constants`, level kernel `kernel`, `captured` mixed in.
    func apply(
        to alpha: UnsafeMutablePointer<UInt8>, source: AlphaMask, target: AlphaMask,
        captured: CapturedField?, constants: FrameConstants, kernel: GaussianKernel
    ) {
        measure(source: source, target: target)
        let n = kernel.halfWidth
        var rows = differenceRows, columns = differenceColumns
        if captured?.translucency != nil {
            rows = 0..<height
            columns = 0..<width
        }
        guard !rows.isEmpty else { return }
        let outputRows = max(0, rows.lowerBound - n)..<min(height, rows.upperBound + n)
        let outputColumns = max(0, columns.lowerBound - n)..<min(width, columns.upperBound + n)
        computeFields(
            source: source, target: target, captured: captured, constants: constants, kernel: kernel,
            rows: outputRows, columns: outputColumns, skippingEmpty: UnsafePointer(alpha)
        ) { y, shape, difference in
            // Branch-free, so the loop is vectorised; a byte of 0 stays 0 whatever a skipped
            // block's stale values give o. Rounded to nearest by the 1.5 · 2²³ bias (ties to
            // even), as the frame's own bytes are.
            let row = alpha + y &* width
            for x in outputColumns {
                let c = shape[x], d = difference[x]
                var o = c > 0 ? 1 - d / c : 1
                o = o < 0 ? 0 : o > 1 ? 1 : o
                let scaled = Float(row[x]) * o + PixelWriter.roundingBias
                row[x] = UInt8(truncatingIfNeeded: scaled.bitPattern)
            }
        }
    }

    /// The blurred translucency V_D of the frame over the whole canvas, width × height values
    /// row-major: what a capture keeps beside the field (`CapturedField.translucency`).
    func translucency(
        source: AlphaMask, target: AlphaMask, captured: CapturedField?, constants: FrameConstants, kernel: GaussianKernel
    ) -> [Float] {
        measure(source: source, target: target)
        var values = [Float](repeating: 0, count: width * height)
        values.withUnsafeMutableBufferPointer { out in
            computeFields(
                source: source, target: target, captured: captured, constants: constants, kernel: kernel,
                rows: 0..<height, columns: 0..<width, shapes: false
            ) { y, _, difference in
                // The weights sum to 1 within 10⁻⁶: the clamp keeps V_D in [0, 1] as documented.
                let row = out.baseAddress! + y * width
                for x in 0..<width { row[x] = min(max(difference[x], 0), 1) }
            }
        }
        return values
    }

    /// Finds the rows and columns where either mask's pixels differ from its shape, unless
    /// the pair is the one measured last.
    private func measure(source: AlphaMask, target: AlphaMask) {
        if let measuredSource, let measuredTarget, measuredSource.sharesStorage(with: source),
           measuredTarget.sharesStorage(with: target),
           measuredSource.sharesCoverage(with: source), measuredTarget.sharesCoverage(with: target) {
            return
        }
        measuredSource = source
        measuredTarget = target
        var top = height, bottom = 0, left = width, right = 0
        for (index, mask) in [source, target].enumerated() {
            let out = differences + index * width * height
            guard let coverage = mask.opaqueCoverage else {
                out.update(repeating: 0, count: width * height)
                continue
            }
            coverage.withUnsafeBufferPointer { c in
                mask.pixels.withUnsafeBufferPointer { a in
                    for i in 0..<width * height { out[i] = c[i] &- a[i] }
                }
            }
            for y in 0..<height {
                let row = out + y &* width
                var x = 0
                while x < width, row[x] == 0 { x &+= 1 }
                guard x < width else { continue }
                var last = width &- 1
                while row[last] == 0 { last &-= 1 }
                top = min(top, y); bottom = max(bottom, y &+ 1)
                left = min(left, x); right = max(right, last &+ 1)
            }
        }
        differenceRows = top < bottom ? top..<bottom : 0..<0
        differenceColumns = left < right ? left..<right : 0..<0
    }

    /// Computes V_C (unless `shapes` is false) and V_D at `rows` × the column blocks of
    /// `columns`, and hands each row to `body` as it is done: y and the row's V_C and V_D
    /// (column x at x; only the blocks asked for are set, and with `empty`, width × height
    /// coverage bytes, not those of a block whose bytes in the row are all 0).
    private func computeFields(
        source: AlphaMask, target: AlphaMask, captured: CapturedField?, constants: FrameConstants,
        kernel: GaussianKernel, rows: Range<Int>, columns: Range<Int>, shapes: Bool = true,
        skippingEmpty empty: UnsafePointer<UInt8>? = nil, each body: (Int, UnsafePointer<Float>, UnsafePointer<Float>) -> Void
    ) {
        let n = kernel.halfWidth
        let h = min(n, shapeScratch.paddingColumns), v = min(n, shapeScratch.paddingRows)
        let blocks = columns.lowerBound / 16...(columns.upperBound - 1) / 16
        let acrossRows = max(0, rows.lowerBound - v)..<min(height, rows.upperBound + v)
        let width = self.width
        let shapePlane = shapeScratch.planeOrigin, differencePlane = differenceScratch.planeOrigin
        let blockStride = shapeScratch.blockStride
        let sourceDifference = UnsafePointer(differences), targetDifference = UnsafePointer(differences + width * height)
        withShape(of: source) { sourceShape in
            withShape(of: target) { targetShape in
                withCapturedValues(captured) { capturedShape in
                    withTranslucency(of: captured) { capturedDifference in
                        kernel.weights.withUnsafeBufferPointer { weights in
                            let centre = weights.baseAddress! + n
                            let taps = shapeScratch.loadTaps(centre, halfWidth: max(h, v))
                            let tails = captured == nil && MixSteps.applies(halfWidth: h)
                                ? shapeScratch.loadTailTable(centre: centre, halfWidth: h) : nil
                            // Across, as the frame's pass takes them: the blocks of row y of one
                            // field's two masks and captured values.
                            func rowBlocks(
                                _ source: UnsafePointer<UInt8>, _ target: UnsafePointer<UInt8>, _ captured: UnsafePointer<Float>?,
                                row y: Int, scratch: RenderScratch
                            ) -> RowBlocks {
                                let offset = y &* width
                                return RowBlocks(
                                    source: source + offset, target: target + offset, captured: captured.map { $0 + offset },
                                    width: width, sourceWeight: constants.sourceWeight, targetWeight: constants.targetWeight,
                                    capturedWeight: constants.capturedWeight, halfWidth: h, taps: taps, tails: tails,
                                    steps: scratch.stepBuffer(band: 0), padded: scratch.paddedRow(band: 0), blocks: blocks)
                            }
                            // D first, noting where it is not 0; then the shape, only within
                            // 2v rows of that.
                            for b in blocks {
                                firstDifferenceRow[b] = .max
                                lastDifferenceRow[b] = .min
                            }
                            for y in acrossRows {
                                var differenceBlocks = rowBlocks(
                                    sourceDifference, targetDifference, capturedDifference, row: y, scratch: differenceScratch)
                                for b in blocks {
                                    let d = differenceBlocks.vector(block: b)
                                    (differencePlane + y &* 16 + b &* blockStride).storeVector16(d, at: 0)
                                    if any(d .!= 0) {
                                        firstDifferenceRow[b] = min(firstDifferenceRow[b], y)
                                        lastDifferenceRow[b] = y
                                    }
                                }
                            }
                            // Whether row y of block b lies more than `reach` rows from every
                            // row of D's there: V_D is 0 at rows beyond v, and V_C is read only
                            // within v of the others.
                            func beyond(_ reach: Int, _ y: Int, _ b: Int) -> Bool {
                                y &+ reach < firstDifferenceRow[b] || y &- reach > lastDifferenceRow[b]
                            }
                            for y in acrossRows where shapes {
                                var shapeBlocks = rowBlocks(sourceShape, targetShape, capturedShape, row: y, scratch: shapeScratch)
                                for b in blocks where !beyond(2 &* v, y, b) {
                                    (shapePlane + y &* 16 + b &* blockStride).storeVector16(shapeBlocks.vector(block: b), at: 0)
                                }
                            }
                            // Down: rows outside the canvas are the planes' zero padding.
                            for y in rows {
                                for b in blocks {
                                    if let empty, Self.isEmpty(empty + y &* width, block: b, width: width) { continue }
                                    if beyond(v, y, b) {
                                        // V_D = 0 exactly: o = 1.
                                        shapeRow.storeVector16(SIMD16(repeating: 1), at: b &* 16)
                                        differenceRow.storeVector16(SIMD16(repeating: 0), at: b &* 16)
                                        continue
                                    }
                                    if shapes {
                                        shapeRow.storeVector16(
                                            SeparableBlur.verticalSum(shapePlane + y &* 16 + b &* blockStride, taps: taps, halfWidth: v),
                                            at: b &* 16)
                                    }
                                    differenceRow.storeVector16(
                                        SeparableBlur.verticalSum(
                                            differencePlane + y &* 16 + b &* blockStride, taps: taps, halfWidth: v),
                                        at: b &* 16)
                                }
                                body(y, shapeRow, differenceRow)
                            }
                        }
                    }
                }
            }
        }
    }
}

extension LayerOpacity {
    /// Whether the bytes of block `b` (columns 16b ..< 16b + 16, those inside the row) of
    /// `row` are all 0.
    @inline(__always)
    static func isEmpty(_ row: UnsafePointer<UInt8>, block b: Int, width: Int) -> Bool {
        let x0 = b &* 16
        if x0 &+ 16 <= width { return row.uniformByte16(at: x0) == 0 }
        var x = x0
        while x < width {
            if row[x] != 0 { return false }
            x &+= 1
        }
        return true
    }
}

/// Lends a mask's shape: its opaque coverage, or its pixels.
@inline(__always)
private func withShape<R>(of mask: AlphaMask, _ body: (UnsafePointer<UInt8>) -> R) -> R {
    (mask.opaqueCoverage ?? mask.pixels).withUnsafeBufferPointer { body($0.baseAddress!) }
}

/// Lends `field`'s translucency, or nil.
@inline(__always)
private func withTranslucency<R>(of field: CapturedField?, _ body: (UnsafePointer<Float>?) -> R) -> R {
    guard let values = field?.translucency else { return body(nil) }
    return values.withUnsafeBufferPointer { body($0.baseAddress!) }
}
