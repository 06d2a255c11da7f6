import Foundation
import PNGCodec
import Testing

/// Inputs found by the png-mask fuzzer (Fuzz/README.md) and the hostile files they stand for:
/// each must be refused with a precise `PNGError` before libpng allocates what it declares.
@Suite struct FuzzRegressionTests {
    /// The fuzzer's input, kept byte for byte: PngSuite's ctzn0g04 with a mutated third zTXt
    /// chunk (at byte 412) declaring 2 055 733 312 bytes in a 758-byte stream. libpng allocated
    /// the 2 GB buffer before noticing the data ends; libFuzzer reported out-of-memory.
    static let declaredGiantZTXt = Array(Data(base64Encoded:
        "iVBORw0KGgoAAAANSUhEUgAAACAAAAAgBAAAAACT4cgpAAAABGdBTUEAAYagMeiWXwAAAA50RVh0VGl0bGUAUG5nU3VpdGVPVc9MAAAAMXRFWHRBdXRob3IAV2lsbGVtIEEuSi4gdmFuIFNjaGFpawood2lsbGVtQHNjaGFpay5jb20pjsxHHwAAAEF6VFh0Q29weXJpZ2h0AAB4nHPOL6gsykzPKFEIz8zJSc1VKEvMUwhOzkjMzNZRCM7MS08syC9KVTC0tDTVtTQDAIthD6RSWpQSAAAAu3pUWHREZXNjcmlwdGlvbgAAeJwtjrEOwjAMRPd+xU1Mpf/AhFgQv2BcQyLcOEoMVf8eV7BZvnt3dwLbUrOSZyuwBwhdfD/yQk/p4CbkMsMNLt3hSYYPtZIQ0EytHX2r4QsiJNyuZzysLeQTLoX1PQdLTYa7Er8Oa8ou4w8cUUnFI3zEmj2BtCYCJypF9PcbvFHpNQIKb//gPuGkinv24yzVUw9Qbd17mK3NuTyHfW2s6VV4b0dt0qX49AUf8lbyAAAEYnqIAEB6VFh0U29mdHdhcmUAAHiccy5KTRAGAAAALElNUcjPU0hU8EuNCCkuSSzJBPKS83PyixRKizPz0hWUCvJyS/IL8tKV9ACm7BFCnlGorgAAAB16VFh0RGlzY2xhaW1lcgAAeJxzK0pNLU8sStUDABFVA2DUrrXvAAAAyElEQVR4nF3RwQ3CMAwFUB8qQAjwCB2hI7AKI1TiyAUxARswAmxQRmAD2KBGPZUCn8RJUeIcKufFde2UYBYlcWuBDUie8ZqIqfG0gG0C93/NCPy14N+fCdGNPSwUuGbsT0sK5weg0HSOwCjI7wXkktcepu1GCzvoULqAr757eHDnXQM5hy8HcI8qJCjsKul57NWDoNf+Htrp5+hA90O8IBIJY9RxFp6LTttVI4QpMYEVLo0xt3IQ5PBmAxfkMLCB5GdoKKWBdP0AHtnCRfj/iWsAAAAASUVORK5CYII=")!)

    static let giantZTXtReason = "the zTXt chunk at byte 412 declares 2055733312 bytes, more than the limit "
        + "of 8000000 for a chunk before the image data"

