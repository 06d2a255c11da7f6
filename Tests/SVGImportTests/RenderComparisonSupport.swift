import AlphaRaster
import Foundation
import PNGCodec
import SVGImport

/// The package root, found from this file's path (Tests/SVGImportTests/<file>).
let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

/// Where Scripts/setup unpacks the PyPI icon sets.
let testIconsRoot = packageRoot + "/.build/test-icons"

/// Adwaita's scalable icons (Debian's adwaita-icon-theme).
let adwaitaRoot = "/usr/share/icons/Adwaita/scalable"

/// One icon set used in the comparison: a folder of SVG files.
struct IconSet: Sendable, CustomStringConvertible {
    var name: String
    var folder: String
    /// How many files to compare (an even, deterministic sample of the sorted list).
    var sampleSize: Int

    var description: String { name }

    /// Every `.svg` below `folder`, sorted by path so the sample never depends on the file
    /// system's order.
    func allFiles() -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var files: [String] = []
        while let relative = walker.nextObject() as? String {
            if relative.hasSuffix(".svg") { files.append(folder + "/" + relative) }
        }
        return files.sorted()
    }

    /// `sampleSize` files spread evenly over the sorted list (all of them if fewer).
    func sample() -> [String] {
        let files = allFiles()
        guard files.count > sampleSize else { return files }
        return (0..<sampleSize).map { files[$0 * files.count / sampleSize] }
    }
}

/// Runs rsvg-convert on `file` at exactly `width` × `height` pixels and returns the alpha of
/// every pixel (row-major), or throws with rsvg-convert's message.
func rsvgAlpha(file: String, width: Int, height: Int) throws -> [UInt8] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/rsvg-convert")
    process.arguments = ["-w", String(width), "-h", String(height), "-f", "png", file]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let png = output.fileHandleForReading.readDataToEndOfFile()
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw ComparisonFailure(message: "rsvg-convert failed on \(file): \(String(decoding: message, as: UTF8.self))")
    }
    let image = try PNGImage(pngData: Array(png), name: file, format: .rgba)
    guard image.width == width, image.height == height else {
        throw ComparisonFailure(message: "rsvg-convert made \(image.width)×\(image.height) instead of \(width)×\(height) for \(file)")
    }
    return (0..<(width * height)).map { image.pixels[$0 * 4 + 3] }
}

/// rsvg-convert's alpha rendered at `factor` × the size and box-averaged back down, on the
/// same pixel grid: exact-area coverage is the limit of supersampling, and this removes most
/// of cairo's own approximation (15 sub-scanlines, 0.1 px curve flattening) from the
/// reference. Values are in 0…255 but fractional.
func supersampledRsvgAlpha(file: String, width: Int, height: Int, factor: Int) throws -> [Double] {
    let big = try rsvgAlpha(file: file, width: width * factor, height: height * factor)
    var out = [Double](repeating: 0, count: width * height)
    let bigWidth = width * factor
    for y in 0..<(height * factor) {
        for x in 0..<bigWidth {
            out[(y / factor) * width + x / factor] += Double(big[y * bigWidth + x])
        }
    }
    let samples = Double(factor * factor)
    return out.map { $0 / samples }
}

struct ComparisonFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// How close two alpha masks are.
struct MaskAgreement {
    /// Mean |Δα| over all pixels, in 1/255 units.
    var meanAbsoluteDifference: Double
    /// |A ∩ B| / |A ∪ B| for A, B = pixels with alpha > 127; 1 when both are empty.
    var intersectionOverUnion: Double
    var largestDifference: Int
    /// The IoU where a pixel only counts as disagreeing when the two alphas straddle the
    /// threshold and differ by more than `tieTolerance`.
    var tolerantIntersectionOverUnion: Double

    static let tieTolerance: Double = 40

    init(_ ours: [UInt8], _ theirs: [UInt8]) {
        self.init(ours, theirs.map(Double.init))
    }

    init(_ ours: [UInt8], _ theirs: [Double]) {
        precondition(ours.count == theirs.count)
        var total = 0.0
        var largest = 0.0
        var intersection = 0
        var union = 0
        var tolerantIntersection = 0
        var tolerantUnion = 0
        for (a, b) in zip(ours, theirs) {
            let difference = abs(Double(a) - b)
            total += difference
            largest = max(largest, difference)
            let inA = a > 127
            let inB = b > 127
            if inA && inB { intersection += 1 }
            if inA || inB { union += 1 }
            let tolerantB = difference <= Self.tieTolerance ? inA : inB
            if inA && tolerantB { tolerantIntersection += 1 }
            if inA || tolerantB { tolerantUnion += 1 }
        }
        tolerantIntersectionOverUnion = tolerantUnion == 0 ? 1 : Double(tolerantIntersection) / Double(tolerantUnion)
        meanAbsoluteDifference = total / Double(max(ours.count, 1))
        intersectionOverUnion = union == 0 ? 1 : Double(intersection) / Double(union)
        largestDifference = Int(largest.rounded(.up))
    }
}

/// The pixel size at which an icon of canvas `width × height` is compared when its larger
/// side is `side` pixels: both renderers get exactly this size (rsvg-convert stretches to it,
/// our box fits the canvas into it, which is the same map up to rounding of a side).
func comparisonSize(width: Double, height: Double, side: Int) -> (scale: Double, width: Int, height: Int) {
    let scale = Double(side) / max(width, height)
    return (scale, Int((width * scale).rounded()), Int((height * scale).rounded()))
}
