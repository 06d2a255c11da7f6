import AlphaRaster
import MorphKernel

/// A frame to time and compare with a peer's: the real icon pairs (`RealIconWorkload`), then
/// workloads a–d (`Workload`), each with the style and fixed softness it is drawn in.
struct BenchSubject {
    /// Safe in a file name: `icon-play-pause-132`, `a`.
    let name: String
    /// What a table row shows: `media-playback-start → media-playback-pause, 132², R 12`.
    let label: String
    let size: Int
    let style: MorphStyle
    let softness: Double
    /// Median samples in a full run.
    let samples: Int
    let masks: () throws -> (source: AlphaMask, target: AlphaMask)

    /// The real icon pairs up to `iconsUpTo` px, then workloads a–d.
    static func all(iconsUpTo largest: Int) -> [BenchSubject] {
        RealIconWorkload.all.filter { $0.size <= largest }.map { w in
            BenchSubject(name: w.fileName, label: w.label, size: w.size, style: w.style,
                         softness: RealIconWorkload.softness, samples: w.samples, masks: w.masks)
        }
        + Workload.all.map { w in
            BenchSubject(name: w.name, label: w.label, size: w.size, style: w.style, softness: Workload.softness,
                         samples: w.samples, masks: w.masks)
        }
    }

    /// The subjects whose frames `.automatic` splits over threads: from 512 px up, those whose
    /// labels contain `filter` when one is given.
    static func splitSubjects(filter: String?) -> [BenchSubject] {
        all(iconsUpTo: .max).filter { $0.size >= 512 && (filter.map($0.label.contains) ?? true) }
    }

    /// The same frame with the automatic edge instead of the fixed ramp (`softness`, what the
    /// C baseline would draw it at, is kept; nothing that times this subject reads it).
    var automaticEdge: BenchSubject {
        var style = self.style
        style.softness = .automatic
        return BenchSubject(name: name + "-automatic", label: label + ", automatic edge", size: size, style: style,
                            softness: softness, samples: samples, masks: masks)
    }

    /// A renderer of `size` × `size` frames in the subject's style, with `concurrency`.
    func renderer(size: Int, _ concurrency: MorphConcurrency = .automatic) throws -> MorphRenderer {
        let renderer = try MorphRenderer(width: size, height: size, style: style)
        renderer.concurrency = concurrency
        return renderer
    }
}
