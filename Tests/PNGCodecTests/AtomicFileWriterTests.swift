import Foundation
import PNGCodec
import Testing

/// The destination only ever holds its old contents or the complete new ones, and no
/// temporary sibling outlives a call.
@Suite struct AtomicFileWriterTests {
    func write(_ bytes: [UInt8], to path: String) throws {
        try bytes.withUnsafeBytes { try AtomicFileWriter.write($0, to: path) }
    }

    @Test func writesNewFile() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("new.bin")
        let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try write(bytes, to: path)
        #expect(try readBytes(path) == bytes)
        #expect(folder.temporaryFiles().isEmpty)
        try write([], to: folder.file("empty.bin"))
        #expect(try readBytes(folder.file("empty.bin")) == [])
    }

    @Test func replacesExistingFile() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = try folder.write(Array("old contents, longer than the new ones".utf8), to: "file.bin")
        try write(Array("new".utf8), to: path)
        #expect(try readBytes(path) == Array("new".utf8))
        #expect(folder.temporaryFiles().isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["file.bin"])
    }

    /// A staged file is complete in its temporary sibling and absent at the destination until
    /// it is moved into place; a discarded one leaves the destination as it was.
    @Test func stagedFilesAppearOnlyWhenMovedIntoPlace() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let old = try folder.write(Array("old".utf8), to: "kept.bin")
        let new = folder.file("new.bin")
        let bytes = (0..<50_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let staged = try bytes.withUnsafeBytes { try AtomicFileWriter.stage($0, for: new) }
        let dropped = try bytes.withUnsafeBytes { try AtomicFileWriter.stage($0, for: old) }
        #expect(!FileManager.default.fileExists(atPath: new))
        let temporaries = folder.temporaryFiles()
        #expect(temporaries.count == 2)
        #expect(try temporaries.allSatisfy { try readBytes(folder.file($0)) == bytes })
        try staged.moveIntoPlace()
        dropped.discard()
        #expect(try readBytes(new) == bytes)
        #expect(try readBytes(old) == Array("old".utf8))
        #expect(folder.temporaryFiles().isEmpty)
    }

    /// What `write` refuses before writing, `stage` refuses the same way.
    @Test func stagingADirectoryIsCannotCreate() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let target = folder.file("taken")
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
        let error = #expect(throws: PNGError.self) {
            _ = try [UInt8]([1]).withUnsafeBytes { try AtomicFileWriter.stage($0, for: target) }
        }
        #expect(error == .cannotCreate(path: target, reason: "it is a directory"))
        #expect(folder.temporaryFiles().isEmpty)
    }

    @Test func missingDirectoryIsCannotCreate() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("missing/out.png")
        let error = #expect(throws: PNGError.self) { try write([1, 2, 3], to: path) }
        guard case .cannotCreate(let errorPath, let reason)? = error else {
            Issue.record("expected cannotCreate, got \(String(describing: error))")
            return
        }
        #expect(errorPath == path)
        #expect(!reason.isEmpty)
        #expect(error?.description.contains(path) == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// A directory in the way is refused and left as it was, contents included.
    @Test func directoryDestinationIsCannotCreate() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let target = folder.file("taken")
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
        _ = try folder.write([9, 9], to: "taken/inside.bin")
        let error = #expect(throws: PNGError.self) { try write([1, 2, 3], to: target) }
        guard case .cannotCreate(let errorPath, _)? = error else {
            Issue.record("expected cannotCreate, got \(String(describing: error))")
            return
        }
        #expect(errorPath == target)
        #expect(try readBytes(target + "/inside.bin") == [9, 9])
        #expect(folder.temporaryFiles().isEmpty)
        #expect(folder.temporaryFiles(in: target).isEmpty)
    }

    /// When the write fails, an existing destination keeps its previous contents: here the
    /// image cannot be written because its folder is really a file.
    @Test func failedWriteLeavesDestinationIntact() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let previous = Array("previous".utf8)
        let blocker = try folder.write(previous, to: "blocker")
        let image = try PNGImage(width: 2, height: 2, format: .grayAlpha, pixels: [1, 2, 3, 4, 5, 6, 7, 8])
        let error = #expect(throws: PNGError.self) { try image.write(toFile: blocker + "/out.png") }
        guard case .cannotCreate(let errorPath, _)? = error else {
            Issue.record("expected cannotCreate, got \(String(describing: error))")
            return
        }
        #expect(errorPath == blocker + "/out.png")
        #expect(try readBytes(blocker) == previous)
        #expect(folder.temporaryFiles().isEmpty)

        // Writing over a directory fails too; the file beside it is unaffected.
        try FileManager.default.createDirectory(atPath: folder.file("dir.png"), withIntermediateDirectories: false)
        #expect(throws: PNGError.self) { try image.write(toFile: folder.file("dir.png")) }
        #expect(try readBytes(blocker) == previous)
        #expect(folder.temporaryFiles().isEmpty)
    }

    /// A destination name of 255 bytes (the most a file system allows) still works, although
    /// its temporary sibling's name would be longer.
    @Test func longestFileNameWorks() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let name = String(repeating: "é", count: 125) + "x.png"  // 250 + 5 bytes of UTF-8
        #expect(name.utf8.count == 255)
        let path = folder.file(name)
        try write(Array("first".utf8), to: path)
        try write(Array("second".utf8), to: path)
        #expect(try readBytes(path) == Array("second".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [name])
    }

    @Test func newFileGetsUmaskMode() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("mode.bin")
        try write([0], to: path)
        let mask = umask(0o022)
        umask(mask)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        let mode = (attributes[.posixPermissions] as? NSNumber)?.uint16Value
        #expect(mode == UInt16(0o666 & ~mask))
    }
    /// Writes `files` (bytes, path) together.
    func writeTogether(_ files: [([UInt8], String)]) throws {
        func stage(_ rest: ArraySlice<([UInt8], String)>, _ done: [(bytes: UnsafeRawBufferPointer, path: String)]) throws {
            guard let first = rest.first else { return try AtomicFileWriter.write(done) }
            try first.0.withUnsafeBytes { try stage(rest.dropFirst(), done + [($0, first.1)]) }
        }
        try stage(files[...], [])
    }

    @Test("files written together all replace their destinations")
    func filesWrittenTogether() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let image = try folder.write(Array("old image".utf8), to: "sheet.png")
        let manifest = folder.file("sheet.json")
        try writeTogether([(Array("new image".utf8), image), (Array("{}".utf8), manifest)])
        #expect(try readBytes(image) == Array("new image".utf8))
        #expect(try readBytes(manifest) == Array("{}".utf8))
        #expect(folder.temporaryFiles().isEmpty)
    }

    /// /dev/full exists on Linux only.
    #if os(Linux)
    static let fullDevice = ["a full device"]
    #else
    static let fullDevice: [String] = []
    #endif

    @Test("when one file of a group cannot be written, no destination changes",
          arguments: ["a directory", "a missing folder", "a link to a missing file"] + Self.fullDevice)
    func groupFailureChangesNothing(_ obstacle: String) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let image = try folder.write(Array("old image".utf8), to: "sheet.png")
        let manifest: String
        switch obstacle {
        case "a directory":
            manifest = folder.file("sheet.json")
            try FileManager.default.createDirectory(atPath: manifest, withIntermediateDirectories: false)
        case "a missing folder":
            manifest = folder.file("missing/sheet.json")
        case "a full device":
            // Written in place, and refused: before the image's rename, which then never happens.
            manifest = "/dev/full"
        default:
            manifest = folder.file("sheet.json")
            try FileManager.default.createSymbolicLink(atPath: manifest, withDestinationPath: folder.file("nowhere/x"))
        }
        let before = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let error = #expect(throws: PNGError.self) {
            try writeTogether([(Array("new image".utf8), image), (Array("{}".utf8), manifest)])
        }
        #expect(error?.description.contains(manifest) == true)
        #expect(try readBytes(image) == Array("old image".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == before)
        #expect(folder.temporaryFiles().isEmpty)
    }
}
