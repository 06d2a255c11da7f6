import CExitCleanup
import _IconMorphSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files so that a reader only ever sees the old file or the complete new one.
///
/// The bytes go to a uniquely named temporary sibling (`.NAME.XXXXXX.tmp`, NAME cut to 200
/// bytes), which is renamed over the destination only after every byte was written. On any
/// failure the temporary file is removed and the destination is untouched. Temporary files in
/// flight are tracked so that a program's interrupt handler can remove them with
/// `removeTemporaryFilesForExit()` before exiting.
///
/// A name for standard output (`/dev/stdout`) is not a file to replace: the bytes go through
/// descriptor 1, in place, as devices and FIFOs take theirs.
///
/// A file that is replaced keeps its permission bits and, where the process may set it, its
/// owner and group; a file the process could not write in place is not replaced at all
/// (`PNGError.cannotReplace`), since renaming over it would go around its permissions.
package enum AtomicFileWriter {
    private static let lock = MutexLock()
    nonisolated(unsafe) private static var cachedFileMode: mode_t?

    /// Writes `bytes` to `path`, replacing any existing file atomically.
    ///
    /// A new file gets mode `0666 & ~umask`, as a file created with `open(2)` would; a
    /// replaced one keeps its mode and owner.
    ///
    /// - Throws: `PNGError.cannotCreate` when the temporary file cannot be created or renamed
    ///   into place (missing or unwritable folder, `path` is a directory), `PNGError.writeFailed`
    ///   when writing fails part-way (disk full, file size limit), `PNGError.cannotReplace`
    ///   for an existing file this process could not write in place.
    package static func write(_ bytes: UnsafeRawBufferPointer, to path: String) throws {
        // `write(_ files:)` for one file, without its lists (each array of a new element type
        // is a metadata instantiation by the runtime on first use).
        switch try prepare(bytes, for: path) {
        case .staged(let temporary, let destination): try moveIntoPlace(temporary, destination)
        case .inPlace(let destination, let throughStandardOutput):
            try writeInPlace(bytes, to: destination, throughStandardOutput: throughStandardOutput)
        }
    }

    /// Writes several files that belong together (an image and the manifest that describes
    /// it), so that a failure leaves every destination as it was: each file is first written in
    /// full to a temporary sibling, and only when all are written are they renamed into place,
    /// in order. A rename does not need disk space, so a full disk or a file size limit stops
    /// the write before any destination changes. (A rename that fails after an earlier one
    /// succeeded, which takes a folder made read-only in between, leaves the earlier file in
    /// place.) Devices and FIFOs among the destinations are written in place, which cannot be
    /// undone, so before the renames: a device that refuses its bytes (/dev/full, a pipe whose
    /// reader stopped) leaves the files as they were, and so does an interrupt while a FIFO
    /// waits for its reader. The cost: the regular files land only after the device took its
    /// bytes, so a FIFO that nobody reads holds them back.
    ///
    /// - Throws: as `write(_:to:)`, naming the file that failed; every temporary file is
    ///   removed then.
    package static func write(_ files: [(bytes: UnsafeRawBufferPointer, path: String)]) throws {
        var staged: [(temporary: String, path: String)] = []
        var inPlace: [(bytes: UnsafeRawBufferPointer, path: String, throughStandardOutput: Bool)] = []
        func discard(_ files: ArraySlice<(temporary: String, path: String)>) {
            for file in files { removeTemporary(file.temporary) }
        }
        do {
            for file in files {
                switch try prepare(file.bytes, for: file.path) {
                case .staged(let temporary, let destination): staged.append((temporary, destination))
                case .inPlace(let destination, let throughStandardOutput): inPlace.append((file.bytes, destination, throughStandardOutput))
                }
            }
        } catch {
            discard(staged[...])
            throw error
        }
        do {
            for file in inPlace { try writeInPlace(file.bytes, to: file.path, throughStandardOutput: file.throughStandardOutput) }
        } catch {
            discard(staged[...])
            throw error
        }
        for (index, file) in staged.enumerated() {
            do {
                try moveIntoPlace(file.temporary, file.path)
            } catch {
                discard(staged[(index + 1)...])
                throw error
            }
        }
    }

    /// A file's bytes written in full beside their destination (`stage(_:for:)`), waiting to
    /// be put in place in one step (`moveIntoPlace()`) or given up (`discard()`), exactly one
    /// of the two: for writers that finish files out of order but must publish them in order.
    /// Until then the temporary file is tracked like any `write`'s, so an interrupt removes it.
    package struct StagedFile: Sendable {
        /// The path the bytes go to (through symbolic links).
        package let destination: String
        /// The temporary sibling holding the bytes, or nil for a device or FIFO destination,
        /// which gets `bytes` written in place at `moveIntoPlace()`.
        private let temporary: String?
        private let bytes: [UInt8]
        /// Whether the destination names standard output, which `bytes` go through.
        private let throughStandardOutput: Bool

        fileprivate init(_ prepared: Prepared, bytes: UnsafeRawBufferPointer) {
            switch prepared {
            case .staged(let temporary, let destination):
                (self.destination, self.temporary, self.bytes, throughStandardOutput) = (destination, temporary, [], false)
            case .inPlace(let destination, let throughStandardOutput):
                (self.destination, self.temporary, self.bytes) = (destination, nil, Array(bytes))
                self.throughStandardOutput = throughStandardOutput
            }
        }

        /// Renames the temporary file over the destination (or writes a device or FIFO).
        ///
        /// - Throws: as `AtomicFileWriter.write(_:to:)`; the temporary file is removed then.
        package func moveIntoPlace() throws {
            if let temporary {
                try AtomicFileWriter.moveIntoPlace(temporary, destination)
            } else {
                try bytes.withUnsafeBytes {
                    try AtomicFileWriter.writeInPlace($0, to: destination, throughStandardOutput: throughStandardOutput)
                }
            }
        }

        /// Removes the temporary file; the destination stays as it was.
        package func discard() {
            if let temporary { AtomicFileWriter.removeTemporary(temporary) }
        }
    }

    /// Writes `bytes` in full to a temporary sibling of `path` (as `write(_:to:)` does) and
    /// leaves it there until the returned file's `moveIntoPlace()` or `discard()`.
    ///
    /// - Throws: as `write(_:to:)` for everything up to the rename: a folder at `path`, a
    ///   folder that refuses the file, a full disk, a file this process could not write.
    package static func stage(_ bytes: UnsafeRawBufferPointer, for path: String) throws -> StagedFile {
        StagedFile(try prepare(bytes, for: path), bytes: bytes)
    }

    /// Where one file's bytes go: staged in full in a temporary sibling of a regular (or
    /// missing) destination, or to be written in place into a device or FIFO.
    fileprivate enum Prepared {
        case staged(temporary: String, destination: String)
        case inPlace(destination: String, throughStandardOutput: Bool)
    }

    /// Stages `bytes` for `path` (see `Prepared`). A name for this process's standard output
    /// is written in place through it (`isStandardOutputName`).
    private static func prepare(_ bytes: UnsafeRawBufferPointer, for path: String) throws -> Prepared {
        if isStandardOutputName(path) { return .inPlace(destination: path, throughStandardOutput: true) }
        let destination = try destination(of: path)
        guard destination.isRegular else { return .inPlace(destination: destination.path, throughStandardOutput: false) }
        // Nothing to replace where even lstat found nothing (one system call fewer a new file).
        let replaced = destination.isMissing ? nil : try replacedFile(at: destination.path)
        return .staged(temporary: try writeTemporary(bytes, for: destination.path, replacing: replaced), destination: destination.path)
    }

    /// Renames a staged file over its destination; on failure removes it and throws naming
    /// the destination.
    private static func moveIntoPlace(_ temporary: String, _ destination: String) throws {
        if rename(temporary, destination) != 0 {
            let code = errno
            removeTemporary(temporary)
            throw PNGError.cannotCreate(path: destination, reason: String(cString: strerror(code)))
        }
        forget(temporary)
    }

    /// Where a file written to `path` goes: `path` itself when it is a regular file or missing,
    /// the file a symbolic link resolves to, or (`isRegular` false) an existing device, FIFO or
    /// socket, to be written in place: for writers that fill a file by other means (an
    /// encoder writing the temporary sibling itself), so that they treat destinations as
    /// `write` does.
    ///
    /// - Throws: `PNGError.cannotCreate` for a directory or a link to a missing file.
    package static func resolvedDestination(of path: String) throws -> (path: String, isRegular: Bool) {
        let resolved = try destination(of: path)
        return (resolved.path, resolved.isRegular)
    }

    /// Where the bytes for `path` go (and whether nothing is there): `path` itself when it is a
    /// regular file or missing, the file a symbolic link resolves to (so the link stays and its
    /// target gets the new file), or, not regular, an existing device, FIFO or socket (also
    /// through a link that names none, as /dev/stdout into a pipe), which is written in place
    /// as a shell redirection would (replacing it by a file would delete `/dev/null` for
    /// root).
    ///
    /// - Throws: `PNGError.cannotCreate` for a directory or a link to a missing file.
    private static func destination(of path: String) throws -> (path: String, isRegular: Bool, isMissing: Bool) {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            // Missing is what a new file is; any other failure (a name too long, a folder on
            // the way that is not one, a loop of links) would stop the write itself, found
            // here before any work rather than at the rename after it.
            guard errno == ENOENT else { throw PNGError.cannotCreate(path: path, reason: String(cString: strerror(errno))) }
            return (path, true, true)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            return (path, true, false)
        case S_IFDIR:
            throw PNGError.cannotCreate(path: path, reason: "it is a directory")
        case S_IFLNK:
            guard let resolved = realpath(path, nil) else {
                let failure = errno
                // A link the system opens though its target has no name to resolve, such as
                // /dev/stdout into a pipe (/proc/self/fd/1 → pipe:[…]): a FIFO, socket or
                // device is written in place.
                var target = stat()
                if stat(path, &target) == 0, target.st_mode & S_IFMT != S_IFREG, target.st_mode & S_IFMT != S_IFDIR {
                    return (path, false, false)
                }
                throw PNGError.cannotCreate(
                    path: path,
                    reason: failure == ENOENT
                        ? "it is a symbolic link to a missing file"
                        : "it is a symbolic link that cannot be followed: " + String(cString: strerror(failure)))
            }
            defer { free(resolved) }
            return try destination(of: String(cString: resolved))
        default:
            return (path, false, false)
        }
    }

    /// Writes `bytes` in full to a new temporary sibling of `path` with the mode (and owner)
    /// of the file it replaces, or a new file's, and returns its name; on failure removes it
    /// and throws naming `path`.
    private static func writeTemporary(_ bytes: UnsafeRawBufferPointer, for path: String, replacing replaced: ReplacedFile?) throws -> String {
        let (fd, temporary) = try makeTemporaryFile(beside: path)
        func fail(_ error: PNGError) -> PNGError {
            removeTemporary(temporary)
            return error
        }
        if let code = DescriptorWriting.writeAll(bytes, to: fd) {
            close(fd)
            throw fail(.writeFailed(path: path, reason: String(cString: strerror(code))))
        }
        settle(fd, replacing: replaced)
        if close(fd) != 0 {
            throw fail(.writeFailed(path: path, reason: String(cString: strerror(errno))))
        }
        return temporary
    }

    /// Checks, without writing, that a write to `path` would not be refused for what is there
    /// now: a directory, a link to a missing file, or a file read-only to this process. For a
    /// run that writes many files and should fail before the first rather than halfway.
    ///
    /// Returns whether the write goes in place (a FIFO, socket or device), creating nothing
    /// beside `path`.
    ///
    /// - Throws: `PNGError.cannotCreate` or `PNGError.cannotReplace` naming `path`, as the
    ///   write would.
    @discardableResult
    package static func checkReplaceable(_ path: String) throws -> Bool {
        let writesInPlace = try !destination(of: path).isRegular
        _ = try replacedFile(at: path)
        return writesInPlace
    }

    /// What a replaced file passes on to the file that replaces it.
    package struct ReplacedFile: Sendable, Equatable {
        /// Its permission bits (no set-user-ID, set-group-ID or sticky bit).
        package var mode: mode_t
        package var owner: uid_t
        package var group: gid_t
    }

    /// The regular file at `path` (through symbolic links) that a write would replace, or
    /// `nil` when there is none.
    ///
    /// - Throws: `PNGError.cannotReplace` when it exists and this process could not write it
    ///   in place (`access(2)`, so root may, as with a shell redirection).
    package static func replacedFile(at path: String) throws -> ReplacedFile? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        guard access(path, W_OK) == 0 else { throw PNGError.cannotReplace(path: path) }
        return ReplacedFile(mode: info.st_mode & 0o777, owner: info.st_uid, group: info.st_gid)
    }

    /// Gives the open temporary file the owner and mode of the file it will replace (the
    /// owner only where the process may set it), or a new file's mode.
    package static func settle(_ descriptor: Int32, replacing replaced: ReplacedFile?) {
        guard let replaced else {
            fchmod(descriptor, fileMode())
            return
        }
        // Owner first: changing it clears permission bits the mode then sets again.
        _ = fchown(descriptor, replaced.owner, replaced.group)
        fchmod(descriptor, replaced.mode)
    }

    /// Creates a uniquely named temporary sibling of `path` (`.NAME.XXXXXX.tmp` in its folder,
    /// as `write` uses), open for writing, and tracks it for `removeTemporaryFilesForExit()`
    /// until `forgetTemporaryFile` is called. For writers that fill a file over time
    /// (`AnimatedPNGWriter`, a video encoder).
    ///
    /// - Throws: `PNGError.cannotCreate` naming `path`.
    package static func makeTemporaryFile(beside path: String) throws -> (descriptor: Int32, path: String) {
        let (directory, name) = split(path)
        // The temporary name adds 12 bytes; a long (but valid) name is shortened so that the
        // temporary one stays within NAME_MAX (255 bytes).
        var stem = name
        while stem.utf8.count > 200 { stem = stem.dropLast() }
        return try makeTemporaryFile(template: directory + "/." + String(stem) + ".XXXXXX.tmp", reportingAs: path)
    }

    /// Creates a file from a `mkstemps` template ending in `XXXXXX.tmp` and tracks it in
    /// `CExitCleanup`'s table, where a signal handler can remove it without taking a lock;
    /// creating and tracking it is one step no interrupt splits.
    ///
    /// - Throws: `PNGError.cannotCreate` naming `path`.
    package static func makeTemporaryFile(template: String, reportingAs path: String) throws -> (descriptor: Int32, path: String) {
        var templateBytes = Array(template.utf8CString)
        let fd = templateBytes.withUnsafeMutableBufferPointer { im_exit_cleanup_create_temporary($0.baseAddress!, 4) }
        if fd < 0 {
            let code = errno
            throw PNGError.cannotCreate(path: path, reason: String(cString: strerror(code)))
        }
        let temporary = templateBytes.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return (fd, temporary)
    }

    /// Stops tracking a temporary file that was renamed into place or removed.
    package static func forgetTemporaryFile(_ temporary: String) {
        forget(temporary)
    }

    /// The folder and the last component of `path`, split at its last "/" after trailing
    /// slashes are dropped: "a/b.png" gives ("CWD/a", "b.png"), "/b.png" gives ("", "b.png").
    ///
    /// A relative folder is made absolute with the working directory of the moment, so that
    /// `removeTemporaryFilesForExit()` finds the temporary file even if the working directory
    /// changes meanwhile. The folder keeps any "." and ".." as they are: the kernel resolves
    /// them after symbolic links, as it does for `path`, so the temporary file lands in the
    /// destination's folder and the rename stays within one file system.
    private static func split(_ path: String) -> (directory: String, name: Substring) {
        let slashByte = UInt8(ascii: "/")
        var trimmed = Substring(path)
        // Bytes, not Characters: a "/" followed by a combining mark is still a separator.
        while trimmed.utf8.count > 1, trimmed.utf8.last == slashByte {
            trimmed = trimmed[..<trimmed.utf8.index(before: trimmed.endIndex)]
        }
        guard let slash = trimmed.utf8.lastIndex(of: slashByte) else {
            return (workingDirectory(appending: ""), trimmed)
        }
        let name = trimmed[trimmed.utf8.index(after: slash)...]
        let folder = String(trimmed[..<slash])
        if slash == trimmed.startIndex || folder.utf8.first == slashByte { return (folder, name) }
        return (workingDirectory(appending: folder), name)
    }

    /// The working directory joined with the relative `folder` (which may be empty); `folder`
    /// alone, or "." for an empty one, when the working directory cannot be read.
    static func workingDirectory(appending folder: String) -> String {
        guard let cwd = getcwd(nil, 0) else { return folder.isEmpty ? "." : folder }
        defer { free(cwd) }
        var absolute = String(cString: cwd)
        if absolute == "/" { absolute = "" }
        return folder.isEmpty ? absolute : absolute + "/" + folder
    }

    /// Whether `path` is a symbolic link to this process's standard output, whatever that is
    /// (`/dev/stdout`, `/proc/self/fd/1`, `/dev/fd/1`): such a name is written through
    /// descriptor 1 itself, as a shell redirection expects, never replaced by a file. Into a
    /// redirected file the bytes land at the redirection's position (after `>>`, or between
    /// the other commands of a group writing there); reopened by name, they would start the
    /// file over, and a rename would replace the shell's file.
    package static func isStandardOutputName(_ path: String) -> Bool {
        var link = stat(), named = stat(), output = stat()
        guard lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK,
              stat(path, &named) == 0, fstat(STDOUT_FILENO, &output) == 0 else { return false }
        return named.st_dev == output.st_dev && named.st_ino == output.st_ino
    }

    /// Writes to an existing non-regular file (device, FIFO), or through standard output for
    /// a name of it (`throughStandardOutput`, as `prepare` found), directly: there is nothing
    /// to rename over, and nothing partial to protect.
    private static func writeInPlace(_ bytes: UnsafeRawBufferPointer, to path: String, throughStandardOutput: Bool) throws {
        if throughStandardOutput {
            if let code = DescriptorWriting.writeAll(bytes, to: STDOUT_FILENO) {
                throw PNGError.writeFailed(path: path, reason: String(cString: strerror(code)))
            }
            return
        }
        let fd = open(path, O_WRONLY)
        if fd < 0 {
            throw PNGError.cannotCreate(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(fd) }
        if let code = DescriptorWriting.writeAll(bytes, to: fd) {
            throw PNGError.writeFailed(path: path, reason: String(cString: strerror(code)))
        }
    }

    /// The folder for temporary files that cannot go beside their destination: `$TMPDIR`, or
    /// /tmp when it is unset or empty; and how messages name it ("/x ($TMPDIR)", or "/tmp").
    package static func temporaryFolder() -> (path: String, description: String) {
        guard let value = getenv("TMPDIR").map({ String(cString: $0) }), !value.isEmpty else { return ("/tmp", "/tmp") }
        return (value, value + " ($TMPDIR)")
    }

    /// Removes every temporary file that a `write` in progress has created and not yet renamed
    /// (and every folder `CExitCleanup` tracks that is then empty).
    ///
    /// Meant for an interrupt handler that runs on its own thread (for example one waiting in
    /// `sigwait`) just before the process exits: from then on no temporary file is created
    /// (a thread that tries waits for the end), because the process is about to end. (The
    /// `iconmorph` tool needs no such thread: its signal handler removes the same files,
    /// through `CExitCleanup`.)
    package static func removeTemporaryFilesForExit() {
        im_exit_cleanup_remove_temporaries()
    }

    private static func forget(_ temporary: String) {
        im_exit_cleanup_forget_temporary(temporary)
    }

    /// Deletes a temporary file that will not be renamed into place, and stops tracking it.
    private static func removeTemporary(_ temporary: String) {
        unlink(temporary)
        forget(temporary)
    }

    /// `0666 & ~umask`, the mode a new file gets; read once, because `umask` can only be read
    /// by setting it.
    static func fileMode() -> mode_t {
        lock.lock()
        defer { lock.unlock() }
        if let mode = cachedFileMode { return mode }
        let mask = umask(0o022)
        umask(mask)
        let mode = 0o666 & ~mask
        cachedFileMode = mode
        return mode
    }
}
