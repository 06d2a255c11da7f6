@testable import PNGCodec

/// A plain PNG reader written from the specification (ISO/IEC 15948), independent of libpng
/// and of the encoder: it checks the chunk structure and every CRC (with `HandMadePNG`'s
/// bitwise CRC-32), undoes the row filters with the textbook formulas and expands the
/// colour type to RGBA. Only the inflate step is shared with the codec (zlib, through
/// `TestZlib.inflate`). 8-bit, non-interlaced files only: all the encoder writes.
struct ReferencePNGReader {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    var width = 0
    var height = 0
    var colorType: UInt8 = 0
    /// Chunk types in file order.
    var chunkTypes: [String] = []
    /// PLTE entries, R G B each.
    var palette: [UInt8] = []
    /// tRNS bytes as stored.
    var transparency: [UInt8] = []
    /// The filter type byte of each row.
    var filterTypes: [UInt8] = []
    /// The unfiltered rows, as stored (before colour expansion).
    var rawRows: [[UInt8]] = []
    /// The decoded image, straight RGBA.
    var rgba: [UInt8] = []

    init(_ png: [UInt8]) throws {
        guard png.count >= 8, Array(png[0..<8]) == HandMadePNG.signature else { throw Failure(description: "no signature") }
        var offset = 8
        var idat: [UInt8] = []
        while offset < png.count {
            guard offset + 12 <= png.count else { throw Failure(description: "truncated chunk at \(offset)") }
            let length = png[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            guard length <= Int(Int32.max), offset + 12 + length <= png.count else {
                throw Failure(description: "chunk at \(offset) overruns the file")
            }
            let type = String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let body = Array(png[(offset + 8)..<(offset + 8 + length)])
            let stored = png[(offset + 8 + length)..<(offset + 12 + length)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            guard stored == HandMadePNG.crc32(Array(png[(offset + 4)..<(offset + 8 + length)])) else {
                throw Failure(description: "\(type): CRC mismatch")
            }
            chunkTypes.append(type)
            switch type {
            case "IHDR":
                guard chunkTypes.count == 1, length == 13 else { throw Failure(description: "IHDR misplaced or \(length) bytes") }
                width = body[0..<4].reduce(0) { $0 << 8 | Int($1) }
                height = body[4..<8].reduce(0) { $0 << 8 | Int($1) }
                colorType = body[9]
                guard body[8] == 8, body[10] == 0, body[11] == 0, body[12] == 0 else {
                    throw Failure(description: "IHDR: depth \(body[8]), methods \(body[10...12])")
                }
            case "PLTE":
                guard length % 3 == 0, length > 0, length <= 768 else { throw Failure(description: "PLTE of \(length) bytes") }
                palette = body
            case "tRNS":
                guard chunkTypes.contains("PLTE"), length <= palette.count / 3 else { throw Failure(description: "tRNS misplaced") }
                transparency = body
            case "IDAT":
                if let last = chunkTypes.dropLast().last, last != "IDAT", chunkTypes.dropLast().contains("IDAT") {
                    throw Failure(description: "IDAT chunks not consecutive")
                }
                idat += body
            case "IEND":
                guard length == 0, offset + 12 == png.count else { throw Failure(description: "IEND not last or not empty") }
            default:
                break
            }
            offset += 12 + length
        }
        guard chunkTypes.first == "IHDR", chunkTypes.last == "IEND", !idat.isEmpty else {
            throw Failure(description: "chunks \(chunkTypes)")
        }
        if let plte = chunkTypes.firstIndex(of: "PLTE"), let data = chunkTypes.firstIndex(of: "IDAT"), plte > data {
            throw Failure(description: "PLTE after IDAT")
        }
        try decodeImage(idat)
    }

    private mutating func decodeImage(_ idat: [UInt8]) throws {
        let step: Int
        switch colorType {
        case 0, 3: step = 1
        case 4: step = 2
        case 2: step = 3
        case 6: step = 4
        default: throw Failure(description: "colour type \(colorType)")
        }
        if colorType == 3, palette.isEmpty { throw Failure(description: "indexed without PLTE") }
        let rowBytes = width * step
        let data = try TestZlib.inflate(idat, expectedCount: height * (rowBytes + 1), name: "reference")
        var above = [Int](repeating: 0, count: rowBytes)
        for y in 0..<height {
            let type = data[y * (rowBytes + 1)]
            filterTypes.append(type)
            var row = [Int](repeating: 0, count: rowBytes)
            for i in 0..<rowBytes {
                let x = Int(data[y * (rowBytes + 1) + 1 + i])
                let a = i >= step ? row[i - step] : 0, b = above[i], c = i >= step ? above[i - step] : 0
                let prediction: Int
                switch type {
                case 0: prediction = 0
                case 1: prediction = a
                case 2: prediction = b
                case 3: prediction = (a + b) / 2
                case 4: prediction = Self.paeth(a, b, c)
                default: throw Failure(description: "row \(y): filter type \(type)")
                }
                row[i] = (x + prediction) % 256
            }
            rawRows.append(row.map { UInt8($0) })
            above = row
        }
        for row in rawRows {
            for x in 0..<width {
                switch colorType {
                case 0: rgba += [row[x], row[x], row[x], 255]
                case 4: rgba += [row[2 * x], row[2 * x], row[2 * x], row[2 * x + 1]]
                case 2: rgba += [row[3 * x], row[3 * x + 1], row[3 * x + 2], 255]
                case 6: rgba += row[(4 * x)..<(4 * x + 4)]
                default:
                    let index = Int(row[x])
                    guard index < palette.count / 3 else { throw Failure(description: "index \(index) past the palette") }
                    rgba += palette[(3 * index)..<(3 * index + 3)]
                    rgba.append(index < transparency.count ? transparency[index] : 255)
                }
            }
        }
    }

    /// The specification's predictor, as written there.
    static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
        if pa <= pb && pa <= pc { return a }
        if pb <= pc { return b }
        return c
    }

    /// Filter `type` applied to `row` under `above`, by the specification's formulas.
    static func filtered(_ row: [UInt8], above: [UInt8], type: UInt8, step: Int) -> [UInt8] {
        row.indices.map { i in
            let x = Int(row[i]), a = i >= step ? Int(row[i - step]) : 0, b = Int(above[i])
            let c = i >= step ? Int(above[i - step]) : 0
            let prediction = switch type {
            case 1: a
            case 2: b
            case 3: (a + b) / 2
            case 4: paeth(a, b, c)
            default: 0
            }
            return UInt8((x - prediction + 256) % 256)
        }
    }
}
