import AlphaRaster
import BenchSupport
import Foundation
import MorphKernel

/// `morph-bench --scaling`: one-thread frame time against frame size at a fixed radius and
/// against radius at a fixed size, with the fitted exponents of time ∝ pixels^a and
/// time ∝ (2R + 1)^b, and the line time ≈ fixed + perTap · (2R + 1) (the per-pixel work that
/// does not depend on the kernel, mix, threshold and tile statistics, pulls b below 1 even
/// when the passes are exactly linear in the taps).
///
/// Every frame is RGBA at p = 0.5 in the workloads' style with Rmax = R, so the blur runs at
/// radius R (level L − 1).
/// Two pairs of masks:
/// - the icon morph (`BenchShapes.disc` → `roundedSquare`), scaled with the frame. The
///   renderer fills tiles whose output is flat (far outside or well inside both shapes)
///   instead of computing them, and those cover a share of the frame that changes with
///   size and radius, so its exponents describe this morph, not the algorithm;
/// - a checkerboard (`BenchShapes.checker`, 4 px cells against 6 px), where no tile can be
///   skipped: the cost of the two passes themselves.
enum ScalingFit {
    static let sizes = [256, 512, 1024, 2048]
    static let fixedRadius = 32.0
    static let radii = [8.0, 16.0, 32.0, 64.0, 128.0]
    static let fixedSize = 1024

    struct Point: Encodable {
        let size: Int
        let radius: Double
        let samples: Int
        let medianNanoseconds: Double
    }

    struct Series: Encodable {
        let shapes: String
        let bySize: [Point]
        /// Slope of log(time) against log(width · height) at `fixedRadius`.
        let pixelExponent: Double
        let pixelRSquared: Double
        let byRadius: [Point]
        /// Slope of log(time) against log(2R + 1) at `fixedSize`.
        let kernelWidthExponent: Double
        let kernelWidthRSquared: Double
        /// time ≈ fixed + perTap · (2R + 1) at `fixedSize`, least squares, nanoseconds.
        let fixedNanoseconds: Double
        let perTapNanoseconds: Double
        let affineRSquared: Double
    }

    struct Report: Encodable {
        let tool = "morph-bench --scaling"
        let commit: String
        let quick: Bool
        let fixedRadius: Double
        let fixedSize: Int
        let series: [Series]
    }

    static func run(json: String?, options: BenchOptions) throws {
        print("morph-bench --scaling — commit \(measuredCommit()), one thread, RGBA, p = 0.5, Rmax = R")
        var sink: UInt64 = 0
        let budget = options.quick ? 0.1e9 : 1.0e9
        let shapes: [(name: String, masks: (Int) throws -> (AlphaMask, AlphaMask))] = [
            ("disc → rounded square", { (try BenchShapes.disc(size: $0), try BenchShapes.roundedSquare(size: $0)) }),
            ("checkerboard 4 px → 6 px", { (try BenchShapes.checker(size: $0, cell: 4), try BenchShapes.checker(size: $0, cell: 6)) }),
        ]
        var series = [Series]()
        for shape in shapes {
            print("")
            print("\(shape.name):")
            var bySize = [Point]()
            for size in sizes {
                let point = try time(size: size, radius: fixedRadius, masks: shape.masks, budget: budget, sink: &sink)
                bySize.append(point)
                print(String(format: "  %4d² px, R = %3.0f px  %9.3f ms  (median of %d)",
                             size, fixedRadius, point.medianNanoseconds / 1e6, point.samples))
            }
            var byRadius = [Point]()
            for radius in radii {
                let point = try time(size: fixedSize, radius: radius, masks: shape.masks, budget: budget, sink: &sink)
                byRadius.append(point)
                print(String(format: "  %4d² px, R = %3.0f px  %9.3f ms  (median of %d)",
                             fixedSize, radius, point.medianNanoseconds / 1e6, point.samples))
            }
            let pixelFit = LogLogFit(x: bySize.map { Double($0.size * $0.size) }, y: bySize.map(\.medianNanoseconds))!
            let widths = byRadius.map { 2 * $0.radius + 1 }
            let widthFit = LogLogFit(x: widths, y: byRadius.map(\.medianNanoseconds))!
            let affine = LeastSquaresLine(x: widths, y: byRadius.map(\.medianNanoseconds))!
            print(String(format: "  time ∝ pixels^%.2f (R² %.3f) at R = %.0f; time ∝ (2R + 1)^%.2f (R² %.3f) at %d²",
                         pixelFit.exponent, pixelFit.rSquared, fixedRadius,
                         widthFit.exponent, widthFit.rSquared, fixedSize))
            print(String(format: "  at %d²: time ≈ %.3f ms + %.4f ms · (2R + 1) (R² %.3f)",
                         fixedSize, affine.intercept / 1e6, affine.slope / 1e6, affine.rSquared))
            series.append(Series(
                shapes: shape.name, bySize: bySize, pixelExponent: pixelFit.exponent, pixelRSquared: pixelFit.rSquared,
                byRadius: byRadius, kernelWidthExponent: widthFit.exponent, kernelWidthRSquared: widthFit.rSquared,
                fixedNanoseconds: affine.intercept, perTapNanoseconds: affine.slope, affineRSquared: affine.rSquared))
        }
        print("")
        print("(sink \(sink))")
        if let json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            let report = Report(
                commit: measuredCommit(), quick: options.quick, fixedRadius: fixedRadius, fixedSize: fixedSize,
                series: series)
            try encoder.encode(report).write(to: URL(fileURLWithPath: json))
            print("wrote \(json)")
        }
    }

    /// The median one-thread time of one frame; as many samples (odd, 5…201) as fit in
    /// `budget` nanoseconds after a first estimate.
    private static func time(
        size: Int, radius: Double, masks: (Int) throws -> (AlphaMask, AlphaMask), budget: Double,
        sink: inout UInt64
    ) throws -> Point {
        let (source, target) = try masks(size)
        let renderer = try MorphRenderer(width: size, height: size, style: Workload.style(maxBlurRadius: radius))
        renderer.concurrency = .serial
        var frame = [UInt8](repeating: 0, count: renderer.rgbaByteCount)
        var total: UInt64 = 0
        let centre = (size / 2 * size + size / 2) * 4 + 3
        func render() throws {
            try frame.withUnsafeMutableBytes {
                try renderer.render(source: source, target: target, progress: 0.5, into: $0, format: .rgba8)
            }
            total &+= UInt64(frame[centre])
        }
        let estimate = try medianNanoseconds(runs: 3, warmup: 2, render)
        let samples = min(201, max(5, Int(budget / max(estimate, 1)))) | 1
        let median = try medianNanoseconds(runs: samples, warmup: 1, render)
        sink &+= total
        return Point(size: size, radius: radius, samples: samples, medianNanoseconds: median)
    }
}