    @Test func declaredGiantChunkIsRefusedFromMemory() {
        #expect(Self.declaredGiantZTXt.count == 758)
        let error = #expect(throws: PNGError.self) {
            try PNGImage(pngData: Self.declaredGiantZTXt, name: "oom.png")
        }
        #expect(error == .invalidPNG(path: "oom.png", reason: Self.giantZTXtReason))
    }

    @Test func declaredGiantChunkIsRefusedFromFile() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = try folder.write(Self.declaredGiantZTXt, to: "oom.png")
        let error = #expect(throws: PNGError.self) { try PNGImage(contentsOfFile: path) }
        #expect(error == .invalidPNG(path: path, reason: Self.giantZTXtReason))
    }

    /// A 2 × 2 RGBA image from the encoder, and the same stream with `chunk` after IHDR.
    static func imageWithChunk(_ chunk: [UInt8]) throws -> (plain: [UInt8], spliced: [UInt8]) {
        let image = try PNGImage(width: 2, height: 2, format: .rgba, pixels: (0..<16).map { UInt8($0 * 15) })
        let plain = try image.pngData()
        let afterHeader = 8 + 12 + 13
        #expect(HandMadePNG.offset(of: "IHDR", in: plain) == 8)
        return (plain, Array(plain[..<afterHeader]) + chunk + Array(plain[afterHeader...]))
    }

    /// The limit's edge: a text chunk declaring 8 000 001 bytes is refused by its header alone,
    /// from memory and from a file, while one declaring exactly 8 000 000 passes the limit (and
    /// is then reported as cut short, its data not being there); a chunk really holding a
    /// million bytes is fine and changes no pixel. (The header is all the check reads, so
    /// the refused chunk need not hold its data: the test stays light on the shared process.)
    @Test func chunkLimitEdgeAndALargeTextChunk() throws {
        let (plain, _) = try Self.imageWithChunk([])
        func declaring(_ length: UInt32) -> [UInt8] {
            Array(plain[..<33]) + HandMadePNG.bigEndian(length) + Array("tEXt".utf8) + Array(plain[33...])
        }
        let reason = "the tEXt chunk at byte 33 declares 8000001 bytes, more than the limit of 8000000 "
            + "for a chunk before the image data"
        let memoryError = #expect(throws: PNGError.self) { try PNGImage(pngData: declaring(8_000_001), name: "text.png") }
        #expect(memoryError == .invalidPNG(path: "text.png", reason: reason))
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = try folder.write(declaring(8_000_001), to: "text.png")
        let fileError = #expect(throws: PNGError.self) { try PNGImage(contentsOfFile: path) }
        #expect(fileError == .invalidPNG(path: path, reason: reason))
        let atLimit = declaring(8_000_000)
        let edgeError = #expect(throws: PNGError.self) { try PNGImage(pngData: atLimit, name: "edge.png") }
        let remaining = atLimit.count - 33 - 8
        #expect(edgeError == .invalidPNG(path: "edge.png", reason: "the data ends early, it is truncated (the tEXt chunk "
            + "at byte 33 declares 8000000 bytes and its checksum, \(remaining) remain)"))

        let keyword = Array("Comment".utf8) + [0]
        let large = HandMadePNG.chunk("tEXt", keyword + [UInt8](repeating: 0x41, count: 1_000_000))
        let accepted = try Self.imageWithChunk(large).spliced
        #expect(try PNGImage(pngData: accepted) == PNGImage(pngData: plain))
        let acceptedPath = try folder.write(accepted, to: "large-text.png")
        #expect(try PNGImage(contentsOfFile: acceptedPath) == PNGImage(pngData: plain))
    }

    /// A chunk before the image data that declares more than the stream holds is reported as
    /// truncated, naming the chunk, without the allocation.
    @Test func chunkLongerThanTheStreamIsTruncated() throws {
        // tEXt declaring 1000 bytes; the stream ends 100 bytes after its header.
        let header = HandMadePNG.bigEndian(1000) + Array("tEXt".utf8)
        let (plain, _) = try Self.imageWithChunk([])
        let cut = Array(plain[..<33]) + header + [UInt8](repeating: 0x41, count: 100)
        let detail = "the tEXt chunk at byte 33 declares 1000 bytes and its checksum, 100 remain"
        let memoryError = #expect(throws: PNGError.self) { try PNGImage(pngData: cut, name: "cut.png") }
        #expect(memoryError == .invalidPNG(path: "cut.png", reason: "the data ends early, it is truncated (\(detail))"))
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = try folder.write(cut, to: "cut.png")
        let fileError = #expect(throws: PNGError.self) { try PNGImage(contentsOfFile: path) }
        #expect(fileError == .invalidPNG(path: path, reason: "file ends early, the data is truncated (\(detail))"))
    }

    /// The fuzzer's input, kept byte for byte: an interlaced 16-bit image (so the flattener
    /// reads it) whose chunk after IDAT has a damaged type, 49 FB FF 0C, and a bad checksum.
    /// The message quoted the type's bytes as they are, a form feed among them, so the
    /// error was not one line.
    static let damagedChunkType: [UInt8] = [
        0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d,
        0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x20, 0x00, 0x00, 0x00, 0x20,
        0x10, 0x06, 0x00, 0x00, 0x01, 0x54, 0xed, 0x96, 0x21, 0x00, 0x00, 0x00,
        0x04, 0x67, 0x41, 0x4d, 0x41, 0x00, 0x01, 0x86, 0xa0, 0x31, 0xe8, 0x96,
        0x5f, 0x00, 0x00, 0x00, 0x03, 0x71, 0x42, 0x49, 0x54, 0x04, 0x04, 0x04,
        0x77, 0xf8, 0xb5, 0xa3, 0x00, 0x00, 0x00, 0x0c, 0x50, 0x4c, 0x54, 0x45,
        0x00, 0xff, 0x00, 0x00, 0x77, 0xff, 0xff, 0x00, 0xff, 0xff, 0x77, 0x00,
        0xff, 0x56, 0x00, 0x64, 0x00, 0x00, 0x00, 0x1f, 0x49, 0x44, 0x41, 0x54,
        0x78, 0x9c, 0x63, 0x60, 0x00, 0x02, 0xfb, 0xff, 0x0c, 0x0c, 0x56, 0xab,
        0x19, 0x18, 0x2c, 0xa3, 0x81, 0x58, 0x1a, 0x42, 0x83, 0xf8, 0x20, 0x71,
        0x20, 0x00, 0x00, 0x69, 0x65, 0x05, 0xc3, 0x6a, 0x43, 0x7f, 0x23, 0x00,
        0x00, 0x00, 0x00, 0x49, 0xfb, 0xff, 0x0c, 0x0c, 0x56, 0xab, 0x19, 0x18,
        0x2c, 0xa3, 0x81, 0x58, 0x1a, 0x42, 0x83, 0xf8, 0x20, 0x71, 0x20, 0x00,
        0x00, 0x69, 0x65, 0x05, 0xc3, 0x6a, 0x43, 0x7f, 0x23, 0x45, 0x4e, 0x5b,
        0x44, 0xae, 0x42, 0x60, 0x82
    ]

    @Test func damagedChunkTypeIsEscapedInTheMessage() throws {
        let error = #expect(throws: PNGError.self) {
            try PNGImage(pngData: Self.damagedChunkType, name: "type.png")
        }
        #expect(error == .invalidPNG(path: "type.png", reason: #"I\xFB\xFF\x0C: CRC error"#))
        #expect(error.map { String(describing: $0).contains(where: \.isNewline) } == false)
    }
}
