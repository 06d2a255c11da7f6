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
/// All memory is allocated in `init`; a frame allocates nothing. Only the tiles near the
/// outline are blurred (see `render`), 16 pixels a vector.
final class DistanceFrameRenderer {
    let width: Int
    let height: Int
    private let style: MorphStyle
    private let bank: GaussianKernelBank
    /// Tiles of `TileMap.tileRows` × 16 pixels: across, down.
    private let tilesAcross: Int
    private let tilesDown: Int
    /// φ, `padding` columns of the row's end values on each side of its `width` (and 16 more
    /// on the right, so the last tile's lanes stay inside): `mixedStride` floats a row.
    private let mixed: UnsafeMutablePointer<Float>
    private let padding: Int
    private let mixedStride: Int
    /// φ blurred across, then V: `tilesAcross` · 16 floats a row.
    private let across: UnsafeMutablePointer<Float>
    private let blurred: UnsafeMutablePointer<Float>
    /// Per tile, what the frame is there; whether φ is needed there (for the blur of an edge
    /// tile); and a count the marking of those uses.
    private let tileKinds: UnsafeMutablePointer<TileKind>
    private let tileMixed: UnsafeMutablePointer<Bool>
    private let tileCounts: UnsafeMutablePointer<Int32>
    /// Per row and tile column, whether the blur across is needed there.
    private let rowNeedsAcross: UnsafeMutablePointer<Bool>

    static let tileSide = 16

    /// Per blur level, once computed, `reach(level:kernel:)`.
    private var reaches: [Float?]

    /// What a tile of the frame is.
    enum TileKind {
        /// Every |φ| ≥ the blur's reach, every φ < 0: every pixel empty.
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
        tilesAcross = (width + Self.tileSide - 1) / Self.tileSide
        tilesDown = (height + Self.tileSide - 1) / Self.tileSide
        padding = bank.maxHalfWidth
        mixedStride = width + 2 * padding + Self.tileSide
        mixed = .allocate(capacity: mixedStride * height)
        mixed.initialize(repeating: 0, count: mixedStride * height)
        let planeCount = tilesAcross * Self.tileSide * height
        across = .allocate(capacity: planeCount)
        across.initialize(repeating: 0, count: planeCount)
        blurred = .allocate(capacity: planeCount)
        blurred.initialize(repeating: 0, count: planeCount)
        let tiles = tilesAcross * tilesDown
        tileKinds = .allocate(capacity: tiles)
        tileKinds.initialize(repeating: .edge, count: tiles)
        tileMixed = .allocate(capacity: tiles)
        tileMixed.initialize(repeating: false, count: tiles)
        tileCounts = .allocate(capacity: tiles)
        tileCounts.initialize(repeating: 0, count: tiles)
        rowNeedsAcross = .allocate(capacity: tilesAcross * height)
        rowNeedsAcross.initialize(repeating: false, count: tilesAcross * height)
    }

    deinit {
        mixed.deallocate()
        across.deallocate()
        blurred.deallocate()
        tileKinds.deallocate()
        tileMixed.deallocate()
        tileCounts.deallocate()
        rowNeedsAcross.deallocate()
    }

    /// A field captured from an earlier frame (`CapturedField` of the distance field) and its
    /// weight w in (0, 1]: φ = (1 − w) · ((1 − e) · φS + e · φT) + w · C, and the slope's floor
    /// (1 − w) · f + w · f_C, with f_C the captured frame's, so that the frame right after a
    /// capture (w = 1, no blur) is the captured frame.
    struct Capture {
        var values: UnsafePointer<Float>
        /// The field's `TileBounds`.
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
    /// Only tiles near the outline are blurred: the fields are distances, so φ changes by at
    /// most a pixel per pixel of distance, and V, a weighted mean of φ, differs from φ by at
    /// most Σ_ij w_i w_j √(i² + j²), the kernel's mean distance. In a tile where every φ ≥
    /// 4 + that, V ≥ 3 (a pixel to spare for the fields' own error, under 1 px even on masks
    /// of noise), so every pixel is full (V ≥ 2, see `writePixels`) without V, and so is
    /// every neighbour whose V an edge tile's slope could read (V changes by at most 1 from
    /// a pixel to the next); where every φ is at or below minus that, empty.
    func render(
        source: SignedDistanceField, target: SignedDistanceField, progress: Double, capture: Capture? = nil,
        writer: PixelWriter, output: UnsafeMutableRawPointer, bytesPerRow: Int
    ) {
        precondition(source.width == width && source.height == height && target.width == width && target.height == height)
        let floor = blurField(source: source, target: target, progress: progress, capture: capture, everywhere: false)
        writePixels(floor: Float(floor), writer: writer, output: output, bytesPerRow: bytesPerRow)
    }

