import AlphaRaster
import SVGImport
import Testing
@testable import IconSymbols

/// Every symbol's outline and mask: inside the margin, of similar weight, centred, symmetric
/// where the drawing is, and of the area plane geometry predicts.
struct SymbolGeometryTests {
    /// Pixels per grid unit of the test masks.
    static let unit = 4
    static let side = 24 * unit

    static func mask(_ symbol: BuiltInSymbol) throws -> AlphaMask {
        try AlphaMask(icon: symbol.icon, box: IconBox(width: 24, height: 24, scale: Double(unit)))
    }

    /// Covered area in grid units², Σ coverage / 255 / unit².
    static func area(_ mask: AlphaMask) -> Double {
        Double(mask.pixels.reduce(0) { $0 + Int($1) }) / 255 / Double(unit * unit)
    }

    /// Points along every segment of `path` (64 per curve), for checks that must not depend
    /// on where a curve's control points lie.
    static func outline(_ path: VectorPath) -> [[SIMD2<Double>]] {
        var subpaths: [[SIMD2<Double>]] = []
        var current = SIMD2<Double>(0, 0)
        for segment in path.segments {
            switch segment {
            case .move(let p):
                subpaths.append([p])
                current = p
            case .line(let p):
                subpaths[subpaths.count - 1].append(p)
                current = p
            case .quad(let c, let p):
                let start = current
                for i in 1...64 {
                    let t = Double(i) / 64, u = 1 - t
                    subpaths[subpaths.count - 1].append(u * u * start + 2 * u * t * c + t * t * p)
                }
                current = p
            case .cubic(let c1, let c2, let p):
                let start = current
                for i in 1...64 {
                    let t = Double(i) / 64, u = 1 - t
                    let point = u * u * u * start + 3 * u * u * t * c1 + 3 * u * t * t * c2 + t * t * t * p
                    subpaths[subpaths.count - 1].append(point)
                }
                current = p
            case .close:
                if let first = subpaths.last?.first { current = first }
            }
        }
        return subpaths
    }

    /// The shoelace area of a closed polyline, positive when clockwise on screen (y down).
    static func signedArea(_ points: [SIMD2<Double>]) -> Double {
        var sum = 0.0
        for i in points.indices {
            let a = points[i], b = points[(i + 1) % points.count]
            sum += a.x * b.y - b.x * a.y
        }
        return sum / 2
    }

    @Test(arguments: BuiltInSymbol.allCases)
    func outlineStaysInsideTheMargin(_ symbol: BuiltInSymbol) {
        let subpaths = Self.outline(symbol.path)
        #expect(!subpaths.isEmpty)
        let low = BuiltInSymbol.margin, high = BuiltInSymbol.gridSize - BuiltInSymbol.margin
        for point in subpaths.joined() {
            #expect(point.x >= low - 1e-9 && point.x <= high + 1e-9 && point.y >= low - 1e-9 && point.y <= high + 1e-9,
                    "\(symbol.name): \(point)")
        }
        // Subpaths that add ink run clockwise, holes counter-clockwise; none is degenerate.
        for points in subpaths { #expect(abs(Self.signedArea(points)) > 1, "\(symbol.name)") }
        #expect(subpaths.map(Self.signedArea).reduce(0, +) > 0, "\(symbol.name)")
    }

