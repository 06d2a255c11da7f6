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
/// The blur is linear, so V = (1 − e) · V_S + e · V_T with V_S, V_T each icon's field
/// blurred at the level: that is how V is computed (with a captured field, the mix is
/// blurred instead), and the icons' blurred fields are kept (`BlurredFieldCache`), so a
/// level drawn again blurs nothing. The frame is cut into segments of 16 pixels of a row;
/// only those near the outline are blurred and drawn (see `render`), 16 pixels a vector.
///
/// Every byte is within ±1 of the same math in double precision (the tests' reference), and
/// depends on the fields, the progress and the style only: a segment's V is computed the
/// same way whether or not it was kept. All memory is allocated in `init`, but for the
/// kept planes, which are allocated as they are first needed, up to the cache's budget.
final class DistanceFrameRenderer {
    let width: Int
    let height: Int
    let style: MorphStyle
    let bank: GaussianKernelBank
    /// Segments a row: ⌈width / 16⌉.
    let segmentsAcross: Int
    /// Floats a row of the planes `across`, `blurred` and the kept ones: segmentsAcross · 16,
    /// and 16 more, so that the rows the blur down reads together are not a multiple of 4 KiB
    /// apart (at 1024 and 2048 px they were, and fought over the same few cache sets: a whole
    /// 61-frame morph took 24 % and 31 % longer).
    let planeStride: Int
    /// Columns of a padded row before its pixels (the largest blur half-width).
    let padding: Int
    /// The mix of a frame with a captured field, padded as an `IconField`: `mixedStride`
    /// floats a row.
    let mixed: UnsafeMutablePointer<Float>
    let mixedStride: Int
    /// A field blurred across (scratch), then the frame's V.
    let across: UnsafeMutablePointer<Float>
    let blurred: UnsafeMutablePointer<Float>
    /// Per segment (row-major): what the frame is there (`kinds`); the segments a pass
    /// computes V in (`selected`: the edge segments a kept plane lacks, or all edge
    /// segments); where the blur across is needed (`needsAcross`: the selected segments'
    /// blur down reads it); where φ is (`needsMix`: the blur across of a frame with a
    /// captured field reads it).
    let kinds: UnsafeMutablePointer<SegmentKind>
    let selected: UnsafeMutablePointer<Bool>
    let needsAcross: UnsafeMutablePointer<Bool>
    let needsMix: UnsafeMutablePointer<Bool>
    /// The icons' blurred fields.
    let levels: BlurredFieldCache

    /// Pixels in a segment, and lanes in a vector.
    static let segmentLength = 16

    /// Per blur level, once computed, `reach(level:kernel:)`.
    var reaches: [Float?]

    /// What a segment of the frame is.
    enum SegmentKind {
        /// Every φ ≤ −`reach(level:kernel:)`: every pixel empty.
        case empty
        /// Every φ ≥ `reach(level:kernel:)`: every pixel full.
        case full
        /// Near the outline: V is computed.
        case edge
    }

    /// A renderer of `width` × `height` frames in `style` (already validated), keeping
    /// blurred fields up to `levelBudget` bytes (`BlurredFieldCache`).
    init(width: Int, height: Int, style: MorphStyle, levelBudget: Int = BlurredFieldCache.budget) {
        self.width = width
        self.height = height
        self.style = style
        bank = GaussianKernelBank.shared(maxBlurRadius: style.maxBlurRadius, blurLevels: style.blurLevels)
        reaches = [Float?](repeating: nil, count: style.blurLevels)
        segmentsAcross = (width + Self.segmentLength - 1) / Self.segmentLength
        planeStride = segmentsAcross * Self.segmentLength + Self.segmentLength
        padding = bank.maxHalfWidth
        mixedStride = width + 2 * padding + Self.segmentLength
        mixed = .allocate(capacity: mixedStride * height)
        mixed.initialize(repeating: 0, count: mixedStride * height)
        across = .allocate(capacity: planeStride * height)
        across.initialize(repeating: 0, count: planeStride * height)
        blurred = .allocate(capacity: planeStride * height)
        blurred.initialize(repeating: 0, count: planeStride * height)
        let segments = segmentsAcross * height
        kinds = .allocate(capacity: segments)
        kinds.initialize(repeating: .edge, count: segments)
        selected = .allocate(capacity: segments)
        selected.initialize(repeating: false, count: segments)
        needsAcross = .allocate(capacity: segments)
        needsAcross.initialize(repeating: false, count: segments)
        needsMix = .allocate(capacity: segments)
        needsMix.initialize(repeating: false, count: segments)
        levels = BlurredFieldCache(floatsPerPlane: planeStride * height, segments: segments, budget: levelBudget)
    }