    /// V of the frame over the whole canvas and its slope's floor: what a capture keeps.
    func capturedField(
        source: SignedDistanceField, target: SignedDistanceField, progress: Double, capture: Capture?
    ) -> (values: [Float], slopeFloor: Double) {
        let floor = blurField(source: source, target: target, progress: progress, capture: capture, everywhere: true)
        var values = [Float](repeating: 0, count: width * height)
        let stride = tilesAcross * Self.tileSide
        for y in 0..<height {
            for x in 0..<width { values[y * width + x] = blurred[y * stride + x] }
        }
        return (values, floor)
    }

    /// Sorts the tiles by the fields' bounds (every tile an edge tile when `everywhere`),
    /// mixes the fields where the blur of the edge tiles reads them, and blurs the edge
    /// tiles into `blurred`; returns the frame's slope floor.
    private func blurField(
        source: SignedDistanceField, target: SignedDistanceField, progress: Double, capture: Capture?, everywhere: Bool
    ) -> Double {
        let e = MorphFrameMath.easedProgress(progress, easing: style.easing)
        let b = MorphFrameMath.blurAmount(progress: progress, easing: style.easing)
        let level = MorphFrameMath.levelIndex(blurAmount: b, blurLevels: style.blurLevels)
        let kernel = bank.levels[level]
        let w = capture?.weight ?? 0
        let n = kernel.halfWidth
        let weights = MixWeights(keep: Float((1 - w) * (1 - e)), take: Float((1 - w) * e), captured: Float(w))
        kernel.weights.withUnsafeBufferPointer { kernelWeights in
            source.tileBounds.withUnsafeBufferPointer { sourceBounds in
                target.tileBounds.withUnsafeBufferPointer { targetBounds in
                    sortTiles(
                        sourceBounds.baseAddress!, targetBounds.baseAddress!, capture?.bounds, weights: weights,
                        reach: everywhere ? .infinity : reach(level: level, kernel: kernel), halfWidth: n)
                }
            }
            source.values.withUnsafeBufferPointer { s in
                target.values.withUnsafeBufferPointer { t in
                    mix(s.baseAddress!, t.baseAddress!, capture?.values, weights: weights)
                }
            }
            blurAcross(centre: kernelWeights.baseAddress! + n, halfWidth: n)
            blurDown(centre: kernelWeights.baseAddress! + n, halfWidth: n)
        }
        return (1 - w) * Self.slopeFloor(blurAmount: b) + w * (capture?.slopeFloor ?? 0)
    }

    /// 4 + Σ_ij w_i w_j √(i² + j²) for the level's kernel, computed on first use: how far
    /// from zero φ must be in a whole tile for it to be full or empty (see `render`).
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

