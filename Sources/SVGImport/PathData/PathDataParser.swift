import AlphaRaster

/// Parses SVG path data (`d`) into a `VectorPath` with absolute coordinates.
///
/// The whole SVG 1.1/2 grammar: M m L l H h V v C c S s Q q T t A a Z z; implicit repeats
/// (after M/m further pairs are L/l); compact numbers (`M1.5.5-2e1`); arc flags without
/// separators (`a1 1 0 00 1 1`); S/T reflect the previous curve's control point only when the
/// previous command was of the same family, otherwise the current point is the control point;
/// after Z the current point is the subpath's start, and a drawing command that follows Z
/// without a moveto starts a new subpath there (an explicit `.move` is emitted, so consumers
/// never see a segment after `.close` without a `.move`).
///
/// `parse` throws at the first problem, never a partial path: a library caller gets one
/// precise message. A file's `<path>` is drawn as SVG 2 and browsers draw one in error, up to
/// the command in error (`parsePrefix`), and the importer warns about it.
struct PathDataParser {
    private var scanner: NumberScanner
    private var path = VectorPath()
    private var current = SIMD2<Double>(0, 0)
    private var subpathStart = SIMD2<Double>(0, 0)
    /// Second control point of the previous C/c/S/s, for S reflection.
    private var lastCubicControl: SIMD2<Double>?
    /// Control point of the previous Q/q/T/t, for T reflection.
    private var lastQuadControl: SIMD2<Double>?
    /// True after Z until the next moveto: a drawing command must reopen a subpath.
    private var needsMove = false

    static let context = "path data"

    init(_ text: String) {
        scanner = NumberScanner(text)
    }

    static func parse(_ text: String) throws(SVGPathDataError) -> VectorPath {
        var parser = PathDataParser(text)
        return try parser.run()
    }

    /// The path of `text` up to its first error, and that error (nil when there is none):
    /// SVG 2's error handling for path data, a path drawn up to the command in error. Each
    /// set of a command's arguments counts as a command of its own (`L 1 1 2 2 x` keeps the
    /// lines to (1, 1) and (2, 2)), as browsers and librsvg draw it; a set is added only once
    /// every argument of it has been read.
    static func parsePrefix(_ text: String) -> (path: VectorPath, error: SVGPathDataError?) {
        var parser = PathDataParser(text)
        do {
            return (try parser.run(), nil)
        } catch {
            return (parser.path, error)
        }
    }

    private func error(at offset: Int, expected: String) -> SVGPathDataError {
        .at(offset, in: scanner.bytes, context: Self.context, expected: expected)
    }

