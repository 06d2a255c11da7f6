@testable import PNGCodec

/// An animated PNG checked chunk by chunk against the APNG specification (1.0, with the PNG
/// specification ISO/IEC 15948 for what it builds on), independently of the writer: every
/// chunk's CRC (with a CRC-32 written here, not zlib's), the chunk order, the shared
/// sequence numbers of fcTL and fdAT, the frame control rules and the acTL counts. Its frames
/// are then decoded — inflated (zlib, through `TestZlib.inflate`), unfiltered with the
/// specification's formulas, expanded to RGBA — and composed on the canvas by the fcTL's
/// region, blend and dispose operations, giving each image a viewer shows, in order.
///
/// 8-bit, non-interlaced files with a default image that is the first frame (fcTL before
/// IDAT): what `AnimatedPNGWriter` promises to write. Anything else is a `Failure`.
struct APNGValidator {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// One fcTL chunk's fields, as stored.
    struct FrameControl: Equatable {
        var sequence: UInt32
        var width: Int
        var height: Int
        var x: Int
        var y: Int
        var delayNumerator: UInt16
        var delayDenominator: UInt16
        var dispose: UInt8
        var blend: UInt8

        /// The delay in seconds as numerator and denominator, a stored denominator of 0 read as
        /// 100 (the specification's rule).
        var delay: (numerator: Int, denominator: Int) {
            (Int(delayNumerator), delayDenominator == 0 ? 100 : Int(delayDenominator))
        }
    }

    var width = 0
    var height = 0
    var colorType: UInt8 = 0
    /// Chunk types in file order.
    var chunkTypes: [String] = []
    /// acTL's num_frames and num_plays.
    var frameCount = 0
    var playCount = 0
    /// Every fcTL, in order.
    var controls: [FrameControl] = []
    var palette: [UInt8] = []
    var transparency: [UInt8] = []

