/// A failure to read, decode, encode or write a PNG image.
///
/// Every case carries the path (or `"<memory>"` for in-memory data) and the reason, and
/// `description` is a sentence a user can act on.
public enum PNGError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The input file does not exist.
    case fileNotFound(path: String)
    /// The input exists but cannot be read (permissions, a directory, an I/O error).
    case unreadable(path: String, reason: String)
    /// The data is not a PNG image that can be decoded; `reason` is libpng's message, or says
    /// that the data is empty or truncated.
    case invalidPNG(path: String, reason: String)
    /// The header declares more pixels than the decoder was allowed to allocate.
    case tooLarge(path: String, width: Int, height: Int, limit: Int)
    /// The header declares a side longer than libpng reads (`PNGImage.longestSide`), however
    /// few pixels the image has.
    case sideTooLong(path: String, width: Int, height: Int, limit: Int)
    /// An image handed to the encoder is inconsistent.
    case invalidImage(reason: String)
    /// The encoder cannot write the image: a zlib level outside 0…9, dimensions beyond what
    /// a PNG can hold, or a failure libpng reports (its message follows "libpng: ").
    case encodingFailed(reason: String)
    /// The output file (or its temporary sibling) cannot be created.
    case cannotCreate(path: String, reason: String)
    /// Writing or committing the output failed part-way (disk full, file size limit, ...).
    case writeFailed(path: String, reason: String)
    /// The output exists and this process could not write it in place (read-only to it):
    /// replacing it by a new file would go around its permissions.
    case cannotReplace(path: String)
    /// A decoder was given a pixel limit below 1 (the limit it was given): no image fits.
    case invalidPixelLimit(Int)

    public var description: String {
        switch self {
        case .fileNotFound(let path):
            "\(path): no such file"
        case .unreadable(let path, let reason):
            "\(path): cannot read: \(reason)"
        case .invalidPNG(let path, let reason):
            "\(path): not a valid PNG image: \(reason)"
        case .tooLarge(let path, let width, let height, let limit):
            "\(path): image is \(width)×\(height) pixels, more than the limit of \(limit) pixels"
        case .sideTooLong(let path, let width, let height, let limit):
            "\(path): image is \(width)×\(height) pixels; sides longer than \(limit) pixels are not read"
        case .invalidImage(let reason):
            "invalid image: \(reason)"
        case .encodingFailed(let reason):
            "cannot encode PNG: \(reason)"
        case .cannotCreate(let path, let reason):
            "\(path): cannot create: \(reason)"
        case .writeFailed(let path, let reason):
            "\(path): write failed: \(reason)"
        case .cannotReplace(let path):
            "\(path): cannot replace it: the file is read-only to you (change its permissions, or write elsewhere)"
        case .invalidPixelLimit(let limit):
            "pixel limit \(limit): must be at least 1 pixel"
        }
    }
}

extension PNGError {
    /// `bytes` as text for a message: printable ASCII as it is, every other byte as `\xNN`, so
    /// that a damaged chunk type (libpng quotes types as they are) cannot break the message's
    /// line.
    static func printable(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { byte in
            (0x20..<0x7F).contains(byte)
                ? String(UnicodeScalar(byte))
                : "\\x" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        }.joined()
    }
}
