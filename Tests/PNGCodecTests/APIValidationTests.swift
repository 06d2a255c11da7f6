import Foundation
import PNGCodec
import Testing

/// Every public entry point of the codec given bad arguments: each throws the documented
/// `PNGError` case (never traps, never writes a file), and its description is one line.
@Suite struct APIValidationTests {
    enum Kind: String, Sendable { case invalidImage, encodingFailed, invalidPNG, tooLarge, fileNotFound, unreadable, cannotCreate, writeFailed, invalidPixelLimit }

    struct Row: CustomTestStringConvertible, Sendable {
        let name: String
        let kind: Kind
        let call: @Sendable (String) throws -> Void
        var testDescription: String { name }
    }

    static let tiny = try! PNGImage(width: 2, height: 2, format: .rgba, pixels: [UInt8](repeating: 200, count: 16))

    static let rows: [Row] = [
        Row(name: "image of width 0", kind: .invalidImage) { _ in _ = try PNGImage(width: 0, height: 2, format: .rgba, pixels: []) },
        Row(name: "image of negative height", kind: .invalidImage) { _ in _ = try PNGImage(width: 2, height: -2, format: .grayAlpha, pixels: []) },
        Row(name: "image whose area overflows", kind: .invalidImage) { _ in _ = try PNGImage(width: Int.max, height: 2, format: .rgba, pixels: []) },
        Row(name: "image whose byte count overflows", kind: .invalidImage) { _ in
            _ = try PNGImage(width: 1 << 31, height: 1 << 31, format: .rgba, pixels: [])
        },
        Row(name: "image one byte short", kind: .invalidImage) { _ in _ = try PNGImage(width: 2, height: 2, format: .rgba, pixels: [UInt8](repeating: 0, count: 15)) },
        Row(name: "zlib level -1", kind: .encodingFailed) { _ in _ = try tiny.pngData(compression: PNGCompression(level: -1, filter: .none)) },
        Row(name: "zlib level 10", kind: .encodingFailed) { _ in _ = try tiny.pngData(compression: PNGCompression(level: 10, filter: .paeth)) },
        Row(name: "zlib level Int.max", kind: .encodingFailed) { _ in _ = try tiny.pngData(compression: PNGCompression(level: .max, filter: .sub)) },
        Row(name: "alpha plane too short", kind: .invalidImage) { _ in
            _ = try [UInt8](repeating: 1, count: 3).withUnsafeBytes {
                try PNGEncoder().withPNGData(alpha: $0, width: 2, height: 2, red: 0, green: 0, blue: 0) { $0.count }
            }
        },
        Row(name: "alpha plane of negative width", kind: .invalidImage) { _ in
            _ = try [UInt8](repeating: 1, count: 4).withUnsafeBytes {
                try PNGEncoder().withPNGData(alpha: $0, width: -2, height: -2, red: 0, green: 0, blue: 0) { $0.count }
            }
        },
        Row(name: "alpha plane whose area overflows", kind: .invalidImage) { _ in
            _ = try [UInt8](repeating: 1, count: 4).withUnsafeBytes {
                try PNGEncoder().withPNGData(alpha: $0, width: Int.max, height: 3, red: 0, green: 0, blue: 0) { $0.count }
            }
        },
        Row(name: "empty data", kind: .invalidPNG) { _ in _ = try PNGImage(pngData: [], name: "x") },
        Row(name: "pixel limit 0", kind: .invalidPixelLimit) { _ in _ = try PNGImage(pngData: try tiny.pngData(), name: "x", pixelLimit: 0) },
        Row(name: "negative pixel limit", kind: .invalidPixelLimit) { _ in _ = try PNGImage(pngData: try tiny.pngData(), name: "x", pixelLimit: -7) },
        Row(name: "empty path", kind: .fileNotFound) { _ in _ = try PNGImage(contentsOfFile: "") },
        Row(name: "path through a file", kind: .fileNotFound) { folder in _ = try PNGImage(contentsOfFile: folder + "/file/x.png") },
        Row(name: "a folder", kind: .unreadable) { folder in _ = try PNGImage(contentsOfFile: folder) },
        Row(name: "write to an empty path", kind: .cannotCreate) { _ in try tiny.write(toFile: "") },
        Row(name: "write over a folder", kind: .cannotCreate) { folder in try tiny.write(toFile: folder) },
        Row(name: "write through a file", kind: .cannotCreate) { folder in try tiny.write(toFile: folder + "/file/x.png") },
        Row(name: "atomic write to the root folder", kind: .cannotCreate) { _ in
            try [UInt8]([1]).withUnsafeBytes { try AtomicFileWriter.write($0, to: "/") }
        },
        Row(name: "animation of width 0", kind: .cannotCreate) { folder in
            _ = try AnimatedPNGWriter(path: folder + "/a.apng", width: 0, height: 4, loopCount: 0)
        },
        Row(name: "animation larger than a PNG holds", kind: .cannotCreate) { folder in
            _ = try AnimatedPNGWriter(path: folder + "/a.apng", width: Int(UInt32.max) + 1, height: 1, loopCount: 0)
        },
        Row(name: "negative loop count", kind: .cannotCreate) { folder in
            _ = try AnimatedPNGWriter(path: folder + "/a.apng", width: 2, height: 2, loopCount: -1)
        },
        Row(name: "animation in a missing folder", kind: .cannotCreate) { folder in
            _ = try AnimatedPNGWriter(path: folder + "/none/a.apng", width: 2, height: 2, loopCount: 0)
        },
        Row(name: "frame of the wrong size", kind: .invalidImage) { folder in
            let writer = try AnimatedPNGWriter(path: folder + "/a.apng", width: 2, height: 2, loopCount: 0)
            defer { writer.cancel() }
            try [UInt8](repeating: 0, count: 15).withUnsafeBytes { try writer.addFrame(rgba: $0, delayNumerator: 1, delayDenominator: 30) }
        },
        Row(name: "finish without frames", kind: .cannotCreate) { folder in
            try AnimatedPNGWriter(path: folder + "/a.apng", width: 2, height: 2, loopCount: 0).finish()
        },
    ]