    /// Sorts the tiles (`tileKinds`): full where φ ≥ `reach` by the fields' bounds (the
    /// weights are ≥ 0, so the mix of the least values bounds the mix from below), empty
    /// where φ ≤ −`reach`, else edge. Marks, per row, the tile columns whose blur across an
    /// edge tile's blur down reads (`rowNeedsAcross`), and the tiles whose φ those read
    /// (`tileMixed`: within ⌈n / 16⌉ tiles of an edge tile, across and down).
    private func sortTiles(
        _ s: UnsafePointer<SIMD2<Float>>, _ t: UnsafePointer<SIMD2<Float>>, _ c: UnsafePointer<SIMD2<Float>>?,
        weights: MixWeights, reach: Float, halfWidth n: Int
    ) {
        let side = Self.tileSide
        rowNeedsAcross.update(repeating: false, count: tilesAcross * height)
        for tile in 0..<(tilesAcross * tilesDown) {
            var bounds = weights.keep * s[tile] + weights.take * t[tile]
            if let c { bounds += weights.captured * c[tile] }
            tileKinds[tile] = bounds.x >= reach ? .full : bounds.y <= -reach ? .empty : .edge
        }
        for ty in 0..<tilesDown {
            for tx in 0..<tilesAcross where tileKinds[ty * tilesAcross + tx] == .edge {
                for y in max(0, ty * side - n)..<min(height, ty * side + side + n) {
                    rowNeedsAcross[y * tilesAcross + tx] = true
                }
            }
        }
        // The edge tiles widened by `spread` tiles across, then down: the count of edge tiles
        // in a window sliding along each row, then of such tiles along each column.
        let spread = (n + side - 1) / side
        for ty in 0..<tilesDown {
            let row = ty * tilesAcross
            var inWindow: Int32 = 0
            for tx in 0..<min(spread, tilesAcross) where tileKinds[row + tx] == .edge { inWindow += 1 }
            for tx in 0..<tilesAcross {
                if tx + spread < tilesAcross, tileKinds[row + tx + spread] == .edge { inWindow += 1 }
                if tx - spread - 1 >= 0, tileKinds[row + tx - spread - 1] == .edge { inWindow -= 1 }
                tileCounts[row + tx] = inWindow
            }
        }
        for tx in 0..<tilesAcross {
            var inWindow: Int32 = 0
            for ty in 0..<min(spread, tilesDown) where tileCounts[ty * tilesAcross + tx] > 0 { inWindow += 1 }
            for ty in 0..<tilesDown {
                if ty + spread < tilesDown, tileCounts[(ty + spread) * tilesAcross + tx] > 0 { inWindow += 1 }
                if ty - spread - 1 >= 0, tileCounts[(ty - spread - 1) * tilesAcross + tx] > 0 { inWindow -= 1 }
                tileMixed[ty * tilesAcross + tx] = inWindow > 0
            }
        }
    }

    /// φ into `mixed` in the tiles marked `tileMixed`, the lanes past the canvas and the
    /// padding beside those rows repeating the row's end values.
    private func mix(_ s: UnsafePointer<Float>, _ t: UnsafePointer<Float>, _ captured: UnsafePointer<Float>?, weights: MixWeights) {
        let side = Self.tileSide
        let (keep, take, capturedWeight) = (weights.keep, weights.take, weights.captured)
        for ty in 0..<tilesDown {
            for tx in 0..<tilesAcross where tileMixed[ty * tilesAcross + tx] {
                let x0 = tx * side
                let count = min(side, width - x0)
                for y in ty * side..<min(height, ty * side + side) {
                    let offset = y * width + x0
                    var v: SIMD16<Float>
                    if count == side {
                        v = keep * s.vector16(at: offset) + take * t.vector16(at: offset)
                        if let captured { v += capturedWeight * captured.vector16(at: offset) }
                    } else {
                        v = SIMD16(repeating: 0)
                        for lane in 0..<side {
                            let i = offset + min(lane, count - 1)
                            var value = keep * s[i] + take * t[i]
                            if let captured { value += capturedWeight * captured[i] }
                            v[lane] = value
                        }
                    }
                    (mixed + y * mixedStride + padding).storeVector16(v, at: x0)
                }
            }
            let rows = ty * side..<min(height, ty * side + side)
            if tileMixed[ty * tilesAcross] {
                for y in rows {
                    let row = mixed + y * mixedStride + padding
                    let first = SIMD16<Float>(repeating: row[0])
                    var x = -padding
                    while x < 0 {
                        row.storeVector16(first, at: x, count: min(side, -x))
                        x += side
                    }
                }
            }
            if tileMixed[ty * tilesAcross + tilesAcross - 1] {
                for y in rows {
                    let row = mixed + y * mixedStride + padding
                    let last = SIMD16<Float>(repeating: row[width - 1])
                    let end = width + padding + side
                    var x = width
                    while x < end {
                        row.storeVector16(last, at: x, count: min(side, end - x))
                        x += side
                    }
                }
            }
        }
    }

