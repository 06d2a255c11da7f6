import _IconMorphSupport
import Testing
@testable import iconmorph

/// The GIF and WebP frame-delay readers `FrameDelayPatch` patches with, on files built byte by
/// byte: the parts ffmpeg writes and those it may not (a local colour table, a comment, an
/// application extension; odd-sized chunks with their padding), and files cut short, which
/// read as none (and are then left alone).
struct FrameDelayPatchTests {
    /// A GIF of two 1 × 1 frames with delays `first` and `second` (hundredths), the second
    /// with a local colour table, a loop extension and a comment between them.
    static func gif(_ first: UInt8, _ second: UInt8) -> [UInt8] {
        var bytes = Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
        bytes += [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [0x03, 0x01, 0x00, 0x00, 0x00]
        let image: [UInt8] = [0x02, 0x02, 0x44, 0x01, 0x00]
        bytes += [0x21, 0xF9, 0x04, 0x00, first, 0x00, 0x00, 0x00]
        bytes += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0x00] + image
        bytes += [0x21, 0xFE, 0x03] + Array("abc".utf8) + [0x00]
        bytes += [0x21, 0xF9, 0x04, 0x00, second, 0x00, 0x00, 0x00]
        bytes += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0x80] + [1, 2, 3, 4, 5, 6] + image
        return bytes + [0x3B]
    }

    @Test func gifDelaysAreEachFramesInOrder() {
        let bytes = Self.gif(3, 4)
        let delays = FrameDelayPatch.gifDelays(bytes)
        #expect(delays.map(\.value) == [3, 4])
        #expect(delays.allSatisfy { bytes[$0.offset] == UInt8($0.value) && bytes[$0.offset - 2] == 0x04 })
        // Cut short anywhere before the trailer: none.
        for end in stride(from: 13, to: bytes.count - 1, by: 3) {
            #expect(FrameDelayPatch.gifDelays(Array(bytes[..<end])).isEmpty, "cut at \(end)")
        }
        #expect(FrameDelayPatch.gifDelays(Array("GIF87a".utf8) + bytes.dropFirst(6)).isEmpty)
    }

    /// Each frame's hundredths come from its start rounded once, so they add up to the whole
    /// time rounded once; a delay that would be under 1 or past 16 bits gives none.
    @Test func gifHundredthsRoundEachStartOnce() {
        let third = Rational(1, 30)
        #expect(FrameDelayPatch.gifHundredths([third, third, third]) == [3, 4, 3])
        #expect(FrameDelayPatch.gifHundredths([Rational(7, 20), Rational(1, 10), Rational(1, 10)]) == [35, 10, 10])
        #expect(FrameDelayPatch.gifHundredths(Array(repeating: third, count: 30))!.reduce(0, +) == 100)
        #expect(FrameDelayPatch.gifHundredths([Rational(1, 1000)]) == nil)
        #expect(FrameDelayPatch.gifHundredths([Rational(65536, 100)]) == nil)
        #expect(FrameDelayPatch.gifHundredths([Rational(65535, 100)]) == [65535])
    }

    /// A chunk of a RIFF file: its four-character code, its size, its payload and a pad byte
    /// when the size is odd.
    static func chunk(_ code: String, _ payload: [UInt8]) -> [UInt8] {
        let size = payload.count
        return Array(code.utf8) + [UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), 0, 0] + payload + (size % 2 == 1 ? [0] : [])
    }

    /// An animated WebP whose frames last `durations` milliseconds, with metadata chunks of
    /// odd sizes around them.
    static func webP(_ durations: [Int]) -> [UInt8] {
        var body = Array("WEBP".utf8) + chunk("VP8X", [0x12, 0, 0, 0, 0, 0, 0, 0, 0, 0]) + chunk("ICCP", [1, 2, 3])
        body += chunk("ANIM", [0, 0, 0, 0, 0, 0])
        for duration in durations {
            let header: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                   UInt8(duration & 0xFF), UInt8(duration >> 8 & 0xFF), UInt8(duration >> 16 & 0xFF), 0]
            body += chunk("ANMF", header + chunk("VP8L", [0x2F, 0, 0, 0, 0]))
        }
        body += chunk("EXIF", [1, 2, 3, 4, 5, 6, 7])
        let size = body.count
        return Array("RIFF".utf8) + [UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), 0] + body
    }

    @Test func webPDurationsAreEachFramesInOrder() {
        let bytes = Self.webP([33, 34, 70_000])
        let durations = FrameDelayPatch.webPDurations(bytes)
        #expect(durations.map(\.value) == [33, 34, 70_000])
        #expect(durations.allSatisfy { bytes[$0.offset] == UInt8($0.value & 0xFF) })
        #expect(FrameDelayPatch.webPDurations(Array(bytes.dropLast(3))).isEmpty)
        #expect(FrameDelayPatch.webPDurations(Array("RIFX".utf8) + bytes.dropFirst(4)).isEmpty)
    }
}
