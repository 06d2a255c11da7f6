import Foundation
@testable import PNGCodec
import Testing

/// ffmpeg as an independent consumer of the encoder's still files: every colour type the
/// encoder writes, with every preset, decodes to exactly the pixels encoded (straight alpha,
/// the colour under alpha 0 included).
@Suite struct PNGEncoderFFmpegTests {
    typealias Kind = PNGEncoderTests.Kind

    @Test(arguments: [PNGCompression.fast, .default, .best])
    func everyColourTypeDecodesExactly(_ compression: PNGCompression) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        var types = Set<UInt8>()
        for kind in Kind.allCases {
            var unreduced = compression
            unreduced.reducesColorType = kind.reduces
            let sample = try PNGEncoderTests.make(kind, width: 40, height: 23, seed: 17)
            let png = try PNGEncoderTests.encode(sample, with: PNGEncoder(compression: unreduced))
            types.insert(try ReferencePNGReader(png).colorType)
            let path = try folder.write(png, to: "\(kind).png")
            let decoded = try AnimatedPNGFFmpegTests.decode(path, fpsMode: "passthrough", frameBytes: 40 * 23 * 4, in: folder)
            #expect(decoded == [sample.rgba.pixels], "\(kind) \(compression)")
        }
        #expect(types == [0, 2, 3, 4, 6], "every colour type the encoder writes: \(types.sorted())")
    }
}
