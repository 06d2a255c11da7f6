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
/// 4. α = `PixelEdge.coverage(distance:normal:)`, the share of the pixel beyond a straight edge d
///    from its centre with its normal along ∇V: a vector renderer's anti-aliasing.
///
/// Every byte is within ±1 of the same math in double precision (the tests' reference).
/// All memory is allocated in `init`; a frame allocates nothing. The frame is cut into
/// segments of 16 pixels of a row; only those near the outline are blurred (see `render`),
/// 16 pixels a vector.
final class DistanceFrameRenderer {
    let width: Int
    let height: Int
    private let style: MorphStyle
    private let bank: GaussianKernelBank
    /// Segments a row: ⌈width / 16⌉.
    private let segmentsAcross: Int
    /// φ, `padding` columns of the row's end values on each side of its `width` (and 16 more
    /// on the right, so the last segment's lanes stay inside): `mixedStride` floats a row.
    private let mixed: UnsafeMutablePointer<Float>
    private let padding: Int
    private let mixedStride: Int
    /// φ blurred across, then V: `segmentsAcross` · 16 floats a row.
    private let across: UnsafeMutablePointer<Float>
    private let blurred: UnsafeMutablePointer<Float>
    /// Per segment (row-major): what the frame is there; whether the blur across is needed
    /// there (an edge segment's blur down reads it); whether φ is (the blur across reads
    /// it); and a count the marking of those uses.
    private let kinds: UnsafeMutablePointer<SegmentKind>
    private let needsAcross: UnsafeMutablePointer<Bool>
    private let needsMix: UnsafeMutablePointer<Bool>
    private let counts: UnsafeMutablePointer<Int32>

    /// Pixels in a segment, and lanes in a vector.
    static let segmentLength = 16

    /// Per blur level, once computed, `reach(level:kernel:)`.
    private var reaches: [Float?]

    /// What a segment of the frame is.
    enum SegmentKind {
        /// Every φ ≤ −the blur's reach: every pixel empty.
        case empty
        /// Every φ ≥ the reach: every pixel full.
        case full
        /// Near the outline: V is computed.
        case edge
    }

    /// A renderer of `width` × `height` frames in `style` (already validated).
    init(width: Int, height: Int, style: MorphStyle) {
        self.width = width
        self.height = height
        self.style = style
        bank = GaussianKernelBank.shared(maxBlurRadius: style.maxBlurRadius, blurLevels: style.blurLevels)
        reaches = [Float?](repeating: nil, count: style.blurLevels)
        segmentsAcross = (width + Self.segmentLength - 1) / Self.segmentLength
        padding = bank.maxHalfWidth
        mixedStride = width + 2 * padding + Self.segmentLength
        mixed = .allocate(capacity: mixedStride * height)
        mixed.initialize(repeating: 0, count: mixedStride * height)
        let planeCount = segmentsAcross * Self.segmentLength * height
        across = .allocate(capacity: planeCount)
        across.initialize(repeating: 0, count: planeCount)
        blurred = .allocate(capacity: planeCount)
        blurred.initialize(repeating: 0, count: planeCount)
        let segments = segmentsAcross * height
        kinds = .allocate(capacity: segments)
        kinds.initialize(repeating: .edge, count: segments)
        needsAcross = .allocate(capacity: segments)
        needsAcross.initialize(repeating: false, count: segments)
        needsMix = .allocate(capacity: segments)
        needsMix.initialize(repeating: false, count: segments)
        counts = .allocate(capacity: segments)
        counts.initialize(repeating: 0, count: segments)
    }

    deinit {
        mixed.deallocate()
        across.deallocate()
        blurred.deallocate()
        kinds.deallocate()
        needsAcross.deallocate()
        needsMix.deallocate()
        counts.deallocate()
    }

    /// A field captured from an earlier frame (`CapturedField` of the distance field) and its
    /// weight w in (0, 1]: φ = (1 − w) · ((1 − e) · φS + e · φT) + w · C, and the slope's floor
    /// (1 − w) · f + w · f_C, with f_C the captured frame's, so that the frame right after a
    /// capture (w = 1, no blur) is the captured frame.
    struct Capture {
        var values: UnsafePointer<Float>
        /// The field's `SegmentBounds`.
        var bounds: UnsafePointer<SIMD2<Float>>
        var weight: Double
        var slopeFloor: Double
    }

    /// The slope's floor f = max(1 − b, 0.05) of a frame with blur amount `b`.
    static func slopeFloor(blurAmount b: Double) -> Double { max(1 - b, 0.05) }

