import BenchSupport
import Foundation
import IconMorph

RunMode.refuseDebugBuild("path-bench")
let quick = RunMode.quick
func runs(_ full: Int) -> Int { RunMode.runs(full) }

// The path morph's costs at the CLI's default box (44 pt at 3×, 132 px), one thread, each a
// median of many runs beside a baseline measured in the same run:
// 1. matching (`PathMorph(from:to:layout:)`: outlines, pairing, node balancing, start
//    points) against rasterizing the same two icons' masks (`AlphaMask(icon:layout:)` twice),
//    which every morph of either style pays;
// 2. a path frame (interpolate and fill: `mask(at:)`) against a metaball frame of the same
//    pair (`MorphRenderer.render`, alpha, default style);
// 3. tracing that metaball frame into outlines (`MaskTracer.layers(of:)`: marching squares,
//    smoothing, Schneider's fit at 0.1 px) against rendering it; p = ½ is the costliest frame
//    to trace (a translucent frame draws as several layers);
// 4. the same over a whole 61-frame morph (p = 0, 1/60, …, 1), per frame: what an export of
//    vector frames pays beside rendering them.
let layout = try IconBox(width: 44, height: 44, scale: 3).layout()
var checks = SelfChecks()

struct Pair {
    var name: String
    var from: VectorIcon
    var to: VectorIcon
}

var pairs = [
    Pair(name: "play → pause", from: BuiltInSymbol.play.icon, to: BuiltInSymbol.pause.icon),
    Pair(name: "heart → star", from: BuiltInSymbol.heart.icon, to: BuiltInSymbol.star.icon),
    Pair(name: "bell → magnifyingglass", from: BuiltInSymbol.bell.icon, to: BuiltInSymbol.magnifyingglass.icon),
]
let adwaita = "/usr/share/icons/Adwaita/scalable/actions/"
for (a, b) in [("media-playback-start-symbolic", "media-playback-pause-symbolic"), ("edit-find-symbolic", "mail-send-symbolic")] {
    if let from = try? SVGImporter.load(contentsOfFile: adwaita + a + ".svg").icon,
       let to = try? SVGImporter.load(contentsOfFile: adwaita + b + ".svg").icon {
        pairs.append(Pair(name: "Adwaita \(a) → \(b)", from: from, to: to))
    }
}

let tracer = try MaskTracer()
let rasterizer = VectorRasterizer()
let renderer = try MorphRenderer(width: layout.width, height: layout.height, style: MorphStyle(maxBlurRadius: 12))
renderer.concurrency = .serial

// `--repeat N --work trace|render [--pair TEXT] [--progress P]`: only the pairs whose name
// holds TEXT, their 61 frames (or the one at P) rendered once, then each traced (or
// rendered) N times over; prints the least time a frame took of the N rounds. What the
// rounds cost is for `Scripts/trace-instructions.py`, which runs this under callgrind twice
// with different N, so that the difference counts the repeated work's instructions alone:
// a measure this machine's load does not move.
if CommandLine.arguments.contains("--repeat") {
    func usage(_ problem: String) -> Never {
        FileHandle.standardError.write(Data((
            "path-bench: \(problem)\nusage: path-bench --repeat N [--work trace|render] [--pair TEXT] [--progress P]\n").utf8))
        exit(2)
    }
    /// The value given with `option`, nil when the option is not given at all.
    func option(_ option: String) -> String? {
        guard CommandLine.arguments.contains(option) else { return nil }
        guard let value = RunMode.value(of: option) else { usage("\(option) needs a value") }
        return value
    }
    guard let rounds = option("--repeat").flatMap(Int.init), rounds > 0 else { usage("--repeat needs a count of rounds over 0") }
    let work = option("--work") ?? "trace"
    guard work == "trace" || work == "render" else { usage("--work is trace or render, got \(work)") }
    var progress: Double?
    if let text = option("--progress") {
        guard let value = Double(text), (0...1).contains(value) else { usage("--progress needs a number from 0 to 1, got \(text)") }
        progress = value
    }
    let name = option("--pair")
    let chosen = pairs.filter { name.map($0.name.contains) ?? true }
    guard !chosen.isEmpty else { usage("no pair's name holds \(name ?? "")") }
    try RepeatedWork.run(
        pairs: chosen, layout: layout, tracer: tracer, rasterizer: rasterizer, renderer: renderer, rounds: rounds,
        tracing: work == "trace", progress: progress)
    exit(0)
}

