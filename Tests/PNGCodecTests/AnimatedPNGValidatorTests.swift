import Foundation
@testable import PNGCodec
import Testing

/// The validator is only worth its passes if it fails on broken files: a valid file with one
/// rule broken — its CRC fixed up, so that only that rule trips — is rejected with a reason
/// naming the rule.
@Suite struct AnimatedPNGValidatorTests {
    typealias Samples = AnimatedPNGSamples

    /// Chunks of a PNG stream: type and the offset of its length field.
    static func chunks(_ png: [UInt8]) -> [(type: String, offset: Int, length: Int)] {
        var result: [(type: String, offset: Int, length: Int)] = []
        var offset = 8
        while offset + 12 <= png.count {
            let length = png[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            result.append((String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self), offset, length))
            offset += 12 + length
        }
        return result
    }

    /// `png` with the chunk at `offset` rebuilt from `body` (new length and CRC).
    static func replacing(_ png: [UInt8], chunkAt offset: Int, type: String? = nil, body: [UInt8]) -> [UInt8] {
        let length = png[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
        let oldType = String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self)
        return Array(png[..<offset]) + HandMadePNG.chunk(type ?? oldType, body) + Array(png[(offset + 12 + length)...])
    }

    static func body(_ png: [UInt8], _ chunk: (type: String, offset: Int, length: Int)) -> [UInt8] {
        Array(png[(chunk.offset + 8)..<(chunk.offset + 8 + chunk.length)])
    }

    static func setWord(_ bytes: inout [UInt8], at offset: Int, to value: Int) {
        for i in 0..<4 { bytes[offset + i] = UInt8(truncatingIfNeeded: value >> (24 - 8 * i)) }
    }

    @Test func brokenFilesAreRejected() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let frames = Samples.randomRGBAFrames(width: 9, height: 7, count: 6, seed: 21)
        let png = try Samples.write(frames, to: folder.file("good.apng"), width: 9, height: 7)
        _ = try APNGValidator(png)
        let list = Self.chunks(png)
        let controls = list.filter { $0.type == "fcTL" }
        let data = list.filter { $0.type == "fdAT" }
        let actl = try #require(list.first { $0.type == "acTL" })
        try #require(controls.count >= 3 && data.count >= 2)

        var broken: [(String, [UInt8], String)] = []
        var crc = png
        crc[data[0].offset + 12 + data[0].length - 1] ^= 1
        broken.append(("a CRC", crc, "CRC"))

        var count = Self.body(png, actl)
        Self.setWord(&count, at: 0, to: controls.count + 1)
        broken.append(("acTL frame count", Self.replacing(png, chunkAt: actl.offset, body: count), "acTL says"))

        var sequence = Self.body(png, data[1])
        Self.setWord(&sequence, at: 0, to: 99)
        broken.append(("fdAT sequence", Self.replacing(png, chunkAt: data[1].offset, body: sequence), "sequence number"))

        var outside = Self.body(png, controls[1])
        let regionWidth = outside[4..<8].reduce(0) { $0 << 8 | Int($1) }
        Self.setWord(&outside, at: 12, to: 9 - regionWidth + 1)  // x_offset + width = canvas + 1
        broken.append(("region outside", Self.replacing(png, chunkAt: controls[1].offset, body: outside), "not inside"))

        var small = Self.body(png, controls[0])
        Self.setWord(&small, at: 4, to: 8)
        broken.append(("first frame not full size", Self.replacing(png, chunkAt: controls[0].offset, body: small), "cover the canvas"))

        var ops = Self.body(png, controls[2])
        ops[24] = 3
        broken.append(("dispose op", Self.replacing(png, chunkAt: controls[2].offset, body: ops), "dispose"))

        // acTL moved after IDAT: the file is no longer animated before its image data.
        let idat = try #require(list.first { $0.type == "IDAT" })
        let actlBytes = Array(png[actl.offset..<(actl.offset + 20)])
        var moved = png
        moved.insert(contentsOf: actlBytes, at: idat.offset + 12 + idat.length)
        moved.removeSubrange(actl.offset..<(actl.offset + 20))
        broken.append(("acTL after IDAT", moved, "before acTL"))

        // The fdAT of a frame dropped: its fcTL stands without data.
        let dropped = Array(png[..<data[0].offset]) + Array(png[(data[0].offset + 12 + data[0].length)...])
        broken.append(("missing fdAT", dropped, "has no fdAT"))

