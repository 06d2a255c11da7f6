import Foundation
@_spi(Testing) @testable import PNGCodec
import Testing
import _TestSupport

/// The writer's files pass `APNGValidator` (the specification's chunk rules, checked
/// independently) and show exactly the frames given — pixels and straight alpha, through the
/// validator's own composition of the fcTL regions — with equal frames merged into one whose
/// delay is the exact sum, and changed frames cropped to the box of what changed.
@Suite struct AnimatedPNGWriterTests {
    typealias Samples = AnimatedPNGSamples

    /// Checks `png` against `frames`: valid, nothing stored twice (unless `extraFrames` repeat
    /// frames were needed for long delays), every stored frame exact with exact delays, regions
    /// the bounding box of each change, SOURCE blending and NONE disposal throughout.
    @discardableResult
    static func check(
        _ png: [UInt8], against frames: [Samples.Frame], width: Int, height: Int, extraFrames: Int = 0,
        _ label: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> APNGValidator {
        let (validator, decoded) = try APNGValidator.frames(of: png)
        let expected = Samples.runs(of: frames)
        #expect((validator.width, validator.height) == (width, height), "\(label)", sourceLocation: sourceLocation)
        #expect(decoded.count == expected.count + extraFrames, "\(label): stored frames", sourceLocation: sourceLocation)
        let shown = Samples.runs(ofDecoded: decoded)
        #expect(shown.count == expected.count, "\(label): distinct frames shown", sourceLocation: sourceLocation)
        for (index, (actual, wanted)) in zip(shown, expected).enumerated() {
            #expect(actual.rgba == wanted.rgba, "\(label): frame \(index) pixels", sourceLocation: sourceLocation)
            #expect(actual.delay == wanted.delay, "\(label): frame \(index) delay", sourceLocation: sourceLocation)
        }
        var previous: [UInt8]?
        for (index, frame) in decoded.enumerated() {
            let control = frame.control
            #expect(control.dispose == 0 && control.blend == 0, "\(label): frame \(index) ops", sourceLocation: sourceLocation)
            if let previous, let box = Samples.changedBox(previous, frame.rgba, width: width, height: height) {
                #expect(
                    (control.x, control.y, control.width, control.height) == box,
                    "\(label): frame \(index) region", sourceLocation: sourceLocation)
            }
            previous = frame.rgba
        }
        return validator
    }

    static let sizes: [(Int, Int)] = [(1, 1), (7, 5), (40, 23)]

