import CExitCleanup
import _IconMorphSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A sequence of files that appears whole or not at all: each file is written in full under a
/// temporary name in its folder (`.iconmorph-TOKEN-N.tmp`, any order, from any thread), and
/// `commit()` renames them all over their destinations, in order, as one step an interrupt
/// waits for. A run that fails or is stopped before then leaves every destination as it was:
/// a folder of frames from an earlier run keeps those frames, never some of each run.
///
/// The staged files are tracked by `CExitCleanup` as one sequence (one at a time), so an
/// interrupt removes them however many there are; `discard()` removes them otherwise. Each
/// takes the mode and owner of the file it will replace, as `AtomicFileWriter` does.
package final class StagedSequence: @unchecked Sendable {
    /// The destinations, in order (regular files or missing, all in one folder), as given.
    package let destinations: [String]
    /// The same made absolute when the sequence was made, as the staged files' names are, so
    /// that a change of working directory meanwhile moves neither.
    private let absoluteDestinations: [String]
    /// What each destination passes on to its replacement (nil: none there).
    private let replaced: [AtomicFileWriter.ReplacedFile?]
    private var committed = false

    /// A sequence for `paths`, or nil where one cannot stand for per-file writes: paths in
    /// several folders, a destination that is not a regular file or missing (a device, a
    /// link, standard output), another sequence being tracked.
    ///
    /// - Throws: `PNGError.cannotCreate` or `.cannotReplace` for a destination a write would
    ///   refuse (a directory, a file read-only to this process), before anything is written.
    package init?(paths: [String]) throws {
        guard let first = paths.first else { return nil }
        let folder = Self.folder(of: first)
        var replaced: [AtomicFileWriter.ReplacedFile?] = []
        replaced.reserveCapacity(paths.count)
        for path in paths {
            guard Self.folder(of: path) == folder else { return nil }
            var info = stat()
            if lstat(path, &info) == 0 {
                let kind = info.st_mode & S_IFMT
                if kind == S_IFDIR { throw PNGError.cannotCreate(path: path, reason: "it is a directory") }
                guard kind == S_IFREG else { return nil }
            }
            replaced.append(try AtomicFileWriter.replacedFile(at: path))
        }
        let token = String(UInt64.random(in: 0..<(1 << 48)), radix: 36)
        let workingDirectory = AtomicFileWriter.workingDirectory(appending: "")
        func absolute(_ path: String) -> String { path.hasPrefix("/") ? path : workingDirectory + "/" + path }
        guard im_exit_cleanup_track_sequence(absolute(folder) + "/.iconmorph-" + token + "-") == 0 else { return nil }
        destinations = paths
        absoluteDestinations = paths.map(absolute)
        self.replaced = replaced
    }

    deinit {
        if !committed { im_exit_cleanup_discard_sequence() }
    }

    /// Writes `bytes` in full as file `index`'s staged copy.
    ///
    /// - Throws: `PNGError.cannotCreate` or `.writeFailed` naming the destination; the staged
    ///   copy is removed with the others by `discard()` or an interrupt.
    package func stage(_ bytes: UnsafeRawBufferPointer, index: Int) throws {
        let path = destinations[index]
        let fd = im_exit_cleanup_create_sequence_file(index, AtomicFileWriter.fileMode())
        guard fd >= 0 else { throw PNGError.cannotCreate(path: path, reason: String(cString: strerror(errno))) }
        if let code = DescriptorWriting.writeAll(bytes, to: fd) {
            close(fd)
            throw PNGError.writeFailed(path: path, reason: String(cString: strerror(code)))
        }
        AtomicFileWriter.settle(fd, replacing: replaced[index])
        if close(fd) != 0 { throw PNGError.writeFailed(path: path, reason: String(cString: strerror(errno))) }
    }

    /// Renames every staged file over its destination, in order, then removes `stale` (the
    /// files an earlier, longer sequence left after this one's last), as one step that an
    /// interrupt waits for to its end; call once every file is staged.
    ///
    /// - Throws: `PNGError.cannotCreate` naming the destination whose rename failed (the
    ///   files before it are in place, nothing is removed, and the rest stay staged for
    ///   `discard()`: only something else changing the folder meanwhile makes a rename fail).
    package func commit(removing stale: [String] = []) throws {
        let names = absoluteDestinations.map { strdup($0) }, removals = stale.map { strdup($0) }
        defer { for pointer in names + removals { free(pointer) } }
        guard !names.contains(nil), !removals.contains(nil) else {
            throw PNGError.cannotCreate(path: destinations[0], reason: String(cString: strerror(ENOMEM)))
        }
        var failed = 0
        let code = names.map { UnsafePointer($0) }.withUnsafeBufferPointer { names in
            removals.map { UnsafePointer($0) }.withUnsafeBufferPointer { removals in
                im_exit_cleanup_commit_sequence(names.baseAddress, names.count, removals.baseAddress, removals.count, &failed)
            }
        }
        guard code == 0 else {
            throw PNGError.cannotCreate(path: destinations[failed], reason: String(cString: strerror(code)))
        }
        committed = true
    }

    /// Removes the staged files; the destinations stay as they were.
    package func discard() {
        guard !committed else { return }
        committed = true
        im_exit_cleanup_discard_sequence()
    }

    /// The folder part of `path` ("." for a bare name).
    private static func folder(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

}
