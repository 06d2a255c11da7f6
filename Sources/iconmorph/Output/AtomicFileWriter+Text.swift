import PNGCodec

extension AtomicFileWriter {
    /// Writes `text`, UTF-8, to `path` atomically (`write(_:to:)`): the vector documents.
    static func write(_ text: String, to path: String) throws {
        try Array(text.utf8).withUnsafeBytes { try write($0, to: path) }
    }
}
