import AlphaRaster
import BenchSupport
import Foundation
import IconMorphPNG
import MorphKernel

/// `morph-bench --c-baseline`: the library against the C baseline (`CBaseline/`, the same
/// frame math written plainly in C, built by its Makefile with gcc -O3 -march=native and loaded
/// as a shared library) on the same masks in the same run (issue 19): the real icon workloads
/// (`RealIconWorkload`) and workloads a–d, frames at p = 0.5, compute only, wall time. One
/// thread (`.serial`) against the C baseline on one thread, then `.automatic` against the C
/// baseline on every core (and against C on one thread where that is C's faster
/// configuration), each pair timed alternately; then the speed-ups, `.serial` against
/// `.automatic` and the C baseline's one thread against its every core, the four in turn.
/// Every frame is checked against the C frame (within 1 per byte).
enum CBaselineComparison {
    struct Row: Encodable {
        let name: String
        let size: Int
        let radius: Double
        let level: Int
        let samples: Int
        let libraryOneThreadNanoseconds: Double
        let baselineOneThreadNanoseconds: Double
        let libraryThreadsNanoseconds: Double
        let baselineThreadsNanoseconds: Double
        /// The library on one thread and on every core once more, timed against each other: the
        /// speed-up. (The two library times above are each timed against the C baseline, at
        /// different moments; their quotient would also carry whatever the machine did between.)
        let speedUpOneThreadNanoseconds: Double
        let speedUpThreadsNanoseconds: Double
        /// The C baseline on one thread and on every core, timed in the same turns as the two
        /// above: its speed-up, which is the machine's, shows how much of a second core the
        /// machine gave at that moment.
        let speedUpBaselineOneThreadNanoseconds: Double
        let speedUpBaselineThreadsNanoseconds: Double
        /// The library on every core against the C baseline's faster configuration, timed
        /// against each other: the pair above when C is faster on every core, else a pair of
        /// their own (C's pool wakes its helpers for any frame, so on small frames one thread
        /// is faster).
        let libraryAgainstFasterNanoseconds: Double
        let fasterBaselineNanoseconds: Double
        let largestDifference: Int
    }

    struct Report: Encodable {
        let tool = "morph-bench --c-baseline"
        let commit: String
        let cores: Int
        let quick: Bool
        let rows: [Row]
    }

    /// The C baseline's functions, from `libmorph_baseline.so` (built by `make -C CBaseline`
    /// before it is loaded, so its flags are the Makefile's, not SwiftPM's).
    struct Library {
        typealias Create = @convention(c) (
            Int32, Int32, Double, Int32, Int32, Double, Double, UnsafePointer<UInt8>?, Int32) -> OpaquePointer?
        typealias Destroy = @convention(c) (OpaquePointer?) -> Void
        typealias Render = @convention(c) (
            OpaquePointer?, UnsafePointer<UInt8>?, UnsafePointer<UInt8>?, Double, UnsafeMutablePointer<UInt8>?) -> Void
        typealias Level = @convention(c) (OpaquePointer?, Double) -> Int32

        let create: Create
        let destroy: Destroy
        let render: Render
        let level: Level

        /// Builds the library with its Makefile into `.build/c-baseline` and loads it.
        static func load() throws -> Library {
            let benchmarks = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent()
            let make = Process()
            make.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            make.arguments = ["make", "-s", "-C", benchmarks.appendingPathComponent("CBaseline").path, "library"]
            try make.run()
            make.waitUntilExit()
            guard make.terminationStatus == 0 else {
                throw Failure(reason: "`make -C CBaseline library` failed (it needs gcc and make)")
            }
            let path = benchmarks.appendingPathComponent(".build/c-baseline/libmorph_baseline.so").path
            guard let handle = dlopen(path, RTLD_NOW) else {
                throw Failure(reason: "cannot load \(path): \(String(cString: dlerror()))")
            }
            func symbol<T>(_ name: String, as type: T.Type) throws -> T {
                guard let address = dlsym(handle, name) else { throw Failure(reason: "\(path) lacks \(name)") }
                return unsafeBitCast(address, to: type)
            }
            return Library(
                create: try symbol("morph_baseline_create", as: Create.self),
                destroy: try symbol("morph_baseline_destroy", as: Destroy.self),
                render: try symbol("morph_baseline_render", as: Render.self),
                level: try symbol("morph_baseline_level", as: Level.self))
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let reason: String
        var description: String { "morph-bench --c-baseline: \(reason)" }
    }

