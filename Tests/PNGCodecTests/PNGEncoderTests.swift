@_spi(Testing) @testable import PNGCodec
import Testing

/// The encoder's files decode to exactly the pixels encoded — through libpng
/// (`PNGImage(pngData:)`) and through the specification-based `ReferencePNGReader` — for
/// every colour type it chooses, every filter and a spread of zlib settings; and it chooses
/// a smaller colour type only when that is exact.
@Suite struct PNGEncoderTests {
    /// Images that lead to each colour type, with the type expected.
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case rgba, opaqueRGB, grayWithAlpha, opaqueGray, oneColorRGBA
        case grayAlpha, opaqueGrayAlpha, oneGrayAlpha
        case alphaPlane, alphaPlaneUnreduced, oneColorUnreduced

        var testDescription: String { rawValue }

        /// The colour type, or nil for one gray colour, which may be indexed or gray+alpha
        /// (`grayIsTheSmallerOfIndexedAndGrayAlpha` checks that choice).
        var expectedColorType: UInt8? {
            switch self {
            case .rgba, .alphaPlaneUnreduced, .oneColorUnreduced: 6
            case .opaqueRGB: 2
            case .grayWithAlpha, .grayAlpha: 4
            case .opaqueGray, .opaqueGrayAlpha: 0
            case .oneColorRGBA, .alphaPlane: 3
            case .oneGrayAlpha: nil
            }
        }

