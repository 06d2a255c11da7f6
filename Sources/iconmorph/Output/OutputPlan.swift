import CExitCleanup

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The settled output of a command: one path per frame, and a folder to create first, if any.
struct OutputPlan: Equatable {
    var paths: [String]
    var folderToCreate: String?

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
