import _TestSupport
import AlphaRaster
import SVGImport
import Testing

/// One expected drawing command, in absolute coordinates.
enum Op {
    case M(Double, Double)
    case L(Double, Double)
    case Q(Double, Double, Double, Double)
    case C(Double, Double, Double, Double, Double, Double)
    case A(Double, Double, Double, Bool, Bool, Double, Double)
    case Z
}

/// The path the commands build through VectorPath's own API (arcs through `arc(...)`, so the
/// expectation does not depend on how arcs are approximated).
func expectedPath(_ ops: [Op]) -> VectorPath {
    var path = VectorPath()
    for op in ops {
        switch op {
        case let .M(x, y): path.move(to: SIMD2(x, y))
        case let .L(x, y): path.line(to: SIMD2(x, y))
        case let .Q(cx, cy, x, y): path.quad(control: SIMD2(cx, cy), to: SIMD2(x, y))
        case let .C(x1, y1, x2, y2, x, y): path.cubic(control1: SIMD2(x1, y1), control2: SIMD2(x2, y2), to: SIMD2(x, y))
        case let .A(rx, ry, rotation, large, sweep, x, y):
            path.arc(radiusX: rx, radiusY: ry, xAxisRotation: rotation, largeArc: large, sweep: sweep, to: SIMD2(x, y))
        case .Z: path.close()
        }
    }
    return path
}

struct PathDataGrammarTests {
    /// Good inputs and the absolute segments they mean, worked out by hand from the SVG
    /// grammar and the S/T/Z rules.
    static let goodCases: [(String, [Op])] = [
        ("", []),
        (" \n\t\r ", []),
        ("M1 2", [.M(1, 2)]),
        ("M1,2L3,4", [.M(1, 2), .L(3, 4)]),
        ("M 1 2 3 4", [.M(1, 2), .L(3, 4)]),
        ("M1,2,3,4", [.M(1, 2), .L(3, 4)]),
        ("m1 2 3 4 5 6", [.M(1, 2), .L(4, 6), .L(9, 12)]),
        ("m1 1m2 2z", [.M(1, 1), .M(3, 3), .Z]),
        ("M-1-2", [.M(-1, -2)]),
        ("M0.5.5", [.M(0.5, 0.5)]),
        ("M1.5.5L-2e1-.5e+1", [.M(1.5, 0.5), .L(-20, -5)]),
        ("M1..5", [.M(1, 0.5)]),
        ("M1e2 1E-1L+.5e+1-5", [.M(100, 0.1), .L(5, -5)]),
        ("M\t1\n2\r\u{0C}L 3 , 4", [.M(1, 2), .L(3, 4)]),
        ("M0 0H5V6h1v-2", [.M(0, 0), .L(5, 0), .L(5, 6), .L(6, 6), .L(6, 4)]),
        ("M0 0H1 2 3", [.M(0, 0), .L(1, 0), .L(2, 0), .L(3, 0)]),
        ("M0 0 l 1 1 1 1", [.M(0, 0), .L(1, 1), .L(2, 2)]),
        // C then S: the first control point reflects the previous second control point.
        ("M0 0C1 2 3 4 5 6S9 10 11 12", [.M(0, 0), .C(1, 2, 3, 4, 5, 6), .C(7, 8, 9, 10, 11, 12)]),
        // S after a line, and after a quadratic, uses the current point.
        ("M0 0L2 2S3 4 5 6", [.M(0, 0), .L(2, 2), .C(2, 2, 3, 4, 5, 6)]),
        ("M0 0Q1 1 2 0S3 4 5 6", [.M(0, 0), .Q(1, 1, 2, 0), .C(2, 0, 3, 4, 5, 6)]),
        ("M1 1c1 1 2 2 3 3s1 1 2 2", [.M(1, 1), .C(2, 2, 3, 3, 4, 4), .C(5, 5, 5, 5, 6, 6)]),
        ("M0 0S1 1 2 2 3 3 4 4", [.M(0, 0), .C(0, 0, 1, 1, 2, 2), .C(3, 3, 3, 3, 4, 4)]),
        // Q then T chains reflect the previous control point.
        ("M0 0Q1 2 3 0T6 0T9 0", [.M(0, 0), .Q(1, 2, 3, 0), .Q(5, -2, 6, 0), .Q(7, 2, 9, 0)]),
        ("M0 0L1 1T5 5", [.M(0, 0), .L(1, 1), .Q(1, 1, 5, 5)]),
        ("M0 0C1 1 2 2 3 3T5 5", [.M(0, 0), .C(1, 1, 2, 2, 3, 3), .Q(3, 3, 5, 5)]),
        ("M1 1q1 1 2 0t2 0", [.M(1, 1), .Q(2, 2, 3, 1), .Q(4, 0, 5, 1)]),
        // After Z the current point is the subpath start; drawing reopens a subpath there.
        ("M10 10l5 0l0 5zl1 1", [.M(10, 10), .L(15, 10), .L(15, 15), .Z, .M(10, 10), .L(11, 11)]),
        ("M10 10l5 0zm1 1l1 0", [.M(10, 10), .L(15, 10), .Z, .M(11, 11), .L(12, 11)]),
        ("M5 5h2zh3", [.M(5, 5), .L(7, 5), .Z, .M(5, 5), .L(8, 5)]),
        ("M5 5h2zv3", [.M(5, 5), .L(7, 5), .Z, .M(5, 5), .L(5, 8)]),
        ("M5 5 L6 5 Z Z", [.M(5, 5), .L(6, 5), .Z, .Z]),
        ("M0 0L1 0ZM2 2L3 2z", [.M(0, 0), .L(1, 0), .Z, .M(2, 2), .L(3, 2), .Z]),
        // A curve's reflection does not survive Z.
        ("M0 0C1 1 2 2 3 3ZS5 5 6 6", [.M(0, 0), .C(1, 1, 2, 2, 3, 3), .Z, .M(0, 0), .C(0, 0, 5, 5, 6, 6)]),
        // Arcs: flags need no separators; radii are taken as absolute values.
        ("M0 0a1 1 0 00 1 1", [.M(0, 0), .A(1, 1, 0, false, false, 1, 1)]),
        ("M0 0a2 2 0 1110 0", [.M(0, 0), .A(2, 2, 0, true, true, 10, 0)]),
        ("M0 0A5,5,30,1,0,10,0", [.M(0, 0), .A(5, 5, 30, true, false, 10, 0)]),
        ("M0 0A-2 -3 0 0 1 4 0", [.M(0, 0), .A(2, 3, 0, false, true, 4, 0)]),
        ("M1 1a1 1 0 0 1 2 0 1 1 0 0 1 2 0", [.M(1, 1), .A(1, 1, 0, false, true, 3, 1), .A(1, 1, 0, false, true, 5, 1)]),
        ("M0 0a1 1 0 0 1 2 0s1 1 2 2", [.M(0, 0), .A(1, 1, 0, false, true, 2, 0), .C(2, 0, 3, 1, 4, 2)]),
        ("M0 0A0 0 0 0 1 5 5", [.M(0, 0), .A(0, 0, 0, false, true, 5, 5)]),
    ]

