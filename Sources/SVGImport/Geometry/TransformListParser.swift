import AlphaRaster
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Parses SVG `transform` lists: `matrix(a b c d e f)`, `translate(tx [ty])`,
/// `scale(sx [sy])`, `rotate(angle [cx cy])`, `skewX(angle)`, `skewY(angle)`, separated by
/// whitespace and/or commas. Angles are in degrees.
///
/// A list `T₁ T₂ … Tₙ` is the product T₁·T₂·…·Tₙ: a point goes through Tₙ first and T₁
/// last, so the result is `Tₙ.followed(by: Tₙ₋₁)…followed(by: T₁)`.
enum TransformListParser {
    static let context = "transform list"

    static func parse(_ text: String) throws(SVGPathDataError) -> VectorTransform {
        var scanner = NumberScanner(text)
        var result = VectorTransform.identity
        scanner.skipWhitespace()
        var first = true
        while !scanner.isAtEnd {
            if !first {
                let comma = scanner.skipCommaWhitespace()
                if scanner.isAtEnd {
                    if comma { throw error(at: scanner.position, scanner, expected: "a transform function") }
                    break
                }
            }
            first = false
            let nameStart = scanner.position
            while let byte = scanner.current, byte | 0x20 >= UInt8(ascii: "a"), byte | 0x20 <= UInt8(ascii: "z") {
                scanner.position += 1
            }
            let name = String(decoding: scanner.bytes[nameStart..<scanner.position], as: UTF8.self)
            let arity: [Int]
            switch name {
            case "matrix": arity = [6]
            case "translate", "scale": arity = [1, 2]
            case "rotate": arity = [1, 3]
            case "skewX", "skewY": arity = [1]
            default:
                throw error(at: nameStart, scanner, expected: "a transform function (matrix, translate, scale, rotate, skewX or skewY)")
            }
            scanner.skipWhitespace()
            guard scanner.current == UInt8(ascii: "(") else {
                throw error(at: scanner.position, scanner, expected: "'(' after \(name)")
            }
            scanner.position += 1
            scanner.skipWhitespace()
            var arguments: [Double] = []
            while scanner.current != UInt8(ascii: ")") {
                if !arguments.isEmpty {
                    scanner.skipCommaWhitespace()
                }
                guard arguments.count < arity.max()! else {
                    throw error(at: scanner.position, scanner, expected: "')' after \(arity.max()!) arguments of \(name)")
                }
                do {
                    arguments.append(try scanner.scanNumber(greedyExponent: true))
                } catch {
                    throw .from(error, in: scanner.bytes, context: context)
                }
                scanner.skipWhitespace()
            }
            guard arity.contains(arguments.count) else {
                let counts = arity.map(String.init).joined(separator: " or ")
                throw error(at: scanner.position, scanner, expected: "\(counts) arguments for \(name) (got \(arguments.count))")
            }
            scanner.position += 1
            result = make(name, arguments).followed(by: result)
        }
        return result
    }

    private static func error(at offset: Int, _ scanner: NumberScanner, expected: String) -> SVGPathDataError {
        .at(offset, in: scanner.bytes, context: context, expected: expected)
    }

    /// The matrix of one transform function with a valid argument count.
    static func make(_ name: String, _ v: [Double]) -> VectorTransform {
        switch name {
        case "matrix":
            return VectorTransform(a: v[0], b: v[1], c: v[2], d: v[3], e: v[4], f: v[5])
        case "translate":
            return .translation(v[0], v.count > 1 ? v[1] : 0)
        case "scale":
            return .scale(v[0], v.count > 1 ? v[1] : v[0])
        case "rotate":
            // (The angle is reduced to a turn before it is turned into radians: rotate(1e308)
            // multiplied out to infinities and NaN.)
            return v.count == 3 ? .rotation(degrees: v[0], around: SIMD2(v[1], v[2])) : .rotation(degrees: v[0])
        case "skewX":
            return .skewX(degrees: v[0])
        default:
            return .skewY(degrees: v[0])
        }
    }
}
