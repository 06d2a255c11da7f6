import AlphaRaster
import Foundation
import SVGImport
import Testing

/// The acceptance check of the SVG import: real icon files, imported and rasterized by
/// `AlphaMask(icon:box:)`, against rsvg-convert (librsvg + cairo) at the same pixel size and
/// placement, at 24, 48, 96 and 192 px.
///
/// Per icon and size: mean |Δα| ≤ 2/255 and IoU(α > 127) ≥ 0.99, where a pixel whose two
/// alphas differ by at most `MaskAgreement.tieTolerance` (40/255) never counts as a
/// disagreement: an edge exactly on a half pixel otherwise flips a whole row (we give 128,
/// cairo 119 or 127), and cairo's own error on curves (0.1 px flattening tolerance plus 15
/// sub-scanlines, ≈ 0.15 px) flips pixels near 50 %. The strict IoU is printed beside it.
///
/// Two rsvg references, each with a known artefact, are tried in turn: the render at the
/// same size (composites layers per pixel as we do, but carries cairo's anti-aliasing error,
/// which at 24 px makes small circles up to 2.5 % too small), then, only if that fails, the
/// render at 4× box-averaged to the same grid (near-exact coverage, but composites layers
/// per sub-pixel, so shapes sharing a partially covered edge come out differently). An
/// icon passes when it agrees with either; a wrong import disagrees with both.
///
/// Icons that produce an import warning (unsupported features) are skipped and counted.
/// By default each set is sampled evenly and deterministically; set
/// `ICONMORPH_SVG_COMPARE_ALL=1` to compare every icon (minutes).
struct RenderComparisonTests {
    static let sets: [IconSet] = [
        IconSet(name: "Adwaita symbolic (filled)", folder: adwaitaRoot, sampleSize: 14),
        IconSet(name: "Lucide (stroked)", folder: testIconsRoot + "/lucide", sampleSize: 12),
        IconSet(name: "Tabler outline (stroked)", folder: testIconsRoot + "/tabler/outline", sampleSize: 12),
        IconSet(name: "Tabler filled", folder: testIconsRoot + "/tabler/filled", sampleSize: 8),
        IconSet(name: "Heroicons (micro, mini, outline, solid)", folder: testIconsRoot + "/heroicons", sampleSize: 14),
    ]

    static let sides = [24, 48, 96, 192]
    static let meanBound = 2.0
    static let iouBound = 0.99

    static let compareAll = ProcessInfo.processInfo.environment["ICONMORPH_SVG_COMPARE_ALL"] == "1"

