import Foundation
@testable import PNGCodec
import Testing

/// The writer is atomic like `AtomicFileWriter`: nothing at the destination until `finish()`,
/// an existing file untouched until then, no temporary file left after finish, cancel, deinit
/// or an error; and every error is a `PNGError` naming the path and the reason.
@Suite struct AnimatedPNGFileTests {
    typealias Samples = AnimatedPNGSamples

    static let frame = [UInt8](repeating: 128, count: 4 * 3)

    static func add(_ writer: AnimatedPNGWriter, _ alpha: [UInt8] = frame) throws {
        try alpha.withUnsafeBytes {
            try writer.addFrame(alpha: $0, red: 1, green: 2, blue: 3, delayNumerator: 1, delayDenominator: 30)
        }
    }

    @Test func nothingAppearsBeforeFinish() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("anim.apng")
        let writer = try AnimatedPNGWriter(path: path, width: 4, height: 3, loopCount: 0)
        try Self.add(writer)
        try Self.add(writer, Self.frame.map { $0 / 2 })
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(folder.temporaryFiles().count == 1)
        try writer.finish()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["anim.apng"])
        #expect(try APNGValidator(readBytes(path)).frameCount == 2)
    }

    @Test func existingFileIsReplacedOnlyOnFinish() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let old = Array("old contents".utf8)
        let path = try folder.write(old, to: "anim.apng")
        let writer = try AnimatedPNGWriter(path: path, width: 4, height: 3, loopCount: 1)
        try Self.add(writer)
        #expect(try readBytes(path) == old)
        writer.cancel()
        #expect(try readBytes(path) == old)
        #expect(folder.temporaryFiles().isEmpty)

        let second = try AnimatedPNGWriter(path: path, width: 4, height: 3, loopCount: 1)
        try Self.add(second)
        try second.finish()
        #expect(try APNGValidator(readBytes(path)).playCount == 1)
        #expect(folder.temporaryFiles().isEmpty)
    }

    @Test func cancelAndDeinitRemoveTheTemporaryFile() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("anim.apng")
        do {
            let writer = try AnimatedPNGWriter(path: path, width: 4, height: 3, loopCount: 0)
            try Self.add(writer)
            try Self.add(writer, Self.frame.map { $0 &+ 1 })
            #expect(folder.temporaryFiles().count == 1)
        }
        #expect(folder.temporaryFiles().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: path))

        let writer = try AnimatedPNGWriter(path: path, width: 4, height: 3, loopCount: 0)
        try Self.add(writer)
        writer.cancel()
        writer.cancel()
        #expect(folder.temporaryFiles().isEmpty)
        let afterCancel = #expect(throws: PNGError.self) { try Self.add(writer) }
        #expect(afterCancel == .writeFailed(path: path, reason: "the animation was cancelled"))
        #expect(throws: PNGError.self) { try writer.finish() }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func callsAfterFinishThrow() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("anim.apng")
        let writer = try AnimatedPNGWriter(path: path, width: 4, height: 3, loopCount: 0)
        try Self.add(writer)
        try writer.finish()
        let contents = try readBytes(path)
        let error = #expect(throws: PNGError.self) { try Self.add(writer) }
        #expect(error == .writeFailed(path: path, reason: "the animation was already finished"))
        #expect(throws: PNGError.self) { try writer.finish() }
        writer.cancel()
        #expect(try readBytes(path) == contents)
    }

    /// Bad arguments and unusable destinations: each error names the path and says why.
    @Test func errorsNameThePathAndTheReason() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("anim.apng")
        let cases: [(String, () throws -> Void, String)] = [
            ("zero width", { _ = try AnimatedPNGWriter(path: path, width: 0, height: 3, loopCount: 0) }, "not positive"),
            ("huge", { _ = try AnimatedPNGWriter(path: path, width: 1 << 40, height: 3, loopCount: 0) }, "larger than a PNG"),
            ("loops", { _ = try AnimatedPNGWriter(path: path, width: 4, height: 3, loopCount: -1) }, "loop count"),
            ("level", {
                _ = try AnimatedPNGWriter(
                    path: path, width: 4, height: 3, loopCount: 0, compression: PNGCompression(level: 12, filter: .none))
            }, "zlib level"),
            ("missing folder", {
                _ = try AnimatedPNGWriter(path: folder.file("missing/anim.apng"), width: 4, height: 3, loopCount: 0)
            }, "No such file"),
            ("directory", { _ = try AnimatedPNGWriter(path: folder.path, width: 4, height: 3, loopCount: 0) }, "directory"),
        ]
        for (label, body, reason) in cases {
            let error = #expect(throws: PNGError.self, "\(label)") { try body() }
            guard case .cannotCreate(let errorPath, let text)? = error else {
                Issue.record("\(label): expected cannotCreate, got \(String(describing: error))")
                continue
            }
            #expect(errorPath.hasPrefix(folder.path), "\(label)")
            #expect(text.contains(reason), "\(label): \(text)")
            #expect(error?.description.contains(errorPath) == true, "\(label)")
        }
        #expect(folder.temporaryFiles().isEmpty)
    }

    /// A frame of the wrong size is refused and the writer carries on; finishing with no
    /// frame is refused and leaves nothing behind.
    @Test func badFramesAndNoFrames() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("anim.apng")
        let writer = try AnimatedPNGWriter(path: path, width: 4, height: 3, loopCount: 0)
        let short = #expect(throws: PNGError.self) { try Self.add(writer, [1, 2, 3]) }
        #expect(short?.description.contains(path) == true)
        #expect(short?.description.contains("needs 12") == true)
        let rgba = #expect(throws: PNGError.self) {
            try [UInt8](repeating: 0, count: 12).withUnsafeBytes {
                try writer.addFrame(rgba: $0, delayNumerator: 1, delayDenominator: 1)
            }
        }
        #expect(rgba?.description.contains("needs 48") == true)
        try Self.add(writer)
        try writer.finish()
        #expect(try APNGValidator(readBytes(path)).frameCount == 1)

        let empty = try AnimatedPNGWriter(path: folder.file("empty.apng"), width: 4, height: 3, loopCount: 0)
        let none = #expect(throws: PNGError.self) { try empty.finish() }
        #expect(none == .cannotCreate(path: folder.file("empty.apng"), reason: "no frame was added"))
        #expect(!FileManager.default.fileExists(atPath: folder.file("empty.apng")))
        #expect(folder.temporaryFiles().isEmpty)
    }

    /// A symbolic link is written through; a device (here /dev/null) is written in place,
    /// from a file staged in the temporary folder.
    @Test func linksAndDevices() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let target = try folder.write([1], to: "target.apng")
        let link = folder.file("link.apng")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let frames = Samples.discFrames(size: 8, count: 3, fromRadius: 1, toRadius: 3)
        _ = try Samples.write(frames, to: link, width: 8, height: 8)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        try AnimatedPNGWriterTests.check(readBytes(target), against: frames, width: 8, height: 8, "through a link")
        #expect(folder.temporaryFiles().isEmpty)

        let writer = try AnimatedPNGWriter(path: "/dev/null", width: 8, height: 8, loopCount: 0)
        for frame in frames { try Samples.add(frame, to: writer) }
        try writer.finish()
    }
}
