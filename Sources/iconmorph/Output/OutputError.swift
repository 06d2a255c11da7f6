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

    var description: String {
        switch self {
        case .cannotCreateFolder(let path, let reason):
            "\(path): cannot create folder: \(reason)"
        case .notAFolder(let path):
            "\(path): exists and is not a folder"
        case .missingFolder(let file, let folder):
            "\(file): cannot create: folder '\(folder)' does not exist"
        }
    }
}