    /// The frame at `progress` (in [0, 1]) between `source` and `target` (fields of this
    /// renderer's size): each pixel's coverage α through `writer` into `output`, rows
    /// `bytesPerRow` apart.
    ///
    /// Only segments near the outline are blurred: the fields are distances, so φ changes by
    /// at most a pixel per pixel of distance, and V, a weighted mean of φ, differs from φ by
    /// at most Σ_ij w_i w_j √(i² + j²), the kernel's mean distance. In a segment where every
    /// φ ≥ 4 + that, V ≥ 3 (a pixel to spare for the fields' own error, under 1 px even on
    /// masks of noise), so every pixel is full (V ≥ 2, see `writePixels`) without V, and so
    /// is every neighbour whose V an edge segment's slope could read (V changes by at most 1
    /// from a pixel to the next); where every φ is at or below minus that, empty. The fields'
    /// bounds per segment (`SegmentBounds`) sort the segments before anything is mixed.
    func render(
        source: SignedDistanceField, target: SignedDistanceField, progress: Double, capture: Capture? = nil,
        writer: PixelWriter, output: UnsafeMutableRawPointer, bytesPerRow: Int
    ) {
        precondition(source.width == width && source.height == height && target.width == width && target.height == height)
        let (field, floor) = blurField(source: source, target: target, progress: progress, capture: capture, everywhere: false)
        writePixels(field, floor: Float(floor), writer: writer, output: output, bytesPerRow: bytesPerRow)
    }

    /// V of the frame over the whole canvas and its slope's floor: what a capture keeps.
    func capturedField(
        source: SignedDistanceField, target: SignedDistanceField, progress: Double, capture: Capture?
    ) -> (values: [Float], slopeFloor: Double) {
        let (field, floor) = blurField(source: source, target: target, progress: progress, capture: capture, everywhere: true)
        var values = [Float](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width { values[y * width + x] = field.values[y * field.stride + x] }
        }
        return (values, floor)
    }

    /// A plane of V: row y starts `stride` floats after row y − 1.
    private struct Plane {
        var values: UnsafePointer<Float>
        var stride: Int
    }

    /// Sorts the segments by the fields' bounds (every segment an edge segment when
    /// `everywhere`), mixes the fields where the blur of the edge segments reads them, and
    /// blurs the edge segments; returns V (`blurred`, or φ itself at level 0) and the frame's
    /// slope floor.
    private func blurField(
        source: SignedDistanceField, target: SignedDistanceField, progress: Double, capture: Capture?, everywhere: Bool
    ) -> (Plane, Double) {
        let e = MorphFrameMath.easedProgress(progress, easing: style.easing)
        let b = MorphFrameMath.blurAmount(progress: progress, easing: style.easing)
        let level = MorphFrameMath.levelIndex(blurAmount: b, blurLevels: style.blurLevels)
        let kernel = bank.levels[level]
        let w = capture?.weight ?? 0
        let n = kernel.halfWidth
        let weights = MixWeights(keep: Float((1 - w) * (1 - e)), take: Float((1 - w) * e), captured: Float(w))
        source.segmentBounds.withUnsafeBufferPointer { sourceBounds in
            target.segmentBounds.withUnsafeBufferPointer { targetBounds in
                sortSegments(
                    sourceBounds.baseAddress!, targetBounds.baseAddress!, capture?.bounds, weights: weights,
                    reach: everywhere ? .infinity : reach(level: level, kernel: kernel), halfWidth: n)
            }
        }
        source.values.withUnsafeBufferPointer { s in
            target.values.withUnsafeBufferPointer { t in
                mix(s.baseAddress!, t.baseAddress!, capture?.values, weights: weights)
            }
        }
        let floor = (1 - w) * Self.slopeFloor(blurAmount: b) + w * (capture?.slopeFloor ?? 0)
        guard n > 0 else { return (Plane(values: mixed + padding, stride: mixedStride), floor) }
        kernel.weights.withUnsafeBufferPointer { kernelWeights in
            blurAcross(centre: kernelWeights.baseAddress! + n, halfWidth: n)
            blurDown(centre: kernelWeights.baseAddress! + n, halfWidth: n)
        }
        return (Plane(values: blurred, stride: segmentsAcross * Self.segmentLength), floor)
    }

    /// 4 + Σ_ij w_i w_j √(i² + j²) for the level's kernel, computed on first use: how far
    /// from zero φ must be in a whole segment for it to be full or empty (see `render`).
    private func reach(level: Int, kernel: GaussianKernel) -> Float {
        if let known = reaches[level] { return known }
        let n = kernel.halfWidth
        var mean = 0.0
        kernel.weights.withUnsafeBufferPointer { w in
            for i in -n...n {
                var row = 0.0
                for j in -n...n { row += Double(w[n + j]) * (Double(i * i + j * j)).squareRoot() }
                mean += Double(w[n + i]) * row
            }
        }
        let reach = Float(4 + mean)
        reaches[level] = reach
        return reach
    }

    /// The weights of a frame's mix: the source's, the target's and the captured field's.
    private struct MixWeights {
        var keep: Float
        var take: Float
        var captured: Float
    }

