/// The eight bytes every PNG stream starts with (ISO/IEC 15948 §5.2): 137, "PNG", CR LF,
/// SUB, LF. Shared with the package's other modules (`package` access: the CLI tells PNG
/// input from SVG by it), not public API.
package enum PNGSignature {
    /// The signature as one big-endian number.
    package static let value: UInt64 = 0x8950_4E47_0D0A_1A0A

    /// Bytes of the signature.
    package static let count = 8

    /// The signature's bytes, in order.
    package static var bytes: [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) }
    }

    /// Whether `bytes` starts with the signature. (Bytes in memory only: a generic form,
    /// called across modules unspecialised, made every command that reads a PNG pay the
    /// runtime's first-use conformance lookups.)
    package static func starts(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count >= count && UInt64(bigEndian: bytes.loadUnaligned(as: UInt64.self)) == value
    }
}
