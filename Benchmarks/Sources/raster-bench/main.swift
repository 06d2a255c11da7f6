@_spi(Testing) import AlphaRaster
import BenchSupport
import Foundation

RunMode.refuseDebugBuild("raster-bench")
let quick = RunMode.quick
func runs(_ full: Int) -> Int { RunMode.runs(full) }

/// How far a mask may be from the supersampling baseline, in levels of 255 (the self-check).
/// Largest: 16, the baseline's own error where an edge runs along its sample grid (it counts
/// 16 samples a row, so it can be 1/16 px off), plus 3, the library's flattening tolerance
/// (0.01 px moves an edge pixel by at most 2.6 levels), plus 1 for rounding both to bytes.
/// Mean: half a level; sampling errors scatter both ways, so a larger mean means a shape
/// drawn in the wrong place or with the wrong rule, not noise.
let allowedLargestDifference = 20
let allowedMeanDifference = 0.5

/// Largest and mean byte difference between a mask and baseline coverage.
func difference(_ mask: AlphaMask, _ baseline: [Double]) -> (Int, Double) {
    var worst = 0, total = 0
    for (byte, coverage) in zip(mask.pixels, baseline) {
        let d = abs(Int(byte) - Int((coverage * 255).rounded()))
        worst = max(worst, d)
        total += d
    }
    return (worst, Double(total) / Double(baseline.count))
}

/// Prints the difference line of a case and records its self-check.
func compare(_ name: String, _ mask: AlphaMask, _ baseline: [Double], _ checks: inout SelfChecks) {
    let (worst, mean) = difference(mask, baseline)
    print(String(format: "  difference                largest %d levels, mean %.3f levels (allowed %d, %.1f)",
                 worst, mean, allowedLargestDifference, allowedMeanDifference))
    checks.expect(worst <= allowedLargestDifference && mean <= allowedMeanDifference,
                  String(format: "%@: %d levels largest, %.3f mean from the supersampling baseline (allowed %d, %.1f)",
                         name, worst, mean, allowedLargestDifference, allowedMeanDifference))
}

/// The lines every case ends with: the baseline's time (the median of `baselineRuns`), the
/// library's speed-up over it with a reused rasterizer, and the difference between their
/// masks, recorded as a self-check.
func finishCase(
    _ name: String, reused: Double, baseline: Double, baselineRuns: Int, mask: AlphaMask, coverage: [Double],
    _ checks: inout SelfChecks
) {
    print("  16×16 supersampling       \(formatted(baseline))  (median of \(baselineRuns))")
    print(String(format: "  speed-up (reused)         %.0f×", baseline / reused))
    compare(name, mask, coverage, &checks)
}

/// One 2048 × 2048 case: the library (fresh rasterizer each run, and a reused one) against
/// the supersampling baseline.
func largeCase(
    _ name: String, path: VectorPath, paint: VectorIcon.Layer.Paint, baseline: (SupersampleRasterizer) -> [Double],
    sink: inout UInt64, checks: inout SelfChecks
) throws {
    let side = 2048
    var mask = try VectorRasterizer().mask(for: path, paint: paint, width: side, height: side)
    let fresh = try medianNanoseconds(runs: runs(31), warmup: 2) {
        mask = try VectorRasterizer().mask(for: path, paint: paint, width: side, height: side)
        sink &+= UInt64(mask.pixels[side / 2 * side + side / 3])
    }
    let rasterizer = VectorRasterizer()
    let reused = try medianNanoseconds(runs: runs(31), warmup: 2) {
        mask = try rasterizer.mask(for: path, paint: paint, width: side, height: side)
        sink &+= UInt64(mask.pixels[side / 2 * side + side / 3])
    }
    let reference = SupersampleRasterizer(width: side, height: side)
    var coverage: [Double] = []
    let baselineTime = medianNanoseconds(runs: quick ? 1 : 3, warmup: 0) {
        coverage = baseline(reference)
    }
    print("")
    print("\(name):")
    print("  VectorRasterizer, reused  \(formatted(reused))  (median of \(runs(31)))")
    print("  VectorRasterizer, fresh   \(formatted(fresh))  (median of \(runs(31)); allocates its buffers)")
    finishCase(name, reused: reused, baseline: baselineTime, baselineRuns: quick ? 1 : 3, mask: mask, coverage: coverage, &checks)
}