    /// Validates `png`, then calls `frame` with each frame's index, control and the whole
    /// canvas as shown (straight RGBA, `width × height × 4` bytes), in order.
    init(_ png: [UInt8], frame: (Int, FrameControl, [UInt8]) throws -> Void = { _, _, _ in }) throws {
        func fail(_ text: String) -> Failure { Failure(description: text) }
        guard png.count >= 8, Array(png[0..<8]) == HandMadePNG.signature else { throw fail("no PNG signature") }

        // The image data of each frame: the concatenated IDAT or fdAT payloads.
        var frameData: [[UInt8]] = []
        var expectedSequence: UInt32 = 0
        var seenIDAT = false, idatEnded = false, seenIEND = false, seenAnimationControl = false
        // Whether the last fcTL still waits for its fdAT chunks.
        var controlAwaitsData = false
        var offset = 8
        while offset < png.count {
            guard !seenIEND else { throw fail("bytes after IEND") }
            guard offset + 12 <= png.count else { throw fail("truncated chunk at byte \(offset)") }
            let length = png[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            guard length <= Int(Int32.max), offset + 12 + length <= png.count else {
                throw fail("chunk at byte \(offset) overruns the file")
            }
            let typeBytes = Array(png[(offset + 4)..<(offset + 8)])
            let type = String(decoding: typeBytes, as: UTF8.self)
            let body = Array(png[(offset + 8)..<(offset + 8 + length)])
            let stored = png[(offset + 8 + length)..<(offset + 12 + length)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            let computed = png.withUnsafeBufferPointer {
                Self.crc32(UnsafeBufferPointer(rebasing: $0[(offset + 4)..<(offset + 8 + length)]))
            }
            guard stored == computed else { throw fail("\(type) at byte \(offset): CRC \(stored), computed \(computed)") }
            if chunkTypes.last == "IDAT", type != "IDAT" { idatEnded = true }
            chunkTypes.append(type)
            func word(_ at: Int) -> Int { body[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }

            switch type {
            case "IHDR":
                guard chunkTypes.count == 1, length == 13 else { throw fail("IHDR not first or not 13 bytes") }
                width = word(0)
                height = word(4)
                colorType = body[9]
                guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
                    throw fail("IHDR: size \(width)×\(height)")
                }
                guard body[8] == 8, [0, 2, 3, 4, 6].contains(colorType), body[10] == 0, body[11] == 0, body[12] == 0 else {
                    throw fail("IHDR: depth \(body[8]), colour type \(colorType), methods \(body[10...12])")
                }
            case "acTL":
                guard !seenAnimationControl else { throw fail("a second acTL") }
                guard !seenIDAT else { throw fail("acTL after IDAT") }
                guard length == 8 else { throw fail("acTL of \(length) bytes") }
                seenAnimationControl = true
                frameCount = word(0)
                playCount = word(4)
                guard frameCount >= 1, frameCount <= Int(Int32.max), playCount <= Int(Int32.max) else {
                    throw fail("acTL: \(frameCount) frames, \(playCount) plays")
                }
            case "PLTE":
                guard !seenIDAT, palette.isEmpty, !chunkTypes.dropLast().contains("tRNS") else { throw fail("PLTE out of place") }
                guard length > 0, length % 3 == 0, length <= 768 else { throw fail("PLTE of \(length) bytes") }
                palette = body
            case "tRNS":
                guard !seenIDAT, colorType == 3, !palette.isEmpty, length <= palette.count / 3 else {
                    throw fail("tRNS out of place or longer than the palette")
                }
                transparency = body
            case "fcTL":
                guard seenAnimationControl else { throw fail("fcTL before acTL") }
                guard length == 26 else { throw fail("fcTL of \(length) bytes") }
                guard !controlAwaitsData else { throw fail("fcTL \(controls.count - 1) has no fdAT") }
                let control = FrameControl(
                    sequence: UInt32(word(0)), width: word(4), height: word(8), x: word(12), y: word(16),
                    delayNumerator: UInt16(body[20]) << 8 | UInt16(body[21]),
                    delayDenominator: UInt16(body[22]) << 8 | UInt16(body[23]), dispose: body[24], blend: body[25])
                guard control.sequence == expectedSequence else {
                    throw fail("fcTL \(controls.count): sequence number \(control.sequence), expected \(expectedSequence)")
                }
                expectedSequence += 1
                guard control.width > 0, control.height > 0, control.x + control.width <= width,
                      control.y + control.height <= height
                else {
                    throw fail("fcTL \(controls.count): region \(control.width)×\(control.height) at (\(control.x), \(control.y)) is not inside \(width)×\(height)")
                }
                guard control.dispose <= 2, control.blend <= 1 else {
                    throw fail("fcTL \(controls.count): dispose \(control.dispose), blend \(control.blend)")
                }
                if !seenIDAT {
                    // The default image's fcTL: the default image is the first frame.
                    guard controls.isEmpty, control.x == 0, control.y == 0, control.width == width, control.height == height else {
                        throw fail("the fcTL before IDAT must be the first and cover the canvas: \(control)")
                    }
                } else {
                    controlAwaitsData = true
                }
                controls.append(control)
                frameData.append([])
            case "IDAT":
                guard !idatEnded else { throw fail("IDAT chunks not consecutive") }
                guard seenAnimationControl, controls.count == 1, frameData.count == 1 else {
                    throw fail("IDAT without acTL and the first frame's fcTL before it (the default image must be frame 0)")
                }
                if colorType == 3, palette.isEmpty { throw fail("indexed image without PLTE") }
                seenIDAT = true
                frameData[0] += body
            case "fdAT":
                guard seenIDAT, !controls.isEmpty, controls.count > 1 else { throw fail("fdAT before IDAT or its fcTL") }
                guard length >= 4 else { throw fail("fdAT of \(length) bytes") }
                let sequence = UInt32(word(0))
                guard sequence == expectedSequence else {
                    throw fail("fdAT of frame \(controls.count - 1): sequence number \(sequence), expected \(expectedSequence)")
                }
                expectedSequence += 1
                controlAwaitsData = false
                frameData[frameData.count - 1] += body[4...]
            case "IEND":
                guard length == 0, seenIDAT else { throw fail("IEND not empty or before IDAT") }
                guard !controlAwaitsData else { throw fail("the last fcTL has no fdAT") }
                seenIEND = true
            default:
                guard typeBytes[0] & 0x20 != 0 else { throw fail("unknown critical chunk \(type)") }
            }
            offset += 12 + length
        }
        guard seenIEND else { throw fail("no IEND") }
        guard seenAnimationControl else { throw fail("no acTL: not animated") }
        guard controls.count == frameCount else { throw fail("acTL says \(frameCount) frames, the file has \(controls.count) fcTL") }

        // Compose. The canvas starts transparent black, as the specification says.
        var canvas = [UInt8](repeating: 0, count: width * height * 4)
        for (index, control) in controls.enumerated() {
            let pixels = try decode(frameData[index], width: control.width, height: control.height, frame: index)
            let saved = control.dispose == 2 ? region(of: canvas, control) : nil
            for row in 0..<control.height {
                for column in 0..<control.width {
                    let target = ((control.y + row) * width + control.x + column) * 4
                    let source = (row * control.width + column) * 4
                    let value = Array(pixels[source..<(source + 4)])
                    let result = control.blend == 0 ? value : Self.over(value, Array(canvas[target..<(target + 4)]))
                    canvas.replaceSubrange(target..<(target + 4), with: result)
                }
            }
            try frame(index, control, canvas)
            // Disposal prepares the canvas for the next frame. PREVIOUS on the first frame
            // counts as BACKGROUND.
            if control.dispose == 1 || (control.dispose == 2 && index == 0) {
                fill(&canvas, control, with: nil)
            } else if control.dispose == 2, let saved {
                fill(&canvas, control, with: saved)
            }
        }
    }

    /// CRC-32 as the PNG specification defines it (ISO 3309, reflected polynomial 0xEDB88320),
    /// a byte at a time through a table built here from the polynomial — `HandMadePNG.crc32`'s
    /// bitwise loop, eight times fewer steps, for long animations.
    static func crc32(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        crcTable.withUnsafeBufferPointer { table in
            for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        }
        return ~crc
    }

    private static let crcTable: [UInt32] = (0..<256).map { (n: UInt32) in
        var c = n
        for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    /// Every frame as shown, with its control: for small animations.
    static func frames(of png: [UInt8]) throws -> (validator: APNGValidator, frames: [(control: FrameControl, rgba: [UInt8])]) {
        var frames: [(control: FrameControl, rgba: [UInt8])] = []
        let validator = try APNGValidator(png) { _, control, rgba in frames.append((control, rgba)) }
        return (validator, frames)
    }

    // MARK: - Pixels

    /// One frame's image data inflated, unfiltered and expanded to straight RGBA.
    private func decode(_ data: [UInt8], width: Int, height: Int, frame: Int) throws -> [UInt8] {
        let step = switch colorType {
        case 0, 3: 1
        case 4: 2
        case 2: 3
        default: 4
        }
        let rowBytes = width * step
        let filtered = try TestZlib.inflate(data, expectedCount: height * (rowBytes + 1), name: "frame \(frame)")
        var rgba: [UInt8] = []
        rgba.reserveCapacity(width * height * 4)
        var above = [Int](repeating: 0, count: rowBytes)
        var row = [Int](repeating: 0, count: rowBytes)
        for y in 0..<height {
            let type = filtered[y * (rowBytes + 1)]
            for i in 0..<rowBytes {
                let x = Int(filtered[y * (rowBytes + 1) + 1 + i])
                let a = i >= step ? row[i - step] : 0, b = above[i], c = i >= step ? above[i - step] : 0
                let prediction: Int
                switch type {
                case 0: prediction = 0
                case 1: prediction = a
                case 2: prediction = b
                case 3: prediction = (a + b) / 2
                case 4: prediction = ReferencePNGReader.paeth(a, b, c)
                default: throw Failure(description: "frame \(frame), row \(y): filter type \(type)")
                }
                row[i] = (x + prediction) % 256
            }
            let p = row.map { UInt8($0) }
            for x in 0..<width {
                switch colorType {
                case 0: rgba += [p[x], p[x], p[x], 255]
                case 4: rgba += [p[2 * x], p[2 * x], p[2 * x], p[2 * x + 1]]
                case 2: rgba += [p[3 * x], p[3 * x + 1], p[3 * x + 2], 255]
                case 6: rgba += p[(4 * x)..<(4 * x + 4)]
                default:
                    let index = Int(p[x])
                    guard index < palette.count / 3 else {
                        throw Failure(description: "frame \(frame): index \(index) past the palette of \(palette.count / 3)")
                    }
                    rgba += palette[(3 * index)..<(3 * index + 3)]
                    rgba.append(index < transparency.count ? transparency[index] : 255)
                }
            }
            swap(&above, &row)
        }
        return rgba
    }

    /// `source` composited over `destination`, straight alpha, by the PNG specification's
    /// formulas in float64, rounded.
    static func over(_ source: [UInt8], _ destination: [UInt8]) -> [UInt8] {
        let sa = Double(source[3]) / 255, da = Double(destination[3]) / 255
        let alpha = sa + da * (1 - sa)
        guard alpha > 0 else { return [0, 0, 0, 0] }
        let color = (0..<3).map { channel in
            UInt8(((Double(source[channel]) * sa + Double(destination[channel]) * da * (1 - sa)) / alpha).rounded())
        }
        return color + [UInt8((alpha * 255).rounded())]
    }

    private func region(of canvas: [UInt8], _ control: FrameControl) -> [UInt8] {
        (0..<control.height).flatMap { row in
            let start = ((control.y + row) * width + control.x) * 4
            return canvas[start..<(start + control.width * 4)]
        }
    }

    /// Fills the control's region with `pixels` (region-sized RGBA), or transparent black.
    private func fill(_ canvas: inout [UInt8], _ control: FrameControl, with pixels: [UInt8]?) {
        for row in 0..<control.height {
            let start = ((control.y + row) * width + control.x) * 4
            let count = control.width * 4
            let values = pixels.map { Array($0[(row * count)..<((row + 1) * count)]) } ?? [UInt8](repeating: 0, count: count)
            canvas.replaceSubrange(start..<(start + count), with: values)
        }
    }
}
