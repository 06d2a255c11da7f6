import CZlib

/// The one place that talks to zlib directly: CRC-32 for the chunks the module writes or
/// checks itself, and an inflate stream that only counts, for `PNGImageDataBudget`. (Image
/// data is compressed and decompressed by libpng.)
enum Zlib {
    /// CRC-32 of `bytes` (ISO 3309, as every PNG chunk carries), continuing from `crc` (0 to
    /// start).
    static func crc32(_ bytes: UnsafeRawBufferPointer, continuing crc: UInt32 = 0) -> UInt32 {
        UInt32(CZlib.crc32(uLong(crc), bytes.bindMemory(to: Bytef.self).baseAddress, uInt(bytes.count)))
    }

    /// An inflate stream that throws its output away and counts it: how much a zlib stream
    /// inflates to, in constant memory, stopping early once past a limit.
    final class OutputCounter {
        /// Scratch output per `inflate` call.
        static let scratchSize = 1 << 16

        // Heap-allocated: zlib keeps a pointer back to the stream, so it must not move.
        private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        private let scratch = UnsafeMutablePointer<Bytef>.allocate(capacity: OutputCounter.scratchSize)
        private var ready: Bool
        /// Bytes inflated so far.
        private(set) var produced = 0
        /// Whether the stream's end was reached.
        private(set) var ended = false

        init() {
            stream.initialize(to: z_stream())
            ready = inflateInit_(stream, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK
        }

        deinit {
            if ready { inflateEnd(stream) }
            stream.deinitialize(count: 1)
            stream.deallocate()
            scratch.deallocate()
        }

        /// Inflates the next piece of the stream, stopping once more than `limit` bytes came out;
        /// the total so far, or nil when the data is not a valid zlib stream.
        func feed(_ input: UnsafeRawBufferPointer, limit: Int) -> Int? {
            guard ready, !ended else { return ready ? produced : nil }
            stream.pointee.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
            stream.pointee.avail_in = uInt(input.count)
            while true {
                stream.pointee.next_out = scratch
                stream.pointee.avail_out = uInt(Self.scratchSize)
                let status = inflate(stream, Z_NO_FLUSH)
                produced += Self.scratchSize - Int(stream.pointee.avail_out)
                if status == Z_STREAM_END {
                    ended = true
                    return produced
                }
                if status != Z_OK && status != Z_BUF_ERROR { return nil }
                // Output room left over means the input is used up (or zlib needs more).
                if produced > limit || stream.pointee.avail_out > 0 { return produced }
            }
        }
    }
}
