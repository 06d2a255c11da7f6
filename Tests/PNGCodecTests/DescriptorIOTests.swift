import _IconMorphSupport
import Foundation
import Testing

/// The write-all and read-all loops the modules share (`_IconMorphSupport`): every byte at the
/// position or at an offset; everything up to a ceiling, refusing more.
@Suite struct DescriptorIOTests {
    @Test func writeAllAppendsAndPatches() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("out.bin")
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try #require(fd >= 0)
        let block = [UInt8](0..<200)
        #expect(block.withUnsafeBytes { DescriptorWriting.writeAll($0, to: fd) } == nil)
        #expect([UInt8]().withUnsafeBytes { DescriptorWriting.writeAll($0, to: fd) } == nil)
        #expect([UInt8]([9, 9, 9]).withUnsafeBytes { DescriptorWriting.writeAll($0, to: fd, at: 10) } == nil)
        close(fd)
        var expected = block
        expected.replaceSubrange(10..<13, with: [9, 9, 9])
        #expect(try readBytes(path) == expected)
        // A descriptor that is not open reports its errno. (Not `fd`: another test running
        // meanwhile may have been given that number again.)
        #expect(block.withUnsafeBytes { DescriptorWriting.writeAll($0, to: -1) } == EBADF)
    }

    @Test func readAllStopsAtTheCeiling() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let bytes = (0..<150_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let path = try folder.write(bytes, to: "in.bin")
        let fd = open(path, O_RDONLY)
        try #require(fd >= 0)
        #expect(try WholeInputReading.readAll(descriptor: fd, limit: bytes.count) == bytes)
        close(fd)
        let file = try #require(fopen(path, "rb"))
        #expect(fgetc(file) == 0)  // from the stream's position, what stdio buffered included
        #expect(try WholeInputReading.readAll(file: file, limit: .max) == Array(bytes.dropFirst()))
        rewind(file)
        #expect(throws: WholeInputReading.Failure.tooLarge(limit: 1000)) {
            try WholeInputReading.readAll(file: file, limit: 1000)
        }
        fclose(file)
        #expect(throws: WholeInputReading.Failure.readFailed(errno: EBADF)) {
            try WholeInputReading.readAll(descriptor: -1, limit: 10)
        }
    }
}
