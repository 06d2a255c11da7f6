/// Turns byte offsets in a UTF-8 document into 1-based line and column numbers.
///
/// A line ends at LF, CR LF or a lone CR (XML's end-of-line rule); columns count Unicode
/// scalars. Built once in O(n); each lookup is a binary search plus a scan of one line.
struct SourceLocator {
    private let bytes: [UInt8]
    private var lineStarts: [Int] = [0]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A {
                lineStarts.append(index + 1)
            } else if byte == 0x0D {
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                lineStarts.append(index + 1)
            }
            index += 1
        }
    }

    /// Line and column of the byte at `offset` (an offset at the end maps past the last character).
    func location(of offset: Int) -> (line: Int, column: Int) {
        let clamped = max(0, min(offset, bytes.count))
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= clamped { low = mid } else { high = mid - 1 }
        }
        var column = 1
        for byte in bytes[lineStarts[low]..<clamped] where byte & 0xC0 != 0x80 { column += 1 }
        return (low + 1, column)
    }
}
