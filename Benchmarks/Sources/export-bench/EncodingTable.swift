import BenchSupport
import Foundation
import PNGCodec

/// Encoding settings × frame sets: median time and mean bytes per frame.
///
/// One sample encodes every frame of a set once, in order, with one encoder (memory reused,
/// as a sequence export does); ms/frame is the median sample over the frame count. Every
/// file this encoder writes is decoded once (libpng, through `PNGImage(pngData:)`) and must
/// give the RGBA frame back byte for byte, or the benchmark stops.
enum EncodingTable {
    /// What is handed to which encoder.
    enum Input {
        /// `PNGImage` RGBA frames (the encoder looks at the pixels and picks the layout).
        case rgbaImage
        /// `PNGImage` gray+alpha frames.
        case grayAlphaImage
        /// The alpha plane and the tint (`withPNGData(alpha:…)`), as the CLI exports.
        case alphaPlane
        /// The alpha plane with colour #000001 instead of black: not gray, so always indexed
        /// (no gray+alpha trial); the same indices, so the same data as black indexed.
        case alphaPlaneNotGray
    }

    enum Encoder {
        case libpng(fast: Bool)
        case ours(PNGCompression, Input)
    }

    struct Row {
        let group: String
        let label: String
        let encoder: Encoder
    }

    static func rows() -> [Row] {
        func ours(_ level: Int, _ filter: PNGFilter, _ strategy: PNGCompression.Strategy = .default,
                  _ input: Input = .alphaPlane, reduced: Bool = true) -> Encoder {
            .ours(PNGCompression(level: level, filter: filter, strategy: strategy, reducesColorType: reduced), input)
        }
        var rows: [Row] = [
            Row(group: "libpng simplified API, RGBA (before)", label: "default (adaptive, level 6)", encoder: .libpng(fast: false)),
            Row(group: "libpng simplified API, RGBA (before)", label: "PNG_IMAGE_FLAG_FAST", encoder: .libpng(fast: true)),
        ]
        let colour = "colour type"
        rows += [
            Row(group: colour, label: "RGBA, minimumSum, level 6", encoder: ours(6, .minimumSum, .default, .rgbaImage, reduced: false)),
            Row(group: colour, label: "RGBA, mostZeros, run-length", encoder: ours(6, .mostZeros, .runLength, .rgbaImage, reduced: false)),
            Row(group: colour, label: "gray+alpha, minimumSum, level 6", encoder: ours(6, .minimumSum, .default, .grayAlphaImage, reduced: false)),
            Row(group: colour, label: "gray+alpha, mostZeros, run-length", encoder: ours(6, .mostZeros, .runLength, .grayAlphaImage, reduced: false)),
            Row(group: colour, label: "indexed, minimumSum, level 6", encoder: ours(6, .minimumSum)),
            Row(group: colour, label: "indexed only (colour #000001), mostZeros, run-length", encoder: ours(6, .mostZeros, .runLength, .alphaPlaneNotGray)),
            Row(group: colour, label: "indexed or gray+alpha, mostZeros, run-length, from RGBA image", encoder: ours(6, .mostZeros, .runLength, .rgbaImage)),
            Row(group: colour, label: "indexed or gray+alpha, mostZeros, run-length, from alpha plane", encoder: ours(6, .mostZeros, .runLength)),
        ]
        for (group, level, strategy) in [("alpha plane, zlib level 6", 6, PNGCompression.Strategy.default),
                                         ("alpha plane, zlib run-length", 6, .runLength)] {
            for filter in PNGFilter.allCases {
                rows.append(Row(group: group, label: "\(filter)", encoder: ours(level, filter, strategy)))
            }
        }
        for filter in [PNGFilter.none, .mostZeros] {
            for level in [1, 3, 4, 6, 9] {
                rows.append(Row(group: "alpha plane, \(filter), zlib level", label: "level \(level)", encoder: ours(level, filter)))
            }
        }
        for (level, strategy) in [(6, PNGCompression.Strategy.filtered), (1, .runLength), (6, .huffmanOnly)] {
            rows.append(Row(group: "alpha plane, mostZeros, other zlib strategies", label: "\(strategy), level \(level)",
                            encoder: ours(level, .mostZeros, strategy)))
        }
        for (name, preset) in [("fast", PNGCompression.fast), ("default", .default)] {
            rows.append(Row(group: "presets (alpha plane)", label: ".\(name): \(preset)", encoder: .ours(preset, .alphaPlane)))
        }
        return rows
    }

    struct Result {
        let nanosecondsPerFrame: Double
        let bytesPerFrame: Double
    }

    static func measure(_ encoder: Encoder, on set: FrameSet, runs: Int) throws -> Result {
        var bytes = 0
        var time: Double
        switch encoder {
        case .libpng(let fast):
            let libpng = LibpngBaseline(fast: fast)
            time = medianNanoseconds(runs: runs, warmup: 1) {
                bytes = 0
                for frame in set.rgba { bytes += libpng.encode(rgba: frame.pixels, width: frame.width, height: frame.height) }
            }
        case .ours(let compression, let input):
            let png = PNGEncoder(compression: compression)
            let tint = set.tint
            func encodeAll(check: Bool) throws {
                bytes = 0
                for (index, frame) in set.rgba.enumerated() {
                    let body: (UnsafeRawBufferPointer) throws -> Void = { data in
                        bytes += data.count
                        if check {
                            var expected = frame.pixels
                            if input == .alphaPlaneNotGray { for p in 0..<(expected.count / 4) { expected[4 * p + 2] = 1 } }
                            let decoded = try PNGImage(pngData: Array(data), format: .rgba)
                            precondition(decoded.pixels == expected, "\(compression) \(input): frame \(index) does not decode to its pixels")
                        }
                    }
                    switch input {
                    case .rgbaImage: try png.withPNGData(of: frame, body)
                    case .grayAlphaImage: try png.withPNGData(of: set.grayAlpha[index], body)
                    case .alphaPlane, .alphaPlaneNotGray:
                        let blue = input == .alphaPlane ? tint.blue : tint.blue ^ 1
                        try set.alpha[index].withUnsafeBytes {
                            try png.withPNGData(alpha: $0, width: set.width, height: set.height,
                                                red: tint.red, green: tint.green, blue: blue, body)
                        }
                    }
                }
            }
            try encodeAll(check: true)
            time = try medianNanoseconds(runs: runs, warmup: 1) { try encodeAll(check: false) }
        }
        return Result(nanosecondsPerFrame: time / Double(set.rgba.count), bytesPerFrame: Double(bytes) / Double(set.rgba.count))
    }

    static func run(sets: [(FrameSet, runs: Int)]) throws {
        let rows = rows()
        var header = "| setting |"
        var rule = "| --- |"
        for (set, _) in sets {
            header += " \(set.name) ms/frame | \(set.name) bytes/frame |"
            rule += " ---: | ---: |"
        }
        print(header)
        print(rule)
        var group = ""
        for row in rows {
            if row.group != group {
                group = row.group
                print("| **\(group)** |" + String(repeating: " |", count: 2 * sets.count))
            }
            var line = "| \(row.label) |"
            for (set, runs) in sets {
                let result = try measure(row.encoder, on: set, runs: runs)
                line += String(format: " %.3f | %.0f |", result.nanosecondsPerFrame / 1e6, result.bytesPerFrame)
            }
            print(line)
            fflush(nil)
        }
    }
}
