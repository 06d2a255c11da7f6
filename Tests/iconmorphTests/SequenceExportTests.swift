import AlphaRaster
import Foundation
import IconSymbols
import MorphKernel
import PNGCodec
import Testing
@testable import iconmorph

/// A sequence export writes the same pixels as single-frame renders and as the library's
/// `renderRGBA`, whatever the number of workers, in frame order, and stops at the first
/// failing frame as a one-thread loop would.
@Suite(.serialized)
struct SequenceExportTests {
    /// The colour type byte of a PNG file (IHDR, offset 25).
    static func colorType(_ path: String) throws -> UInt8 {
        try Data(contentsOf: URL(fileURLWithPath: path))[25]
    }

    @Test func sequenceFramesEqualSingleRendersAndTheLibrary() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let look = ["--size", "20", "--scale", "2", "--blur", "3", "--color", "#3478F6CC"]
        let frames = folder.file("frames")
        let result = try Binary.run(["render", "--from", "heart", "--to", "star", "--frames", "9", "-o", frames] + look)
        #expect(result.status == 0)
        // Over within a second, with standard error not a terminal: no progress lines.
        #expect(result.stderr == "")
        #expect(result.stdout == "wrote 9 frames (40×40): \(frames)/frame_0000.png … \(frames)/frame_0008.png\n")
        #expect(try folder.contents(of: frames) == (0..<9).map { String(format: "frame_%04d.png", $0) })

