/// Memory that grows to the largest size asked for and is then reused.
struct ScratchBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>?
    private var capacity = 0

    init() {}

    /// At least `count` bytes (contents undefined); valid until the next call that grows.
    mutating func bytes(_ count: Int) -> UnsafeMutablePointer<UInt8> {
        if count > capacity || base == nil {
            base?.deallocate()
            capacity = max(count, 1)
            base = .allocate(capacity: capacity)
        }
        return base!
    }

    deinit { base?.deallocate() }
}
