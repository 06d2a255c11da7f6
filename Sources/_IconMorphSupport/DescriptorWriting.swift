#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing every byte to a file descriptor: the one write loop the modules share (`package`
/// access, not public API).
package enum DescriptorWriting {
    /// Writes all of `bytes` to `descriptor` — at its current position, or from byte `offset`
    /// of the file (`pwrite`, the position unchanged) when one is given — retrying short
    /// writes and `EINTR`. Returns the `errno` of the write that failed (`ENOSPC`, `EFBIG`,
    /// `EPIPE` …), or `nil` when every byte was written.
    ///
    /// Straight to the descriptor, no stdio buffer, so nothing is left unwritten when an
    /// interrupt ends the process with `_exit`.
    @discardableResult
    package static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, at offset: Int? = nil) -> Int32? {
        guard let base = bytes.baseAddress else { return nil }
        var done = 0
        while done < bytes.count {
            let written = if let offset {
                pwrite(descriptor, base + done, bytes.count - done, off_t(offset + done))
            } else {
                write(descriptor, base + done, bytes.count - done)
            }
            if written < 0 {
                let code = errno
                if code == EINTR { continue }
                return code
            }
            done += written
        }
        return nil
    }

    /// Copies the file open at `input`, from its first byte to its end (`pread`, its position
    /// unchanged), to `output` at its position, a block at a time. Returns the bytes copied,
    /// and the `errno` of the read or write that failed, or `nil` when it reached the end.
    package static func copyAll(from input: Int32, to output: Int32) -> (copied: Int, error: Int32?) {
        let block = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
        defer { block.deallocate() }
        var copied = 0
        while true {
            let got = pread(input, block.baseAddress, block.count, off_t(copied))
            if got < 0 {
                if errno == EINTR { continue }
                return (copied, errno)
            }
            if got == 0 { return (copied, nil) }
            if let code = writeAll(UnsafeRawBufferPointer(rebasing: block[0..<got]), to: output) { return (copied, code) }
            copied += got
        }
    }
}
