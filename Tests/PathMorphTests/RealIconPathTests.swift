import AlphaRaster
import Foundation
import SVGImport
import Testing
@testable import PathMorph

/// Pairs of real SVG icons (Adwaita, and the heroicons, Lucide and Tabler sets that
/// Scripts/setup unpacks): compatible outlines whose ends draw the icons' own masks.
struct RealIconPathTests {
    struct IconSet: Sendable, CustomStringConvertible {
        var name: String
        var folder: String
        var description: String { name }

        /// 40 files spread evenly over the sorted list.
        func sample() -> [String] {
            guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
            var files: [String] = []
            while let relative = walker.nextObject() as? String {
                if relative.hasSuffix(".svg") { files.append(folder + "/" + relative) }
            }
            files.sort()
            guard files.count > 40 else { return files }
            return (0..<40).map { files[$0 * files.count / 40] }
        }
    }

    static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    static let sets = [
        IconSet(name: "Adwaita", folder: "/usr/share/icons/Adwaita/scalable"),
        IconSet(name: "heroicons", folder: packageRoot + "/.build/test-icons/heroicons"),
        IconSet(name: "lucide", folder: packageRoot + "/.build/test-icons/lucide"),
        IconSet(name: "tabler", folder: packageRoot + "/.build/test-icons/tabler"),
    ]

    /// The largest share of a set's pairs that may be skipped for a translucent layer. Adwaita's
    /// symbolic icons draw secondary parts at opacity 0.35 or so (a battery's empty part, a
    /// signal's weak bars), which an outline cannot carry: 13 of its 40 sampled pairs; the
    /// other sets have none.
    static let maximumSkippedShare = 0.4

    @Test(arguments: sets)
    func consecutivePairsMatch(_ set: IconSet) throws {
        let files = set.sample()
        #expect(files.count == 40, "\(set.name): \(files.count) icons under \(set.folder) (Scripts/setup installs them)")
        let icons = try files.map { try SVGImporter.load(contentsOfFile: $0).icon }
        let rasterizer = VectorRasterizer()
        var skipped = 0, exact = 0, compared = 0, worst = (count: 0, largest: 0, pair: "")
        for index in icons.indices {
            let from = icons[index], to = icons[(index + 1) % icons.count]
            let name = "\((files[index] as NSString).lastPathComponent) → \((files[(index + 1) % files.count] as NSString).lastPathComponent)"
            let result = Result { try PathMorph(from: from, to: to, layout: iconLayout) }
            if case .failure(let error) = result, case .translucentLayer? = error as? PathMorphError {
                skipped += 1
                continue
            }
            let morph = try result.get()
            for (a, b) in zip(morph.source, morph.target) {
                #expect(a.curves.count == b.curves.count, "\(name)")
            }
            for (side, contours, original) in [("from", morph.source, from), ("to", morph.target, to)] {
                let own = try rasterizer.mask(for: original, in: iconLayout)
                #expect(try morph.mask(at: side == "from" ? 0 : 1, rasterizer: rasterizer) == own, "\(name)")
                let drawn = try rasterizer.mask(forPixelPath: PathMorph.path(of: contours), rule: .nonZero, in: iconLayout)
                let d = difference(drawn, own)
                compared += 1
                if d.count == 0 { exact += 1 }
                if d.largest > worst.largest || (d.largest == worst.largest && d.count > worst.count) {
                    worst = (d.count, d.largest, "\(name), \(side)")
                }
                #expect(d.largest <= 1 && d.count <= BuiltInSymbolPathTests.allowedRoundingFlips(own), "\(name), \(side): \(d)")
            }
        }
        print("\(set.name): \(compared) outlines drawn against their icons, \(exact) identical, \(skipped) pairs skipped (translucent layers); worst \(worst.count) pixels, largest difference \(worst.largest) (\(worst.pair))")
        #expect(Double(skipped) <= Self.maximumSkippedShare * Double(icons.count), "\(set.name): \(skipped) of \(icons.count) pairs skipped")
    }
}
