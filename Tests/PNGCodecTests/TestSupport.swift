@_exported import _TestSupport
import Foundation

/// A fresh directory under the system's temporary folder, removed by `remove()`.
struct TemporaryDirectory {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("PNGCodecTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String { path + "/" + name }

    func write(_ bytes: [UInt8], to name: String) throws -> String {
        let target = file(name)
        try Data(bytes).write(to: URL(fileURLWithPath: target))
        return target
    }

    /// Names of leftover temporary files of `AtomicFileWriter` (`.NAME.XXXXXX.tmp`) in `folder`.
    func temporaryFiles(in folder: String? = nil) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder ?? path)) ?? []
        return names.filter { $0.hasPrefix(".") && $0.hasSuffix(".tmp") }
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

func readBytes(_ path: String) throws -> [UInt8] {
    try Array(Data(contentsOf: URL(fileURLWithPath: path)))
}

/// Builds PNG streams by hand, for headers no encoder would write. Its CRC-32 is written here
/// from the PNG specification (ISO 3309, reflected polynomial 0xEDB88320), independently of the
/// codec's own.
enum HandMadePNG {
    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        return bigEndian(UInt32(body.count)) + typed + bigEndian(crc32(typed))
    }

    /// Signature, IHDR with the given fields, one IDAT holding an empty zlib stream, IEND: enough
    /// for a decoder to read the whole header.
    static func headerOnly(
        width: UInt32, height: UInt32, bitDepth: UInt8 = 8, colourType: UInt8 = 6, interlace: UInt8 = 0
    ) -> [UInt8] {
        let ihdr = bigEndian(width) + bigEndian(height) + [bitDepth, colourType, 0, 0, interlace]
        let emptyZlib: [UInt8] = [0x78, 0x01, 0x01, 0x00, 0x00, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x01]
        return signature + chunk("IHDR", ihdr) + chunk("IDAT", emptyZlib) + chunk("IEND", [])
    }

    /// The offset of the first chunk of `type` in `png` (its length field), if any.
    static func offset(of type: String, in png: [UInt8]) -> Int? {
        var offset = 8
        while offset + 8 <= png.count {
            let length = Int(png[offset]) << 24 | Int(png[offset + 1]) << 16 | Int(png[offset + 2]) << 8
                | Int(png[offset + 3])
            if String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self) == type { return offset }
            offset += 12 + length
        }
        return nil
    }
}