/// Everything runs in a function so the buffers are locals: top-level globals would add
/// exclusivity checks (and actor isolation) that the library's users do not pay. Returns the
/// self-checks: every mask within the allowed difference from the baseline.
func runBenchmarks() throws -> SelfChecks {
    var checks = SelfChecks()
    print("raster-bench — commit \(measuredCommit()), \(ProcessInfo.processInfo.activeProcessorCount) cores, tolerance \(VectorRasterizer.defaultTolerance) px")
    var sink: UInt64 = 0

    // 1. An icon: 24 × 24 canvas in the 44 pt @3× box (132 × 132 px), a stroked ring and a
    //    filled play triangle with rounded corners.
    let icon = BenchPaths.icon()
    let box = IconBox(width: 44, height: 44, scale: 3)
    let rasterizer = VectorRasterizer()
    var mask = try rasterizer.mask(for: icon, in: box)
    let reused = try medianNanoseconds(runs: runs(5001), warmup: 100) {
        mask = try rasterizer.mask(for: icon, in: box)
        sink &+= UInt64(mask.pixels[66 * 132 + 40])
    }
    let fresh = try medianNanoseconds(runs: runs(5001), warmup: 100) {
        mask = try AlphaMask(icon: icon, box: box)
        sink &+= UInt64(mask.pixels[66 * 132 + 40])
    }
    let fill = VectorIcon(width: 24, height: 24, layers: [icon.layers[1]])
    let fillOnly = try medianNanoseconds(runs: runs(5001), warmup: 100) {
        let m = try rasterizer.mask(for: fill, in: box)
        sink &+= UInt64(m.pixels[66 * 132 + 40])
    }
    // Baseline: the same two layers, fitted by the same 5.5× map, composited "over".
    let fit = AlphaRaster.VectorTransform.scale(5.5, 5.5)
    let reference = SupersampleRasterizer(width: 132, height: 132)
    var coverage: [Double] = []
    let baselineTime = medianNanoseconds(runs: runs(51), warmup: 2) {
        let ring = reference.stroke(SupersampleRasterizer.polylines(icon.layers[0].path, transform: fit), halfWidth: 5.5)
        let play = reference.fill(SupersampleRasterizer.polylines(icon.layers[1].path, transform: fit), rule: .nonZero)
        coverage = zip(ring, play).map { $0 + $1 * (1 - $0) }
    }
    print("")
    print("Icon 24×24 → 132×132 px (44 pt @3×): stroked ring (round joins) + filled rounded triangle:")
    print("  VectorRasterizer, reused  \(formatted(reused))  (median of \(runs(5001)))")
    print("  AlphaMask(icon:box:)      \(formatted(fresh))  (median of \(runs(5001)); allocates its buffers)")
    print("  triangle fill only        \(formatted(fillOnly))  (one layer, reused)")
    finishCase("icon", reused: reused, baseline: baselineTime, baselineRuns: runs(51), mask: mask, coverage: coverage, &checks)

    // An icon of dots and tight corners, drawn as icon sets draw them: strokes wider than
    // the curves they go round.
    let dots = BenchPaths.dotsAndKeys()
    var dotsMask = try rasterizer.mask(for: dots, in: box)
    let dotsTime = try medianNanoseconds(runs: runs(5001), warmup: 100) {
        dotsMask = try rasterizer.mask(for: dots, in: box)
        sink &+= UInt64(dotsMask.pixels[38 * 132 + 27])
    }
    var dotsCoverage: [Double] = []
    let dotsBaseline = medianNanoseconds(runs: runs(51), warmup: 2) {
        dotsCoverage = reference.stroke(SupersampleRasterizer.polylines(dots.layers[0].path, transform: fit), halfWidth: 5.5)
    }
    print("")
    print("Icon 24×24 → 132×132 px: three dots (circles of radius 1 stroked 2 wide) and two keys (corners of radius 1), round caps and joins:")
    print("  VectorRasterizer, reused  \(formatted(dotsTime))  (median of \(runs(5001)))")
    finishCase(
        "dots and keys", reused: dotsTime, baseline: dotsBaseline, baselineRuns: runs(51), mask: dotsMask, coverage: dotsCoverage,
        &checks)

    // 2. Large masks, 2048 × 2048.
    let starPoints = BenchPaths.star(center: [1024, 1024], outer: 1000, inner: 420, count: 2000)
    try largeCase("2048×2048: star polygon of 2000 points, non-zero", path: BenchPaths.polygon(starPoints), paint: .fill(.nonZero),
                  baseline: { $0.fill([starPoints], rule: .nonZero) }, sink: &sink, checks: &checks)
    let ring = BenchPaths.wavyRing(center: [1024, 1024], base: 760, amplitude: 180, waves: 40, count: 400)
    try largeCase("2048×2048: closed path of 400 cubics, even-odd", path: ring, paint: .fill(.evenOdd),
                  baseline: { $0.fill(SupersampleRasterizer.polylines(ring, transform: .identity), rule: .evenOdd) }, sink: &sink, checks: &checks)
    let spiral = BenchPaths.spiral(center: [1024, 1024], r0: 30, r1: 990, turns: 12, piecesPerTurn: 16)
    try largeCase("2048×2048: spiral of 192 cubics, 12 turns, stroked 24 px, round joins and caps", path: spiral,
                  paint: .stroke(StrokeStyle(width: 24, lineCap: .round, lineJoin: .round)),
                  baseline: { $0.stroke(SupersampleRasterizer.polylines(spiral, transform: .identity), halfWidth: 12) }, sink: &sink, checks: &checks)

    // 3. Tolerance: the cubic path at the coarsest accepted tolerance.
    let coarse = try VectorRasterizer(tolerance: 0.1)
    let coarseTime = try medianNanoseconds(runs: runs(31), warmup: 2) {
        let m = try coarse.mask(for: ring, paint: .fill(.evenOdd), width: 2048, height: 2048)
        sink &+= UInt64(m.pixels[1024 * 2048 + 700])
    }
    print("")
    print("The 400-cubic path with tolerance 0.1 px (reused): \(formatted(coarseTime))")

    // 4. A dense outline at icon size, whose rows hold thousands of edge ends: strips that walk
    //    their live edges against strips that walk their whole cluster (the way every cluster
    //    of up to `largeClusterEdges` edges is swept), alternately.
    let dense = BenchPaths.polygon(BenchPaths.wobblyCircle(center: [66, 66], radius: 55, wobble: 0.05, count: 100_000))
    let liveEdges = VectorRasterizer(), everyEdge = VectorRasterizer()
    everyEdge.largeClusterEdges = .max
    func drawDense(_ rasterizer: VectorRasterizer) throws -> AlphaMask {
        try rasterizer.mask(for: dense, paint: .fill(.nonZero), width: 132, height: 132)
    }
    // The masks compared, drawn once first (the warm-up).
    let denseMasks = [try drawDense(liveEdges), try drawDense(everyEdge)]
    var liveTimes: [Double] = [], everyTimes: [Double] = []
    for _ in 0..<runs(7) {
        liveTimes.append(try medianNanoseconds(runs: 1, warmup: 0) { sink &+= UInt64(try drawDense(liveEdges).pixels[66 * 132 + 11]) })
        everyTimes.append(try medianNanoseconds(runs: 1, warmup: 0) { sink &+= UInt64(try drawDense(everyEdge).pixels[66 * 132 + 11]) })
    }
    let liveMedian = liveTimes.sorted()[liveTimes.count / 2], everyMedian = everyTimes.sorted()[everyTimes.count / 2]
    print("")
    print("Dense outline of 100000 points → 132×132 px (a wobbly circle): live edges \(formatted(liveMedian)), "
          + "every edge of the cluster \(formatted(everyMedian)) (medians of \(liveTimes.count), alternating)")
    let denseDifference = zip(denseMasks[0].pixels, denseMasks[1].pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
    print("  difference between the two ways: largest \(denseDifference) levels")
    checks.expect(denseDifference <= 1, "dense outline: the two sweeps differ by \(denseDifference) levels (allowed 1)")
    print("")
    print("(sink \(sink))")
    return checks
}

// A failed self-check exits with status 1 after the whole report (`SelfChecks.finish`).
try runBenchmarks().finish(tool: "raster-bench")
