import Foundation
import PNGCodec

/// One measurement for `EncoderComparison`, run as its own process: encodes the frames of a
/// frames file with one preset and prints one line,
/// `commit=C ns_per_frame=T bytes_per_frame=B digest=D`.
///
/// - still PNGs (the default): every frame through one `PNGEncoder` (`withPNGData(alpha:…)`,
///   as the CLI exports a sequence); T is the median over `samples` passes of the thread CPU
///   time of a pass, per frame; B the mean file size. Each file is first decoded by libpng
///   and must give the frame's RGBA back; D is an FNV-1a hash of every decoded frame, so two
///   builds that print the same D wrote files that show the same pixels.
/// - `--apng`: all frames into one animated PNG (`AnimatedPNGWriter`, 1/30 s each, written to
///   a temporary file); T per frame, B the file size per frame; D is "-" (the test suite and
///   `Scripts/output-hashes` check animated PNGs frame by frame).
///
/// Only API the encoder before libpng had too is used, so this builds against that commit.
enum EncoderDriver {
    static func run(framesFile: String, preset: String, samples: Int, animated: Bool) throws {
        let set = try FrameSet.read(from: framesFile)
        guard let compression = EncodingTable.presets.first(where: { $0.0 == preset })?.1 else {
            throw ExportBenchOptions.Invalid(reason: "unknown preset '\(preset)'")
        }
        let frames = Double(set.alpha.count)
        let (time, bytes, digest) = animated
            ? try animation(set, compression: compression, samples: samples)
            : try stills(set, compression: compression, samples: samples)
        print(String(format: "commit=%@ ns_per_frame=%.0f bytes_per_frame=%.1f digest=%@",
                     libraryCommit(), time / frames, Double(bytes) / frames, digest))
    }

    private static func stills(_ set: FrameSet, compression: PNGCompression, samples: Int) throws -> (Double, Int, String) {
        let encoder = PNGEncoder(compression: compression)
        var bytes = 0
        func encodeAll(_ body: (Int, UnsafeRawBufferPointer) throws -> Void) throws {
            for (index, plane) in set.alpha.enumerated() {
                try plane.withUnsafeBytes {
                    try encoder.withPNGData(alpha: $0, width: set.width, height: set.height, red: set.tint.red,
                                            green: set.tint.green, blue: set.tint.blue) { try body(index, $0) }
                }
            }
        }
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        let rgba = set.rgbaFrames()
        try encodeAll { index, png in
            bytes += png.count
            let decoded = try PNGImage(pngData: Array(png), format: .rgba)
            precondition(decoded.pixels == rgba[index], "frame \(index) does not decode to its pixels")
            for byte in decoded.pixels { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        }
        var sink = 0
        let time = try medianThreadCPUNanoseconds(runs: samples) { try encodeAll { sink &+= $1.count } }
        precondition(sink != 0)
        return (time, bytes, String(hash, radix: 16))
    }

    private static func animation(_ set: FrameSet, compression: PNGCompression, samples: Int) throws -> (Double, Int, String) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("export-bench-\(getpid()).apng").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        func write() throws {
            let writer = try AnimatedPNGWriter(path: path, width: set.width, height: set.height, loopCount: 0, compression: compression)
            for plane in set.alpha {
                try plane.withUnsafeBytes {
                    try writer.addFrame(alpha: $0, red: set.tint.red, green: set.tint.green, blue: set.tint.blue,
                                        delayNumerator: 1, delayDenominator: 30)
                }
            }
            try writer.finish()
        }
        let time = try medianThreadCPUNanoseconds(runs: samples, write)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (time, (attributes[.size] as? Int) ?? 0, "-")
    }
}