        let box = IconBox(width: 20, height: 20, scale: 2)
        let source = try AlphaMask(icon: BuiltInSymbol.heart.icon, box: box)
        let target = try AlphaMask(icon: BuiltInSymbol.star.icon, box: box)
        let style = MorphStyle(maxBlurRadius: 6, tint: TintColor(red: 0x34, green: 0x78, blue: 0xF6, alpha: 0xCC))
        let renderer = try MorphRenderer(width: 40, height: 40, style: style)
        var distinct = Set<[UInt8]>()
        for i in 0..<9 {
            let progress = Double(i) / 8
            let single = folder.file("single-\(i).png")
            let one = try Binary.run(["render", "--from", "heart", "--to", "star", "--progress", "\(progress)", "-o", single, "-q"] + look)
            #expect(one.status == 0 && one.stdout == "" && one.stderr == "")
            let frame = try PNGImage(contentsOfFile: frames + String(format: "/frame_%04d.png", i))
            #expect(frame == (try PNGImage(contentsOfFile: single)), "frame \(i)")
            var expected = [UInt8](repeating: 0, count: renderer.rgbaByteCount)
            try renderer.renderRGBA(source: source, target: target, progress: progress, into: &expected)
            #expect(frame.pixels == expected, "frame \(i) against renderRGBA")
            // One colour at many alphas: stored indexed.
            #expect(try Self.colorType(frames + String(format: "/frame_%04d.png", i)) == 3)
            distinct.insert(frame.pixels)
        }
        #expect(distinct.count == 9)
    }

    /// An exporter over `paths` with the default play → pause morph at 30 × 30 pixels;
    /// `workers` nil lets the exporter choose.
    static func exporter(paths: [String], workers: Int?) throws -> FrameExporter {
        let box = IconBox(width: 30, height: 30, scale: 1)
        let source = try AlphaMask(icon: BuiltInSymbol.play.icon, box: box)
        let target = try AlphaMask(icon: BuiltInSymbol.pause.icon, box: box)
        let renderer = try MorphRenderer(width: 30, height: 30, style: MorphStyle(maxBlurRadius: 4))
        return try FrameExporter(
            source: source, target: target, renderer: renderer, frames: .sequence(count: paths.count), paths: paths,
            workers: workers)
    }

    @Test func workerCountsWriteIdenticalFiles() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var files: [[Data]] = []
        for workers in [1, 2, 3] {
            let paths = (0..<11).map { folder.file("w\(workers)-\($0).png") }
            let exporter = try Self.exporter(paths: paths, workers: workers)
            #expect(exporter.workerCount == workers)
            try exporter.run()
            files.append(try paths.map { try Data(contentsOf: URL(fileURLWithPath: $0)) })
        }
        #expect(files[1] == files[0])
        #expect(files[2] == files[0])
        #expect(try folder.contents().allSatisfy { !$0.hasSuffix(".tmp") })
    }

    /// Frame 4's path is a folder, so writing it fails: frames 0–3 are written, none after,
    /// and the error is frame 4's, with every worker count.
    @Test(arguments: [1, 2, 3])
    func aFailingFrameStopsTheSequenceInOrder(_ workers: Int) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let paths = (0..<12).map { folder.file("f\($0).png") }
        try FileManager.default.createDirectory(atPath: paths[4], withIntermediateDirectories: false)
        let error = #expect(throws: PNGError.self) { try Self.exporter(paths: paths, workers: workers).run() }
        #expect(error == .cannotCreate(path: paths[4], reason: "it is a directory"))
        let names = try folder.contents()
        #expect(names == ["f0.png", "f1.png", "f2.png", "f3.png", "f4.png"], "\(names)")
    }

    @Test func workerCountRule() {
        #expect(FrameExporter.workerCount(frameCount: 1, pixelCount: 132 * 132, processors: 8) == 1)
        #expect(FrameExporter.workerCount(frameCount: 60, pixelCount: 132 * 132, processors: 2) == 2)
        #expect(FrameExporter.workerCount(frameCount: 3, pixelCount: 132 * 132, processors: 8) == 3)
        #expect(FrameExporter.workerCount(frameCount: 60, pixelCount: 1024 * 1024, processors: 64) == 16)
        #expect(FrameExporter.workerCount(frameCount: 60, pixelCount: 8192 * 8192, processors: 4) == 1)
        #expect(FrameExporter.workerCount(frameCount: 60, pixelCount: 100, processors: 1) == 1)
    }

    /// The default worker count follows the affinity mask, as `taskset -c` sets it: this
    /// thread is pinned to one of its allowed processors, then (where there are several) to
    /// two, and an export of many small frames gets that many workers.
    @Test func workerCountFollowsTheAffinityMask() throws {
        var original = cpu_set_t()
        try #require(ThreadAffinity.call("sched_getaffinity", &original))
        defer { _ = ThreadAffinity.call("sched_setaffinity", &original) }
        let allowed = ThreadAffinity.processors(in: original)
        try #require(!allowed.isEmpty)
        for count in 1...min(2, allowed.count) {
            var pinned = ThreadAffinity.mask(of: allowed.prefix(count))
            try #require(ThreadAffinity.call("sched_setaffinity", &pinned))
            #expect(MorphConcurrency.activeProcessorCount == count)
            #expect(FrameExporter.workerCount(frameCount: 60, pixelCount: 30 * 30) == count)
            let paths = (0..<11).map { "/nonexistent/\($0).png" }
            #expect(try Self.exporter(paths: paths, workers: nil).workerCount == count)
        }
    }
}

/// The calling thread's processor affinity, through glibc's `sched_getaffinity` and
/// `sched_setaffinity` (looked up by name: Swift does not see their declarations).
enum ThreadAffinity {
    private typealias Call = @convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32

    /// Calls `name` on this thread (pid 0) with `set`; whether it succeeded.
    static func call(_ name: String, _ set: inout cpu_set_t) -> Bool {
        guard let symbol = dlsym(nil, name) else { return false }
        let function = unsafeBitCast(symbol, to: Call.self)
        return withUnsafeMutableBytes(of: &set) { function(0, $0.count, $0.baseAddress!) } == 0
    }

    /// The processor numbers whose bits are set in `set`, ascending.
    static func processors(in set: cpu_set_t) -> [Int] {
        withUnsafeBytes(of: set) { bytes in
            (0..<bytes.count * 8).filter { bytes[$0 / 8] & (1 << ($0 % 8)) != 0 }
        }
    }

    /// A set holding exactly `processors`.
    static func mask(of processors: some Sequence<Int>) -> cpu_set_t {
        var set = cpu_set_t()
        withUnsafeMutableBytes(of: &set) { bytes in
            for processor in processors { bytes[processor / 8] |= 1 << (processor % 8) }
        }
        return set
    }
}