    /// Sorts the segments (`kinds`): full where φ ≥ `reach` by the fields' bounds (the
    /// weights are ≥ 0, so the mix of the least values bounds the mix from below), empty
    /// where φ ≤ −`reach`, else edge. Marks the segments whose blur across an edge segment's
    /// blur down reads (`needsAcross`: within n rows in its column), and those whose φ that
    /// reads (`needsMix`: within ⌈n / 16⌉ segments along the row).
    private func sortSegments(
        _ s: UnsafePointer<SIMD2<Float>>, _ t: UnsafePointer<SIMD2<Float>>, _ c: UnsafePointer<SIMD2<Float>>?,
        weights: MixWeights, reach: Float, halfWidth n: Int
    ) {
        let across = segmentsAcross, count = segmentsAcross * height
        for segment in 0..<count {
            var bounds = weights.keep * s[segment] + weights.take * t[segment]
            if let c { bounds += weights.captured * c[segment] }
            kinds[segment] = bounds.x >= reach ? .full : bounds.y <= -reach ? .empty : .edge
        }
        guard n > 0 else {
            // No blur: φ and V where the frame needs them, nothing around.
            for segment in 0..<count {
                needsAcross[segment] = kinds[segment] == .edge
                needsMix[segment] = kinds[segment] == .edge
            }
            return
        }
        // Windows sliding down each column (n rows either side), then along each row.
        for column in 0..<across {
            var inWindow = 0
            for y in 0..<min(n, height) where kinds[y * across + column] == .edge { inWindow += 1 }
            for y in 0..<height {
                if y + n < height, kinds[(y + n) * across + column] == .edge { inWindow += 1 }
                if y - n - 1 >= 0, kinds[(y - n - 1) * across + column] == .edge { inWindow -= 1 }
                needsAcross[y * across + column] = inWindow > 0
            }
        }
        let spread = (n + Self.segmentLength - 1) / Self.segmentLength
        for y in 0..<height {
            let row = y * across
            var inWindow = 0
            for column in 0..<min(spread, across) where needsAcross[row + column] { inWindow += 1 }
            for column in 0..<across {
                if column + spread < across, needsAcross[row + column + spread] { inWindow += 1 }
                if column - spread - 1 >= 0, needsAcross[row + column - spread - 1] { inWindow -= 1 }
                needsMix[row + column] = inWindow > 0
            }
        }
    }

    /// φ into `mixed` in the segments marked `needsMix`, the lanes past the canvas and the
    /// padding beside those rows repeating the row's end values.
    private func mix(_ s: UnsafePointer<Float>, _ t: UnsafePointer<Float>, _ captured: UnsafePointer<Float>?, weights: MixWeights) {
        let length = Self.segmentLength, across = segmentsAcross
        let (keep, take, capturedWeight) = (weights.keep, weights.take, weights.captured)
        let lastCount = width - (across - 1) * length
        for y in 0..<height {
            let row = mixed + y * mixedStride + padding
            for column in 0..<across where needsMix[y * across + column] {
                let x0 = column * length, offset = y * width + x0
                var v: SIMD16<Float>
                if column < across - 1 || lastCount == length {
                    v = keep * s.vector16(at: offset) + take * t.vector16(at: offset)
                    if let captured { v += capturedWeight * captured.vector16(at: offset) }
                } else {
                    v = SIMD16(repeating: 0)
                    for lane in 0..<length {
                        let i = offset + min(lane, lastCount - 1)
                        var value = keep * s[i] + take * t[i]
                        if let captured { value += capturedWeight * captured[i] }
                        v[lane] = value
                    }
                }
                row.storeVector16(v, at: x0)
            }
            if needsMix[y * across] {
                let first = SIMD16<Float>(repeating: row[0])
                var x = -padding
                while x < 0 {
                    row.storeVector16(first, at: x, count: min(length, -x))
                    x += length
                }
            }
            if needsMix[y * across + across - 1] {
                let last = SIMD16<Float>(repeating: row[width - 1])
                let end = width + padding + length
                var x = width
                while x < end {
                    row.storeVector16(last, at: x, count: min(length, end - x))
                    x += length
                }
            }
        }
    }

    /// The blur across of every segment marked `needsAcross`, 16 pixels a vector, the taps
    /// symmetric.
    private func blurAcross(centre w: UnsafePointer<Float>, halfWidth n: Int) {
        let length = Self.segmentLength, across = segmentsAcross, stride = across * length
        let w0 = w[0]
        for y in 0..<height {
            let row = UnsafePointer(mixed + y * mixedStride + padding), out = self.across + y * stride
            for column in 0..<across where needsAcross[y * across + column] {
                let x0 = column * length
                var sum = w0 * row.vector16(at: x0)
                var i = 1
                while i <= n {
                    sum += w[i] * (row.vector16(at: x0 &- i) + row.vector16(at: x0 &+ i))
                    i &+= 1
                }
                out.storeVector16(sum, at: x0)
            }
        }
    }

