import PNGCodec
import Testing

/// Inputs that are missing, unreadable, empty, cut short or not PNG at all.
@Suite struct ReadErrorTests {
    static let validFile = TestPaths.pngSuite + "/basn6a08.png"
    /// Goes through the interlaced 16-bit workaround, which parses chunks itself.
    static let interlacedSixteenBit = TestPaths.pngSuite + "/basi6a16.png"

    func invalidReason(_ body: () throws -> PNGImage) -> String? {
        let error = #expect(throws: PNGError.self) { _ = try body() }
        guard case .invalidPNG(_, let reason)? = error else {
            Issue.record("expected invalidPNG, got \(String(describing: error))")
            return nil
        }
        return reason
    }

    @Test func missingFile() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("absent.png")
        #expect(throws: PNGError.fileNotFound(path: path)) { try PNGImage(contentsOfFile: path) }
        #expect(throws: PNGError.fileNotFound(path: path + "/below")) { try PNGImage(contentsOfFile: path + "/below") }
        #expect(PNGError.fileNotFound(path: path).description.contains(path))
    }

    @Test func directory() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let error = #expect(throws: PNGError.self) { try PNGImage(contentsOfFile: folder.path) }
        guard case .unreadable(let path, let reason)? = error else {
            Issue.record("expected unreadable, got \(String(describing: error))")
            return
        }
        #expect(path == folder.path)
        #expect(reason.contains("directory"))
        #expect(error?.description.contains(folder.path) == true)
    }

    /// Cut inside the signature, inside IHDR, halfway, and inside the last IDAT (a file
    /// missing only IEND is accepted, as libpng accepts it).
    @Test(arguments: [validFile, interlacedSixteenBit], ["signature", "IHDR", "half", "last IDAT"])
    func truncatedFile(_ source: String, _ cutPoint: String) throws {
        let bytes = try readBytes(source)
        let keep = ["signature": 5, "IHDR": 20, "half": bytes.count / 2, "last IDAT": bytes.count - 20][cutPoint]!
        let cut = Array(bytes.prefix(keep))
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = try folder.write(cut, to: "cut.png")
        for format in PNGImage.PixelFormat.allCases {
            let fileReason = invalidReason { try PNGImage(contentsOfFile: path, format: format) }
            #expect(fileReason?.contains("truncated") == true, "\(keep) bytes: \(fileReason ?? "-")")
            let memoryReason = invalidReason { try PNGImage(pngData: cut, format: format) }
            #expect(memoryReason?.contains("truncated") == true, "\(keep) bytes: \(memoryReason ?? "-")")
        }
    }

    @Test func emptyInput() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = try folder.write([], to: "empty.png")
        #expect(throws: PNGError.invalidPNG(path: path, reason: "the file is empty")) {
            try PNGImage(contentsOfFile: path)
        }
        #expect(throws: PNGError.invalidPNG(path: "<memory>", reason: "no data")) { try PNGImage(pngData: []) }
    }

    @Test func textFile() throws {
        let text = Array("This is not a picture, just a line of text.\n".utf8)
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = try folder.write(text, to: "notes.png")
        #expect(invalidReason { try PNGImage(contentsOfFile: path) } == "Not a PNG file")
        #expect(invalidReason { try PNGImage(pngData: text, name: "notes") } == "Not a PNG file")
        let error = PNGError.invalidPNG(path: path, reason: "Not a PNG file")
        #expect(error.description == "\(path): not a valid PNG image: Not a PNG file")
    }

    /// A gAMA chunk with a bad CRC is dropped (libpng warns and carries on), and the interlaced
    /// 16-bit route does the same: both twins then decode alike, as if they had no gAMA.
    @Test func damagedAncillaryChunkIsDropped() throws {
        var decoded: [PNGImage] = []
        for name in ["basi0g16.png", "basn0g16.png"] {
            var bytes = try readBytes(TestPaths.pngSuite + "/" + name)
            let gama = try #require(HandMadePNG.offset(of: "gAMA", in: bytes))
            bytes[gama + 12 + 3] ^= 0xFF  // last CRC byte of the 4-byte gAMA body
            let image = try PNGImage(pngData: bytes, name: name)
            #expect(image != (try PNGImage(contentsOfFile: TestPaths.pngSuite + "/" + name)), "gAMA still applied")
            decoded.append(image)
        }
        #expect(decoded[0] == decoded[1])
    }

    /// A damaged IDAT in an interlaced 16-bit file is caught by the workaround's own chunk
    /// checks, as libpng would catch it: first with a stale CRC, then with a fixed-up CRC so
    /// that zlib or the row filters meet the damage.
    @Test func damagedInterlacedSixteenBitData() throws {
        var bytes = try readBytes(Self.interlacedSixteenBit)
        let idat = try #require(HandMadePNG.offset(of: "IDAT", in: bytes))
        let length = Int(bytes[idat]) << 24 | Int(bytes[idat + 1]) << 16 | Int(bytes[idat + 2]) << 8
            | Int(bytes[idat + 3])
        for offset in stride(from: idat + 8 + 2, to: idat + 8 + length, by: 97) { bytes[offset] ^= 0x5A }
        #expect(invalidReason { try PNGImage(pngData: bytes) } == "IDAT: CRC error")

        let crc = HandMadePNG.crc32(Array(bytes[(idat + 4)..<(idat + 8 + length)]))
        bytes.replaceSubrange((idat + 8 + length)..<(idat + 12 + length), with: HandMadePNG.bigEndian(crc))
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = try folder.write(bytes, to: "damaged.png")
        let reason = invalidReason { try PNGImage(contentsOfFile: path) }
        #expect(reason?.isEmpty == false)
        #expect(reason == invalidReason { try PNGImage(pngData: bytes) })
    }
}
