import AlphaRaster
import Foundation
import SVGImport
import Testing

/// Scratch: measure agreement over every icon of every set.
@Test func measureAll() throws {
    let sets = [
        IconSet(name: "Adwaita", folder: adwaitaRoot, sampleSize: 100000),
        IconSet(name: "Lucide", folder: testIconsRoot + "/lucide", sampleSize: 300),
        IconSet(name: "Tabler outline", folder: testIconsRoot + "/tabler/outline", sampleSize: 300),
        IconSet(name: "Tabler filled", folder: testIconsRoot + "/tabler/filled", sampleSize: 200),
        IconSet(name: "Heroicons", folder: testIconsRoot + "/heroicons", sampleSize: 300),
    ]
    let sides = (ProcessInfo.processInfo.environment["SIDES"] ?? "24,48").split(separator: ",").map { Int($0)! }
    for set in sets {
        var worstMean = 0.0, worstIoU = 1.0, count = 0, failures = 0, skipped = 0
        var worstFiles: [(String, Double, Double)] = []
        for file in set.sample() {
            let imported = try SVGImporter.load(contentsOfFile: file)
            if !imported.warnings.isEmpty { skipped += 1; continue }
            for side in sides {
                let size = comparisonSize(width: imported.icon.width, height: imported.icon.height, side: side)
                let mask = try AlphaMask(icon: imported.icon, box: IconBox(width: imported.icon.width, height: imported.icon.height, scale: size.scale))
                let reference = try rsvgAlpha(file: file, width: size.width, height: size.height)
                let agreement = MaskAgreement(mask.pixels, reference)
                count += 1
                worstMean = max(worstMean, agreement.meanAbsoluteDifference)
                worstIoU = min(worstIoU, agreement.intersectionOverUnion)
                if agreement.meanAbsoluteDifference > 2 || agreement.intersectionOverUnion < 0.99 {
                    failures += 1
                    worstFiles.append((file + "@\(side)", agreement.meanAbsoluteDifference, agreement.intersectionOverUnion))
                }
            }
        }
        print("\(set.name): renders \(count) skipped \(skipped) failures \(failures) worst mean \(worstMean) worst IoU \(worstIoU)")
        for f in worstFiles.sorted(by: { $0.1 > $1.1 }).prefix(8) { print("   ", f) }
    }
}
