import Foundation
import PNGCodec

/// Encoding settings × frame sets: median time and mean bytes per frame.
///
/// One sample encodes every frame of a set once, in order, with one encoder (memory reused,
/// as a sequence export does); ms/frame is the median sample, in thread CPU time, over the
/// frame count. Every file is decoded once (libpng, through `PNGImage(pngData:)`) and must
/// give the RGBA frame back byte for byte, or the benchmark stops.
///
/// Only API that the encoder before libpng had too is used here, so that this file builds
/// against that commit as well (`EncoderComparison`).
enum EncodingTable {
    /// What is handed to the encoder, and so which colour type it writes.
    enum Input: CaseIterable {
        /// The alpha plane and the tint (`withPNGData(alpha:…)`), as the CLI exports: indexed,
        /// or gray+alpha where that is smaller (the tint is black).
        case alphaPlane
        /// The alpha plane with colour #000001 instead of black: not gray, so always indexed
        /// (no gray+alpha trial); the same indices as black indexed.
        case indexed
        /// `PNGImage` gray+alpha frames, not reduced: gray+alpha.
        case grayAlpha
        /// `PNGImage` RGBA frames, not reduced: RGBA.
        case rgba

        var label: String {
            switch self {
            case .alphaPlane: "alpha plane (indexed or gray+alpha)"
            case .indexed: "indexed"
            case .grayAlpha: "gray+alpha"
            case .rgba: "RGBA"
            }
        }

        var reducesColorType: Bool { self == .alphaPlane || self == .indexed }
    }

    enum Encoder {
        case libpngSimplified(fast: Bool)
        case ours(PNGCompression, Input)
    }

    struct Row {
        let group: String
        let label: String
        let encoder: Encoder
    }

    /// The zlib settings of the grid for `filter`: strategy and level. With run-length matching
    /// or Huffman coding only, zlib's level makes no difference (except 0), so one level each;
    /// unfiltered rows, which win on morph frames, get every level.
    static func zlibSettings(for filter: PNGFilter) -> [(PNGCompression.Strategy, Int)] {
        let levels = filter == .none ? Array(1...9) : [1, 3, 6, 9]
        return levels.map { (.default, $0) } + [(.filtered, 6), (.filtered, 9), (.runLength, 6), (.huffmanOnly, 6)]
    }

    static let filters: [PNGFilter] = [.none, .sub, .up, .average, .paeth, .minimumSum]

    static func describe(_ strategy: PNGCompression.Strategy, _ level: Int) -> String {
        switch strategy {
        case .default: "level \(level)"
        case .filtered: "filtered, level \(level)"
        case .runLength: "run-length"
        case .huffmanOnly: "Huffman only"
        }
    }

    /// Every filter × zlib setting for each colour type: the figures the presets are chosen from.
    static func gridRows() -> [Row] {
        var rows: [Row] = []
        for input in [Input.indexed, .grayAlpha, .rgba] {
            for filter in filters {
                for (strategy, level) in zlibSettings(for: filter) {
                    let compression = PNGCompression(
                        level: level, filter: filter, strategy: strategy, reducesColorType: input.reducesColorType)
                    rows.append(Row(group: input.label, label: "\(filter), \(describe(strategy, level))",
                                    encoder: .ours(compression, input)))
                }
            }
        }
        return rows
    }

    /// libpng's simplified writer on RGBA (what the product used before it had an encoder of
    /// its own), then the presets on each input.
    static func presetRows() -> [Row] {
        var rows = [
            Row(group: "libpng simplified API, RGBA", label: "default (adaptive, level 6)", encoder: .libpngSimplified(fast: false)),
            Row(group: "libpng simplified API, RGBA", label: "PNG_IMAGE_FLAG_FAST", encoder: .libpngSimplified(fast: true)),
        ]
        for input in Input.allCases {
            for (name, preset) in presets {
                var compression = preset
                compression.reducesColorType = input.reducesColorType
                rows.append(Row(group: "presets, \(input.label)", label: ".\(name): \(preset)",
                                encoder: .ours(compression, input)))
            }
        }
        return rows
    }

