import AlphaRaster
import Foundation
import SVGImport
import Testing

/// The acceptance check of the SVG import: real icon files, imported and rasterized by
/// `AlphaMask(icon:box:)`, against rsvg-convert (librsvg + cairo) at the same pixel size and
/// placement, at 24, 48, 96 and 192 px.
///
/// The reference is rsvg-convert's render at 384 px (16× the 24 px grid … 2× the 192 px one),
/// box-averaged down to each grid: what a renderer computing exact coverage must approach.
/// cairo at the same size carries its own error instead (0.1 px curve flattening and 15
/// sub-scanlines: at 24 px its small circles come out 2.5 % too small; layers composited
/// pixel by pixel leave seams where shapes meet inside a pixel); supersampling divides it
/// by the factor.
///
/// Per icon and size: mean |Δα| ≤ 2/255 and IoU ≥ 0.99, the IoU taking alpha as each
/// pixel's degree of membership (Σ min / Σ max; see `MaskAgreement`). The IoU of the masks
/// thresholded at 50 % is printed beside it for information only: it is ill-conditioned at
/// edges that lie on half pixels (a difference of one level flips a whole row).
///
/// Icons that produce an import warning (unsupported features) are skipped and counted; more
/// than `maximumSkippedShare` of a set skipped fails the test, so a regression that makes
/// warnings cannot shrink the comparison to a few icons. (None of the sampled icons warns
/// today.)
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
    /// The larger side of rsvg-convert's reference render; a multiple of every side.
    static let referenceSide = 384
    static let meanBound = 2.0
    static let iouBound = 0.99
    /// The largest share of a set's sampled icons that may be skipped for import warnings.
    static let maximumSkippedShare = 0.1

    static let compareAll = ProcessInfo.processInfo.environment["ICONMORPH_SVG_COMPARE_ALL"] == "1"

    @Test(arguments: sets)
    func agreesWithRsvg(set: IconSet) throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/rsvg-convert"),
                     "rsvg-convert is missing: run Scripts/setup")
        let files = Self.compareAll ? set.allFiles() : set.sample()
        try #require(files.count >= set.sampleSize, "\(set.folder) has \(files.count) icons: run Scripts/setup")
        var skipped: [String] = []
        var compared = 0
        var worstMean = (value: 0.0, where: "all")
        var worstIoU = (value: 1.0, where: "all")
        var worstThresholdedIoU = (value: 1.0, where: "all")
        for file in files {
            let imported = try SVGImporter.load(contentsOfFile: file)
            guard imported.warnings.isEmpty else {
                skipped.append(file)
                continue
            }
            // One reference render serves every side whose grid it divides exactly (all of
            // them for a square canvas).
            var renders: [String: [UInt8]] = [:]
            for side in Self.sides {
                let size = comparisonSize(width: imported.icon.width, height: imported.icon.height, side: side)
                let box = IconBox(width: imported.icon.width, height: imported.icon.height, scale: size.scale)
                let ours = try AlphaMask(icon: imported.icon, box: box)
                try #require(ours.width == size.width && ours.height == size.height)
                let factor = Self.referenceSide / side
                let key = "\(size.width * factor)x\(size.height * factor)"
                let big = try renders[key] ?? rsvgAlpha(file: file, width: size.width * factor, height: size.height * factor)
                renders[key] = big
                let reference = boxAverage(big, width: size.width, height: size.height, factor: factor)
                let agreement = MaskAgreement(ours.pixels, reference)
                compared += 1
                let label = "\((file as NSString).lastPathComponent)@\(side)px"
                if agreement.meanAbsoluteDifference > worstMean.value { worstMean = (agreement.meanAbsoluteDifference, label) }
                if agreement.intersectionOverUnion < worstIoU.value { worstIoU = (agreement.intersectionOverUnion, label) }
                if agreement.thresholdedIntersectionOverUnion < worstThresholdedIoU.value {
                    worstThresholdedIoU = (agreement.thresholdedIntersectionOverUnion, label)
                }
                #expect(agreement.meanAbsoluteDifference <= Self.meanBound,
                        "\(file) at \(side) px: mean |Δα| = \(agreement.meanAbsoluteDifference)/255")
                #expect(agreement.intersectionOverUnion >= Self.iouBound,
                        "\(file) at \(side) px: IoU = \(agreement.intersectionOverUnion)")
            }
        }
        print("""
            rsvg comparison, \(set.name): \(files.count - skipped.count) of \(files.count) icons × \(Self.sides.count) sizes = \(compared) masks; \
            skipped \(skipped.count) with import warnings\(skipped.isEmpty ? "" : " (\(skipped.map { ($0 as NSString).lastPathComponent }.joined(separator: ", ")))"); \
            worst mean |Δα| \(String(format: "%.3f", worstMean.value))/255 (\(worstMean.where)), \
            worst IoU \(String(format: "%.4f", worstIoU.value)) (\(worstIoU.where)); \
            worst IoU thresholded at 50 % \(String(format: "%.4f", worstThresholdedIoU.value)) (\(worstThresholdedIoU.where))
            """)
        #expect(compared > 0)
        #expect(Double(skipped.count) <= Self.maximumSkippedShare * Double(files.count),
                "\(set.name): \(skipped.count) of \(files.count) icons skipped for import warnings, more than \(Int(Self.maximumSkippedShare * 100)) %")
    }

    /// The comparison itself must be able to fail: a mask off by one pixel's shift, or with
    /// a missing part, is far outside the bounds.
    @Test func comparisonDetectsRealDifferences() throws {
        let file = adwaitaRoot + "/places/folder-symbolic.svg"
        let imported = try SVGImporter.load(contentsOfFile: file)
        let size = comparisonSize(width: imported.icon.width, height: imported.icon.height, side: 48)
        let reference = try supersampledRsvgAlpha(
            file: file, width: size.width, height: size.height, factor: Self.referenceSide / 48)
        let mask = try AlphaMask(icon: imported.icon, box: IconBox(width: 16, height: 16, scale: size.scale))
        let agreement = MaskAgreement(mask.pixels, reference)
        #expect(agreement.meanAbsoluteDifference <= Self.meanBound && agreement.intersectionOverUnion >= Self.iouBound)
        var shifted = imported.icon
        for index in shifted.layers.indices {
            shifted.layers[index].transform = shifted.layers[index].transform.followed(by: .translation(1, 0))
        }
        let shiftedMask = try AlphaMask(icon: shifted, box: IconBox(width: 16, height: 16, scale: size.scale))
        #expect(MaskAgreement(shiftedMask.pixels, reference).meanAbsoluteDifference > Self.meanBound)
        var partial = imported.icon
        partial.layers.removeLast()
        let partialMask = try AlphaMask(icon: partial, box: IconBox(width: 16, height: 16, scale: size.scale))
        #expect(MaskAgreement(partialMask.pixels, reference).intersectionOverUnion < Self.iouBound)
    }

    /// Path data in error is drawn as librsvg (and SVG 2, and browsers) draw it: up to the
    /// command in error, each set of a command's arguments a command of its own; the
    /// importer warns once per path, naming its line and column.
    @Test(arguments: [
        ("M 2,2 H 14 V 14 H 2 Z M 4,4 h ", "expected a number at offset 30, found end of data"),
        ("M2 2 L14 2 14 14 2 14 x", "expected a number or a command letter at offset 22, found 'x'"),
        ("M2 2 h12 v12 h-12 z M5 5 a3 3 0 2 1 6 6", "expected a flag (0 or 1) at offset 32, found '2'"),
        ("M2 2 h12 v12 h-12 z M4 4 h8 v8 h-8 z 7", "expected a command letter at offset 37, found '7'"),
    ])
    func pathDataInErrorIsDrawnUpToTheCommandInError(data: String, problem: String) throws {
        let drawn = try Self.drawnBesideRsvg("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"16\" height=\"16\">\n<path d=\"\(data)\"/></svg>")
        #expect(drawn.warnings == ["\(drawn.file):2:7: <path> attribute d: path data: \(problem); drawn up to the command in error"])
        #expect(drawn.agreement.meanAbsoluteDifference <= Self.meanBound && drawn.agreement.intersectionOverUnion >= Self.iouBound,
                "\(data): mean |Δα| \(drawn.agreement.meanAbsoluteDifference), IoU \(drawn.agreement.intersectionOverUnion)")
        // Something is drawn: the commands before the error.
        #expect(drawn.mask.pixels.contains { $0 == 255 })
    }

    /// A group's (or an element's) `opacity` applies to what it draws as a whole, as librsvg
    /// composites it: overlapping shapes in it, and an element's fill under its stroke, are no
    /// denser than the rest; two `<use>` copies of one group are two groups, one over the other.
    @Test(arguments: [
        #"<g opacity="0.35"><rect x="2" y="2" width="8" height="8"/><rect x="6" y="6" width="8" height="8"/></g>"#,
        ##"<path opacity="0.5" d="M3 3h10v10h-10z" stroke="#000" stroke-width="2"/>"##,
        #"<g opacity="0.4"><circle cx="6" cy="8" r="4"/><g><circle cx="10" cy="8" r="4"/></g></g>"#,
        #"<defs><g id="pair" opacity="0.35"><rect x="1" y="1" width="6" height="6"/><rect x="4" y="4" width="6" height="6"/></g></defs>"#
            + ##"<use href="#pair"/><use href="#pair" x="5" y="5"/>"##,
    ])
    func groupOpacityIsCompositedAsAWhole(body: String) throws {
        let drawn = try Self.drawnBesideRsvg(
            #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="16" height="16">"# + body + "</svg>")
        #expect(drawn.warnings.isEmpty)
        #expect(drawn.agreement.meanAbsoluteDifference <= Self.meanBound && drawn.agreement.intersectionOverUnion >= Self.iouBound,
                "\(body): mean |Δα| \(drawn.agreement.meanAbsoluteDifference), IoU \(drawn.agreement.intersectionOverUnion)")
        let worst = zip(drawn.mask.pixels, drawn.reference).map { abs(Double($0) - $1) }.max()!
        #expect(worst <= 12, "\(body): a pixel \(worst) off")
    }

    /// A 16 × 16 document `text`, written to a temporary file, imported and drawn at 64 px
    /// beside rsvg-convert's drawing of the file (supersampled as the icon sets' are).
    static func drawnBesideRsvg(_ text: String) throws
        -> (file: String, warnings: [String], mask: AlphaMask, reference: [Double], agreement: MaskAgreement) {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/rsvg-convert"),
                     "rsvg-convert is missing: run Scripts/setup")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("iconmorph-svg-\(UUID().uuidString).svg").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let imported = try SVGImporter.load(contentsOfFile: file)
        let size = comparisonSize(width: 16, height: 16, side: 64)
        let mask = try AlphaMask(icon: imported.icon, box: IconBox(width: 16, height: 16, scale: size.scale))
        let reference = try supersampledRsvgAlpha(file: file, width: size.width, height: size.height, factor: referenceSide / 64)
        return (file, imported.warnings, mask, reference, MaskAgreement(mask.pixels, reference))
    }
}
