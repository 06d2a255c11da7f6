import AlphaRaster
import SVGImport
import Testing

/// The importer's public entry points given bad arguments: each throws an `SVGError` (or
/// `SVGPathDataError`) whose one-line description names the input, and none traps; limits of
/// zero or below refuse everything instead of misbehaving.
@Suite struct APIValidationTests {
    static let good = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 4 4\"><rect width=\"4\" height=\"4\"/></svg>"

    @Test(arguments: [
        SVGImportLimits(maximumBytes: 0), SVGImportLimits(maximumBytes: -1), SVGImportLimits(maximumBytes: .min),
        SVGImportLimits(maximumDepth: 0), SVGImportLimits(maximumDepth: -5),
        SVGImportLimits(maximumDrawnElements: 0), SVGImportLimits(maximumDrawnElements: .min),
        SVGImportLimits(maximumSegments: 0), SVGImportLimits(maximumSegments: -1),
    ])
    func nonPositiveLimitsRefuseAValidFile(_ limits: SVGImportLimits) {
        #expect(throws: SVGError.self) { _ = try SVGImporter.parse(string: Self.good, name: "limits.svg", limits: limits) }
        do {
            _ = try SVGImporter.parse(string: Self.good, name: "limits.svg", limits: limits)
        } catch {
            #expect(error.description.hasPrefix("limits.svg") && !error.description.contains("\n"), "\(error)")
        }
        // The defaults accept it, so the refusal is the limit's doing.
        #expect(throws: Never.self) { _ = try SVGImporter.parse(string: Self.good, name: "limits.svg") }
    }

    @Test(arguments: ["", "/", "/nonexistent/icon.svg", "/dev/null", "/proc/self/mem"])
    func unreadablePathsThrowNamingThePath(_ path: String) {
        do {
            _ = try SVGImporter.load(contentsOfFile: path)
            Issue.record("no error")
        } catch {
            #expect(error.description.hasPrefix(path) && !error.description.contains("\n"), "\(error)")
        }
    }

    @Test(arguments: [
        [UInt8](), [0], [0xFF, 0xFE, 0x00, 0x3C], Array("<".utf8), Array("<svg".utf8), Array("\u{FEFF}<svg/>".utf8),
        [UInt8](repeating: 0x3C, count: 10_000),
    ])
    func junkDataThrows(_ data: [UInt8]) {
        #expect(throws: SVGError.self) { _ = try SVGImporter.parse(data: data, name: "junk") }
    }

    @Test(arguments: [
        "M", "M 1", "M 1 2 L", "L 1 2", "M 1e400 0", "M nan 0", "M 0 0 A 1 1 0 2 0 3 3", "M 0 0 Q 1", "Z 1",
        "M 0 0 C 1 1 1 1", "M 1,,2", String(repeating: "M 0 0 ", count: 3) + "\u{0}",
    ])
    func badPathDataThrowsWithAnOffset(_ text: String) {
        do {
            _ = try VectorPath(svgPathData: text)
            Issue.record("no error for \(text)")
        } catch {
            #expect(error.offset >= 0 && error.offset <= text.utf8.count, "\(error)")
            #expect(!error.description.contains("\n"))
        }
    }
}
