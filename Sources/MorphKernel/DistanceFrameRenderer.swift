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
/// All memory is allocated in `init`; a frame allocates nothing. Only the pixels near the
/// outline are blurred (see `render`).
final class DistanceFrameRenderer {
    let width: Int
    let height: Int
    private let style: MorphStyle
    private let bank: GaussianKernelBank
    /// φ, then φ blurred across, then V: one plane each, row-major.
    private let mixed: UnsafeMutablePointer<Float>
    private let across: UnsafeMutablePointer<Float>
    private let blurred: UnsafeMutablePointer<Float>

    /// Per row, the columns (first, last; first > last when none) where the frame needs V
    /// (`needed`), where V is computed (`computed`: those, a pixel around them for the
    /// slope's differences) and where the blur across is (`spread`: the computed columns of
    /// the rows within reach above and below).
    private let needed: UnsafeMutablePointer<(Int, Int)>
    private let computed: UnsafeMutablePointer<(Int, Int)>
    private let spread: UnsafeMutablePointer<(Int, Int)>

    /// A renderer of `width` × `height` frames in `style` (already validated).
    init(width: Int, height: Int, style: MorphStyle) {
        self.width = width
        self.height = height
        self.style = style
        bank = GaussianKernelBank.shared(maxBlurRadius: style.maxBlurRadius, blurLevels: style.blurLevels)
        let count = width * height
        mixed = .allocate(capacity: count)
        mixed.initialize(repeating: 0, count: count)
        across = .allocate(capacity: count)
        across.initialize(repeating: 0, count: count)
        blurred = .allocate(capacity: count)
        blurred.initialize(repeating: 0, count: count)
        needed = .allocate(capacity: height)
        needed.initialize(repeating: (0, -1), count: height)
        computed = .allocate(capacity: height)
        computed.initialize(repeating: (0, -1), count: height)
        spread = .allocate(capacity: height)
        spread.initialize(repeating: (0, -1), count: height)
    }

    deinit {
        mixed.deallocate()
        across.deallocate()
        blurred.deallocate()
        needed.deallocate()
        computed.deallocate()
        spread.deallocate()
    }

    /// A field captured from an earlier frame (`CapturedField` of the distance field) and its
    /// weight w in (0, 1]: φ = (1 − w) · ((1 − e) · φS + e · φT) + w · C, and the slope's floor
    /// (1 − w) · f + w · f_C, with f_C the captured frame's, so that the frame right after a
    /// capture (w = 1, no blur) is the captured frame.
    struct Capture {
        var values: UnsafePointer<Float>
        var weight: Double
        var slopeFloor: Double
    }

    /// The slope's floor f = max(1 − b, 0.05) of a frame with blur amount `b`.
    static func slopeFloor(blurAmount b: Double) -> Double { max(1 - b, 0.05) }

    /// The coverage bytes of the frame at `progress` (in [0, 1]) between `source` and
    /// `target` (fields of this renderer's size), row-major into `alpha`.
    ///
    /// Only pixels near the outline are blurred: the fields are distances, so φ changes by
    /// at most about a pixel per pixel, and V, a weighted mean of φ, differs from φ by at
    /// most Σ w_ij (|i| + |j|) = 2 Σ w_i |i|. Where |φ| ≥ 3 + 2 Σ w_i |i| (a pixel to spare),
    /// |V| ≥ 2, and there the pixel is empty or full (see below) without V.
    func render(
        source: SignedDistanceField, target: SignedDistanceField, progress: Double, capture: Capture? = nil,
        into alpha: UnsafeMutablePointer<UInt8>
    ) {
        precondition(source.width == width && source.height == height && target.width == width && target.height == height)
        let (field, floor) = blurredField(source: source, target: target, progress: progress, capture: capture, everywhere: false)
        writeCoverage(of: field, floor: Float(floor), into: alpha)
    }

    /// V of the frame over the whole canvas and its slope's floor: what a capture keeps.
    func capturedField(
        source: SignedDistanceField, target: SignedDistanceField, progress: Double, capture: Capture?
    ) -> (values: [Float], slopeFloor: Double) {
        let (field, floor) = blurredField(source: source, target: target, progress: progress, capture: capture, everywhere: true)
        return (Array(UnsafeBufferPointer(start: field, count: width * height)), floor)
    }

    /// Mixes the fields into `mixed` and blurs them (where the frame needs V, or `everywhere`);
    /// returns the plane holding V and the frame's slope floor.
    private func blurredField(
        source: SignedDistanceField, target: SignedDistanceField, progress: Double, capture: Capture?, everywhere: Bool
    ) -> (UnsafeMutablePointer<Float>, Double) {
        let e = MorphFrameMath.easedProgress(progress, easing: style.easing)
        let b = MorphFrameMath.blurAmount(progress: progress, easing: style.easing)
        let kernel = bank.levels[MorphFrameMath.levelIndex(blurAmount: b, blurLevels: style.blurLevels)]
        let count = width * height
        let w = capture?.weight ?? 0
        let keep = Float((1 - w) * (1 - e)), take = Float((1 - w) * e)
        source.values.withUnsafeBufferPointer { s in
            target.values.withUnsafeBufferPointer { t in
                if let capture {
                    let c = capture.values, weight = Float(w)
                    for i in 0..<count { mixed[i] = keep * s[i] + take * t[i] + weight * c[i] }
                } else {
                    for i in 0..<count { mixed[i] = keep * s[i] + take * t[i] }
                }
            }
        }
        let floor = (1 - w) * Self.slopeFloor(blurAmount: b) + w * (capture?.slopeFloor ?? 0)
        let n = kernel.halfWidth
        guard n > 0 else {
            for y in 0..<height { needed[y] = (0, width - 1) }
            return (mixed, floor)
        }
        kernel.weights.withUnsafeBufferPointer { w in
            var spreadOfWeights: Float = 0
            for i in -n...n { spreadOfWeights += w[n + i] * Float(abs(i)) }
            plan(reach: everywhere ? .infinity : 3 + 2 * spreadOfWeights, halfWidth: n)
            blurAcross(weights: w.baseAddress!, halfWidth: n)
            blurDown(weights: w.baseAddress!, halfWidth: n)
        }
        return (blurred, floor)
    }