    /// The blur across of every marked row piece, 16 pixels a vector, the taps symmetric.
    private func blurAcross(centre w: UnsafePointer<Float>, halfWidth n: Int) {
        let side = Self.tileSide, stride = tilesAcross * side
        let w0 = w[0]
        for y in 0..<height {
            let row = UnsafePointer(mixed + y * mixedStride + padding), out = across + y * stride
            for tx in 0..<tilesAcross where rowNeedsAcross[y * tilesAcross + tx] {
                let x0 = tx * side
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

    /// The blur down of every edge tile into `blurred`, the end rows repeated past the canvas.
    private func blurDown(centre w: UnsafePointer<Float>, halfWidth n: Int) {
        let side = Self.tileSide, stride = tilesAcross * side
        let w0 = w[0]
        let plane = UnsafePointer(across)
        for ty in 0..<tilesDown {
            for tx in 0..<tilesAcross where tileKinds[ty * tilesAcross + tx] == .edge {
                let x0 = tx * side
                for y in ty * side..<min(height, ty * side + side) {
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
    }

    /// The pixels: full or empty tiles filled; in edge tiles α from V where the outline is
    /// near, elsewhere 0 or 1 by the sign of V.
    private func writePixels(floor: Float, writer: PixelWriter, output: UnsafeMutableRawPointer, bytesPerRow: Int) {
        let side = Self.tileSide, stride = tilesAcross * side
        let fullPixel = writer.fullPixel, emptyPixel = writer.emptyPixel
        for ty in 0..<tilesDown {
            for y in ty * side..<min(height, ty * side + side) {
                // Central differences over 2 pixels, one-sided (over 1) on the border, none on a
                // canvas 1 pixel across: as factors (halving is exact), no division per pixel.
                let rows = min(y + 1, height - 1) - max(y - 1, 0)
                let perRow: Float = rows == 2 ? 0.5 : Float(rows)
                let row = UnsafePointer(blurred + y * stride)
                let up = UnsafePointer(blurred + max(y - 1, 0) * stride), down = UnsafePointer(blurred + min(y + 1, height - 1) * stride)
                let out = output + y * bytesPerRow
                for tx in 0..<tilesAcross {
                    let x0 = tx * side
                    let count = min(side, width - x0)
                    switch tileKinds[ty * tilesAcross + tx] {
                    case .full:
                        writer.fill(fullPixel, columns: x0..<(x0 + count), of: out)
                        continue
                    case .empty:
                        writer.fill(emptyPixel, columns: x0..<(x0 + count), of: out)
                        continue
                    case .edge:
                        break
                    }
                    let values = row.vector16(at: x0)
                    var covered = SIMD16<Float>(repeating: 0).replacing(with: 1, where: values .> 0)
                    let magnitude = values.replacing(with: -values, where: values .< 0)
                    // Two pixels or more from the outline the pixel is empty or full: the
                    // field's slope is at most about 1 (the fields are distances, and neither
                    // mixing nor blurring steepens them; √2 at most by central differences),
                    // so d is beyond the ±0.71 of any edge's reach. Closer, the slope and d of
                    // all 16 pixels at once where the neighbours are inside the canvas, and
                    // the coverage of those whose d is within an edge's reach.
                    if any(magnitude .< 2) {
                        if x0 > 0, x0 + side < width, rows == 2 {
                            let gx = (row.vector16(at: x0 + 1) - row.vector16(at: x0 - 1)) * 0.5
                            let gy = (down.vector16(at: x0) - up.vector16(at: x0)) * 0.5
                            var slope = (gx * gx + gy * gy).squareRoot()
                            slope.replace(with: floor, where: slope .< floor)
                            covered = PixelEdge.coverage(distance: values / slope, gx: gx, gy: gy)
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
}
