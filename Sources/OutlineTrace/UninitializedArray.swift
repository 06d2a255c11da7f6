extension Array where Element: BitwiseCopyable {
    /// An array of `count` plain values that are not set to anything, for storage every entry
    /// of which is written before it is read: it spares filling memory that is about to be
    /// overwritten.
    static func uninitialized(_ count: Int) -> [Element] {
        [Element](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
    }
}
