import Foundation
@_spi(Testing) @testable import PNGCodec

/// Frames for the animated PNG tests, what the writer is handed, and the independent
/// expectations they are checked against.
enum AnimatedPNGSamples {
    /// One frame as handed to the writer: RGBA, or alpha of one colour; with its delay.
    struct Frame {
        enum Pixels {
            case rgba([UInt8])
            case alpha([UInt8], red: UInt8, green: UInt8, blue: UInt8)
        }

        var pixels: Pixels
        var delayNumerator: UInt16
        var delayDenominator: UInt16

        /// The straight RGBA the frame stands for.
        var rgba: [UInt8] {
            switch pixels {
            case .rgba(let bytes): bytes
            case .alpha(let alpha, let red, let green, let blue): alpha.flatMap { [red, green, blue, $0] }
            }
        }

        /// Its delay as a fraction in lowest terms, a denominator of 0 read as 100.
        var delay: Fraction { Fraction(Int(delayNumerator), delayDenominator == 0 ? 100 : Int(delayDenominator)) }
    }

    /// An exact fraction in lowest terms, for delays.
    struct Fraction: Equatable, CustomStringConvertible {
        let numerator: Int
        let denominator: Int

        init(_ numerator: Int, _ denominator: Int) {
            var (a, b) = (numerator, denominator)
            while b != 0 { (a, b) = (b, a % b) }
            self.numerator = numerator / a
            self.denominator = denominator / a
        }

        static func + (lhs: Fraction, rhs: Fraction) -> Fraction {
            Fraction(lhs.numerator * rhs.denominator + rhs.numerator * lhs.denominator, lhs.denominator * rhs.denominator)
        }

        static let zero = Fraction(0, 1)

        var description: String { "\(numerator)/\(denominator)" }
    }

    /// Writes `frames` with a fresh writer to `path` and returns the file's bytes.
    static func write(
        _ frames: [Frame], to path: String, width: Int, height: Int, loopCount: Int = 0,
        compression: PNGCompression = .default, maximumChunkLength: Int? = nil
    ) throws -> [UInt8] {
        let writer = try AnimatedPNGWriter(
            path: path, width: width, height: height, loopCount: loopCount, compression: compression)
        if let maximumChunkLength { writer.maximumChunkLength = maximumChunkLength }
        for frame in frames { try add(frame, to: writer) }
        try writer.finish()
        return try readBytes(path)
    }

    static func add(_ frame: Frame, to writer: AnimatedPNGWriter) throws {
        switch frame.pixels {
        case .rgba(let bytes):
            try bytes.withUnsafeBytes {
                try writer.addFrame(rgba: $0, delayNumerator: frame.delayNumerator, delayDenominator: frame.delayDenominator)
            }
        case .alpha(let alpha, let red, let green, let blue):
            try alpha.withUnsafeBytes {
                try writer.addFrame(
                    alpha: $0, red: red, green: green, blue: blue, delayNumerator: frame.delayNumerator,
                    delayDenominator: frame.delayDenominator)
            }
        }
    }

    /// Runs of equal consecutive frames, each as its image and the sum of its delays: what an
    /// animation of `frames` shows, with nothing stored twice.
    static func runs(of frames: [Frame]) -> [(rgba: [UInt8], delay: Fraction)] {
        var runs: [(rgba: [UInt8], delay: Fraction)] = []
        for frame in frames {
            let rgba = frame.rgba
            if let last = runs.last, last.rgba == rgba {
                runs[runs.count - 1].delay = last.delay + frame.delay
            } else {
                runs.append((rgba, frame.delay))
            }
        }
        return runs
    }

    /// The same for decoded frames with their fcTL delays.
    static func runs(ofDecoded frames: [(control: APNGValidator.FrameControl, rgba: [UInt8])]) -> [(rgba: [UInt8], delay: Fraction)] {
        runs(of: frames.map { Frame(pixels: .rgba($0.rgba), delayNumerator: $0.control.delayNumerator, delayDenominator: $0.control.delayDenominator) })
    }