        var reduces: Bool { self != .alphaPlaneUnreduced && self != .oneColorUnreduced }
    }

    /// A test image: the RGBA it must decode to, and how it is handed to the encoder.
    struct Sample {
        let rgba: PNGImage
        let input: PNGImage?
        let alpha: [UInt8]
        let color: (UInt8, UInt8, UInt8)
    }

    /// Bytes that repeat their left or upper neighbour half the time, so rows have runs, ties
    /// and smooth stretches for the filters and random stretches for zlib.
    static func samples(width: Int, height: Int, channels: Int, seed: UInt64) -> [UInt8] {
        var generator = SplitMix64(seed: seed)
        var bytes = [UInt8](repeating: 0, count: width * height * channels)
        for i in bytes.indices {
            let x = i / channels % width, y = i / channels / width
            switch UInt8.random(in: 0...3, using: &generator) {
            case 0 where x > 0: bytes[i] = bytes[i - channels]
            case 1 where y > 0: bytes[i] = bytes[i - width * channels]
            default: bytes[i] = UInt8.random(in: 0...255, using: &generator)
            }
        }
        return bytes
    }

    static func make(_ kind: Kind, width: Int, height: Int, seed: UInt64) throws -> Sample {
        let count = width * height
        let random = samples(width: width, height: height, channels: 4, seed: seed)
        var rgba = random
        switch kind {
        case .rgba, .opaqueRGB:
            if kind == .opaqueRGB { for p in 0..<count { rgba[4 * p + 3] = 255 } }
        case .grayWithAlpha, .opaqueGray, .grayAlpha, .opaqueGrayAlpha:
            for p in 0..<count {
                rgba[4 * p + 1] = rgba[4 * p]
                rgba[4 * p + 2] = rgba[4 * p]
                if kind == .opaqueGray || kind == .opaqueGrayAlpha { rgba[4 * p + 3] = 255 }
            }
        case .oneColorRGBA, .oneColorUnreduced, .alphaPlane, .alphaPlaneUnreduced:
            for p in 0..<count { (rgba[4 * p], rgba[4 * p + 1], rgba[4 * p + 2]) = (52, 120, 246) }
        case .oneGrayAlpha:
            for p in 0..<count { (rgba[4 * p], rgba[4 * p + 1], rgba[4 * p + 2]) = (90, 90, 90) }
        }
        let image = try PNGImage(width: width, height: height, format: .rgba, pixels: rgba)
        let alpha = (0..<count).map { rgba[4 * $0 + 3] }
        var input: PNGImage? = image
        switch kind {
        case .grayAlpha, .opaqueGrayAlpha, .oneGrayAlpha:
            let ga = (0..<count).flatMap { [rgba[4 * $0], rgba[4 * $0 + 3]] }
            input = try PNGImage(width: width, height: height, format: .grayAlpha, pixels: ga)
        case .alphaPlane, .alphaPlaneUnreduced:
            input = nil
        default:
            break
        }
        return Sample(rgba: image, input: input, alpha: alpha, color: (rgba[0], rgba[1], rgba[2]))
    }

    static func encode(_ sample: Sample, with encoder: PNGEncoder) throws -> [UInt8] {
        if let input = sample.input { return try encoder.withPNGData(of: input) { Array($0) } }
        return try sample.alpha.withUnsafeBytes {
            try encoder.withPNGData(
                alpha: $0, width: sample.rgba.width, height: sample.rgba.height,
                red: sample.color.0, green: sample.color.1, blue: sample.color.2
            ) { Array($0) }
        }
    }

    static let sizes: [(Int, Int)] = [(1, 1), (1, 6), (6, 1), (2, 3), (17, 9), (40, 23)]

    static let filters: [PNGFilter] = PNGFilter.allCases

    @Test(arguments: Kind.allCases, filters)
    func everyLayoutAndFilterRoundTrips(_ kind: Kind, _ filter: PNGFilter) throws {
        let encoder = PNGEncoder(
            compression: PNGCompression(level: 6, filter: filter, reducesColorType: kind.reduces))
        for (index, (width, height)) in Self.sizes.enumerated() {
            let sample = try Self.make(kind, width: width, height: height, seed: UInt64(index * 31 + 7))
            let png = try Self.encode(sample, with: encoder)
            let label = "\(kind) \(filter) \(width)×\(height)"
            #expect(try PNGImage(pngData: png, format: .rgba) == sample.rgba, "libpng: \(label)")
            let reference = try ReferencePNGReader(png)
            #expect(reference.rgba == sample.rgba.pixels, "reference reader: \(label)")
            #expect((reference.width, reference.height) == (width, height))
            // A single pixel is one colour whatever the kind (and gray only if it is gray).
            if let expectedType = width * height == 1 && kind.reduces ? 3 : kind.expectedColorType {
                let gray = sample.rgba.pixels[0] == sample.rgba.pixels[1] && sample.rgba.pixels[1] == sample.rgba.pixels[2]
                // (A single opaque gray pixel may be plain gray.)
                let allowed: Set<UInt8> = width * height == 1 && gray ? [0, 3, 4] : [expectedType]
                #expect(allowed.contains(reference.colorType), "\(label): colour type \(reference.colorType)")
            } else {
                #expect([3, 4].contains(reference.colorType), "\(label): colour type \(reference.colorType)")
            }
            // libpng leaves out the filters that would only predict from zeros: those that
            // look left on an image one pixel wide, above on one a row high (`none` then).
            let fixedType: UInt8? = switch filter {
            case .none: 0
            case .sub: width == 1 ? 0 : 1
            case .up: height == 1 ? 0 : 2
            case .average: width == 1 || height == 1 ? 0 : 3
            case .paeth: width == 1 || height == 1 ? 0 : 4
            case .minimumSum: nil
            }
            if let fixedType { #expect(reference.filterTypes.allSatisfy { $0 == fixedType }, "\(label)") }
        }
    }

    static let zlibSettings: [PNGCompression] = [
        PNGCompression(level: 0, filter: .none),
        PNGCompression(level: 1, filter: .sub),
        PNGCompression(level: 9, filter: .paeth),
        PNGCompression(level: 6, filter: .up, strategy: .filtered),
        PNGCompression(level: 1, filter: .minimumSum, strategy: .runLength),
        PNGCompression(level: 6, filter: .average, strategy: .huffmanOnly),
        PNGCompression(level: 9, filter: .minimumSum),
        .default, .fast, .best,
    ]

    @Test(arguments: zlibSettings)
    func zlibSettingsRoundTrip(_ compression: PNGCompression) throws {
        for kind in [Kind.rgba, .oneColorRGBA, .grayAlpha] {
            let sample = try Self.make(kind, width: 64, height: 37, seed: 5)
            let png = try Self.encode(sample, with: PNGEncoder(compression: compression))
            #expect(try PNGImage(pngData: png, format: .rgba) == sample.rgba, "\(kind) \(compression)")
            #expect(try ReferencePNGReader(png).rgba == sample.rgba.pixels, "\(kind) \(compression)")
        }
    }

    /// The adaptive filter (libpng's heuristic) picks, per row, the type with the smallest sum
    /// of |signed byte| by the specification's filters, the lowest type on a tie.
    @Test func adaptiveFilterPicksTheSmallestSum() throws {
        let sample = try Self.make(.rgba, width: 48, height: 40, seed: 11)
        let png = try Self.encode(sample, with: PNGEncoder(compression: PNGCompression(level: 6, filter: .minimumSum)))
        let reader = try ReferencePNGReader(png)
        var above = [UInt8](repeating: 0, count: 48 * 4)
        var usedTypes = Set<UInt8>()
        for (y, row) in reader.rawRows.enumerated() {
            let scores = (UInt8(0)...4).map { type in
                ReferencePNGReader.filtered(row, above: above, type: type, step: 4).reduce(0) { sum, byte in
                    sum + min(Int(byte), 256 - Int(byte))
                }
            }
            let best = UInt8(scores.firstIndex(of: scores.min()!)!)
            #expect(reader.filterTypes[y] == best, "row \(y): scores \(scores)")
            usedTypes.insert(reader.filterTypes[y])
            above = row
        }
        #expect(usedTypes.count >= 3, "the sample should make several types win: \(usedTypes)")
    }

    /// One pixel of another colour, or a colour that differs in one channel by one level,
    /// keeps the image out of the palette.
    @Test func paletteOnlyWhenTheColourIsConstant() throws {
        for channel in 0..<3 {
            var sample = try Self.make(.oneColorRGBA, width: 9, height: 5, seed: 3).rgba.pixels
            sample[4 * 22 + channel] &+= 1
            let image = try PNGImage(width: 9, height: 5, format: .rgba, pixels: sample)
            let png = try image.pngData()
            let reader = try ReferencePNGReader(png)
            #expect(reader.colorType == 6, "channel \(channel)")
            #expect(reader.rgba == sample)
            #expect(try PNGImage(pngData: png) == image)
        }
        var gray = try Self.make(.oneGrayAlpha, width: 9, height: 5, seed: 3).input!.pixels
        gray[2 * 40] &+= 1
        let image = try PNGImage(width: 9, height: 5, format: .grayAlpha, pixels: gray)
        #expect(try ReferencePNGReader(image.pngData()).colorType == 4)
    }

    /// The palette has one entry per alpha in use, sorted by alpha, all of the one colour;
    /// tRNS lists them and leaves out a final 255 only.
    @Test(arguments: [[UInt8](0...255), [200, 7, 0, 7], [255], [0], [255, 254], [3, 255, 3]])
    func paletteHoldsTheAlphasInUse(_ alphas: [UInt8]) throws {
        let sorted = Array(Set(alphas)).sorted()
        let png = try alphas.withUnsafeBytes {
            try PNGEncoder().withPNGData(alpha: $0, width: alphas.count, height: 1, red: 1, green: 2, blue: 3) { Array($0) }
        }
        let reader = try ReferencePNGReader(png)
        #expect(reader.colorType == 3)
        #expect(reader.palette == Array([[UInt8]](repeating: [1, 2, 3], count: sorted.count).joined()))
        let expectedTRNS = sorted.last == 255 ? Array(sorted.dropLast()) : sorted
        #expect(reader.transparency == expectedTRNS)
        #expect(reader.chunkTypes.contains("tRNS") == !expectedTRNS.isEmpty)
        #expect(reader.rgba == alphas.flatMap { [1, 2, 3, $0] })
        let decoded = try PNGImage(pngData: png)
        #expect(decoded.pixels == reader.rgba)
    }

    /// For one gray colour the file is the smaller of the indexed one and the gray+alpha one
    /// (the same image given as gray+alpha without reduction), on images small enough for
    /// the trial, and indexed on large ones. Both sizes come from independent encodes.
    @Test func grayIsTheSmallerOfIndexedAndGrayAlpha() throws {
        var chosen: [UInt8] = []
        for (size, seed) in [(8, 1), (24, 2), (60, 3), (1, 4), (150, 5)] {
            // Alphas in smooth runs (few distinct values), random noise (many), and random
            // noise of two values, where a byte a pixel beats two bytes whatever the palette.
            for kind in 0..<3 {
                let count = size * size
                var generator = SplitMix64(seed: UInt64(seed))
                let alpha = (0..<count).map { i -> UInt8 in
                    switch kind {
                    case 0: UInt8(min(255, (i % size) * 40))
                    case 1: UInt8.random(in: 0...255, using: &generator)
                    default: Bool.random(using: &generator) ? 255 : 0
                    }
                }
                let encoded = try alpha.withUnsafeBytes { plane in
                    try PNGEncoder().withPNGData(alpha: plane, width: size, height: size, red: 9, green: 9, blue: 9) { Array($0) }
                }
                var noTrial = PNGCompression.default
                noTrial.triesGrayAlpha = false
                let indexedOnly = PNGEncoder(compression: noTrial)
                let indexed = try alpha.withUnsafeBytes { plane in
                    try indexedOnly.withPNGData(alpha: plane, width: size, height: size, red: 9, green: 9, blue: 9) { Array($0) }
                }
                let ga = try PNGImage(width: size, height: size, format: .grayAlpha, pixels: alpha.flatMap { [9, $0] })
                var unreduced = PNGCompression.default
                unreduced.reducesColorType = false
                let grayAlpha = try ga.pngData(compression: unreduced)
                #expect(try ReferencePNGReader(indexed).colorType == 3)
                #expect(try ReferencePNGReader(grayAlpha).colorType == 4)
                #expect(encoded == (grayAlpha.count < indexed.count ? grayAlpha : indexed), "\(size) \(kind)")
                #expect(try PNGImage(pngData: encoded) == PNGImage(pngData: indexed))
                chosen.append(try ReferencePNGReader(encoded).colorType)
            }
        }
        #expect(Set(chosen) == [3, 4], "the samples should make each layout win somewhere: \(chosen)")
        // A frame too large for the trial: 512 × 512 with a two-entry palette (36 + 8 bytes).
        let large = [UInt8](repeating: 0, count: 512 * 512 - 1) + [255]
        let png = try large.withUnsafeBytes { plane in
            try PNGEncoder().withPNGData(alpha: plane, width: 512, height: 512, red: 0, green: 0, blue: 0) { Array($0) }
        }
        #expect(try ReferencePNGReader(png).colorType == 3)
    }

    /// An opaque image of one gray (a mask of one value, as `iconmorph mask` writes it) is
    /// tried as plain gray rather than gray+alpha, whose alpha would all be 255: the file is
    /// plain gray or indexed, whichever is smaller, never gray+alpha, and no larger than the
    /// indexed file alone. It came out gray+alpha up to 18 px a side, where plain gray, with
    /// no palette to store, is the smaller.
    @Test func anOpaqueGrayIsTriedAsPlainGray() throws {
        for size in [1, 2, 8, 18, 19, 60, 200] {
            let opaque = [UInt8](repeating: 255, count: size * size)
            let encoded = try opaque.withUnsafeBytes { plane in
                try PNGEncoder().withPNGData(alpha: plane, width: size, height: size, red: 77, green: 77, blue: 77) { Array($0) }
            }
            var noTrial = PNGCompression.default
            noTrial.triesGrayAlpha = false
            let indexed = try opaque.withUnsafeBytes { plane in
                try PNGEncoder(compression: noTrial).withPNGData(alpha: plane, width: size, height: size, red: 77, green: 77, blue: 77) { Array($0) }
            }
            let type = try ReferencePNGReader(encoded).colorType
            #expect(type == 0 || type == 3, "\(size): colour type \(type)")
            #expect(size > 18 || type == 0, "\(size): colour type \(type)")
            #expect(encoded.count <= indexed.count, "\(size)")
            #expect(try ReferencePNGReader(encoded).rgba == [UInt8](repeating: 0, count: size * size).flatMap { _ in [77, 77, 77, 255] })
        }
    }

    /// `.best` compresses an indexed image at level 9 and with run-length matching and keeps
    /// the smaller file, the level-9 one on a tie: the file is byte for byte the smaller of
    /// the two single-method encoders' files, and each method wins on some of the samples.
    @Test func bestKeepsTheSmallerIndexedFile() throws {
        let levelNine = PNGEncoder(compression: PNGCompression(level: 9, filter: .none))
        var runLengthOnly = PNGCompression.best
        runLengthOnly.indices = PNGCompression.default.indices
        runLengthOnly.indicesAlternative = nil
        let runLength = PNGEncoder(compression: runLengthOnly)
        let best = PNGEncoder(compression: .best)
        var winners: [String] = []
        let size = 160
        // A coloured tint, so no gray+alpha trial: every file is indexed.
        func encode(_ plane: [UInt8], _ encoder: PNGEncoder) throws -> [UInt8] {
            try plane.withUnsafeBytes { try encoder.withPNGData(alpha: $0, width: size, height: size, red: 200, green: 30, blue: 60) { Array($0) } }
        }
        for kind in 0..<4 {
            var generator = SplitMix64(seed: UInt64(kind) + 3)
            let plane = (0..<size * size).map { i -> UInt8 in
                let x = Double(i % size) - 80.5, y = Double(i / size) - 80.5
                switch kind {
                // A disc with a one-pixel anti-aliased edge, like a crisp morph frame.
                case 0: return UInt8(max(0, min(255, (60 - (x * x + y * y).squareRoot()) * 255 + 0.5)))
                // A soft ring, like a blurred one: a wide ramp of many alphas.
                case 1: return UInt8(max(0, min(255, 255 - abs((x * x + y * y).squareRoot() - 50) * 12)))
                // Stripes of a few alphas, repeated.
                case 2: return UInt8(min(255, (i % 23) * 40))
                // Sparse noise on a flat field.
                default: return generator.next() % 7 == 0 ? UInt8(truncatingIfNeeded: generator.next()) : 0
                }
            }
            let (nine, run, chosen) = (try encode(plane, levelNine), try encode(plane, runLength), try encode(plane, best))
            #expect(try ReferencePNGReader(chosen).colorType == 3)
            let isTheSmaller = chosen == (run.count < nine.count ? run : nine)
            #expect(isTheSmaller, "sample \(kind): \(chosen.count) bytes, of \(nine.count) and \(run.count)")
            #expect(try PNGImage(pngData: chosen) == PNGImage(pngData: nine))
            winners.append(run.count < nine.count ? "run-length" : "level 9")
        }
        #expect(Set(winners) == ["level 9", "run-length"], "each method should win somewhere: \(winners)")
    }

    /// On a tie `.best` keeps the level-9 file: a 1 × 1 image compresses to as many bytes
    /// both ways, and the chosen file's zlib header says level 9 (FLEVEL, the top two bits of
    /// its second byte, 3; zlib writes 0 for run-length matching).
    @Test func bestKeepsLevelNineOnATie() throws {
        var runLengthOnly = PNGCompression.best
        runLengthOnly.indices = PNGCompression.default.indices
        runLengthOnly.indicesAlternative = nil
        func encode(_ compression: PNGCompression) throws -> [UInt8] {
            try [UInt8(128)].withUnsafeBytes {
                try PNGEncoder(compression: compression).withPNGData(alpha: $0, width: 1, height: 1, red: 200, green: 30, blue: 60) { Array($0) }
            }
        }
        let (nine, run, chosen) = (try encode(PNGCompression(level: 9, filter: .none)), try encode(runLengthOnly), try encode(.best))
        try #require(nine.count == run.count && nine != run, "not a tie: \(nine.count) and \(run.count) bytes")
        #expect(chosen == nine)
        func compressionLevel(_ file: [UInt8]) throws -> UInt8 {
            let idat = try #require(file.indices.first { file[$0...].starts(with: Array("IDAT".utf8)) })
            return file[idat + 5] >> 6
        }
        #expect(try compressionLevel(run) == 0)
        #expect(try compressionLevel(chosen) == 3)
    }

    /// The chunk order and content every file has: IHDR, sRGB (perceptual), [PLTE, tRNS],
    /// IDAT, IEND.
    @Test func chunkLayout() throws {
        let indexed = try ReferencePNGReader(Self.make(.oneColorRGBA, width: 5, height: 4, seed: 1).rgba.pngData())
        #expect(indexed.chunkTypes == ["IHDR", "sRGB", "PLTE", "tRNS", "IDAT", "IEND"])
        let rgba = try ReferencePNGReader(Self.make(.rgba, width: 5, height: 4, seed: 1).rgba.pngData())
        #expect(rgba.chunkTypes == ["IHDR", "sRGB", "IDAT", "IEND"])
        let png = try Self.make(.rgba, width: 5, height: 4, seed: 1).rgba.pngData()
        let srgb = try #require(HandMadePNG.offset(of: "sRGB", in: png))
        #expect(Array(png[srgb..<(srgb + 9)]) == [0, 0, 0, 1, 115, 82, 71, 66, 0])
    }

    /// Past the chunk limit (libpng's compression buffer, at least 6 bytes) the compressed
    /// data is split over several IDAT chunks, each with its CRC, and decoders still read one
    /// stream: the same stream, so the file grows by the 12 bytes of each extra chunk.
    @Test(arguments: [6, 7, 100])
    func longDataIsSplitOverIDATChunks(_ limit: Int) throws {
        let sample = try Self.make(.rgba, width: 30, height: 20, seed: 9)
        let encoder = PNGEncoder(compression: .default)
        encoder.maximumChunkLength = limit
        let png = try encoder.withPNGData(of: sample.rgba) { Array($0) }
        let reader = try ReferencePNGReader(png)
        let idats = reader.chunkTypes.filter { $0 == "IDAT" }.count
        let whole = try ReferencePNGReader(PNGEncoder(compression: .default).withPNGData(of: sample.rgba) { Array($0) })
        #expect(idats > 1)
        #expect(png.count == (try sample.rgba.pngData()).count + 12 * (idats - 1))
        #expect(reader.rgba == sample.rgba.pixels)
        #expect(whole.chunkTypes.filter { $0 == "IDAT" }.count == 1)
        #expect(try PNGImage(pngData: png) == sample.rgba)
    }

    /// One encoder reused over images of different sizes and layouts writes the same bytes as
    /// a fresh encoder for each: nothing of one image leaks into the next.
    @Test func reuseGivesTheSameBytes() throws {
        let shared = PNGEncoder()
        for (index, kind) in [Kind.rgba, .alphaPlane, .opaqueGray, .oneColorRGBA, .rgba, .alphaPlane].enumerated() {
            let (width, height) = Self.sizes[(index * 5) % Self.sizes.count]
            let sample = try Self.make(kind, width: width + index, height: height, seed: UInt64(index))
            #expect(try Self.encode(sample, with: shared) == Self.encode(sample, with: PNGEncoder()), "\(kind)")
        }
    }

    @Test func badInputsThrow() throws {
        let image = try PNGImage(width: 2, height: 2, format: .rgba, pixels: [UInt8](repeating: 9, count: 16))
        for level in [-1, 10] {
            let error = #expect(throws: PNGError.self) {
                try image.pngData(compression: PNGCompression(level: level, filter: .none))
            }
            #expect(error?.description == "cannot encode PNG: zlib level must be 0 to 9, got \(level)")
        }
        let plane = [UInt8](repeating: 0, count: 5)
        let error = #expect(throws: PNGError.self) {
            try plane.withUnsafeBytes {
                try PNGEncoder().withPNGData(alpha: $0, width: 2, height: 2, red: 0, green: 0, blue: 0) { _ in }
            }
        }
        #expect(error?.description == "invalid image: 5 bytes do not make a 2×2 image of 1 channel")
        #expect(throws: PNGError.self) {
            try plane.withUnsafeBytes {
                try PNGEncoder().withPNGData(alpha: $0, width: 0, height: 5, red: 0, green: 0, blue: 0) { _ in }
            }
        }
    }
}
