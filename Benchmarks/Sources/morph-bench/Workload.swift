import AlphaRaster
import MorphKernel

/// A frame size and blur radius from the performance goals of issue 4: the morph from
/// `BenchShapes.disc` to `BenchShapes.roundedSquare` at p = 0.5, RGBA out, in issue 4's frame
/// math (`Workload.style(maxBlurRadius:)`).
struct Workload {
    let name: String
    let size: Int
    let maxBlurRadius: Double
    /// Median samples in a full run; `--quick` takes a tenth.
    let samples: Int
    /// Whether one thread is compared with `.automatic`.
    let comparesThreads: Bool

    static let all = [
        Workload(name: "a", size: 132, maxBlurRadius: 12, samples: 2001, comparesThreads: false),
        Workload(name: "b", size: 512, maxBlurRadius: 32, samples: 201, comparesThreads: false),
        Workload(name: "c", size: 1024, maxBlurRadius: 48, samples: 61, comparesThreads: true),
        Workload(name: "d", size: 2048, maxBlurRadius: 96, samples: 15, comparesThreads: true),
    ]

    /// The workload as a table row names it (`a: disc → rounded square, 132², R 12`).
    var label: String { "\(name): disc → rounded square, \(size)², R \(Int(maxBlurRadius))" }

    var style: MorphStyle { Workload.style(maxBlurRadius: maxBlurRadius) }

    /// s, the fixed softness of every benchmark frame: the edge is α = smoothstep(t − s, t, V),
    /// the frame math issue 4 sets its goals in and that the scalar baseline and
    /// `Scripts/compare-opencv.py` redo, not the library's default `.automatic` ramp.
    static let softness = 0.05

    /// The style of the benchmark frames with blur radius `maxBlurRadius`: fixed softness
    /// `softness`, the library's defaults otherwise (t = 0.5, smooth easing, opaque black).
    static func style(maxBlurRadius: Double) -> MorphStyle {
        MorphStyle(maxBlurRadius: maxBlurRadius, softness: .fixed(softness))
    }

    /// n at p = 0.5: the blur level of b = 1 is the last one, radius Rmax.
    var halfWidth: Int { Int(maxBlurRadius.rounded(.up)) }

    /// Pixel-taps of the two passes done in full: W · H · (2n + 1) · 2.
    var tapPixels: Double { Double(size * size * (2 * halfWidth + 1) * 2) }

    func masks() throws -> (source: AlphaMask, target: AlphaMask) {
        (try BenchShapes.disc(size: size), try BenchShapes.roundedSquare(size: size))
    }
}
