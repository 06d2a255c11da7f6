/// A failure to prepare where the output goes, found before any frame is rendered.
///
/// Failures to write the PNG files themselves are `PNGError`s from the codec.
enum OutputError: Error, Equatable, CustomStringConvertible {
    /// A folder for the output does not exist and cannot be created.
    case cannotCreateFolder(path: String, reason: String)
    /// A path that must be a folder is something else.
    case notAFolder(path: String)
    /// The folder a file would go into does not exist.
    case missingFolder(file: String, folder: String)
    /// A video output needs ffmpeg, which is not on the `PATH`.
    case encoderMissing(path: String)
    /// ffmpeg could not be started or failed; `reason` is its last line.
    case encoderFailed(path: String, reason: String)

    var description: String {
        switch self {
        case .cannotCreateFolder(let path, let reason):
            "\(path): cannot create folder: \(reason)"
        case .notAFolder(let path):
            "\(path): exists and is not a folder"
        case .missingFolder(let file, let folder) where file == folder:
            // A folder named for one file (`-o out/` with one frame): only an existing one takes it.
            "\(file): cannot create: folder '\(folder)' does not exist; a single file goes into a folder that "
                + "exists, so create it first or give a file name"
        case .missingFolder(let file, let folder):
            "\(file): cannot create: folder '\(folder)' does not exist"
        case .encoderMissing(let path):
            "\(path): writing videos, GIF and WebP needs ffmpeg, which is not on the PATH; install it (apt-get install ffmpeg, "
                + "brew install ffmpeg) or write PNG frames"
        case .encoderFailed(let path, let reason):
            "\(path): ffmpeg failed: \(reason)"
        }
    }
}
