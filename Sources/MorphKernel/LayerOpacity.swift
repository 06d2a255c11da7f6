import AlphaRaster

/// The opacity of icons' translucent layers in a metaball frame (the frame math, step 5).
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
/// The coverage byte a of the shape becomes round(a · o). Computed on one thread over the
/// rows and columns the differences can reach (their bounding box widened by the kernel's
/// half-width; every pixel when a captured field carries translucency), eight columns a
/// vector, in memory allocated once.
final class LayerOpacity {
    let width: Int
    let height: Int
    /// The largest kernel half-width.
    let padding: Int
    /// Floats a plane row: width rounded up to 8 lanes.
    let planeStride: Int
    /// One mixed row of each field, `padding` zeros each side (and 8 more on the right).
    private let mixedShape: UnsafeMutablePointer<Float>
    private let mixedDifference: UnsafeMutablePointer<Float>
    private let mixedLength: Int
    /// The fields blurred across, `padding` rows of zeros above and below the canvas.
    private let acrossShape: UnsafeMutablePointer<Float>
    private let acrossDifference: UnsafeMutablePointer<Float>
    /// One row of V_C and of V_D, `planeStride` floats each.
    private let shapeRow: UnsafeMutablePointer<Float>
    private let differenceRow: UnsafeMutablePointer<Float>
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
        padding = maxHalfWidth
        planeStride = (width + 7) / 8 * 8
        mixedLength = planeStride + 2 * padding + 8
        func zeros(_ count: Int) -> UnsafeMutablePointer<Float> {
            let memory = UnsafeMutablePointer<Float>.allocate(capacity: count)
            memory.initialize(repeating: 0, count: count)
            return memory
        }
        mixedShape = zeros(mixedLength)
        mixedDifference = zeros(mixedLength)
        acrossShape = zeros(planeStride * (height + 2 * padding))
        acrossDifference = zeros(planeStride * (height + 2 * padding))
        shapeRow = zeros(planeStride)
        differenceRow = zeros(planeStride)
        differences = .allocate(capacity: 2 * width * height)
        differences.initialize(repeating: 0, count: 2 * width * height)
    }

    deinit {
        mixedShape.deallocate()
        mixedDifference.deallocate()
        acrossShape.deallocate()
        acrossDifference.deallocate()
        shapeRow.deallocate()
        differenceRow.deallocate()
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
            rows: outputRows, columns: outputColumns
        ) { y, shape, difference in
            let row = alpha + y &* width
            for x in outputColumns where row[x] != 0 {
                let c = shape[x], d = difference[x]
                let o = c > 0 ? min(1, max(0, 1 - d / c)) : 1
                row[x] = UInt8((Float(row[x]) * o).rounded())
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
                rows: 0..<height, columns: 0..<width
            ) { y, _, difference in
                (out.baseAddress! + y * width).update(from: difference, count: width)
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

    /// Computes V_C and V_D at `rows` × `columns` (and up to 7 columns more, to a multiple of
    /// 8), and hands each row to `body` as it is done: y and the row's V_C and V_D (column x
    /// at x; only the columns asked for are set).
    private func computeFields(
        source: AlphaMask, target: AlphaMask, captured: CapturedField?, constants: FrameConstants,
        kernel: GaussianKernel, rows: Range<Int>, columns: Range<Int>,
        each body: (Int, UnsafePointer<Float>, UnsafePointer<Float>) -> Void
    ) {
        let n = kernel.halfWidth
        let firstColumn = columns.lowerBound / 8 * 8
        let endColumn = min(planeStride, (columns.upperBound + 7) / 8 * 8)
        let acrossRows = max(0, rows.lowerBound - n)..<min(height, rows.upperBound + n)
        let mixFrom = max(0, firstColumn - n), mixTo = min(width, endColumn + n)
        let sourceWeight = constants.sourceWeight, targetWeight = constants.targetWeight
        let capturedWeight = constants.capturedWeight
        let stride = planeStride, width = self.width
        let sourceDifference = UnsafePointer(differences), targetDifference = UnsafePointer(differences + width * height)
        withShape(of: source) { sourceShape in
            withShape(of: target) { targetShape in
                withCapturedValues(captured) { capturedShape in
                    withTranslucency(of: captured) { capturedDifference in
                        kernel.weights.withUnsafeBufferPointer { weights in
                            let taps = weights.baseAddress! + n
                            // Across: each row mixed, then blurred eight columns at a time.
                            for y in acrossRows {
                                let start = y &* width
                                Mix.row(
                                    source: sourceShape + (start &+ mixFrom), target: targetShape + (start &+ mixFrom),
                                    captured: capturedShape.map { $0 + (start &+ mixFrom) }, count: mixTo &- mixFrom,
                                    sourceWeight: sourceWeight, targetWeight: targetWeight, capturedWeight: capturedWeight,
                                    into: mixedShape + (padding &+ mixFrom))
                                Mix.row(
                                    source: sourceDifference + (start &+ mixFrom), target: targetDifference + (start &+ mixFrom),
                                    captured: capturedDifference.map { $0 + (start &+ mixFrom) }, count: mixTo &- mixFrom,
                                    sourceWeight: sourceWeight, targetWeight: targetWeight, capturedWeight: capturedWeight,
                                    into: mixedDifference + (padding &+ mixFrom))
                                let shapeRow = acrossShape + (y &+ padding) &* stride
                                let differenceRow = acrossDifference + (y &+ padding) &* stride
                                var x = firstColumn
                                while x < endColumn {
                                    Self.blurAcross(mixedShape + (padding &+ x), taps: taps, halfWidth: n, into: shapeRow + x)
                                    Self.blurAcross(mixedDifference + (padding &+ x), taps: taps, halfWidth: n, into: differenceRow + x)
                                    x &+= 8
                                }
                            }
                            // Down: rows outside the canvas are the planes' zero padding.
                            for y in rows {
                                var x = firstColumn
                                while x < endColumn {
                                    Self.blurDown(acrossShape + (y &+ padding) &* stride + x, stride: stride, taps: taps, halfWidth: n,
                                                  into: shapeRow + x)
                                    Self.blurDown(acrossDifference + (y &+ padding) &* stride + x, stride: stride, taps: taps,
                                                  halfWidth: n, into: differenceRow + x)
                                    x &+= 8
                                }
                                body(y, shapeRow, differenceRow)
                            }
                        }
                    }
                }
            }
        }
    }

    /// w_0 · x_0 + Σ w_i · (x_−i + x_i) for eight consecutive x.
    @inline(__always)
    private static func blurAcross(
        _ centre: UnsafePointer<Float>, taps: UnsafePointer<Float>, halfWidth n: Int, into out: UnsafeMutablePointer<Float>
    ) {
        var sum = SIMD8<Float>(repeating: taps[0]) * UnsafeRawPointer(centre).loadUnaligned(as: SIMD8<Float>.self)
        var i = 1
        while i <= n {
            let pair = UnsafeRawPointer(centre - i).loadUnaligned(as: SIMD8<Float>.self)
                + UnsafeRawPointer(centre + i).loadUnaligned(as: SIMD8<Float>.self)
            sum += SIMD8(repeating: taps[i]) * pair
            i &+= 1
        }
        UnsafeMutableRawPointer(out).storeBytes(of: sum, as: SIMD8<Float>.self)
    }

    /// The same down a column of rows `stride` floats apart, eight columns at a time.
    @inline(__always)
    private static func blurDown(
        _ centre: UnsafePointer<Float>, stride: Int, taps: UnsafePointer<Float>, halfWidth n: Int,
        into out: UnsafeMutablePointer<Float>
    ) {
        var sum = SIMD8<Float>(repeating: taps[0]) * UnsafeRawPointer(centre).loadUnaligned(as: SIMD8<Float>.self)
        var i = 1
        while i <= n {
            let pair = UnsafeRawPointer(centre - i &* stride).loadUnaligned(as: SIMD8<Float>.self)
                + UnsafeRawPointer(centre + i &* stride).loadUnaligned(as: SIMD8<Float>.self)
            sum += SIMD8(repeating: taps[i]) * pair
            i &+= 1
        }
        UnsafeMutableRawPointer(out).storeBytes(of: sum, as: SIMD8<Float>.self)
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

extension AlphaMask {
    /// Whether both masks have no opaque coverage, or the same storage for it.
    func sharesCoverage(with other: AlphaMask) -> Bool {
        switch (opaqueCoverage, other.opaqueCoverage) {
        case (nil, nil): return true
        case (let mine?, let theirs?):
            return mine.withUnsafeBufferPointer { m in theirs.withUnsafeBufferPointer { $0.baseAddress == m.baseAddress } }
        default: return false
        }
    }
}
