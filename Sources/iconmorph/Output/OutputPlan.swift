import CExitCleanup

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The settled output of a command: one path per frame, a folder to create first, if any,
/// and the frame files an earlier run left after this one's last, to remove once it is
/// written.
struct OutputPlan: Equatable {
    var paths: [String]
    var folderToCreate: String?
    /// The files named as this sequence's frames `paths.count`, `paths.count + 1`, … that
    /// exist, up to the first that does not: what a reader of the sequence (`ffmpeg -i
    /// frame_%04d.png`) would take for more frames of it.
    var staleFrames: [String] = []

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

    /// Removes `staleFrames`; the count removed.
    func removeStaleFrames() -> Int {
        staleFrames.reduce(0) { $0 + (unlink($1) == 0 ? 1 : 0) }
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
