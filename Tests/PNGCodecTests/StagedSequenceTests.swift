import Foundation
import PNGCodec
import Testing

/// A staged sequence's files appear all at once at `commit()`, each with the mode of the file
/// it replaces, or not at all: `discard()` leaves every destination as it was and no staged
/// file behind.
@Suite(.serialized) struct StagedSequenceTests {
    /// A sequence for `paths`; one is tracked at a time per process, and other suites' exports
    /// may hold it for a moment.
    static func sequence(_ paths: [String]) throws -> StagedSequence {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if let sequence = try StagedSequence(paths: paths) { return sequence }
            usleep(1_000)
        }
        throw PNGError.cannotCreate(path: paths[0], reason: "no sequence within 10 s")
    }

    static func staged(in folder: TemporaryDirectory) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".iconmorph-") }
    }

    @Test func filesStagedInAnyOrderAppearTogetherAtCommit() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let kept = try folder.write(Array("old".utf8), to: "f1.bin")
        #expect(chmod(kept, 0o600) == 0)
        let paths = (0..<4).map { folder.file("f\($0).bin") }
        let sequence = try Self.sequence(paths)
        for index in [2, 0, 3, 1] {
            try Array("frame \(index)".utf8).withUnsafeBytes { try sequence.stage($0, index: index) }
        }
        #expect(try Self.staged(in: folder).count == 4)
        #expect(try readBytes(kept) == Array("old".utf8))
        #expect(!FileManager.default.fileExists(atPath: paths[0]))
        try sequence.commit()
        for (index, path) in paths.enumerated() { #expect(try readBytes(path) == Array("frame \(index)".utf8)) }
        let mode = try FileManager.default.attributesOfItem(atPath: kept)[.posixPermissions] as? Int
        #expect(mode == 0o600, "the replaced file's mode")
        #expect(try Self.staged(in: folder).isEmpty)
    }

    @Test func aDiscardedSequenceLeavesTheDestinationsAsTheyWere() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let old = try folder.write(Array("old".utf8), to: "f0.bin")
        let paths = [old, folder.file("f1.bin")]
        let sequence = try Self.sequence(paths)
        try Array("new".utf8).withUnsafeBytes { try sequence.stage($0, index: 0) }
        try Array("new".utf8).withUnsafeBytes { try sequence.stage($0, index: 1) }
        sequence.discard()
        #expect(try readBytes(old) == Array("old".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["f0.bin"])
        // A sequence can be tracked again.
        try Self.sequence([folder.file("x.bin")]).discard()
    }

    /// Paths in two folders, or a destination that is not a regular file, are written one by
    /// one instead (nil); a directory at a destination is refused before anything is written.
    @Test func whatASequenceCannotStandFor() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.file("sub"), withIntermediateDirectories: false)
        #expect(try StagedSequence(paths: [folder.file("a.bin"), folder.file("sub/b.bin")]) == nil)
        #expect(try StagedSequence(paths: ["/dev/null"]) == nil)
        let error = #expect(throws: PNGError.self) { _ = try StagedSequence(paths: [folder.file("a.bin"), folder.file("sub")]) }
        #expect(error == .cannotCreate(path: folder.file("sub"), reason: "it is a directory"))
        #expect(try Self.staged(in: folder).isEmpty)
    }
}