    @Test(arguments: BuiltInSymbol.allCases)
    func maskIsInsideTheMarginAndCentred(_ symbol: BuiltInSymbol) throws {
        let mask = try Self.mask(symbol)
        #expect(mask.width == Self.side && mask.height == Self.side)
        let margin = Int(BuiltInSymbol.margin) * Self.unit
        var sum = 0.0, sumX = 0.0, sumY = 0.0
        for y in 0..<mask.height {
            for x in 0..<mask.width where mask.pixels[y * mask.width + x] > 0 {
                let value = Double(mask.pixels[y * mask.width + x])
                #expect(x >= margin && x < Self.side - margin && y >= margin && y < Self.side - margin,
                        "\(symbol.name) covers (\(x), \(y))")
                sum += value
                sumX += value * (Double(x) + 0.5)
                sumY += value * (Double(y) + 0.5)
            }
        }
        #expect(sum > 0, "\(symbol.name) is empty")
        // The centre of mass sits near the grid's centre: no symbol drifts off to one side.
        let centre = Double(Self.side) / 2, tolerance = 2.0 * Double(Self.unit)
        #expect(abs(sumX / sum - centre) <= tolerance && abs(sumY / sum - centre) <= tolerance,
                "\(symbol.name): centroid (\(sumX / sum / Double(Self.unit)), \(sumY / sum / Double(Self.unit)))")
    }

    /// A similar optical weight: every symbol covers 10–30 % of the grid, and the heaviest at
    /// most 2.5 times the lightest.
    @Test func weightsAreConsistent() throws {
        var fractions: [(String, Double)] = []
        for symbol in BuiltInSymbol.allCases {
            let fraction = Self.area(try Self.mask(symbol)) / (24 * 24)
            fractions.append((symbol.name, fraction))
            #expect(fraction > 0.10 && fraction < 0.30, "\(symbol.name): \(fraction)")
        }
        let values = fractions.map(\.1)
        let ratio = values.max()! / values.min()!
        #expect(ratio <= 2.5, "\(fractions)")
    }

    /// Mask area against plane geometry: formulas for the simple shapes, the float64
    /// shoelace area of the sampled outline for shapes with one subpath and no overlap.
    @Test func areasMatchGeometry() throws {
        let formulas: [(BuiltInSymbol, Double)] = [
            (.stop, 12 * 12 - (4 - Double.pi) * 2.5 * 2.5),
            (.record, Double.pi * 6.75 * 6.75),
            (.minus, 13 * 4 + Double.pi * 2 * 2),
            (.pause, 2 * (4.25 * 15 - (4 - Double.pi) * 1.5 * 1.5)),
            (.ellipsis, 3 * Double.pi * 2.7 * 2.7),
        ]
        for (symbol, expected) in formulas {
            let area = Self.area(try Self.mask(symbol))
            #expect(abs(area - expected) <= 0.003 * expected, "\(symbol.name): \(area) vs \(expected)")
        }
        for symbol in [BuiltInSymbol.play, .star, .bolt, .heart, .house, .bookmark] {
            let subpaths = Self.outline(symbol.path)
            #expect(subpaths.count == 1, "\(symbol.name)")
            let expected = Self.signedArea(subpaths[0])
            let area = Self.area(try Self.mask(symbol))
            #expect(abs(area - expected) <= 0.003 * expected, "\(symbol.name): \(area) vs \(expected)")
        }
    }

    static func mirrored(_ mask: AlphaMask, horizontally: Bool) -> [UInt8] {
        var out = mask.pixels
        for y in 0..<mask.height {
            for x in 0..<mask.width {
                let source = horizontally ? y * mask.width + (mask.width - 1 - x) : (mask.height - 1 - y) * mask.width + x
                out[y * mask.width + x] = mask.pixels[source]
            }
        }
        return out
    }

    /// Largest per-pixel difference between two masks.
    static func difference(_ a: [UInt8], _ b: [UInt8]) -> Int {
        zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    static let leftRight: [BuiltInSymbol] = [
        .pause, .stop, .record, .plus, .minus, .xmark, .ellipsis, .arrowUp, .arrowDown, .heart, .star, .bell, .gear,
        .house, .person, .bookmark, .trash, .lock, .envelope,
    ]
    static let topBottom: [BuiltInSymbol] = [
        .play, .pause, .stop, .record, .backward, .forward, .plus, .minus, .xmark, .ellipsis, .arrowLeft, .arrowRight,
        .gear, .speaker,
    ]

    @Test(arguments: leftRight)
    func leftRightSymmetric(_ symbol: BuiltInSymbol) throws {
        let mask = try Self.mask(symbol)
        #expect(Self.difference(mask.pixels, Self.mirrored(mask, horizontally: true)) <= 1, "\(symbol.name)")
    }

    @Test(arguments: topBottom)
    func topBottomSymmetric(_ symbol: BuiltInSymbol) throws {
        let mask = try Self.mask(symbol)
        #expect(Self.difference(mask.pixels, Self.mirrored(mask, horizontally: false)) <= 1, "\(symbol.name)")
    }

    /// Pairs drawn as each other's mirror image.
    @Test func mirrorPairs() throws {
        for (a, b, horizontally) in [
            (BuiltInSymbol.backward, BuiltInSymbol.forward, true), (.arrowLeft, .arrowRight, true),
            (.arrowUp, .arrowDown, false),
        ] {
            let first = try Self.mask(a), second = try Self.mask(b)
            #expect(Self.difference(first.pixels, Self.mirrored(second, horizontally: horizontally)) <= 1, "\(a.name)")
        }
    }

    @Test func iconIsTheGridWithOneNonzeroFill() throws {
        for symbol in BuiltInSymbol.allCases {
            // `path` falls back to an empty path on a parse error; the data must not need it.
            let parsed = try VectorPath(svgPathData: symbol.pathData)
            #expect(parsed == symbol.path && parsed.segments.count >= 5, "\(symbol.name)")
            let icon = symbol.icon
            #expect(icon.width == 24 && icon.height == 24)
            #expect(icon.layers.count == 1)
            #expect(icon.layers.first?.paint == .fill(.nonZero))
            #expect(icon.layers.first?.opacity == 1 && icon.layers.first?.transform == .identity)
            #expect(icon.layers.first?.path == symbol.path)
        }
    }
}