    @Test("good path data gives the hand-worked absolute segments", arguments: goodCases.indices)
    func goodPathData(_ index: Int) throws {
        let (text, ops) = Self.goodCases[index]
        let path = try VectorPath(svgPathData: text)
        #expect(path == expectedPath(ops), "\(text.debugDescription)")
    }

    /// Malformed inputs, with the message each must produce (offsets count characters from 0).
    static let badCases: [(String, String)] = [
        ("L1 2", "expected a moveto command (M or m) at offset 0, found 'L'"),
        ("  z", "expected a moveto command (M or m) at offset 2, found 'z'"),
        ("#", "expected a moveto command (M or m) at offset 0, found '#'"),
        ("1 2", "expected a moveto command (M or m) at offset 0, found '1'"),
        ("M", "expected a number at offset 1, found end of data"),
        ("M1", "expected a number at offset 2, found end of data"),
        ("M1 x", "expected a number at offset 3, found 'x'"),
        ("M 10 20 L x", "expected a number at offset 10, found 'x'"),
        ("M1 2x", "expected a number or a command letter at offset 4, found 'x'"),
        ("M0 0 K", "expected a number or a command letter at offset 5, found 'K'"),
        ("M0 0 L1 1 é", "expected a number or a command letter at offset 10, found 'é'"),
        ("M1 2 L", "expected a number at offset 6, found end of data"),
        ("M1 2 3", "expected a number at offset 6, found end of data"),
        ("M1,,2", "expected a number at offset 3, found ','"),
        ("M1 2,", "expected a number at offset 5, found end of data"),
        ("M1 2,L3 4", "expected a number at offset 5, found 'L'"),
        ("M1 2 ,", "expected a number at offset 6, found end of data"),
        ("M1e", "expected an exponent digit at offset 3, found end of data"),
        ("M1e+", "expected an exponent digit at offset 4, found end of data"),
        ("M1ex", "expected an exponent digit at offset 3, found 'x'"),
        ("M1E-.5 0", "expected an exponent digit at offset 4, found '.'"),
        ("M-", "expected a digit at offset 2, found end of data"),
        ("M+ 1", "expected a digit at offset 2, found a space"),
        ("M1 2 - 3", "expected a digit at offset 6, found a space"),
        ("M-.x", "expected a digit at offset 3, found 'x'"),
        ("M.", "expected a number at offset 1, found '.'"),
        ("M..5", "expected a number at offset 1, found '.'"),
        ("M1...5", "expected a number at offset 3, found '.'"),
        ("M1e999 0", "expected a number within ±1.8e308 at offset 1, found '1'"),
        ("M0 0Z1", "expected a command letter at offset 5, found '1'"),
        ("M0 0z,L1 1", "expected a command letter at offset 5, found ','"),
        ("M0 0A1 1 0 2 0 1 1", "expected a flag (0 or 1) at offset 11, found '2'"),
        ("M0 0a1 1 0 0", "expected a flag (0 or 1) at offset 12, found end of data"),
        ("M0 0a1 1 0 0 x", "expected a flag (0 or 1) at offset 13, found 'x'"),
        ("M0 0a1 1 0 -1 0 1 1", "expected a flag (0 or 1) at offset 11, found '-'"),
        ("M0 0a1 1 0 1.0 0 1 1", "expected a flag (0 or 1) at offset 12, found '.'"),
        ("M0 0a1 1 0 1 1", "expected a number at offset 14, found end of data"),
        ("M0 0a1 1", "expected a number at offset 8, found end of data"),
        ("M 1 2 C 1 2 3 4 5", "expected a number at offset 17, found end of data"),
        ("M0 0 c1 2 3 4 5 6 7", "expected a number at offset 19, found end of data"),
        ("M1 2 Q1 2", "expected a number at offset 9, found end of data"),
        ("M1 2 S1 2", "expected a number at offset 9, found end of data"),
        ("M1 2 T", "expected a number at offset 6, found end of data"),
        ("M1 2 H", "expected a number at offset 6, found end of data"),
        ("M1 2 v,", "expected a number at offset 6, found ','"),
        ("M1 2\nL3\t4\nx", "expected a number or a command letter at offset 10, found 'x'"),
        ("M1 2 L3 4\n", "ok"),
    ]