    deinit {
        mixed.deallocate()
        across.deallocate()
        blurred.deallocate()
        kinds.deallocate()
        selected.deallocate()
        needsAcross.deallocate()
        needsMix.deallocate()
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
    /// renderer's size and padding): each pixel's coverage α through `writer` into `output`,
    /// rows `bytesPerRow` apart.
    ///
    /// Only segments near the outline are blurred: the fields are distances, so φ changes by
    /// at most a pixel per pixel of distance, and V, a weighted mean of φ, differs from φ by
    /// at most Σ_ij w_i w_j √(i² + j²), the kernel's mean distance. In a segment where every
    /// φ ≥ 4 + that, V ≥ 3 (a pixel to spare for the fields' own error, under 1 px even on
    /// masks of noise), so every pixel is full (V ≥ 2, see `writePixels`) without V, and so
    /// is every neighbour whose V an edge segment's slope could read (V changes by at most 1
    /// from a pixel to the next); where every φ is at or below minus that, empty. The fields'
    /// bounds per segment (`SegmentBounds`) sort the segments before anything is computed.
    func render(
        source: IconField, target: IconField, progress: Double, capture: Capture? = nil,
        writer: PixelWriter, output: UnsafeMutableRawPointer, bytesPerRow: Int
    ) {
        let (field, floor) = frameField(source: source, target: target, progress: progress, capture: capture, everywhere: false)
        writePixels(field, floor: Float(floor), writer: writer, output: output, bytesPerRow: bytesPerRow)
    }

    /// V of the frame over the whole canvas and its slope's floor: what a capture keeps.
    func capturedField(
        source: IconField, target: IconField, progress: Double, capture: Capture?
    ) -> (values: [Float], slopeFloor: Double) {
        let (field, floor) = frameField(source: source, target: target, progress: progress, capture: capture, everywhere: true)
        var values = [Float](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width { values[y * width + x] = field.values[y * field.stride + x] }
        }
        return (values, floor)
    }

    /// Forgets the kept blurred fields (`MorphRenderer.discardKeptLevels()`).
    func discardKeptLevels() { levels.discardAll() }

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

    /// Sorts the segments by the fields' bounds (every segment an edge segment when
    /// `everywhere`) and computes V in the edge segments: from the icons' blurred fields,
    /// kept or computed where missing; with a captured field, by blurring the mix. Returns
    /// the plane holding V and the frame's slope floor.
    func frameField(
        source: IconField, target: IconField, progress: Double, capture: Capture?, everywhere: Bool
    ) -> (Plane, Double) {
        precondition(source.width == width && source.height == height && source.padding == padding)
        precondition(target.width == width && target.height == height && target.padding == padding)
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
                    reach: everywhere ? .infinity : reach(level: level, kernel: kernel))
            }
        }
        let floor = (1 - w) * Self.slopeFloor(blurAmount: b) + w * (capture?.slopeFloor ?? 0)
        kernel.weights.withUnsafeBufferPointer { kernelWeights in
            let centre = kernelWeights.baseAddress! + n
            if let capture {
                mixAndBlur(source, target, capture.values, weights: weights, centre: centre, halfWidth: n)
                return
            }
            // Each icon's blurred field (its field itself at level 0); a side whose weight is 0
            // is left out, its plane not even looked up.
            func blurredField(of icon: IconField, weight: Float) -> Plane? {
                guard weight != 0 else { return nil }
                guard n > 0 else { return Plane(values: icon.origin, stride: icon.stride) }
                let plane = levels.plane(icon: icon.identity, level: level)
                blurMissing(icon, into: plane, centre: centre, halfWidth: n)
                return Plane(values: plane.values, stride: planeStride)
            }
            let sourcePlane = blurredField(of: source, weight: weights.keep)
            let targetPlane = blurredField(of: target, weight: weights.take)
            combine(sourcePlane, weights.keep, targetPlane, weights.take)
        }
        return (Plane(values: blurred, stride: planeStride), floor)
    }

    /// 4 + Σ_ij w_i w_j √(i² + j²) for the level's kernel, computed on first use: how far
    /// from zero φ must be in a whole segment for it to be full or empty (see `render`).
    func reach(level: Int, kernel: GaussianKernel) -> Float {
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

    /// Sorts the segments (`kinds`): full where φ ≥ `reach` by the fields' bounds (the
    /// weights are ≥ 0, so the mix of the least values bounds the mix from below), empty
    /// where φ ≤ −`reach`, else edge.
    func sortSegments(
        _ s: UnsafePointer<SIMD2<Float>>, _ t: UnsafePointer<SIMD2<Float>>, _ c: UnsafePointer<SIMD2<Float>>?,
        weights: MixWeights, reach: Float
    ) {
        for segment in 0..<(segmentsAcross * height) {
            var bounds = weights.keep * s[segment] + weights.take * t[segment]
            if let c { bounds += weights.captured * c[segment] }
            kinds[segment] = bounds.x >= reach ? .full : bounds.y <= -reach ? .empty : .edge
        }
    }
}
