import AlphaRaster
import Foundation
import IconMorphPNG

/// A morph between two real icons at one frame size (issue 19): each icon scaled to 75 % of
/// the side and centred on a transparent square, the frame at p = 0.5 with fixed softness 0.1
/// (`RealIconWorkload.softness`), the library's defaults otherwise.
struct RealIconWorkload {
    /// Where an icon comes from.
    enum Icon {
        /// An Adwaita PNG of 96 px (`/usr/share/icons/Adwaita/96x96/…`), resized.
        case adwaitaPNG(String)
        /// An Adwaita SVG (`/usr/share/icons/Adwaita/scalable/…`), drawn at the size.
        case adwaitaSVG(String)
        /// A built-in symbol, drawn at the size.
        case symbol(String)

        var label: String {
            switch self {
            case .adwaitaPNG(let name), .adwaitaSVG(let name):
                String(name.split(separator: "/").last!.replacingOccurrences(of: "-symbolic", with: ""))
            case .symbol(let name): name
            }
        }

        /// The icon's mask, `side` × `side`, drawn into the centred box of 75 % of the side.
        func mask(side: Int) throws -> AlphaMask {
            let box = Int((Double(side) * 0.75).rounded())
            let inner: AlphaMask
            let iconBox = IconBox(width: Double(box), height: Double(box), scale: 1)
            switch self {
            case .adwaitaPNG(let name):
                let path = "/usr/share/icons/Adwaita/96x96/\(name).symbolic.png"
                inner = try AlphaMask(image: PNGImage(contentsOfFile: path), box: iconBox, source: .alpha)
            case .adwaitaSVG(let name):
                let path = "/usr/share/icons/Adwaita/scalable/\(name).svg"
                inner = try AlphaMask(icon: SVGImporter.load(contentsOfFile: path).icon, box: iconBox)
            case .symbol(let name):
                inner = try AlphaMask(icon: BuiltInSymbol(named: name)!.icon, box: iconBox)
            }
            var pixels = [UInt8](repeating: 0, count: side * side)
            let offset = (side - box) / 2
            for y in 0..<inner.height {
                for x in 0..<inner.width {
                    pixels[(y + offset) * side + x + offset] = inner.pixels[y * inner.width + x]
                }
            }
            return try AlphaMask(width: side, height: side, pixels: pixels)
        }
    }

    /// The pair's short name, safe in a file name (`play-pause`).
    let pairName: String
    let source: Icon
    let target: Icon
    let size: Int
    let maxBlurRadius: Double
    /// Median samples in a full run; `--quick` takes a tenth.
    let samples: Int

    /// What a table row shows: `media-playback-start → media-playback-pause, 132², R 12`.
    var label: String { "\(source.label) → \(target.label), \(size)², R \(Int(maxBlurRadius))" }

    /// The workload's name in file names (`icon-play-pause-132`).
    var fileName: String { "icon-\(pairName)-\(size)" }

    /// s of the fixed edge, α = smoothstep(t − s, t, V): issue 19's measurements used 0.1.
    static let softness = 0.1

    var style: MorphStyle { MorphStyle(maxBlurRadius: maxBlurRadius, softness: .fixed(RealIconWorkload.softness)) }

    func masks() throws -> (source: AlphaMask, target: AlphaMask) {
        (try source.mask(side: size), try target.mask(side: size))
    }

    /// The pairs: issue 19's Adwaita play → pause from the 96 px PNGs, then two pairs of
    /// built-in symbols and one of Adwaita SVGs.
    static let pairs: [(name: String, source: Icon, target: Icon)] = [
        ("play-pause", .adwaitaPNG("actions/media-playback-start-symbolic"),
         .adwaitaPNG("actions/media-playback-pause-symbolic")),
        ("heart-star", .symbol("heart"), .symbol("star")),
        ("bell-magnifyingglass", .symbol("bell"), .symbol("magnifyingglass")),
        ("edit-find-mail-send", .adwaitaSVG("actions/edit-find-symbolic"), .adwaitaSVG("actions/mail-send-symbolic")),
    ]

    /// Every pair at the sizes, blur radii and sample counts of workloads a–d.
    static let all: [RealIconWorkload] = Workload.all.flatMap { workload in
        pairs.map { RealIconWorkload(pairName: $0.name, source: $0.source, target: $0.target, size: workload.size,
                                     maxBlurRadius: workload.maxBlurRadius, samples: workload.samples) }
    }
}