    /// A C renderer for one size and style, destroyed with the object.
    final class Baseline {
        let library: Library
        let pointer: OpaquePointer

        init(_ library: Library, width: Int, height: Int, style: MorphStyle, softness: Double, threads: Int) throws {
            self.library = library
            let tint = [style.tint.red, style.tint.green, style.tint.blue, style.tint.alpha]
            guard let made = library.create(
                Int32(width), Int32(height), style.maxBlurRadius, Int32(style.blurLevels),
                style.easing == .smooth ? 1 : 0, style.threshold, softness, tint, Int32(threads))
            else { throw Failure(reason: "morph_baseline_create refused \(width)×\(height)") }
            pointer = made
        }

        deinit { library.destroy(pointer) }

        func render(_ source: AlphaMask, _ target: AlphaMask, progress: Double, into frame: inout [UInt8]) {
            source.pixels.withUnsafeBufferPointer { s in
                target.pixels.withUnsafeBufferPointer { t in
                    frame.withUnsafeMutableBufferPointer { out in
                        library.render(pointer, s.baseAddress, t.baseAddress, progress, out.baseAddress)
                    }
                }
            }
        }

        func level(progress: Double) -> Int { Int(library.level(pointer, progress)) }
    }

    static func run(options: BenchOptions, json: String?, filter: String?) throws -> SelfChecks {
        var checks = SelfChecks()
        let cores = ProcessInfo.processInfo.activeProcessorCount
        print("morph-bench --c-baseline — commit \(measuredCommit()), \(cores) cores")
        let library = try Library.load()
        print("")
        print("Frames at p = 0.5, compute only, wall time, medians; each pair timed alternately, in turns of ten")
        print("frames a side up to 1024² (three at 2048²).")
        print("Library: MorphRenderer, .serial (1 thread) and .automatic (\(cores) threads when the frame is large enough).")
        print("C: CBaseline/ (gcc -O3 -march=native -fno-trapping-math), 1 thread and \(cores).")
        print("The two speed-ups (\(cores) threads / 1): the library's and the C baseline's, the four timed in turn.")
        print("")
        print("| workload | level | library, 1 thread | C, 1 thread | library / C | library, \(cores) threads | C, \(cores) threads | library / C | library: \(cores) threads / 1 | C: \(cores) threads / 1 | max \\|Δ\\| | samples |")
        print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
        var rows = [Row]()
        var sink: UInt64 = 0
        for subject in BenchSubject.all(iconsUpTo: .max) where filter.map(subject.label.contains) ?? true {
            let (name, style, softness, fullSamples) = (subject.label, subject.style, subject.softness, subject.samples)
            let (source, target) = try subject.masks()
            let size = source.width
            let serial = try MorphRenderer(width: size, height: size, style: style)
            serial.concurrency = .serial
            let automatic = try MorphRenderer(width: size, height: size, style: style)
            let baselineOne = try Baseline(library, width: size, height: size, style: style, softness: softness, threads: 1)
            let baselineAll = try Baseline(library, width: size, height: size, style: style, softness: softness, threads: cores)
            var frames = [[UInt8]](repeating: [UInt8](repeating: 0, count: size * size * 4), count: 4)
            let centre = (size / 2 * size + size / 2) * 4 + 3
            func ours(_ renderer: MorphRenderer, _ index: Int) throws {
                try frames[index].withUnsafeMutableBytes {
                    try renderer.render(source: source, target: target, progress: 0.5, into: $0, format: .rgba8)
                }
                sink &+= UInt64(frames[index][centre])
            }
            func baseline(_ renderer: Baseline, _ index: Int) {
                renderer.render(source, target, progress: 0.5, into: &frames[index])
                sink &+= UInt64(frames[index][centre])
            }
            // Turns of ten frames a side, three at the largest sizes (a C frame there takes some
            // 50 ms), so each side draws frames in a row as a host does, its own data in the
            // caches after the turn's first frame. At 2048 px with one frame a turn, every frame
            // timed was the first after the other sides' (several times the last-level cache),
            // and the library's two-thread speed-ups measured 1.58–1.72× on heart → star and
            // 1.61–1.69× on workload d in three runs of 60 samples, against 1.9–2.0× for
            // frames drawn in a row (`morph-bench --repeat`, one thread and `.automatic`).
            // There the workload's samples count turns (fifteen turns of three frames, 45
            // samples); elsewhere frames.
            let largeFrames = size > 1024
            let block = largeFrames ? 3 : 10
            let samples = options.runs(fullSamples) * (largeFrames ? block : 1)
            let (libraryOne, cOne) = try interleavedMedianNanoseconds(
                runs: samples, warmup: 3, block: block, { try ours(serial, 0) }, { baseline(baselineOne, 1) })
            let (libraryAll, cAll) = try interleavedMedianNanoseconds(
                runs: samples, warmup: 3, block: block, { try ours(automatic, 2) }, { baseline(baselineAll, 3) })
            // The speed-ups, the library's and the C baseline's, in the same turns: on a machine
            // whose second core is not always there, the C baseline's says what the machine gave.
            let speedUps = try interleavedMedianNanoseconds(
                runs: samples, warmup: 3, block: block,
                sides: [{ try ours(serial, 0) }, { try ours(automatic, 2) }, { baseline(baselineOne, 1) }, { baseline(baselineAll, 3) }])
            let (speedUpOne, speedUpAll) = (speedUps[0], speedUps[1])
            let (libraryAgainstFaster, fasterBaseline) = cOne < cAll
                ? try interleavedMedianNanoseconds(
                    runs: samples, warmup: 3, block: block, { try ours(automatic, 2) }, { baseline(baselineOne, 1) })
                : (libraryAll, cAll)
            var largest = 0
            for index in 1..<4 {
                for (a, b) in zip(frames[0], frames[index]) { largest = max(largest, abs(Int(a) - Int(b))) }
            }
            checks.expect(largest <= 1, "\(name): the library's and the C baseline's frames differ by \(largest) (allowed 1)")
            checks.expect(frames[0] == frames[2], "\(name): .automatic gave other bytes than one thread")
            let level = baselineOne.level(progress: 0.5)
            rows.append(Row(name: name, size: size, radius: style.maxBlurRadius, level: level, samples: samples,
                            libraryOneThreadNanoseconds: libraryOne, baselineOneThreadNanoseconds: cOne,
                            libraryThreadsNanoseconds: libraryAll, baselineThreadsNanoseconds: cAll,
                            speedUpOneThreadNanoseconds: speedUpOne, speedUpThreadsNanoseconds: speedUpAll,
                            speedUpBaselineOneThreadNanoseconds: speedUps[2], speedUpBaselineThreadsNanoseconds: speedUps[3],
                            libraryAgainstFasterNanoseconds: libraryAgainstFaster, fasterBaselineNanoseconds: fasterBaseline,
                            largestDifference: largest))
            print("| \(name) | \(level) | \(ms(libraryOne)) | \(ms(cOne)) | \(ratio(libraryOne, cOne)) | \(ms(libraryAll)) | "
                  + "\(ms(cAll)) | \(ratio(libraryAll, cAll)) | \(ratio(speedUpOne, speedUpAll)) | \(ratio(speedUps[2], speedUps[3])) | "
                  + "\(largest) | \(samples) |")
        }
        if let json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            let report = Report(commit: measuredCommit(), cores: cores, quick: options.quick, rows: rows)
            try encoder.encode(report).write(to: URL(fileURLWithPath: json))
        }
        print("")
        print("(sink \(sink))")
        return checks
    }

    /// The 132 px icons of each real pair as PNG files (black, the mask as alpha) for a
    /// whole-process comparison: `DIR/<pair>-source.png`, `DIR/<pair>-target.png`.
    static func writeIcons(to directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for (index, pair) in RealIconWorkload.pairs.enumerated() {
            for (icon, role) in [(pair.source, "source"), (pair.target, "target")] {
                try icon.mask(side: 132).pngImage().write(toFile: "\(directory)/\(index)-\(role).png")
            }
        }
        print("wrote the 132 px icons of \(RealIconWorkload.pairs.count) pairs to \(directory)")
    }

    /// A time in milliseconds as the tables show it (`0.455 ms`).
    static func ms(_ nanoseconds: Double) -> String { String(format: "%.3f ms", nanoseconds / 1e6) }

    /// `a / b` as the tables show it (`1.59×`).
    static func ratio(_ a: Double, _ b: Double) -> String { String(format: "%.2f×", a / b) }
}
