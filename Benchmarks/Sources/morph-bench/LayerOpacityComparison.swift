import AlphaRaster
import BenchSupport
import Foundation
import IconMorph
@_spi(Testing) import MorphKernel

/// What keeping an icon's translucent layers at their opacity costs a metaball frame
/// (`LayerOpacity`): real icons with translucent layers, their masks as the library makes them
/// (the composite and the opaque coverage) against the same composite masks alone (one
/// plane: the threshold cuts the translucent layers, as before the opacity stage), the same
/// style and size, one thread each, timed alternately as thread CPU time.
enum LayerOpacityComparison {
    struct Pair {
        let name: String
        let source: String
        let target: String
        let box: IconBox
        let maxBlurRadius: Double
        let samples: Int
    }

    static let adwaita = "/usr/share/icons/Adwaita/scalable/"

    /// Adwaita pairs with translucent layers: a small one (the information icon's 35 %
    /// chevron), a large one (the medium volume's outer arc), both icons translucent (the
    /// sidebar's and the dual view's panes), at the command-line tool's default size, and the
    /// first again at 512 px.
    static func pairs() -> [Pair] {
        let icons = IconBox(width: 44, height: 44, scale: 3)
        let large = IconBox(width: 512, height: 512, scale: 1)
        return [
            Pair(name: "dialog-warning → dialog-information, 132²", source: "status/dialog-warning-symbolic",
                 target: "status/dialog-information-symbolic", box: icons, maxBlurRadius: 12, samples: 1001),
            Pair(name: "audio-volume-medium → audio-volume-high, 132²", source: "status/audio-volume-medium-symbolic",
                 target: "status/audio-volume-high-symbolic", box: icons, maxBlurRadius: 12, samples: 1001),
            Pair(name: "sidebar-show → view-dual, 132²", source: "actions/sidebar-show-symbolic",
                 target: "actions/view-dual-symbolic", box: icons, maxBlurRadius: 12, samples: 1001),
            Pair(name: "dialog-warning → dialog-information, 512²", source: "status/dialog-warning-symbolic",
                 target: "status/dialog-information-symbolic", box: large, maxBlurRadius: 32, samples: 201),
        ]
    }

    static func mask(_ name: String, _ box: IconBox) throws -> AlphaMask {
        try AlphaMask(icon: SVGImporter.load(contentsOfFile: adwaita + name + ".svg").icon, box: box)
    }

    static func run(sink: inout UInt64) throws -> SelfChecks {
        var checks = SelfChecks()
        print("")
        print("Translucent layers kept at their opacity / the same composite masks alone (the threshold cuts the layers),")
        print("metaball style (automatic edge), one thread each, thread CPU time: frames at p = 0.5, 0.25 and 1/60, each")
        print("drawn again and again, and a whole 61-frame morph:")
        print("")
        print("| pair | translucent pixels | p = 0.5 | p = 0.25 | p = 1/60 | 61 frames |")
        print("| --- | --- | --- | --- | --- | --- |")
        for pair in pairs() {
            let source = try mask(pair.source, pair.box), target = try mask(pair.target, pair.box)
            let plainSource = try AlphaMask(width: source.width, height: source.height, pixels: source.pixels)
            let plainTarget = try AlphaMask(width: target.width, height: target.height, pixels: target.pixels)
            let style = MorphStyle(maxBlurRadius: pair.maxBlurRadius)
            let layered = try MorphRenderer(width: source.width, height: source.height, style: style)
            let plain = try MorphRenderer(width: source.width, height: source.height, style: style)
            layered.concurrency = .serial
            plain.concurrency = .serial
            var frame = [UInt8](repeating: 0, count: layered.rgbaByteCount)
            func render(_ renderer: MorphRenderer, _ a: AlphaMask, _ b: AlphaMask, _ p: Double) throws {
                try frame.withUnsafeMutableBytes { try renderer.render(source: a, target: b, progress: p, into: $0, format: .rgba8) }
                sink &+= UInt64(frame[frame.count / 2 + 3])
            }
            // The layers are there at rest: the frame at p = 0 is the source's own pixels.
            var rest = [UInt8]()
            try layered.renderAlpha(source: source, target: target, progress: 0, into: &rest)
            let worst = zip(rest, source.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
            checks.expect(worst <= 1, "\(pair.name): the rest frame is the icon (largest difference \(worst))")
            let translucent = [source, target].reduce(0) { count, mask in
                count + (mask.opaqueCoverage.map { c in zip(c, mask.pixels).filter { $0 != $1 }.count } ?? 0)
            }
            checks.expect(translucent > 0, "\(pair.name): the icons have translucent layers")
            let samples = runs(pair.samples)
            var cells: [String] = []
            func cell(_ l: Double, _ p: Double) -> String { "\(formatted(l)) / \(formatted(p)) = " + String(format: "%.2f×", l / p) }
            for p in [0.5, 0.25, 1.0 / 60] {
                let (l, o) = try interleavedMedianThreadCPUNanoseconds(
                    runs: samples, { try render(layered, source, target, p) }, { try render(plain, plainSource, plainTarget, p) })
                cells.append(cell(l, o))
            }
            let progressValues = (0...60).map { Double($0) / 60 }
            let (lm, om) = try interleavedMedianThreadCPUNanoseconds(
                runs: runs(max(3, pair.samples / 20) | 1),
                { for p in progressValues { try render(layered, source, target, p) } },
                { for p in progressValues { try render(plain, plainSource, plainTarget, p) } })
            cells.append(cell(lm, om))
            print("| \(pair.name) | \(translucent) | " + cells.joined(separator: " | ") + " |")
        }
        print("")
        print("Medians of \(runs(1001)) samples at 132 px and \(runs(201)) at 512 px, a twentieth of those for the whole")
        print("morphs. \"Translucent pixels\": pixels of the two masks whose opaque coverage differs from their composite.")
        return checks
    }
}
