import Foundation
import PNGCodec

/// rsvg-convert's drawing of an SVG file at exactly `width` × `height` pixels, as alpha bytes
/// (row-major).
func rsvgAlpha(file: String, width: Int, height: Int) throws -> [UInt8] {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let png = folder.file("drawn.png")
    let run = try ExportRun.run("rsvg-convert", ["-w", String(width), "-h", String(height), "-f", "png", "-o", png, file])
    guard run.status == 0 else { throw ExternalToolFailure(tool: "rsvg-convert", message: run.stderr) }
    let image = try PNGImage(contentsOfFile: png, format: .rgba)
    return stride(from: 3, to: image.pixels.count, by: 4).map { image.pixels[$0] }
}

/// A tool the tests run failed; its message says why.
struct ExternalToolFailure: Error, CustomStringConvertible {
    var tool: String
    var message: String
    var description: String { "\(tool) failed: \(message)" }
}

/// Compiles Swift `sources` (file name → text) with the toolchain's swiftc into a program and
/// runs it; returns its standard output.
func compileAndRunSwift(_ sources: [String: String]) throws -> String {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    for (name, text) in sources { try text.write(toFile: folder.file(name), atomically: true, encoding: .utf8) }
    let program = folder.file("program")
    let compile = try ExportRun.run("swiftc", ["-swift-version", "6", "-o", program] + sources.keys.sorted().map(folder.file))
    guard compile.status == 0 else { throw ExternalToolFailure(tool: "swiftc", message: compile.stderr) }
    let run = try ExportRun.run(program, [])
    guard run.status == 0 else { throw ExternalToolFailure(tool: program, message: run.stderr) }
    return String(decoding: run.stdout, as: UTF8.self)
}
