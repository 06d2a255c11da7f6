import _IconMorphSupport
import PNGCodec

/// Adds the frames to one animated PNG in frame order, each with its delay; the writer
/// encodes (and merges frames that do not change) as they arrive, and its file appears only
/// at `finish()`.
struct AnimatedPNGSink: FrameSink, @unchecked Sendable {
    /// Used by one worker at a time: frames are added in turn.
    let writer: AnimatedPNGWriter
    /// Each frame's delay as the two UInt16 of an fcTL chunk, seconds = numerator/denominator.
    let delays: [(numerator: UInt16, denominator: UInt16)]

    init(writer: AnimatedPNGWriter, delays: [Rational]) {
        self.writer = writer
        self.delays = delays.map(Self.fcTLDelay)
    }

    var needsRGBA: Bool { false }

    func makeWorker() -> any FrameSinkWorker { Worker(sink: self) }

    func finish() throws { try writer.finish() }

    func cancel() { writer.cancel() }

    /// `delay` as an fcTL delay: exact when both terms fit 16 bits (1/30, 1001/30000),
    /// otherwise the nearest fraction whose terms do (within 1/65535² of a second for delays
    /// under a second; a delay over 65535 s is cut to that).
    static func fcTLDelay(_ delay: Rational) -> (numerator: UInt16, denominator: UInt16) {
        var fitted = delay
        if delay.numerator > 65535 || delay.denominator > 65535 {
            fitted = Rational.approximating(delay.doubleValue, maxNumerator: 65535, maxDenominator: 65535)
        }
        return (UInt16(fitted.numerator), UInt16(fitted.denominator))
    }

    private struct Worker: FrameSinkWorker {
        let sink: AnimatedPNGSink

        func deliver(_ frame: RenderedFrame, index: Int, waitForTurn: () -> Bool) throws -> FrameDelivery {
            guard waitForTurn() else { return .stopped }
            let delay = sink.delays[index]
            switch frame {
            case .oneColor(let alpha, let red, let green, let blue, _, _):
                try sink.writer.addFrame(
                    alpha: alpha, red: red, green: green, blue: blue,
                    delayNumerator: delay.numerator, delayDenominator: delay.denominator)
            case .rgba(let bytes, _, _):
                try sink.writer.addFrame(rgba: bytes, delayNumerator: delay.numerator, delayDenominator: delay.denominator)
            }
            return .written
        }
    }
}