    static let presets: [(String, PNGCompression)] = [("fast", .fast), ("default", .default), ("best", .best)]

    struct Result {
        let nanosecondsPerFrame: Double
        let bytesPerFrame: Double
    }

    static func measure(_ encoder: Encoder, on set: FrameSet, runs: Int) throws -> Result {
        var bytes = 0
        var time: Double
        switch encoder {
        case .libpngSimplified(let fast):
            let libpng = LibpngBaseline(fast: fast)
            let rgba = set.rgbaFrames()
            time = medianThreadCPUNanoseconds(runs: runs) {
                bytes = 0
                for frame in rgba { bytes += libpng.encode(rgba: frame, width: set.width, height: set.height) }
            }
        case .ours(let compression, let input):
            let png = PNGEncoder(compression: compression)
            let rgba = set.rgbaFrames()
            let images: [PNGImage]
            switch input {
            case .rgba: images = try rgba.map { try PNGImage(width: set.width, height: set.height, format: .rgba, pixels: $0) }
            case .grayAlpha: images = try set.grayAlphaFrames().map {
                try PNGImage(width: set.width, height: set.height, format: .grayAlpha, pixels: $0)
            }
            case .alphaPlane, .indexed: images = []
            }
            let tint = set.tint
            func encodeAll(check: Bool) throws {
                bytes = 0
                for index in set.alpha.indices {
                    let body: (UnsafeRawBufferPointer) throws -> Void = { data in
                        bytes += data.count
                        if check {
                            var expected = rgba[index]
                            if input == .indexed { for p in 0..<(expected.count / 4) { expected[4 * p + 2] ^= 1 } }
                            let decoded = try PNGImage(pngData: Array(data), format: .rgba)
                            precondition(decoded.pixels == expected, "\(compression) \(input): frame \(index) does not decode to its pixels")
                        }
                    }
                    switch input {
                    case .rgba, .grayAlpha: try png.withPNGData(of: images[index], body)
                    case .alphaPlane, .indexed:
                        let blue = input == .alphaPlane ? tint.blue : tint.blue ^ 1
                        try set.alpha[index].withUnsafeBytes {
                            try png.withPNGData(alpha: $0, width: set.width, height: set.height,
                                                red: tint.red, green: tint.green, blue: blue, body)
                        }
                    }
                }
            }
            try encodeAll(check: true)
            time = try medianThreadCPUNanoseconds(runs: runs) { try encodeAll(check: false) }
        }
        return Result(nanosecondsPerFrame: time / Double(set.alpha.count), bytesPerFrame: Double(bytes) / Double(set.alpha.count))
    }

    /// Prints (and returns) the table of `rows` on `sets`, each set with its number of samples.
    @discardableResult
    static func run(_ rows: [Row], sets: [(FrameSet, runs: Int)]) throws -> [String] {
        var lines: [String] = []
        func emit(_ line: String) {
            print(line)
            fflush(nil)
            lines.append(line)
        }
        var header = "| setting |"
        var rule = "| --- |"
        for (set, _) in sets {
            header += " \(set.name) ms/frame | \(set.name) bytes/frame |"
            rule += " ---: | ---: |"
        }
        emit(header)
        emit(rule)
        var group = ""
        for row in rows {
            if row.group != group {
                group = row.group
                emit("| **\(group)** |" + String(repeating: " |", count: 2 * sets.count))
            }
            var line = "| \(row.label) |"
            for (set, runs) in sets {
                let result = try measure(row.encoder, on: set, runs: runs)
                line += String(format: " %.3f | %.0f |", result.nanosecondsPerFrame / 1e6, result.bytesPerFrame)
            }
            emit(line)
        }
        return lines
    }
}