        for (label, bytes, reason) in broken {
            let error = #expect(throws: APNGValidator.Failure.self, "\(label)") { try APNGValidator(bytes) }
            #expect(error?.description.contains(reason) == true, "\(label): \(String(describing: error))")
        }
    }

    /// The validator's table CRC-32 is the specification's: equal to `HandMadePNG`'s bitwise
    /// one on random data, and to the check value of "123456789" (0xCBF43926).
    @Test func crcMatchesTheSpecification() {
        var generator = SplitMix64(seed: 8)
        for count in [0, 1, 13, 1000] {
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(bytes.withUnsafeBufferPointer { APNGValidator.crc32($0) } == HandMadePNG.crc32(bytes))
        }
        #expect(Array("123456789".utf8).withUnsafeBufferPointer { APNGValidator.crc32($0) } == 0xCBF4_3926)
    }

    /// A stored-block zlib stream of `bytes` (for hand-made frame data), Adler-32 computed here.
    static func storedZlib(_ bytes: [UInt8]) -> [UInt8] {
        var adlerA: UInt32 = 1, adlerB: UInt32 = 0
        for byte in bytes {
            adlerA = (adlerA + UInt32(byte)) % 65521
            adlerB = (adlerB + adlerA) % 65521
        }
        let count = UInt16(bytes.count)
        return [0x78, 0x01, 1, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8(~count >> 8)] + bytes
            + HandMadePNG.bigEndian(adlerB << 16 | adlerA)
    }

    /// Composition follows the specification's dispose and blend rules, on a hand-made file:
    /// a full frame, then a 1 × 1 frame blended OVER and disposed to BACKGROUND, then one
    /// disposed to PREVIOUS, then one that shows what PREVIOUS restored.
    @Test func compositionFollowsDisposeAndBlend() throws {
        func frame(_ rgba: [UInt8], width: Int, height: Int) -> [UInt8] {
            var raw: [UInt8] = []
            for y in 0..<height { raw += [0] + rgba[(y * width * 4)..<((y + 1) * width * 4)] }
            return Self.storedZlib(raw)
        }
        func control(_ sequence: Int, _ w: Int, _ h: Int, _ x: Int, _ y: Int, dispose: UInt8, blend: UInt8) -> [UInt8] {
            [sequence, w, h, x, y].flatMap { HandMadePNG.bigEndian(UInt32($0)) } + [0, 1, 0, 10, dispose, blend]
        }
        let base: [UInt8] = [10, 20, 30, 255, 40, 50, 60, 128]  // 2 × 1
        let half: [UInt8] = [200, 100, 0, 128]
        var png = HandMadePNG.signature
        png += HandMadePNG.chunk("IHDR", HandMadePNG.bigEndian(2) + HandMadePNG.bigEndian(1) + [8, 6, 0, 0, 0])
        png += HandMadePNG.chunk("acTL", HandMadePNG.bigEndian(4) + HandMadePNG.bigEndian(0))
        png += HandMadePNG.chunk("fcTL", control(0, 2, 1, 0, 0, dispose: 0, blend: 0))
        png += HandMadePNG.chunk("IDAT", frame(base, width: 2, height: 1))
        png += HandMadePNG.chunk("fcTL", control(1, 1, 1, 1, 0, dispose: 1, blend: 1))
        png += HandMadePNG.chunk("fdAT", HandMadePNG.bigEndian(2) + frame(half, width: 1, height: 1))
        png += HandMadePNG.chunk("fcTL", control(3, 1, 1, 0, 0, dispose: 2, blend: 0))
        png += HandMadePNG.chunk("fdAT", HandMadePNG.bigEndian(4) + frame(half, width: 1, height: 1))
        png += HandMadePNG.chunk("fcTL", control(5, 1, 1, 1, 0, dispose: 0, blend: 0))
        png += HandMadePNG.chunk("fdAT", HandMadePNG.bigEndian(6) + frame([1, 2, 3, 4], width: 1, height: 1))
        png += HandMadePNG.chunk("IEND", [])
        let (_, frames) = try APNGValidator.frames(of: png)
        #expect(frames.count == 4)
        #expect(frames[0].rgba == base)
        // OVER: alpha = 0.502 + 0.502 · 0.498 = 0.752 → 192; colour (200·0.502 + 40·0.25)/0.752.
        #expect(frames[1].rgba == Array(base[0..<4]) + APNGValidator.over(half, Array(base[4..<8])))
        #expect(Array(frames[1].rgba[4...]) == [147, 83, 20, 192])
        // BACKGROUND cleared pixel 1 to transparent black; frame 2 replaces pixel 0.
        #expect(frames[2].rgba == half + [0, 0, 0, 0])
        // PREVIOUS put pixel 0 back as it was before frame 2.
        #expect(frames[3].rgba == Array(base[0..<4]) + [1, 2, 3, 4])
    }
}