    @Test(arguments: rows) func throwsTheDocumentedError(_ row: Row) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("api-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/file"))
        do {
            try row.call(folder)
            Issue.record("no error")
        } catch let error as PNGError {
            let kind: Kind = switch error {
            case .invalidImage: .invalidImage
            case .encodingFailed: .encodingFailed
            case .invalidPNG: .invalidPNG
            case .tooLarge, .sideTooLong: .tooLarge
            case .fileNotFound: .fileNotFound
            case .unreadable: .unreadable
            case .cannotCreate, .cannotReplace: .cannotCreate
            case .writeFailed: .writeFailed
            case .invalidPixelLimit: .invalidPixelLimit
            }
            #expect(kind == row.kind, "\(error)")
            #expect(!error.description.contains("\n") && !error.description.isEmpty)
        }
        // Nothing written, no temporary file.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["file"])
    }

    /// A writer used after it finished or was cancelled refuses, and leaves the file as it was.
    @Test func writerMisuseThrows() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("api-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let frame = [UInt8](repeating: 9, count: 16)
        let finished = try AnimatedPNGWriter(path: folder + "/done.apng", width: 2, height: 2, loopCount: 0)
        try frame.withUnsafeBytes { try finished.addFrame(rgba: $0, delayNumerator: 1, delayDenominator: 10) }
        try finished.finish()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: folder + "/done.apng"))
        #expect(throws: PNGError.self) { try frame.withUnsafeBytes { try finished.addFrame(rgba: $0, delayNumerator: 1, delayDenominator: 10) } }
        #expect(throws: PNGError.self) { try finished.finish() }
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/done.apng")) == bytes)

        let cancelled = try AnimatedPNGWriter(path: folder + "/gone.apng", width: 2, height: 2, loopCount: 0)
        try frame.withUnsafeBytes { try cancelled.addFrame(rgba: $0, delayNumerator: 1, delayDenominator: 0) }
        cancelled.cancel()
        cancelled.cancel()
        #expect(throws: PNGError.self) { try frame.withUnsafeBytes { try cancelled.addFrame(rgba: $0, delayNumerator: 1, delayDenominator: 10) } }
        #expect(throws: PNGError.self) { try cancelled.finish() }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["done.apng"])
    }
}