    /// The coverage bytes from V (`field`) over the `needed` columns, empty or full elsewhere
    /// by the sign of φ.
    private func writeCoverage(of field: UnsafeMutablePointer<Float>, floor: Float, into alpha: UnsafeMutablePointer<UInt8>) {
        for y in 0..<height {
            let row = field + y * width, out = alpha + y * width, phi = mixed + y * width
            let up = field + max(y - 1, 0) * width, down = field + min(y + 1, height - 1) * width
            // Central differences over 2 pixels, one-sided (over 1) on the border, none on a
            // canvas 1 pixel across: as factors (halving is exact), no division per pixel.
            let rows = min(y + 1, height - 1) - max(y - 1, 0)
            let perRow: Float = rows == 2 ? 0.5 : Float(rows)
            let (first, last) = needed[y]
            for x in 0..<width where x < first || x > last { out[x] = phi[x] > 0 ? 255 : 0 }
            guard first <= last else { continue }
            for x in first...last {
                // Two pixels or more from the outline the pixel is empty or full: the field's
                // slope is at most about 1 (the fields are distances, and neither mixing nor
                // blurring steepens them), so d is beyond the ±0.71 of any edge's reach.
                let value = row[x]
                if abs(value) >= 2 {
                    out[x] = value > 0 ? 255 : 0
                    continue
                }
                let left = max(x - 1, 0), right = min(x + 1, width - 1)
                let columns = right - left
                let gx = (row[right] - row[left]) * (columns == 2 ? 0.5 : Float(columns))
                let gy = (down[x] - up[x]) * perRow
                let slope = (gx * gx + gy * gy).squareRoot()
                let distance = value / max(slope, floor)
                let covered = PixelEdge.coverage(distance: distance, normal: SIMD2(gx, gy))
                out[x] = UInt8((covered * 255).rounded())
            }
        }
    }

    /// Fills `needed` (the columns of each row with |φ| < `reach`), `computed` and `spread`.
    private func plan(reach: Float, halfWidth n: Int) {
        for y in 0..<height {
            let row = mixed + y * width
            var first = width, last = -1
            for x in 0..<width where abs(row[x]) < reach {
                first = min(first, x)
                last = x
            }
            needed[y] = (first, last)
        }
        for y in 0..<height {
            var first = width, last = -1
            for r in max(y - 1, 0)...min(y + 1, height - 1) where needed[r].0 <= needed[r].1 {
                first = min(first, needed[r].0 - 1)
                last = max(last, needed[r].1 + 1)
            }
            computed[y] = (max(first, 0), min(last, width - 1))
        }
        for y in 0..<height {
            var first = width, last = -1
            for r in max(y - n, 0)...min(y + n, height - 1) where computed[r].0 <= computed[r].1 {
                first = min(first, computed[r].0)
                last = max(last, computed[r].1)
            }
            spread[y] = (first, last)
        }
    }

    /// The blur across the `spread` columns of every row of `mixed` into `across`, the
    /// row's end values repeated past its ends: tap by tap over the columns whose taps stay
    /// in the row (so the compiler can vectorise it), pixel by pixel near the ends.
    private func blurAcross(weights w: UnsafePointer<Float>, halfWidth n: Int) {
        let centre = w + n
        for y in 0..<height {
            let (first, last) = spread[y]
            guard first <= last else { continue }
            let source = mixed + y * width, out = across + y * width
            let inner = max(n, first)..<max(max(n, first), min(width - n, last + 1))
            for x in inner { out[x] = 0 }
            for i in -n...n {
                let weight = centre[i]
                for x in inner { out[x] += weight * source[x + i] }
            }
            for x in first...last where !inner.contains(x) {
                var sum: Float = 0
                for i in -n...n { sum += centre[i] * source[min(max(x + i, 0), width - 1)] }
                out[x] = sum
            }
        }
    }

    /// The blur down the `computed` columns of every row of `across` into `blurred`, the
    /// end rows repeated past the canvas, a row at a time.
    private func blurDown(weights w: UnsafePointer<Float>, halfWidth n: Int) {
        let centre = w + n
        for y in 0..<height {
            let (first, last) = computed[y]
            guard first <= last else { continue }
            let out = blurred + y * width
            for x in first...last { out[x] = 0 }
            for i in -n...n {
                let weight = centre[i], source = across + min(max(y + i, 0), height - 1) * width
                for x in first...last { out[x] += weight * source[x] }
            }
        }
    }
}