print("path-bench — commit \(measuredCommit()), \(ProcessInfo.processInfo.activeProcessorCount) cores, 132 × 132 px (44 pt at 3×)")
print("")
print("| pair | contours | curves | matching | rasterizing both masks | ratio | path frame | metaball frame | ratio | ends exact | tracing the metaball frame | ratio | 61 frames: rendering, per frame | tracing, per frame | ratio |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: |")
var alpha = [UInt8](repeating: 0, count: layout.width * layout.height)
for pair in pairs {
    let morph = try PathMorph(from: pair.from, to: pair.to, layout: layout)
    let matching = try medianNanoseconds(runs: runs(301)) { _ = try PathMorph(from: pair.from, to: pair.to, layout: layout) }
    let masks = try medianNanoseconds(runs: runs(301)) {
        _ = try rasterizer.mask(for: pair.from, in: layout)
        _ = try rasterizer.mask(for: pair.to, in: layout)
    }
    let pathFrame = try medianNanoseconds(runs: runs(301)) { _ = try morph.mask(at: 0.5, rasterizer: rasterizer) }
    let source = try rasterizer.mask(for: pair.from, in: layout), target = try rasterizer.mask(for: pair.to, in: layout)
    // Rendering and tracing timed alternately, in the calling thread's CPU time, so that
    // both meet the same machine and their ratio holds on a shared one.
    let (metaballFrame, tracing) = try interleavedMedianThreadCPUNanoseconds(runs: runs(301)) {
        try alpha.withUnsafeMutableBytes { try renderer.render(source: source, target: target, progress: 0.5, into: $0, format: .alpha8) }
    } _: {
        _ = try alpha.withUnsafeBufferPointer { try tracer.layers(of: $0, width: layout.width, height: layout.height) }
    }
    // The whole morph: every frame rendered, then every frame traced (as an export does,
    // each frame soon after it was drawn).
    let frameCount = 61
    var frames = [[UInt8]](repeating: alpha, count: frameCount)
    let (renderingMorph, tracingMorph) = try interleavedMedianThreadCPUNanoseconds(runs: runs(31)) {
        for k in 0..<frameCount {
            try frames[k].withUnsafeMutableBytes {
                try renderer.render(source: source, target: target, progress: Double(k) / Double(frameCount - 1), into: $0, format: .alpha8)
            }
        }
    } _: {
        for frame in frames {
            _ = try frame.withUnsafeBufferPointer { try tracer.layers(of: $0, width: layout.width, height: layout.height) }
        }
    }
    let exact = try morph.mask(at: 0, rasterizer: rasterizer) == source && morph.mask(at: 1, rasterizer: rasterizer) == target
    checks.expect(exact, "\(pair.name): the path morph's ends differ from the icons' masks")
    let curves = morph.source.reduce(0) { $0 + $1.curves.count }
    print("| \(pair.name) | \(morph.source.count) | \(curves) | \(formatted(matching)) | \(formatted(masks)) | "
          + String(format: "%.2f", matching / masks) + " | \(formatted(pathFrame)) | \(formatted(metaballFrame)) | "
          + String(format: "%.2f", pathFrame / metaballFrame) + " | \(exact ? "yes" : "NO") | \(formatted(tracing)) | "
          + String(format: "%.2f", tracing / metaballFrame) + " | \(formatted(renderingMorph / Double(frameCount))) | "
          + "\(formatted(tracingMorph / Double(frameCount))) | "
          + String(format: "%.2f", tracingMorph / renderingMorph) + " |")
}
print("")
print("Medians of \(runs(301)) runs each, one thread. Matching: PathMorph(from:to:layout:); rasterizing: AlphaMask of both icons. "
      + "Frames at p = 0.5: the path frame fills the interpolated outline; the metaball frame mixes, blurs (R = 12 px) and thresholds; "
      + "tracing turns the metaball frame into outline layers (MaskTracer, 0.1 px); "
      + "61 frames: a whole morph (medians of \(runs(31)) runs), per frame. Rendering and tracing timed alternately, thread CPU time.")
checks.finish(tool: "path-bench")