    private static func isCommand(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "M"), UInt8(ascii: "m"), UInt8(ascii: "Z"), UInt8(ascii: "z"),
             UInt8(ascii: "L"), UInt8(ascii: "l"), UInt8(ascii: "H"), UInt8(ascii: "h"),
             UInt8(ascii: "V"), UInt8(ascii: "v"), UInt8(ascii: "C"), UInt8(ascii: "c"),
             UInt8(ascii: "S"), UInt8(ascii: "s"), UInt8(ascii: "Q"), UInt8(ascii: "q"),
             UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: "A"), UInt8(ascii: "a"):
            true
        default:
            false
        }
    }

    private mutating func run() throws(SVGPathDataError) -> VectorPath {
        scanner.skipWhitespace()
        guard let first = scanner.current else { return path }
        guard first == UInt8(ascii: "M") || first == UInt8(ascii: "m") else {
            throw error(at: scanner.position, expected: "a moveto command (M or m)")
        }
        while let byte = scanner.current {
            guard Self.isCommand(byte) else {
                throw error(at: scanner.position, expected: "a command letter")
            }
            scanner.position += 1
            if byte == UInt8(ascii: "Z") || byte == UInt8(ascii: "z") {
                closePath()
                scanner.skipWhitespace()
                continue
            }
            var command = byte
            // One or more argument sets; a number after a complete set repeats the command.
            while true {
                scanner.skipWhitespace()
                try arguments(for: command)
                let comma = scanner.skipCommaWhitespace()
                guard let next = scanner.current else {
                    if comma { throw error(at: scanner.position, expected: "a number") }
                    break
                }
                if NumberScanner.startsNumber(next) {
                    if command == UInt8(ascii: "M") { command = UInt8(ascii: "L") }
                    if command == UInt8(ascii: "m") { command = UInt8(ascii: "l") }
                    continue
                }
                if comma { throw error(at: scanner.position, expected: "a number") }
                if Self.isCommand(next) { break }
                throw error(at: scanner.position, expected: "a number or a command letter")
            }
        }
        return path
    }

    private mutating func number() throws(SVGPathDataError) -> Double {
        do {
            return try scanner.scanNumber(greedyExponent: true)
        } catch {
            throw .from(error, in: scanner.bytes, context: Self.context)
        }
    }

    private mutating func pair() throws(SVGPathDataError) -> SIMD2<Double> {
        let x = try number()
        scanner.skipCommaWhitespace()
        let y = try number()
        return SIMD2(x, y)
    }

    private mutating func flag() throws(SVGPathDataError) -> Bool {
        switch scanner.current {
        case UInt8(ascii: "0"): scanner.position += 1; return false
        case UInt8(ascii: "1"): scanner.position += 1; return true
        default: throw error(at: scanner.position, expected: "a flag (0 or 1)")
        }
    }

    private mutating func arguments(for command: UInt8) throws(SVGPathDataError) {
        let relative = command >= UInt8(ascii: "a")
        let origin = relative ? current : SIMD2<Double>(0, 0)
        switch command | 0x20 {
        case UInt8(ascii: "m"):
            let p = try pair() + origin
            path.move(to: p)
            current = p
            subpathStart = p
            needsMove = false
            lastCubicControl = nil
            lastQuadControl = nil
        case UInt8(ascii: "l"):
            let p = try pair() + origin
            lineTo(p)
        case UInt8(ascii: "h"):
            let x = try number() + origin.x
            lineTo(SIMD2(x, current.y))
        case UInt8(ascii: "v"):
            let y = try number() + origin.y
            lineTo(SIMD2(current.x, y))
        case UInt8(ascii: "c"):
            let c1 = try pair() + origin
            scanner.skipCommaWhitespace()
            let c2 = try pair() + origin
            scanner.skipCommaWhitespace()
            let p = try pair() + origin
            cubicTo(c1, c2, p)
        case UInt8(ascii: "s"):
            let c2 = try pair() + origin
            scanner.skipCommaWhitespace()
            let p = try pair() + origin
            let c1 = lastCubicControl.map { 2 * current - $0 } ?? current
            cubicTo(c1, c2, p)
        case UInt8(ascii: "q"):
            let c = try pair() + origin
            scanner.skipCommaWhitespace()
            let p = try pair() + origin
            quadTo(c, p)
        case UInt8(ascii: "t"):
            let p = try pair() + origin
            let c = lastQuadControl.map { 2 * current - $0 } ?? current
            quadTo(c, p)
        case UInt8(ascii: "a"):
            let rx = try number()
            scanner.skipCommaWhitespace()
            let ry = try number()
            scanner.skipCommaWhitespace()
            let rotation = try number()
            scanner.skipCommaWhitespace()
            let large = try flag()
            scanner.skipCommaWhitespace()
            let sweep = try flag()
            scanner.skipCommaWhitespace()
            let p = try pair() + origin
            reopenIfClosed()
            // SVG 2 (and every renderer) uses the radii's absolute values.
            path.arc(radiusX: abs(rx), radiusY: abs(ry), xAxisRotation: rotation, largeArc: large, sweep: sweep, to: p)
            current = p
            lastCubicControl = nil
            lastQuadControl = nil
        default:
            break
        }
    }

    private mutating func reopenIfClosed() {
        if needsMove {
            path.move(to: subpathStart)
            needsMove = false
        }
    }

    private mutating func lineTo(_ p: SIMD2<Double>) {
        reopenIfClosed()
        path.line(to: p)
        current = p
        lastCubicControl = nil
        lastQuadControl = nil
    }

    private mutating func cubicTo(_ c1: SIMD2<Double>, _ c2: SIMD2<Double>, _ p: SIMD2<Double>) {
        reopenIfClosed()
        path.cubic(control1: c1, control2: c2, to: p)
        current = p
        lastCubicControl = c2
        lastQuadControl = nil
    }

    private mutating func quadTo(_ c: SIMD2<Double>, _ p: SIMD2<Double>) {
        reopenIfClosed()
        path.quad(control: c, to: p)
        current = p
        lastQuadControl = c
        lastCubicControl = nil
    }

    private mutating func closePath() {
        path.close()
        current = subpathStart
        needsMove = true
        lastCubicControl = nil
        lastQuadControl = nil
    }
}
