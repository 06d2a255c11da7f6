#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading a whole input — a file, a pipe, standard input — into memory with a ceiling: the
/// one read loop the modules share (`package` access, not public API).
package enum WholeInputReading {
    /// Why reading stopped early.
    package enum Failure: Error, Equatable {
        /// The read failed with this `errno`.
        case readFailed(errno: Int32)
        /// The input holds more than the limit allows; reading stopped there (an endless
        /// input such as `/dev/zero` or `yes |` is never read whole).
        case tooLarge(limit: Int)
    }

    /// Every byte from `descriptor`'s position to its end, refusing more than `limit` bytes.
    ///
    /// - Throws: `Failure`.
    package static func readAll(descriptor: Int32, limit: Int) throws(Failure) -> [UInt8] {
        try readAll(limit: limit) { buffer in
            while true {
                let count = read(descriptor, buffer.baseAddress, buffer.count)
                if count < 0, errno == EINTR { continue }
                return count < 0 ? .failed(errno) : .read(count)
            }
        }
    }

    /// Every byte from the stdio stream `file`'s position to its end (what it has buffered
    /// included), refusing more than `limit` bytes.
    ///
    /// - Throws: `Failure`.
    package static func readAll(file: UnsafeMutablePointer<FILE>, limit: Int) throws(Failure) -> [UInt8] {
        try readAll(limit: limit) { buffer in
            let count = fread(buffer.baseAddress, 1, buffer.count, file)
            if count == 0, ferror(file) != 0 { return .failed(errno) }
            return .read(count)
        }
    }

    private enum Step {
        /// Bytes read; 0 at the end.
        case read(Int)
        case failed(Int32)
    }

    /// The loop both readers share: 64 KiB blocks until a read returns 0.
    private static func readAll(
        limit: Int, _ readBlock: (UnsafeMutableRawBufferPointer) -> Step
    ) throws(Failure) -> [UInt8] {
        var bytes: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let step = block.withUnsafeMutableBytes { readBlock($0) }
            switch step {
            case .failed(let code):
                throw .readFailed(errno: code)
            case .read(0):
                return bytes
            case .read(let count):
                guard count <= limit - bytes.count else { throw .tooLarge(limit: limit) }
                bytes.append(contentsOf: block[0..<count])
            }
        }
    }
}
