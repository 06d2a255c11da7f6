import AlphaRaster
import Foundation
import IconMorphPNG
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

/// rsvg-convert's alpha for `file` at `width × height` pixels, rendered once at
/// `factor` × that size and box-averaged back down to the same pixel grid: exact-area
/// coverage is the limit of supersampling, and this shrinks cairo's own approximation
/// (curves flattened within 0.1 px, 15 sub-scanlines, layers composited pixel by pixel) by
/// the factor. Values are in 0…255 but fractional.
func supersampledRsvgAlpha(file: String, width: Int, height: Int, factor: Int) throws -> [Double] {
    let big = try rsvgAlpha(file: file, width: width * factor, height: height * factor)
    return boxAverage(big, width: width, height: height, factor: factor)
}

/// The mean of each `factor × factor` block of a `width·factor × height·factor` image.
func boxAverage(_ big: [UInt8], width: Int, height: Int, factor: Int) -> [Double] {
    var out = [Double](repeating: 0, count: width * height)
    let bigWidth = width * factor
    big.withUnsafeBufferPointer { big in
        out.withUnsafeMutableBufferPointer { out in
            for y in 0..<(height * factor) {
                let row = (y / factor) * width
                for x in 0..<bigWidth {
                    out[row + x / factor] += Double(big[y * bigWidth + x])
                }
            }
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
    /// The intersection over union of the masks as the sets they are, with alpha as each
    /// pixel's degree of membership: Σ min(a, b) / Σ max(a, b) (1 when both are empty). For
    /// 0/255 masks it is the usual IoU; unlike the IoU of thresholded masks it does not jump
    /// when an edge pixel near 50 % lands on the other side of the threshold.
    var intersectionOverUnion: Double
    /// The IoU of the masks thresholded at alpha > 127, for information: an edge lying on a
    /// half pixel flips a whole row of it for a difference of one level.
    var thresholdedIntersectionOverUnion: Double
    var largestDifference: Int

    init(_ ours: [UInt8], _ theirs: [UInt8]) {
        self.init(ours, theirs.map(Double.init))
    }

    init(_ ours: [UInt8], _ theirs: [Double]) {
        precondition(ours.count == theirs.count)
        var total = 0.0, largest = 0.0
        var minima = 0.0, maxima = 0.0
        var intersection = 0, union = 0
        for (a8, b) in zip(ours, theirs) {
            let a = Double(a8)
            let difference = abs(a - b)
            total += difference
            largest = max(largest, difference)
            minima += min(a, b)
            maxima += max(a, b)
            let inA = a > 127, inB = b > 127
            if inA && inB { intersection += 1 }
            if inA || inB { union += 1 }
        }
        meanAbsoluteDifference = total / Double(max(ours.count, 1))
        intersectionOverUnion = maxima == 0 ? 1 : minima / maxima
        thresholdedIntersectionOverUnion = union == 0 ? 1 : Double(intersection) / Double(union)
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