    @Test(arguments: sets)
    func agreesWithRsvg(set: IconSet) throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/rsvg-convert"),
                     "rsvg-convert is missing: run Scripts/setup")
        let files = Self.compareAll ? set.allFiles() : set.sample()
        try #require(files.count >= set.sampleSize, "\(set.folder) has \(files.count) icons: run Scripts/setup")
        var skipped: [String] = []
        var compared = 0
        var supersampledPasses = 0
        var worstMean = (value: 0.0, where: "all")
        var worstIoU = (value: 1.0, where: "all")
        var worstStrictIoU = (value: 1.0, where: "all")
        var worstDirectMean = (value: 0.0, where: "all")
        var worstDirectIoU = (value: 1.0, where: "all")
        for file in files {
            let imported = try SVGImporter.load(contentsOfFile: file)
            guard imported.warnings.isEmpty else {
                skipped.append(file)
                continue
            }
            for side in Self.sides {
                let size = comparisonSize(width: imported.icon.width, height: imported.icon.height, side: side)
                let box = IconBox(width: imported.icon.width, height: imported.icon.height, scale: size.scale)
                let ours = try AlphaMask(icon: imported.icon, box: box)
                try #require(ours.width == size.width && ours.height == size.height)
                let reference = try rsvgAlpha(file: file, width: size.width, height: size.height)
                let direct = MaskAgreement(ours.pixels, reference)
                var agreement = direct
                var note = "same-size reference"
                if !Self.passes(agreement) {
                    let fine = try supersampledRsvgAlpha(file: file, width: size.width, height: size.height, factor: 4)
                    let second = MaskAgreement(ours.pixels, fine)
                    note = "same-size reference: mean \(direct.meanAbsoluteDifference), IoU \(direct.tolerantIntersectionOverUnion); 4× reference"
                    if Self.passes(second) { supersampledPasses += 1 }
                    agreement = second
                }
                compared += 1
                let label = "\((file as NSString).lastPathComponent)@\(side)px"
                if agreement.meanAbsoluteDifference > worstMean.value { worstMean = (agreement.meanAbsoluteDifference, label) }
                if agreement.tolerantIntersectionOverUnion < worstIoU.value { worstIoU = (agreement.tolerantIntersectionOverUnion, label) }
                if direct.intersectionOverUnion < worstStrictIoU.value { worstStrictIoU = (direct.intersectionOverUnion, label) }
                if direct.meanAbsoluteDifference > worstDirectMean.value { worstDirectMean = (direct.meanAbsoluteDifference, label) }
                if direct.tolerantIntersectionOverUnion < worstDirectIoU.value { worstDirectIoU = (direct.tolerantIntersectionOverUnion, label) }
                #expect(agreement.meanAbsoluteDifference <= Self.meanBound,
                        "\(file) at \(side) px: mean |Δα| = \(agreement.meanAbsoluteDifference)/255 (\(note))")
                #expect(agreement.tolerantIntersectionOverUnion >= Self.iouBound,
                        "\(file) at \(side) px: IoU = \(agreement.tolerantIntersectionOverUnion), strict \(agreement.intersectionOverUnion) (\(note))")
            }
        }
        print("""
            rsvg comparison, \(set.name): \(files.count - skipped.count) of \(files.count) icons × \(Self.sides.count) sizes = \(compared) masks \
            (\(supersampledPasses) passed on the 4× reference); \
            skipped \(skipped.count) with import warnings\(skipped.isEmpty ? "" : " (\(skipped.map { ($0 as NSString).lastPathComponent }.joined(separator: ", ")))"); \
            worst mean |Δα| \(String(format: "%.3f", worstMean.value))/255 (\(worstMean.where)), \
            worst IoU \(String(format: "%.4f", worstIoU.value)) (\(worstIoU.where)); \
            same-size reference alone: worst mean |Δα| \(String(format: "%.3f", worstDirectMean.value))/255 (\(worstDirectMean.where)), \
            worst IoU \(String(format: "%.4f", worstDirectIoU.value)) (\(worstDirectIoU.where)), \
            worst strict IoU \(String(format: "%.4f", worstStrictIoU.value)) (\(worstStrictIoU.where))
            """)
        #expect(compared > 0)
    }

    static func passes(_ agreement: MaskAgreement) -> Bool {
        agreement.meanAbsoluteDifference <= meanBound && agreement.tolerantIntersectionOverUnion >= iouBound
    }

    /// The comparison itself must be able to fail: a mask off by one pixel's shift, or with
    /// a missing part, is far outside the bounds.
    @Test func comparisonDetectsRealDifferences() throws {
        let file = adwaitaRoot + "/places/folder-symbolic.svg"
        let imported = try SVGImporter.load(contentsOfFile: file)
        let size = comparisonSize(width: imported.icon.width, height: imported.icon.height, side: 48)
        let reference = try rsvgAlpha(file: file, width: size.width, height: size.height)
        var shifted = imported.icon
        for index in shifted.layers.indices {
            shifted.layers[index].transform = shifted.layers[index].transform.followed(by: .translation(1, 0))
        }
        let shiftedMask = try AlphaMask(icon: shifted, box: IconBox(width: 16, height: 16, scale: size.scale))
        #expect(MaskAgreement(shiftedMask.pixels, reference).meanAbsoluteDifference > Self.meanBound)
        var partial = imported.icon
        partial.layers.removeLast()
        let partialMask = try AlphaMask(icon: partial, box: IconBox(width: 16, height: 16, scale: size.scale))
        #expect(MaskAgreement(partialMask.pixels, reference).tolerantIntersectionOverUnion < Self.iouBound)
    }
}
