import Foundation
import Testing

/// The built binary over every PngSuite image, as a user would point it at files nobody has
/// looked at: valid images of every colour type, depth and interlacing become frames; corrupt
/// ones (`x*`) end in one line that names the file, with exit status 65 and no output file.
@Suite struct PngSuiteEndToEndTests {
    /// `Tests/Fixtures/PngSuite`, the copy in the repository.
    static let suiteFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/PngSuite").path

    static func files() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: suiteFolder)
            .filter { $0.hasSuffix(".png") && $0 != "PngSuite.png" }.sorted()
    }

    @Test func suiteIsPresent() throws {
        let files = try Self.files()
        #expect(files.count >= 170, "expected PngSuite in \(Self.suiteFolder)")
        #expect(files.filter { $0.hasPrefix("x") }.count >= 14)
    }

    @Test func everyFileIsRenderedOrRejected() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let target = try folder.write(try TestIcons.disc(size: 32), as: "disc.png")
        for name in try Self.files() {
            let input = Self.suiteFolder + "/" + name
            let output = folder.file("out-" + name)
            // 32 px icons at 1×: the small images are fitted up, and the whole table stays fast.
            let result = try Binary.run([
                "render", "--from", input, "--to", target, "--progress", "0.25",
                "--size", "32", "--scale", "1", "-o", output, "-q",
            ])
            if name.hasPrefix("x") {
                #expect(result.status == 65, "\(name): \(result.stderr)")
                #expect(result.stderrLines.count == 1, "\(name): \(result.stderr)")
                #expect(result.stderr.contains(input), "\(name): \(result.stderr)")
                #expect(!FileManager.default.fileExists(atPath: output), "\(name)")
            } else {
                #expect(result.status == 0, "\(name): \(result.stderr)")
                #expect(result.stderr.isEmpty, "\(name): \(result.stderr)")
                let attributes = try? FileManager.default.attributesOfItem(atPath: output)
                #expect(((attributes?[.size] as? Int) ?? 0) > 0, "\(name): no output")
            }
        }
        #expect(try EndToEndTests.leftovers(in: folder.path).isEmpty)
    }
}
