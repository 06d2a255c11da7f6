import AlphaRaster
import IconSymbols
import MorphKernel
import Testing
@testable import OutlineTrace
import PathMorph
import SVGImport

/// The traced outline against the mask it came from: drawn back by the exact-area
/// rasterizer it covers the same pixels, within the edge's anti-aliasing.
struct MaskTracerTests {
    static let layout = try! IconBox(width: 44, height: 44, scale: 3, padding: 4).layout()

    @Test func aPlaneSmallerThanItsSizeIsAnError() throws {
        let tracer = try MaskTracer(), bytes: [UInt8] = [1, 2, 3]
        for (width, height) in [(2, 2), (-1, -1), (-3, 1), (Int.max, 2)] {
            #expect(throws: MaskTracer.InvalidPlane(width: width, height: height, byteCount: 3)) {
                try bytes.withUnsafeBufferPointer { try tracer.layers(of: $0, width: width, height: height) }
            }
        }
        #expect(try bytes.withUnsafeBufferPointer { try tracer.layers(of: $0, width: 0, height: 5) }.isEmpty)
        #expect(throws: Never.self) { try bytes.withUnsafeBufferPointer { try tracer.layers(of: $0, width: 3, height: 1) } }
    }

    /// A plane in a host's buffer, rows `bytesPerRow` apart with other bytes between them,
    /// traces as the same plane packed tight; a stride under the width or a buffer short of
    /// the last row is an error.
    @Test func aPlaneWithPaddedRowsTracesAsTheTightPlane() throws {
        let tracer = try MaskTracer()
        let mask = try AlphaMask(icon: BuiltInSymbol.heart.icon, layout: Self.layout)
        let (width, height, stride) = (mask.width, mask.height, mask.width + 13)
        var padded = [UInt8](repeating: 0xA5, count: (height - 1) * stride + width)
        for y in 0..<height {
            for x in 0..<width { padded[y * stride + x] = mask.pixels[y * width + x] }
        }
        let expected = try tracer.layers(of: mask)
        #expect(!expected.isEmpty)
        #expect(try padded.withUnsafeBytes { try tracer.layers(of: $0, width: width, height: height, bytesPerRow: stride) } == expected)
        #expect(try mask.pixels.withUnsafeBytes { try tracer.layers(of: $0, width: width, height: height, bytesPerRow: width) } == expected)
        for (rowBytes, count) in [(width - 1, padded.count), (stride, padded.count - 1), (Int.max, padded.count)] {
            #expect(throws: MaskTracer.InvalidPlane(width: width, height: height, byteCount: count, bytesPerRow: rowBytes)) {
                try padded.prefix(count).withUnsafeBytes { try tracer.layers(of: $0, width: width, height: height, bytesPerRow: rowBytes) }
            }
        }
        #expect(try padded.withUnsafeBytes { try tracer.layers(of: $0, width: 0, height: 3, bytesPerRow: 5) }.isEmpty)
    }

    /// The crossing limit counts every layer's crossings: a frame of exactly the limit is
    /// traced, one over it throws `TooDetailed` before any outline is fitted, for the crisp
    /// outline (an opaque square: 4 · 20 crossings) and for a translucent frame's layers
    /// together (counted here level by level as the tracer scans them).
    @Test func framesOverTheCrossingLimitThrow() throws {
        var square = [UInt8](repeating: 0, count: 40 * 40)
        for y in 10..<30 { for x in 10..<30 { square[y * 40 + x] = 255 } }
        var translucent = square
        for y in 14..<26 { for x in 0..<8 { translucent[y * 40 + x] = 100 } }
        for (plane, layerCount) in [(square, 1), (translucent, 2)] {
            let levels = plane.withUnsafeBufferPointer { CoverageLevels($0, width: 40, height: 40) }.layers
            #expect(levels.count == layerCount)
            var squares = plane.withUnsafeBufferPointer { MarchingSquares($0, width: 40, height: 40) }
            var crossings = 0
            for (k, level) in levels.enumerated() {
                let band = MarchingSquares.Band(lower: level.lower * 255, upper: level.upper * 255)
                _ = try squares.loops(level: band.cut, band: band, underEdges: k < levels.count - 1)
                crossings += squares.lastCrossingCount
            }
            if layerCount == 1 { #expect(crossings == 80) }
            var tracer = try MaskTracer()
            tracer.crossingLimit = crossings
            let layers = try plane.withUnsafeBufferPointer { try tracer.layers(of: $0, width: 40, height: 40) }
            #expect(layers.count == layerCount)
            tracer.crossingLimit = crossings - 1
            let error = #expect(throws: MaskTracer.TooDetailed.self) {
                try plane.withUnsafeBufferPointer { try tracer.layers(of: $0, width: 40, height: 40) }
            }
            #expect(error?.limit == crossings - 1 && error?.crossings == crossings && error?.width == 40)
            let mask = try AlphaMask(width: 40, height: 40, pixels: plane)
            #expect(throws: MaskTracer.TooDetailed.self) { try tracer.layers(of: mask) }
            if layerCount == 1 {
                #expect(throws: MaskTracer.TooDetailed.self) { try tracer.contours(of: mask) }
                tracer.crossingLimit = crossings
                #expect(try tracer.contours(of: mask).count == 1)
            }
        }
    }

    /// The scan's budget where its storage must grow (a 120² checkerboard: 28,800 crossings
    /// against room for 1,952 at first): a budget of exactly the crossings traces them all,
    /// one less throws, at the scan and in the tracer.
    @Test func theCrossingBudgetHoldsWhereTheStorageGrows() throws {
        let n = 120
        let pixels = (0..<(n * n)).map { ($0 % n + $0 / n) % 2 == 0 ? UInt8(255) : 0 }
        var squares = pixels.withUnsafeBufferPointer { MarchingSquares($0, width: n, height: n) }
        let all = try squares.loops(level: 127.5, band: .whole)
        let crossings = squares.lastCrossingCount
        #expect(crossings == 28_800)
        for budget in [crossings, crossings + 1, Int.max - 1] {
            #expect(try squares.loops(level: 127.5, band: .whole, budget: budget).count == all.count)
        }
        for budget in [crossings - 1, crossings / 2, 1, 0] {
            #expect(throws: MarchingSquares.OverBudget.self) { try squares.loops(level: 127.5, band: .whole, budget: budget) }
        }
        var tracer = try MaskTracer()
        tracer.crossingLimit = crossings
        _ = try pixels.withUnsafeBufferPointer { try tracer.layers(of: $0, width: n, height: n) }
        tracer.crossingLimit = crossings - 1
        #expect(throws: MaskTracer.TooDetailed.self) { try pixels.withUnsafeBufferPointer { try tracer.layers(of: $0, width: n, height: n) } }
    }

    @Test func eachLoopKeepsOnlyItsOwnPoints() throws {
        // A checkerboard of single pixels: thousands of small loops. Each used to keep a
        // buffer sized for every crossing of the mask (terabytes of address space at 1000²).
        let n = 120
        let pixels = (0..<(n * n)).map { ($0 % n + $0 / n) % 2 == 0 ? UInt8(255) : 0 }
        var squares = pixels.withUnsafeBufferPointer { MarchingSquares($0, width: n, height: n) }
        let loops = try squares.loops(level: 127.5, band: .whole)
        #expect(loops.count > 1000)
        #expect(loops.allSatisfy { $0.points.capacity <= 2 * $0.points.count + 16 }, "\(loops.map(\.points.capacity).max() ?? 0)")
    }
    /// The soft IoU a frame's outline layers keep with the frame, crisp or translucent
    /// (measured: 0.994–0.998 on the pairs below).
    static let iou = 0.993

    /// Mean absolute difference in levels and the soft IoU (Σ min / Σ max) of two masks.
    static func compare(_ a: AlphaMask, _ b: AlphaMask) -> (mean: Double, iou: Double) {
        var total = 0.0, both = 0.0, either = 0.0
        for (x, y) in zip(a.pixels, b.pixels) {
            total += abs(Double(x) - Double(y))
            both += Double(min(x, y))
            either += Double(max(x, y))
        }
        return (total / Double(a.pixels.count), either == 0 ? 1 : both / either)
    }

    /// The layers drawn by the exact-area rasterizer and composited in order, each at its
    /// opacity ("over"), rounded to bytes.
    static func drawn(_ layers: [MaskTracer.Layer], like mask: AlphaMask) throws -> AlphaMask {
        var alpha = [Double](repeating: 0, count: mask.pixels.count)
        for layer in layers {
            let coverage = try drawn(layer.contours, like: mask)
            for i in alpha.indices { alpha[i] += Double(coverage.pixels[i]) / 255 * layer.opacity * (1 - alpha[i]) }
        }
        return try AlphaMask(width: mask.width, height: mask.height, pixels: alpha.map { UInt8(($0 * 255).rounded()) })
    }

    static func drawn(_ contours: [PathContour], like mask: AlphaMask) throws -> AlphaMask {
        let fill = VectorIcon.Layer(path: PathMorph.path(of: contours), paint: .fill(.nonZero))
        return try VectorRasterizer().mask(for: fill.path, paint: fill.paint, width: mask.width, height: mask.height)
    }

    @Test(arguments: [(BuiltInSymbol.play, BuiltInSymbol.pause), (.heart, .star), (.bell, .magnifyingglass), (.gear, .house)])
    func metaballFramesTraceToTheirOwnCoverage(_ pair: (BuiltInSymbol, BuiltInSymbol)) throws {
        let a = try AlphaMask(icon: pair.0.icon, layout: Self.layout), b = try AlphaMask(icon: pair.1.icon, layout: Self.layout)
        let renderer = try MorphRenderer(width: a.width, height: a.height, style: MorphStyle(maxBlurRadius: 12))
        let tracer = try MaskTracer()
        for progress in [0.0, 0.2, 0.4, 0.5, 0.6, 0.8, 1.0] {
            var alpha = [UInt8](repeating: 0, count: a.width * a.height)
            try alpha.withUnsafeMutableBytes { try renderer.render(source: a, target: b, progress: progress, into: $0, format: .alpha8) }
            let frame = try AlphaMask(width: a.width, height: a.height, pixels: alpha)
            let layers = try tracer.layers(of: frame)
            let (mean, iou) = Self.compare(try Self.drawn(layers, like: frame), frame)
            // Crisp frames (one layer) within the edge's anti-aliasing; translucent frames (a
            // staircase of partial layers) as closely.
            #expect(mean < 1 && iou > Self.iou, "\(pair.0) → \(pair.1) at \(progress): mean \(mean), IoU \(iou), \(layers.count) layers")
        }
    }

    /// A translucent frame whose opaque outline bends into the shape (document-open →
    /// document-save about p = ½: necks between lobes, thin translucent rings): the partial
    /// layers under the opaque one must stay under it there. When their hidden vertices were
    /// shrunk in both smoothing passes, they moved out at such bends and drew dark fringes
    /// past the opaque outline: in frame 27 of 61, one pixel 168 levels darker than the frame
    /// (54 at most now), and the frame's soft IoU 0.9886 (0.9897 now), drawn by the
    /// exact-area rasterizer.
    @Test func partialLayersStayUnderTheOpaqueOneAtItsInwardBends() throws {
        let adwaita = "/usr/share/icons/Adwaita/scalable/actions/"
        let icons = try ["document-open-symbolic.svg", "document-save-symbolic.svg"].map {
            try AlphaMask(icon: SVGImporter.load(contentsOfFile: adwaita + $0).icon, layout: Self.layout)
        }
        let renderer = try MorphRenderer(width: icons[0].width, height: icons[0].height, style: MorphStyle())
        var alpha = [UInt8](repeating: 0, count: icons[0].width * icons[0].height)
        try alpha.withUnsafeMutableBytes {
            try renderer.render(source: icons[0], target: icons[1], progress: 27.0 / 60, into: $0, format: .alpha8)
        }
        let frame = try AlphaMask(width: icons[0].width, height: icons[0].height, pixels: alpha)
        let layers = try MaskTracer().layers(of: frame)
        let drawing = try Self.drawn(layers, like: frame)
        let darker = zip(drawing.pixels, frame.pixels).map { Int($0) - Int($1) }.max()!
        let (mean, iou) = Self.compare(drawing, frame)
        #expect(layers.count > 2, "a translucent frame: \(layers.count) layers")
        #expect(darker <= 64 && iou > 0.989, "at most \(darker) levels darker; mean \(mean), IoU \(iou)")
    }

    @Test func curvesStayWithinTheTolerance() throws {
        let mask = try AlphaMask(icon: BuiltInSymbol.heart.icon, layout: Self.layout)
        for tolerance in [0.05, 0.1, 0.5] {
            let tracer = try MaskTracer(tolerance: tolerance)
            let fitter = CurveFitter(tolerance: tolerance, keepingOneIn: tracer.crispThinning)
            let loops = mask.pixels.withUnsafeBufferPointer { MarchingSquares.loops($0, width: mask.width, height: mask.height) }
                .map { fitter.prepared($0).points }
            let smoothedLoops = mask.pixels.withUnsafeBufferPointer { MarchingSquares.loops($0, width: mask.width, height: mask.height) }
                .map { fitter.smoothed($0, keeping: fitter.corners($0)) }
            #expect(smoothedLoops.count == loops.count)
            let contours = try tracer.contours(of: mask)
            #expect(contours.count == loops.count)
            // Every vertex of the smoothed, thinned trace lies within the tolerance of its
            // contour.
            for ((loop, smoothed), contour) in zip(zip(loops, smoothedLoops), contours) {
                var samples: [SIMD2<Double>] = []
                var p0 = contour.start
                for curve in contour.curves {
                    for k in 0..<100 { samples.append(PathContour.point(p0, curve, at: Double(k) / 100)) }
                    p0 = curve.end
                }
                // Distance to the polyline through the samples (its chords lie within
                // 10⁻⁴ px of the curves).
                func distance(_ v: SIMD2<Double>) -> Double {
                    var best = Double.infinity
                    for i in samples.indices {
                        let a = samples[i], b = samples[(i + 1) % samples.count], ab = b - a
                        let t = max(0, min(1, dot(v - a, ab) / max(dot(ab, ab), 1e-18)))
                        best = min(best, length(v - (a + ab * t)))
                    }
                    return best
                }
                let worst = loop.map(distance).max()!
                #expect(worst <= tolerance + 1e-3, "tolerance \(tolerance): \(worst)")
                // And the vertices the thinning dropped stay close to it too (measured: within
                // 1.42 times the tolerance at 0.05 px, one vertex in two kept; 1.33 at 0.1 px
                // and 0.82 at 0.5 px, one in three kept).
                let dropped = smoothed.map(distance).max()!
                #expect(dropped <= 1.5 * tolerance + 1e-3, "tolerance \(tolerance), vertices dropped: \(dropped)")
            }
        }
    }

    @Test func holesRunAgainstTheirShapes() throws {
        // A square ring: one shape clockwise, one hole anticlockwise.
        var ring = VectorPath()
        for (x, y, w, reversed) in [(4.0, 4.0, 16.0, false), (8.0, 8.0, 8.0, true)] {
            let corners = [SIMD2(x, y), SIMD2(x + w, y), SIMD2(x + w, y + w), SIMD2(x, y + w)]
            let ordered = reversed ? Array(corners.reversed()) : corners
            ring.move(to: ordered[0])
            for c in ordered.dropFirst() { ring.line(to: c) }
            ring.close()
        }
        let mask = try AlphaMask(icon: VectorIcon(width: 24, height: 24, layers: [.init(path: ring, paint: .fill(.nonZero))]), layout: Self.layout)
        let contours = try MaskTracer().contours(of: mask)
        #expect(contours.count == 2)
        #expect(contours.filter { $0.signedAreaForTests > 0 }.count == 1 && contours.filter { $0.signedAreaForTests < 0 }.count == 1)
        let (mean, iou) = Self.compare(try Self.drawn(contours, like: mask), mask)
        #expect(mean < 1 && iou > 0.995, "mean \(mean), IoU \(iou)")
    }

    @Test func specksAreDroppedAndEmptyMasksGiveNothing() throws {
        var pixels = [UInt8](repeating: 0, count: 40 * 40)
        pixels[20 * 40 + 20] = 200   // one lone pixel: a loop of about 0.3 px²
        let speck = try AlphaMask(width: 40, height: 40, pixels: pixels)
        #expect(try MaskTracer().contours(of: speck).isEmpty)
        #expect(try MaskTracer(minimumArea: 0).contours(of: speck).count == 1)
        #expect(try MaskTracer().contours(of: try AlphaMask(width: 40, height: 40)).isEmpty)
        // A full mask is one square just inside the border.
        let full = try AlphaMask(width: 10, height: 10, pixels: [UInt8](repeating: 255, count: 100))
        let square = try MaskTracer().contours(of: full)
        #expect(square.count == 1)
    }

    @Test func masksWithMoreCrossingsThanTheFirstRoomAreTracedWhole() throws {
        // Lone pixels every other pixel each way: a loop of four crossings around each, far
        // more crossings than the tracer first makes room for (eight per row and column).
        let side = 80
        var pixels = [UInt8](repeating: 0, count: side * side)
        for y in stride(from: 1, to: side, by: 2) {
            for x in stride(from: 1, to: side, by: 2) { pixels[y * side + x] = 255 }
        }
        let loops = pixels.withUnsafeBufferPointer { MarchingSquares.loops($0, width: side, height: side) }
        #expect(loops.count == (side / 2) * (side / 2))
        #expect(loops.allSatisfy { $0.count == 4 })
        // Each loop surrounds its own pixel.
        let centres = Set(loops.map { loop in
            let centre = loop.reduce(SIMD2<Double>.zero, +) / 4
            return SIMD2(Int(centre.x.rounded(.down)), Int(centre.y.rounded(.down)))
        })
        #expect(centres.count == loops.count)
        #expect(centres.allSatisfy { pixels[$0.y * side + $0.x] == 255 })
    }

    @Test func badSettingsAreRefused() {
        #expect(throws: MaskTracer.InvalidSetting.tolerance(0)) { try MaskTracer(tolerance: 0) }
        #expect(throws: MaskTracer.InvalidSetting.minimumArea(-1)) { try MaskTracer(minimumArea: -1) }
        #expect("\(MaskTracer.InvalidSetting.tolerance(0))" == "the fitting tolerance must be 0.01 to 10.0 pixels, got 0.0")
    }
}

extension PathContour {
    /// The signed area by a fine polygon, for the tests.
    var signedAreaForTests: Double {
        var points: [SIMD2<Double>] = []
        var p0 = start
        for curve in curves {
            for k in 0..<32 { points.append(PathContour.point(p0, curve, at: Double(k) / 32)) }
            p0 = curve.end
        }
        return MaskTracer.area(points)
    }
}
