import CExitCleanup
import PNGCodec

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The settled output of a command: one path per frame, a folder to create first, if any,
/// and the frame files an earlier run left after this one's last.
struct OutputPlan: Equatable {
    var paths: [String]
    var folderToCreate: String?
    /// The files named as this sequence's frames `paths.count`, `paths.count + 1`, … that
    /// exist, up to the first that does not: what a reader of the sequence (`ffmpeg -i
    /// frame_%04d.png`) would take for more frames of it.
    var staleFrames: [String] = []
    /// Whether `staleFrames` are removed once the sequence is written: in a folder of frames,
    /// whose names are iconmorph's own (`frame_0000.png`); a pattern's names are the user's
    /// (`IMG_%d.png`), so its later files are only warned of.
    var removesStaleFrames = false

    /// The files named as frames `first`, `first + 1`, … by `name` that are regular files, up
    /// to the first that is not.
    static func staleFrames(from first: Int, name: (Int) -> String) -> [String] {
        var found: [String] = []
        var info = stat()
        var k = first
        while k < Int(Int32.max), lstat(name(k), &info) == 0, info.st_mode & S_IFMT == S_IFREG {
            found.append(name(k))
            k += 1
        }
        return found
    }

    /// The `staleFrames` to remove: those that hold a frame as iconmorph writes one (a PNG, or
    /// an SVG document), except `inputs` (the last frame of an earlier run may be this one's
    /// icon); none unless `removesStaleFrames`. A frame kept leaves a gap, where a reader of
    /// the sequence stops.
    func staleFramesToRemove(sparing inputs: [String]) -> [String] {
        guard removesStaleFrames else { return [] }
        return staleFrames.filter { path in
            !inputs.contains { OutputSafety.nameTheSameFile($0, path) } && Self.holdsAFrame(path)
        }
    }

    /// Whether the file at `path` starts as a frame file of iconmorph's does: the PNG
    /// signature, or an SVG document's `<svg`.
    static func holdsAFrame(_ path: String) -> Bool {
        guard let file = fopen(path, "rb") else { return false }
        defer { fclose(file) }
        var start = [UInt8](repeating: 0, count: PNGSignature.count)
        let count = fread(&start, 1, start.count, file)
        return start.prefix(count).withUnsafeBytes(PNGSignature.starts)
            || (count >= 4 && start[0..<4].elementsEqual("<svg".utf8))
    }

    /// Creates the missing output folder (one level, like `mkdir`), tracked so that an
    /// interrupt before the first frame file removes it again (`im_exit_cleanup_create_folder`).
    ///
    /// - Throws: `OutputError.cannotCreateFolder` with the system's reason.
    func createFolder() throws {
        guard let folder = folderToCreate else { return }
        // Absolute, as the temporary files are: what the interrupt removes must not depend on
        // the working folder.
        let absolute = folder.hasPrefix("/") ? folder : currentFolder() + "/" + folder
        if im_exit_cleanup_create_folder(absolute, 0o777) != 0 {
            let code = errno
            if code == EEXIST, isDirectory(folder) { return }
            throw OutputError.cannotCreateFolder(path: folder, reason: String(cString: strerror(code)))
        }
    }

    /// Removes the folder `createFolder()` made when it is still empty: a run that failed
    /// before its first frame file leaves no new empty folder behind. (`rmdir` removes only
    /// an empty folder, so frames written by then stay.)
    func removeCreatedFolderIfEmpty() {
        guard let folder = folderToCreate else { return }
        rmdir(folder)
    }
}
