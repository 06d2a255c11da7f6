import Foundation
import Testing

/// Where the test inputs live: PngSuite in the repository (`Tests/Fixtures/PngSuite`, with its
/// licence) and the golden data shipped as this target's resource.
enum TestPaths {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let pngSuite = packageRoot.appendingPathComponent("Tests/Fixtures/PngSuite").path
    static let golden: String = Bundle.module.url(forResource: "Golden", withExtension: nil)?.path ?? "<missing Golden>"

    /// The PngSuite file names (`*.png`), sorted; empty when the folder is missing, which the
    /// coverage tests report as a failure.
    static func pngSuiteFiles() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: pngSuite)) ?? []
        return names.filter { $0.hasSuffix(".png") }.sorted()
    }
}

/// One line of `Golden/manifest.tsv`, written by `Scripts/make-pngsuite-golden.py` from pypng's
/// decoding of the input.
struct GoldenEntry: Sendable, CustomTestStringConvertible {
    /// `"pngsuite"` or `"fixture"` (a file the script generated into `Golden/fixtures`).
    let source: String
    let input: String
    let golden: String
    let width: Int
    let height: Int
    let depth: Int
    let colourType: Int
    let interlaced: Bool
    /// The file gamma the script used (gAMA, sRGB, or the 1/2.2 default).
    let gamma: Double
    /// Whether the gamma is far enough from 1/2.2 for libpng to correct it.
    let corrected: Bool

    var testDescription: String { input }

    var inputPath: String {
        source == "pngsuite" ? TestPaths.pngSuite + "/" + input : TestPaths.golden + "/fixtures/" + input
    }

    /// The largest colour error allowed against the float64 golden value `expected`.
    ///
    /// Zero, except for 16-bit files whose gamma libpng corrects: it reduces their samples to
    /// 11 significant bits (`PNG_MAX_GAMMA_8`) before its gamma table, so the output may be
    /// anything the exact transform gives within ±32/65535 of the input, and at least ±1 for
    /// the table's own rounding.
    func colourTolerance(expected: UInt8) -> Int {
        guard depth == 16, corrected else { return 0 }
        let exponent = 1 / (gamma * 2.2)
        let input = pow(Double(expected) / 255, 1 / exponent)
        let step = 32.0 / 65535
        let spread = 255 * (pow(min(input + step, 1), exponent) - pow(max(input - step, 0), exponent))
        return max(1, Int(spread.rounded(.up)))
    }

    /// The expected RGBA bytes, read from the entry's PAM file.
    func loadGolden() throws -> (width: Int, height: Int, rgba: [UInt8]) {
        let data = try Array(Data(contentsOf: URL(fileURLWithPath: TestPaths.golden + "/" + golden)))
        let marker = Array("ENDHDR\n".utf8)
        let end = (0...max(0, data.count - marker.count)).first {
            data[$0..<min($0 + marker.count, data.count)].elementsEqual(marker)
        }
        guard let end else { throw GoldenError.malformed(golden, "no ENDHDR") }
        var fields: [String: String] = [:]
        for line in String(decoding: data[0..<end], as: UTF8.self).split(separator: "\n").dropFirst() {
            let parts = line.split(separator: " ", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        guard let width = fields["WIDTH"].flatMap({ Int($0) }), let height = fields["HEIGHT"].flatMap({ Int($0) }),
            fields["DEPTH"] == "4", fields["MAXVAL"] == "255"
        else { throw GoldenError.malformed(golden, "unexpected header \(fields)") }
        let pixels = Array(data[(end + marker.count)...])
        guard pixels.count == width * height * 4 else { throw GoldenError.malformed(golden, "\(pixels.count) bytes") }
        return (width, height, pixels)
    }
}

enum GoldenError: Error, CustomStringConvertible {
    case malformed(String, String)
    var description: String {
        switch self {
        case .malformed(let file, let why): "golden file \(file) is malformed: \(why)"
        }
    }
}

enum GoldenManifest {
    /// Every manifest line; empty when the manifest cannot be read, which
    /// `manifestCoversPngSuite` reports as a failure.
    static let entries: [GoldenEntry] = {
        guard let text = try? String(contentsOfFile: TestPaths.golden + "/manifest.tsv", encoding: .utf8) else {
            return []
        }
        return text.split(separator: "\n").compactMap { line -> GoldenEntry? in
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard !line.hasPrefix("#"), f.count == 10, f[0] != "source",
                let width = Int(f[3]), let height = Int(f[4]), let depth = Int(f[5]), let type = Int(f[6]),
                let gamma = Double(f[8])
            else { return nil }
            return GoldenEntry(
                source: f[0], input: f[1], golden: f[2], width: width, height: height, depth: depth,
                colourType: type, interlaced: f[7] == "1", gamma: gamma, corrected: f[9] == "1")
        }
    }()
}
