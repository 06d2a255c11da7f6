import Foundation
import Testing

/// Replacing an output keeps the file's mode (and owner, where the process may set it), and a
/// file the user could not write in place is refused, not replaced. Run as a user who is not
/// root: as `nobody` (through `setpriv`) when the tests run as root, else as the tests' user.
@Suite(.serialized)
struct FileModeTests {
    static let isRoot = getuid() == 0

    /// Runs the built binary as a user who is not root.
    static func runUnprivileged(_ arguments: [String]) throws -> BinaryRunResult {
        let binary = try Binary.locate()
        guard isRoot else { return try ExportRun.run(binary, arguments) }
        return try ExportRun.run("setpriv", ["--reuid=nobody", "--regid=nogroup", "--clear-groups", binary] + arguments)
    }

    static func attributes(_ path: String) throws -> (mode: Int, owner: Int) {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return ((attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1, (attributes[.ownerAccountID] as? NSNumber)?.intValue ?? -1)
    }

    /// A scratch folder everyone may write in, as a shared folder would be.
    static func sharedFolder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.path)
        return folder
    }

    static let render = ["render", "--from", "heart", "--to", "star", "--progress", "0.5", "-q", "-o"]

    @Test func aPrivateFileStaysPrivate() throws {
        let folder = try Self.sharedFolder()
        defer { folder.remove() }
        // The user makes a file, makes it private, and renders over it.
        for (format, name) in [("png", "private.png"), ("svg", "private.svg")] {
            let path = folder.file(name)
            #expect(try Self.runUnprivileged(Self.render + [path]).status == 0)
            let owner = try Self.attributes(path).owner
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            let run = try Self.runUnprivileged(["render", "--from", "play", "--to", "pause", "--progress", "0.3", "-q", "--format", format, "-o", path])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) != before)
            let after = try Self.attributes(path)
            #expect(after.mode == 0o600 && after.owner == owner, "\(format): mode \(String(after.mode, radix: 8)), owner \(after.owner)")
        }
    }

    @Test func aFileReadOnlyToTheUserIsRefused() throws {
        let folder = try Self.sharedFolder()
        defer { folder.remove() }
        // Someone else's read-only file in a folder the user may write in: renaming a new
        // file over it would work, and is refused.
        let path = folder.file("theirs.png")
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        for extra in [[String](), ["--frames", "3", "--format", "apng"], ["--frames", "3", "--format", "sheet"]] {
            let arguments = ["render", "--from", "heart", "--to", "star"] + (extra.isEmpty ? ["--progress", "0.5"] : extra) + ["-q", "-o", path]
            let run = try Self.runUnprivileged(arguments)
            #expect(run.status == 73, "\(extra): \(run.stderr)")
            #expect(run.stderr == "iconmorph: error: \(path): cannot replace it: the file is read-only to you "
                        + "(change its permissions, or write elsewhere)\n", "\(run.stderr)")
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep me")
            #expect(try Self.attributes(path).mode == 0o444)
        }
        // Nothing else was left in the folder.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["theirs.png"])
    }

    @Test func rootKeepsTheOwnerOfAFileItReplaces() throws {
        // Only root may give a file to someone else; as another user the file would become
        // theirs, so this holds for root alone (the tests' user otherwise keeps its own).
        let folder = try Self.sharedFolder()
        defer { folder.remove() }
        let path = folder.file("shared.png")
        #expect(try Self.runUnprivileged(Self.render + [path]).status == 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        let before = try Self.attributes(path)
        let run = try ExportRun.iconmorph(["render", "--from", "bell", "--to", "star", "--progress", "0.5", "-q", "-o", path])
        #expect(run.status == 0, "\(run.stderr)")
        let after = try Self.attributes(path)
        #expect(after.mode == 0o640 && after.owner == before.owner, "mode \(String(after.mode, radix: 8)), owner \(after.owner) was \(before.owner)")
        #expect(!Self.isRoot || before.owner != 0, "the file was to belong to another user")
    }
}
