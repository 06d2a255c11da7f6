import AlphaRaster
import IconSymbols
import Testing
@testable import PathMorph

/// Every pair of built-in symbols: compatible outlines whose ends draw the symbols' own masks.
struct BuiltInSymbolPathTests {
    static let masks: [BuiltInSymbol: AlphaMask] = Dictionary(uniqueKeysWithValues: BuiltInSymbol.allCases.map {
        ($0, try! AlphaMask(icon: $0.icon, layout: iconLayout))
    })

    /// Pixels allowed to differ by one level between a matched outline and its icon: 10 % of
    /// the icon's partly covered pixels, the only ones a reordered Float sum can round the
    /// other way. The rasterizer sums coverage in Float (about 10⁻⁶ relative): a node added on
    /// a straight side, a contour started elsewhere or several layers summed as one path move
    /// a pixel's sum by that much, which flips its byte only when the exact coverage lies that
    /// close to a half level. Counted: at most 6 pixels for the symbols; 36 of about 600 for a
    /// Lucide icon given a hundred extra nodes on its stroked outline.
    static func allowedRoundingFlips(_ mask: AlphaMask) -> Int {
        mask.pixels.filter { $0 > 0 && $0 < 255 }.count / 10
    }

    @Test(arguments: BuiltInSymbol.allCases)
    func everyPairFromOneSymbol(_ from: BuiltInSymbol) throws {
        let rasterizer = VectorRasterizer()
        for to in BuiltInSymbol.allCases {
            let morph = try PathMorph(from: from.icon, to: to.icon, layout: iconLayout)
            #expect(morph.source.count == morph.target.count)
            for (a, b) in zip(morph.source, morph.target) {
                #expect(a.curves.count == b.curves.count, "\(from) → \(to)")
                #expect(a.curves.last!.end == a.start && b.curves.last!.end == b.start)
            }
            let letters = { (data: String) in data.filter(\.isLetter) }
            #expect(letters(PathContour.svgPathData(morph.source)) == letters(PathContour.svgPathData(morph.target)))
            // The end frames are the icons' own masks.
            #expect(try morph.mask(at: 0, rasterizer: rasterizer) == Self.masks[from]!)
            #expect(try morph.mask(at: 1, rasterizer: rasterizer) == Self.masks[to]!)
            // So are the progress values `contours(at:)` counts as the ends.
            #expect(try morph.mask(at: .infinity, rasterizer: rasterizer) == Self.masks[to]!, "\(from) → \(to) at +∞")
            #expect(try morph.mask(at: -.infinity, rasterizer: rasterizer) == Self.masks[from]!, "\(from) → \(to) at −∞")
            #expect(try morph.mask(at: .nan, rasterizer: rasterizer) == Self.masks[from]!, "\(from) → \(to) at NaN")
            // The matched outlines are the icons' polygons: drawn as one path, they differ
            // from the icons' masks only where a Float sum in another order rounds a half
            // level the other way.
            for (contours, icon) in [(morph.source, from), (morph.target, to)] {
                let drawn = try rasterizer.mask(forPixelPath: PathMorph.path(of: contours), rule: .nonZero, in: iconLayout)
                let d = difference(drawn, Self.masks[icon]!)
                #expect(d.largest <= 1 && d.count <= Self.allowedRoundingFlips(Self.masks[icon]!), "\(from) → \(to), \(icon): \(d)")
            }
        }
    }

    /// A source contour without area (a figure-eight) leaves its partner running as the
    /// target icon has it: every symbol's outline at the end is its own. The target was free
    /// to run backwards, and for 5 of the symbols (a ring and its hole, two contours that
    /// overlap) the reversed one filled a hole or cancelled a part: envelope 180 pixels off.
    @Test func aFigureEightSourceKeepsEveryTargetsWinding() throws {
        let eight = icon(try VectorPath(svgPathData: "M4 12C4 6 11 6 12 12C13 18 20 18 20 12C20 6 13 6 12 12C11 18 4 18 4 12Z"))
        let rasterizer = VectorRasterizer()
        for to in BuiltInSymbol.allCases {
            let morph = try PathMorph(from: eight, to: to.icon, layout: iconLayout)
            let drawn = try rasterizer.mask(forPixelPath: PathMorph.path(of: morph.target), rule: .nonZero, in: iconLayout)
            let d = difference(drawn, Self.masks[to]!)
            #expect(d.largest <= 1 && d.count <= Self.allowedRoundingFlips(Self.masks[to]!), "\(to): \(d)")
        }
    }

    @Test func midwayIsASolidShapeBetweenTheTwo() throws {
        // play → pause half-way: covers some of what either covers, and is not a cross-fade
        // (few partly covered pixels, as for any filled outline).
        let morph = try PathMorph(from: BuiltInSymbol.play.icon, to: BuiltInSymbol.pause.icon, layout: iconLayout)
        let mid = try morph.mask(at: 0.5)
        let partial = mid.pixels.filter { $0 > 0 && $0 < 255 }.count
        let solid = mid.pixels.filter { $0 == 255 }.count
        #expect(solid > 1000)
        #expect(partial < solid / 4)
    }

    @Test func sameIconMatchesItselfWithoutTravel() throws {
        for symbol in BuiltInSymbol.allCases {
            let morph = try PathMorph(from: symbol.icon, to: symbol.icon, layout: iconLayout)
            #expect(morph.source == morph.target, "\(symbol)")
        }
    }
}
