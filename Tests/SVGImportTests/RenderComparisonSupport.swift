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

    init(_ ours: [UInt8], _ theirs: [UInt8]) {
        precondition(ours.count == theirs.count)
        var total = 0
        var largest = 0
        var intersection = 0
        var union = 0
        for (a, b) in zip(ours, theirs) {
            let difference = abs(Int(a) - Int(b))
            total += difference
            largest = max(largest, difference)
            let inA = a > 127
            let inB = b > 127
            if inA && inB { intersection += 1 }
            if inA || inB { union += 1 }
        }
        meanAbsoluteDifference = Double(total) / Double(max(ours.count, 1))
        intersectionOverUnion = union == 0 ? 1 : Double(intersection) / Double(union)
        largestDifference = largest
    }
}

/// The pixel size at which an icon of canvas `width × height` is compared when its larger
/// side is `side` pixels: both renderers get exactly this size (rsvg-convert stretches to it,
/// our box fits the canvas into it, which is the same map up to rounding of a side).
func comparisonSize(width: Double, height: Double, side: Int) -> (scale: Double, width: Int, height: Int) {
    let scale = Double(side) / max(width, height)
    return (scale, Int((width * scale).rounded()), Int((height * scale).rounded()))
}