    /// The blur down of every edge segment into `blurred`, the end rows repeated past the
    /// canvas.
    private func blurDown(centre w: UnsafePointer<Float>, halfWidth n: Int) {
        let length = Self.segmentLength, across = segmentsAcross, stride = across * length
        let w0 = w[0]
        let plane = UnsafePointer(self.across)
        for y in 0..<height {
            for column in 0..<across where kinds[y * across + column] == .edge {
                let x0 = column * length
                var sum = w0 * plane.vector16(at: y * stride + x0)
                var j = 1
                while j <= n {
                    let up = max(y &- j, 0), down = min(y &+ j, height - 1)
                    sum += w[j] * (plane.vector16(at: up &* stride &+ x0) + plane.vector16(at: down &* stride &+ x0))
                    j &+= 1
                }
                blurred.storeVector16(sum, at: y * stride + x0)
            }
        }
    }

    /// The pixels: full or empty segments filled; in edge segments α from V (`field`) where
    /// the outline is near, elsewhere 0 or 1 by the sign of V.
    private func writePixels(_ field: Plane, floor: Float, writer: PixelWriter, output: UnsafeMutableRawPointer, bytesPerRow: Int) {
        let length = Self.segmentLength, across = segmentsAcross
        let fullPixel = writer.fullPixel, emptyPixel = writer.emptyPixel
        for y in 0..<height {
            // Central differences over 2 pixels, one-sided (over 1) on the border, none on a
            // canvas 1 pixel across: as factors (halving is exact), no division per pixel.
            let rows = min(y + 1, height - 1) - max(y - 1, 0)
            let perRow: Float = rows == 2 ? 0.5 : Float(rows)
            let row = field.values + y * field.stride
            let up = field.values + max(y - 1, 0) * field.stride, down = field.values + min(y + 1, height - 1) * field.stride
            let out = output + y * bytesPerRow
            var column = 0
            while column < across {
                let kind = kinds[y * across + column]
                if kind != .edge {
                    // A run of full (or empty) segments in one fill.
                    var end = column + 1
                    while end < across, kinds[y * across + end] == kind { end += 1 }
                    writer.fill(kind == .full ? fullPixel : emptyPixel, columns: column * length..<min(width, end * length), of: out)
                    column = end
                    continue
                }
                let x0 = column * length
                let count = min(length, width - x0)
                column += 1
                let values = row.vector16(at: x0)
                var covered = SIMD16<Float>(repeating: 0).replacing(with: 1, where: values .> 0)
                let magnitude = values.replacing(with: -values, where: values .< 0)
                // Two pixels or more from the outline the pixel is empty or full: the field's
                // slope is at most about 1 (the fields are distances, and neither mixing nor
                // blurring steepens them; √2 at most by central differences), so d is beyond
                // the ±0.71 of any edge's reach. Closer, the slope, d and α of all 16 pixels
                // at once where the neighbours are inside the canvas (those of a pixel within 2
                // of the outline are within 3, so in edge segments: V is computed there).
                if any(magnitude .< 2) {
                    if x0 > 0, x0 + length < width, rows == 2 {
                        let gx = (row.vector16(at: x0 + 1) - row.vector16(at: x0 - 1)) * 0.5
                        let gy = (down.vector16(at: x0) - up.vector16(at: x0)) * 0.5
                        var slope = (gx * gx + gy * gy).squareRoot()
                        slope.replace(with: floor, where: slope .< floor)
                        let distance = values / slope
                        // Only the pixels near the outline (the others' neighbours may lie in
                        // segments whose V this frame did not compute), and only when one is
                        // within an edge's reach of it.
                        let near = (magnitude .< 2) .& (distance .< PixelEdge.reach) .& (distance .> -PixelEdge.reach)
                        if any(near) {
                            covered.replace(with: PixelEdge.coverage(distance: distance, gx: gx, gy: gy), where: near)
                        }
                    } else {
                        for lane in 0..<count where magnitude[lane] < 2 {
                            let x = x0 + lane
                            let left = max(x - 1, 0), right = min(x + 1, width - 1)
                            let columns = right - left
                            let gx = (row[right] - row[left]) * (columns == 2 ? 0.5 : Float(columns))
                            let gy = (down[x] - up[x]) * perRow
                            let slope = (gx * gx + gy * gy).squareRoot()
                            covered[lane] = PixelEdge.coverage(distance: values[lane] / max(slope, floor), normal: SIMD2(gx, gy))
                        }
                    }
                }
                writer.store(writer.bits(coverage: covered), to: out, x: x0, count: count)
            }
        }
    }
}