    /// The smallest rectangle (x, y, width, height) holding every pixel that differs between
    /// two RGBA images, by a plain scan; nil when they are equal.
    static func changedBox(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int) -> (Int, Int, Int, Int)? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<height {
            for x in 0..<width where a[(y * width + x) * 4..<(y * width + x + 1) * 4] != b[(y * width + x) * 4..<(y * width + x + 1) * 4] {
                minX = min(minX, x)
                maxX = max(maxX, x)
                minY = min(minY, y)
                maxY = max(maxY, y)
            }
        }
        return maxX < 0 ? nil : (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }

    /// Random RGBA frames: each changes a random rectangle of the previous one (sometimes the
    /// whole frame, sometimes nothing), with random colours under any alpha (alpha 0
    /// included, so straight colour under transparency must survive), and assorted delays.
    static func randomRGBAFrames(width: Int, height: Int, count: Int, seed: UInt64) -> [Frame] {
        var generator = SplitMix64(seed: seed)
        var rgba = (0..<(width * height * 4)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let delays: [(UInt16, UInt16)] = [(1, 30), (1, 60), (2, 0), (0, 0), (3, 100), (1, 1), (7, 1000)]
        var frames: [Frame] = []
        for index in 0..<count {
            if index > 0 {
                switch UInt8.random(in: 0...5, using: &generator) {
                case 0:
                    break  // unchanged: merged
                case 1:
                    for i in rgba.indices { rgba[i] = UInt8.random(in: 0...255, using: &generator) }
                default:
                    let x0 = Int.random(in: 0..<width, using: &generator), y0 = Int.random(in: 0..<height, using: &generator)
                    let x1 = Int.random(in: x0..<width, using: &generator), y1 = Int.random(in: y0..<height, using: &generator)
                    for y in y0...y1 {
                        for x in x0...x1 {
                            for channel in 0..<4 {
                                rgba[(y * width + x) * 4 + channel] = UInt8.random(in: 0...255, using: &generator)
                            }
                            if Bool.random(using: &generator) { rgba[(y * width + x) * 4 + 3] = 0 }
                        }
                    }
                }
            }
            let delay = delays[Int.random(in: 0..<delays.count, using: &generator)]
            frames.append(Frame(pixels: .rgba(rgba), delayNumerator: delay.0, delayDenominator: delay.1))
        }
        return frames
    }

    /// Frames like a morph's: one colour, a soft-edged disc whose radius moves from
    /// `fromRadius` to `toRadius` (pixels), with `holdStart` and `holdEnd` repeats of the end
    /// frames, each shown 1/`fps` s.
    static func discFrames(
        size: Int, count: Int, fromRadius: Double, toRadius: Double, holdStart: Int = 0, holdEnd: Int = 0,
        color: (UInt8, UInt8, UInt8) = (52, 120, 246), fps: UInt16 = 30
    ) -> [Frame] {
        func disc(_ radius: Double) -> [UInt8] {
            let center = Double(size) / 2
            return (0..<(size * size)).map { i in
                let x = Double(i % size) + 0.5 - center, y = Double(i / size) + 0.5 - center
                let edge = radius - (x * x + y * y).squareRoot()
                return UInt8(max(0, min(255, (edge * 96 + 128).rounded())))
            }
        }
        var frames: [Frame] = []
        let radii = (0..<count).map { fromRadius + (toRadius - fromRadius) * Double($0) / Double(max(1, count - 1)) }
        let steps = Array(repeating: radii[0], count: holdStart) + radii + Array(repeating: radii[count - 1], count: holdEnd)
        for radius in steps {
            frames.append(Frame(pixels: .alpha(disc(radius), red: color.0, green: color.1, blue: color.2), delayNumerator: 1, delayDenominator: fps))
        }
        return frames
    }
}
