import PNGCodec
import Testing

/// PngSuite's deliberately broken files (`x*`): each must be rejected, from a file and from
/// memory, with a reason that says what is wrong.
@Suite struct CorruptFileTests {
    /// File, what PngSuite broke in it, and the fragment of libpng's reason we expect.
    static let cases: [(file: String, defect: String, reason: String)] = [
        ("xc1n0g08.png", "colour type 1", "Invalid IHDR data"),
        ("xc9n2c08.png", "colour type 9", "Invalid IHDR data"),
        ("xcrn0g04.png", "CR bytes added", "corrupted by ASCII conversion"),
        ("xcsn0g01.png", "IDAT checksum", "IDAT: CRC error"),
        ("xd0n2c08.png", "bit depth 0", "Invalid IHDR data"),
        ("xd3n2c08.png", "bit depth 3", "Invalid IHDR data"),
        ("xd9n2c08.png", "bit depth 99", "Invalid IHDR data"),
        ("xdtn0g01.png", "no IDAT chunk", "IEND: out of place"),
        ("xhdn0g08.png", "IHDR checksum", "IHDR: CRC error"),
        ("xlfn0g04.png", "LF bytes added", "corrupted by ASCII conversion"),
        ("xs1n0g01.png", "signature byte 1", "Not a PNG file"),
        ("xs2n0g01.png", "signature byte 2", "Not a PNG file"),
        ("xs4n0g01.png", "signature byte 4", "Not a PNG file"),
        ("xs7n0g01.png", "signature byte 7", "corrupted by ASCII conversion"),
    ]

    @Test func tableCoversEveryCorruptFile() {
        let corrupt = TestPaths.pngSuiteFiles().filter { $0.hasPrefix("x") }
        #expect(corrupt == Self.cases.map(\.file), "PngSuite at \(TestPaths.pngSuite)")
    }

    @Test(arguments: cases.map { $0.file }, PNGImage.PixelFormat.allCases)
    func isRejected(_ file: String, _ format: PNGImage.PixelFormat) throws {
        let expected = try #require(Self.cases.first { $0.file == file })
        let path = TestPaths.pngSuite + "/" + file

        let fileError = #expect(throws: PNGError.self, "\(file): \(expected.defect)") {
            try PNGImage(contentsOfFile: path, format: format)
        }
        let memoryError = #expect(throws: PNGError.self, "\(file): \(expected.defect)") {
            try PNGImage(pngData: readBytes(path), name: file, format: format)
        }
        for (error, name) in [(fileError, path), (memoryError, file)] {
            guard case .invalidPNG(let errorPath, let reason)? = error else {
                Issue.record("\(file): expected invalidPNG, got \(String(describing: error))")
                continue
            }
            #expect(errorPath == name)
            #expect(reason.contains(expected.reason), "\(file): reason \"\(reason)\"")
            #expect(error?.description.contains(name) == true)
            #expect(error?.description.contains(reason) == true)
        }
    }
}