    @Test(arguments: [PNGCompression.default, .fast, PNGCompression(level: 9, filter: .paeth), PNGCompression(level: 0, filter: .none)])
    func randomRGBAFramesAreExact(_ compression: PNGCompression) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        for (index, (width, height)) in Self.sizes.enumerated() {
            let frames = Samples.randomRGBAFrames(width: width, height: height, count: 40, seed: UInt64(index + 1))
            let png = try Samples.write(frames, to: folder.file("random.apng"), width: width, height: height, compression: compression)
            let validator = try Self.check(png, against: frames, width: width, height: height, "\(width)×\(height) \(compression)")
            // Even 1 × 1: the first frame has one colour, and a later one another (a rewrite).
            #expect(validator.colorType == 6)
            #expect(validator.playCount == 0)
        }
        #expect(folder.temporaryFiles().isEmpty)
    }

    /// With `.best`, each indexed frame is compressed at level 9 and with run-length
    /// matching and the smaller kept: on frames where each method wins some (discs, where
    /// level 9 does, and sparse specks, where run-length matching does), the file is smaller
    /// than with either method alone, and shows the same frames.
    @Test func bestKeepsEachFramesSmallerData() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        var frames = Samples.discFrames(size: 96, count: 8, fromRadius: 4, toRadius: 44)
        var generator = SplitMix64(seed: 7)
        for index in stride(from: 1, to: frames.count, by: 2) {
            let specks = (0..<96 * 96).map { _ in generator.next() % 7 == 0 ? UInt8(truncatingIfNeeded: generator.next()) : 0 }
            frames[index].pixels = .alpha(specks, red: 52, green: 120, blue: 246)
        }
        var runLengthOnly = PNGCompression.best
        runLengthOnly.indices = PNGCompression.default.indices
        runLengthOnly.indicesAlternative = nil
        var sizes: [Int] = []
        for compression in [PNGCompression(level: 9, filter: .none), runLengthOnly, .best] {
            let png = try Samples.write(frames, to: folder.file("mixed.apng"), width: 96, height: 96, compression: compression)
            try Self.check(png, against: frames, width: 96, height: 96, "\(compression)")
            sizes.append(png.count)
        }
        #expect(sizes[2] < min(sizes[0], sizes[1]), "level 9, run-length, best: \(sizes)")
    }

    /// One-colour frames are indexed, with a palette of the colour at all 256 alphas; every
    /// alpha value, 0 to 255, comes back.
    @Test func alphaFramesAreIndexedWithEveryAlpha() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        var frames = Samples.discFrames(size: 24, count: 12, fromRadius: 2, toRadius: 11, holdStart: 2, holdEnd: 3)
        let ramp = (0..<(24 * 24)).map { UInt8($0 % 256) }
        frames.insert(Samples.Frame(pixels: .alpha(ramp, red: 52, green: 120, blue: 246), delayNumerator: 1, delayDenominator: 30), at: 5)
        let png = try Samples.write(frames, to: folder.file("disc.apng"), width: 24, height: 24, loopCount: 3)
        let validator = try Self.check(png, against: frames, width: 24, height: 24, "disc")
        #expect(validator.colorType == 3)
        #expect(validator.palette == Array([[UInt8]](repeating: [52, 120, 246], count: 256).joined()))
        #expect(validator.transparency == (0..<255).map { UInt8($0) })
        #expect(validator.playCount == 3)
        // Holds merge: 2 + 1 equal frames at the start, 1 + 3 at the end.
        #expect(validator.controls.first?.delayNumerator == 1 && validator.controls.first?.delayDenominator == 10)
        #expect(validator.controls.last?.delayNumerator == 2 && validator.controls.last?.delayDenominator == 15)
    }

    /// An RGBA first frame of one colour is indexed too; `reducesColorType: false` keeps RGBA.
    @Test func colorTypeFollowsTheFirstFrame() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let frames = Samples.discFrames(size: 16, count: 4, fromRadius: 3, toRadius: 7, color: (200, 10, 90))
        let asRGBA = frames.map { Samples.Frame(pixels: .rgba($0.rgba), delayNumerator: 1, delayDenominator: 30) }
        let indexed = try Samples.write(asRGBA, to: folder.file("a.apng"), width: 16, height: 16)
        #expect(try Self.check(indexed, against: asRGBA, width: 16, height: 16, "rgba one colour").colorType == 3)
        let unreduced = PNGCompression(level: 6, filter: .minimumSum, strategy: .runLength, reducesColorType: false)
        for input in [frames, asRGBA] {
            let png = try Samples.write(input, to: folder.file("b.apng"), width: 16, height: 16, compression: unreduced)
            #expect(try Self.check(png, against: input, width: 16, height: 16, "unreduced").colorType == 6)
        }
    }

    /// A later frame of another colour turns the file into RGBA — before anything was
    /// written (frame 1), or by rewriting the frames written (frame 4) — and every frame,
    /// delays and merges included, stays exact.
    @Test(arguments: [1, 2, 4, 7])
    func secondColourRewritesAsRGBA(at switchIndex: Int) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        var frames = Samples.discFrames(size: 20, count: 8, fromRadius: 2, toRadius: 9, holdStart: 1)
        for index in switchIndex..<frames.count {
            guard case .alpha(let alpha, _, _, _) = frames[index].pixels else { continue }
            frames[index].pixels = .alpha(alpha, red: 250, green: 200, blue: UInt8(index))
        }
        frames[3].delayNumerator = 5
        frames.append(Samples.Frame(pixels: .rgba(frames[frames.count - 1].rgba), delayNumerator: 1, delayDenominator: 7))
        let png = try Samples.write(frames, to: folder.file("switch.apng"), width: 20, height: 20, loopCount: 2, maximumChunkLength: 100)
        let validator = try Self.check(png, against: frames, width: 20, height: 20, "switch at \(switchIndex)")
        #expect(validator.colorType == 6)
        #expect(validator.playCount == 2)
        #expect(folder.temporaryFiles().isEmpty)
    }

    /// RGBA frames of one colour, then one with a second colour, then one colour again.
    @Test func rgbaFramesWithASecondColourRewrite() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        var frames = Samples.discFrames(size: 12, count: 5, fromRadius: 1, toRadius: 5).map {
            Samples.Frame(pixels: .rgba($0.rgba), delayNumerator: 1, delayDenominator: 25)
        }
        var mixed = frames[4].rgba
        mixed[0] = 9
        frames.insert(Samples.Frame(pixels: .rgba(mixed), delayNumerator: 1, delayDenominator: 25), at: 3)
        let png = try Samples.write(frames, to: folder.file("mixed.apng"), width: 12, height: 12)
        #expect(try Self.check(png, against: frames, width: 12, height: 12, "mixed").colorType == 6)
    }

    /// The region of a changed frame is exactly the box of its changed pixels.
    @Test func changedRegionIsTheBoundingBox() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let base = [UInt8](repeating: 0, count: 30 * 20)
        var onePixel = base
        onePixel[7 * 30 + 11] = 200
        var twoPixels = onePixel
        twoPixels[2 * 30 + 25] = 1
        twoPixels[15 * 30 + 4] = 255
        var corner = twoPixels
        corner[19 * 30 + 29] = 9
        let frames = [base, onePixel, twoPixels, corner, base].map {
            Samples.Frame(pixels: .alpha($0, red: 1, green: 2, blue: 3), delayNumerator: 1, delayDenominator: 10)
        }
        let png = try Samples.write(frames, to: folder.file("box.apng"), width: 30, height: 20)
        let validator = try Self.check(png, against: frames, width: 30, height: 20, "box")
        let regions = validator.controls.map { [$0.x, $0.y, $0.width, $0.height] }
        #expect(regions == [[0, 0, 30, 20], [11, 7, 1, 1], [4, 2, 22, 14], [29, 19, 1, 1], [4, 2, 26, 18]])
        // The still image a viewer without APNG support shows is the first frame.
        #expect(try PNGImage(contentsOfFile: folder.file("box.apng")).pixels == frames[0].rgba)
    }

    /// Equal frames merge into one whose delay is the exact sum in lowest terms (a
    /// denominator of 0 counting as 100); when the sum does not fit 16 bits a 1 × 1 frame
    /// repeats the picture for the rest.
    @Test func equalFramesMergeTheirDelays() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let a = [UInt8](repeating: 10, count: 9), b = [UInt8](repeating: 20, count: 9)
        func frame(_ alpha: [UInt8], _ numerator: UInt16, _ denominator: UInt16) -> Samples.Frame {
            Samples.Frame(pixels: .alpha(alpha, red: 9, green: 8, blue: 7), delayNumerator: numerator, delayDenominator: denominator)
        }
        let cases: [(frames: [Samples.Frame], delays: [[UInt16]])] = [
            ([frame(a, 1, 30), frame(a, 1, 30), frame(a, 1, 15), frame(b, 1, 10), frame(b, 0, 0)], [[2, 15], [1, 10]]),
            ([frame(a, 3, 0), frame(a, 7, 0), frame(b, 0, 0), frame(b, 0, 5)], [[1, 10], [0, 1]]),
            ([frame(a, 65535, 1), frame(a, 1, 1), frame(a, 2, 1)], [[65535, 1], [3, 1]]),
            ([frame(a, 1, 65535), frame(a, 1, 65534), frame(b, 1, 2)], [[1, 65535], [1, 65534], [1, 2]]),
            ([frame(a, 40000, 3), frame(a, 40000, 3), frame(b, 1, 1)], [[40000, 3], [40000, 3], [1, 1]]),
        ]
        for (index, testCase) in cases.enumerated() {
            let png = try Samples.write(testCase.frames, to: folder.file("merge.apng"), width: 3, height: 3)
            let extra = testCase.delays.count - Samples.runs(of: testCase.frames).count
            let validator = try Self.check(png, against: testCase.frames, width: 3, height: 3, extraFrames: extra, "case \(index)")
            #expect(validator.controls.map { [$0.delayNumerator, $0.delayDenominator] } == testCase.delays, "case \(index)")
        }
    }

    /// Frame data longer than the chunk limit is split over several IDAT or fdAT chunks,
    /// each fdAT with its own sequence number.
    @Test func longFrameDataIsSplit() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let frames = Samples.randomRGBAFrames(width: 16, height: 16, count: 6, seed: 77)
        let png = try Samples.write(frames, to: folder.file("split.apng"), width: 16, height: 16, maximumChunkLength: 64)
        let validator = try Self.check(png, against: frames, width: 16, height: 16, "split")
        #expect(validator.chunkTypes.filter { $0 == "IDAT" }.count > 1)
        #expect(validator.chunkTypes.filter { $0 == "fdAT" }.count > 2 * (validator.controls.count - 1))
    }

    /// Sequences of one-colour frames up to 1 000 frames long; the first frame as a still PNG.
    @Test func morphLikeSequence() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let frames = Samples.discFrames(size: 48, count: 30, fromRadius: 4, toRadius: 22, holdStart: 5, holdEnd: 5)
        let path = folder.file("morph.apng")
        let png = try Samples.write(frames, to: path, width: 48, height: 48)
        try Self.check(png, against: frames, width: 48, height: 48, "morph")
        #expect(try PNGImage(contentsOfFile: path).pixels == frames[0].rgba)
    }
}
