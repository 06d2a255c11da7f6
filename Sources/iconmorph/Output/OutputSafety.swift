import PNGCodec

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Checks made before any frame is rendered, so that a run that cannot finish fails at once
/// and leaves every existing file as it was.
///
/// - An output that is one of the input icons would replace that icon: refused as a
///   command-line conflict (exit 64), whatever the spelling (`./a.png`, a symbolic link,
///   another hard link).
/// - A file written only at the end (a sheet, a strip, its manifest) is tried first: a
///   temporary file is created and removed in its folder, so that a folder that refuses new
///   files (permissions, a read-only file system, `/sys`) is reported before the frames are
///   rendered. The sheet and its manifest are then written together
///   (`AtomicFileWriter.write(_:)` with both): a full disk or a file size limit leaves
///   neither. A file read-only to the user is refused here too, before any work.
enum OutputSafety {
    /// The file system identity of the file at `path` (through symbolic links), or `nil` when
    /// there is none.
    private static func identity(of path: String) -> (device: UInt64, inode: UInt64)? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR else { return nil }
        return (UInt64(info.st_dev), UInt64(info.st_ino))
    }

    /// Whether `a` and `b` name one file, however spelled (`s.png`, `./s.png`, a path through
    /// a linked folder, a symbolic link or another hard link), whether or not it exists yet.
    static func nameTheSameFile(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        if let first = identity(of: a), let second = identity(of: b) { return first == second }
        return resolved(a) == resolved(b)
    }

    /// `path` with its folder resolved (`realpath(3)`), for a file that need not exist yet.
    private static func resolved(_ path: String) -> String {
        var name = Substring(path)
        while name.count > 1, name.hasSuffix("/") { name = name.dropLast() }
        if let slash = name.lastIndex(of: "/") { name = name[name.index(after: slash)...] }
        guard let folder = realpath(parentFolder(of: path), nil) else { return path }
        defer { free(folder) }
        return join(String(cString: folder), String(name))
    }

    /// Throws when an output path names the same file as an input icon.
    ///
    /// - Parameters:
    ///   - inputs: each icon option with its text as given (`-` and symbol names match no file).
    ///   - outputs: each output option's spelling with the paths it writes.
    /// - Throws: `CommandLineError.invalidSetting` naming the output option, the path and the
    ///   input option.
    static func checkInputsSpared(inputs: [(option: String, text: String)], outputs: [(option: String, paths: [String])]) throws {
        let files = inputs.compactMap { input in
            input.text == "-" ? nil : identity(of: input.text).map { (input.option, $0) }
        }
        guard !files.isEmpty else { return }
        for output in outputs {
            for path in output.paths {
                guard let written = identity(of: path) else { continue }
                if let (option, _) = files.first(where: { $0.1 == written }) {
                    throw CommandLineError.invalidSetting(
                        option: output.option,
                        reason: "\(quoted(path)) is the \(option) \(option == "--timeline" ? "file" : "icon"); "
                            + "writing it would replace the input, "
                            + "so give another output path")
                }
            }
        }
    }

    /// Creates and removes a temporary file beside `path`, as the atomic writer will, and
    /// checks that `path` itself may be written: not a folder, a name the system takes (not
    /// too long), a file there not read-only. (The temporary file has a short name of its
    /// own: a sheet with a manifest named too long was renamed into place before the
    /// manifest's rename failed.)
    ///
    /// - Throws: `PNGError.cannotCreate` naming `path`, with the system's reason, or
    ///   `PNGError.cannotReplace` for a file there that is read-only to this process.
    static func probeCreatable(_ path: String) throws {
        // Standard output, a FIFO or a device is written in place: nothing is created beside
        // it (a probe in /dev was refused to every user but root).
        if try AtomicFileWriter.checkReplaceable(path) || AtomicFileWriter.isStandardOutputName(path) { return }
        var template = Array((parentFolder(of: path) + "/.iconmorph-probe.XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw PNGError.cannotCreate(path: path, reason: String(cString: strerror(errno)))
        }
        close(descriptor)
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    }
}
