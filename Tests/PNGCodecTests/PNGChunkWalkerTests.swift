import Foundation
@testable import PNGCodec
import Testing

/// The one chunk walker: the same headers from memory and from a file, lengths and types as
/// declared (even past the end of the stream, for the callers to judge), and the end where
/// fewer than 8 bytes remain.
@Suite struct PNGChunkWalkerTests {
    static let stream = HandMadePNG.headerOnly(width: 3, height: 2) + [0, 0, 0, 0xFF, 0x7A, 0x54, 0x58, 0x74, 1, 2, 3]

    static func walk(_ source: some PNGByteSource) throws -> [PNGChunkHeader] {
        var chunks = PNGChunkWalker(source)
        #expect(try chunks.hasSignature())
        var headers: [PNGChunkHeader] = []
        while let chunk = try chunks.next() { headers.append(chunk) }
        return headers
    }

    @Test func memoryAndFileGiveTheSameHeaders() throws {
        let fromMemory = try Self.stream.withUnsafeBytes { try Self.walk(PNGMemorySource($0)) }
        #expect(fromMemory.map(\.type.name) == ["IHDR", "IDAT", "IEND", "zTXt"])
        #expect(fromMemory.map(\.offset) == [8, 33, 56, 68])
        #expect(fromMemory.map(\.length) == [13, 11, 0, 255])
        #expect(fromMemory[0].dataOffset == 16 && fromMemory[0].checksumOffset == 29 && fromMemory[0].end == 33)
        #expect(fromMemory.map { $0.type.isAncillary } == [false, false, false, true])

        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = try folder.write(Self.stream, to: "walk.png")
        let file = try #require(fopen(path, "rb"))
        defer { fclose(file) }
        let source = PNGFileSource(file, name: path)
        #expect(source.length == Self.stream.count)
        #expect(try Self.walk(source) == fromMemory)
    }

    /// A damaged type is escaped for messages, byte by byte.
    @Test func typeNamesAreEscaped() {
        #expect(PNGChunkType(rawValue: 0x49FB_FF0C).name == #"I\xFB\xFF\x0C"#)
        #expect(PNGChunkType("fdAT") == .frameData)
    }

    /// What the walker needs to start: the signature; without it nothing is walked by the callers.
    @Test func signature() throws {
        var bytes = Self.stream
        bytes[3] = 0
        for damaged in [bytes, Array(Self.stream.prefix(7))] {
            let (starts, walkerSees) = try damaged.withUnsafeBytes { raw in
                (PNGSignature.starts(raw), try PNGChunkWalker(PNGMemorySource(raw)).hasSignature())
            }
            #expect(!starts && !walkerSees)
        }
        let (starts, walkerSees) = try Self.stream.withUnsafeBytes { raw in
            (PNGSignature.starts(raw), try PNGChunkWalker(PNGMemorySource(raw)).hasSignature())
        }
        #expect(starts && walkerSees)
        // The form other modules use (`package`), against the specification's bytes.
        #expect(PNGSignature.bytes == HandMadePNG.signature)
        #expect(Self.stream[...].withUnsafeBytes(PNGSignature.starts) && !bytes[...].withUnsafeBytes(PNGSignature.starts))
    }
}