    @Test("malformed path data names the offset and what was expected", arguments: badCases.indices)
    func badPathData(_ index: Int) {
        let (text, message) = Self.badCases[index]
        if message == "ok" {
            // A trailing line break is whitespace, not an error (guards the table's edge).
            #expect(throws: Never.self) { try VectorPath(svgPathData: text) }
            return
        }
        do {
            let path = try VectorPath(svgPathData: text)
            Issue.record("\(text.debugDescription) parsed as \(path.segments) instead of failing")
        } catch {
            #expect(error.description == "path data: \(message)", "\(text.debugDescription)")
        }
    }

    @Test func errorCarriesStructuredFields() {
        do {
            _ = try VectorPath(svgPathData: "M1 2 L3 x")
            Issue.record("no error")
        } catch {
            #expect(error.offset == 8)
            #expect(error.expected == "a number")
            #expect(error.found == "'x'")
            #expect(error.context == "path data")
        }
    }

    /// Every relative command must equal its absolute twin once the current point is added:
    /// a sweep over random coordinates, checked against a plain re-implementation of the
    /// "relative = current point + offset" rule.
    @Test func relativeCommandsMatchAbsoluteTwins() throws {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<200 {
            let numbers = (0..<14).map { _ in Double(Int(rng.next() % 41) - 20) / 4 }
            let (x0, y0) = (numbers[0], numbers[1])
            let relative = "M\(x0) \(y0)l\(numbers[2]) \(numbers[3])c\(numbers[4]) \(numbers[5]) \(numbers[6]) \(numbers[7]) \(numbers[8]) \(numbers[9])q\(numbers[10]) \(numbers[11]) \(numbers[12]) \(numbers[13])"
            let p1 = (x0 + numbers[2], y0 + numbers[3])
            let c1 = (p1.0 + numbers[4], p1.1 + numbers[5])
            let c2 = (p1.0 + numbers[6], p1.1 + numbers[7])
            let p2 = (p1.0 + numbers[8], p1.1 + numbers[9])
            let qc = (p2.0 + numbers[10], p2.1 + numbers[11])
            let p3 = (p2.0 + numbers[12], p2.1 + numbers[13])
            let absolute = "M\(x0) \(y0)L\(p1.0) \(p1.1)C\(c1.0) \(c1.1) \(c2.0) \(c2.1) \(p2.0) \(p2.1)Q\(qc.0) \(qc.1) \(p3.0) \(p3.1)"
            #expect(try VectorPath(svgPathData: relative) == VectorPath(svgPathData: absolute), "\(relative)")
        }
    }
}

