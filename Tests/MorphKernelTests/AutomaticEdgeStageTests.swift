import AlphaRaster
import Testing
@_spi(Testing) @testable import MorphKernel
import _TestSupport

/// The automatic softness's fused stage (`FramePlan+AutomaticEdge.swift`): each band computes
/// the rows just outside it itself (halo rows), so the bytes must not depend on how the tile
/// rows are split; and at level 0 the tiles next to an edge are filled when their own pixels
/// decide them.
@Suite struct AutomaticEdgeStageTests {
    /// Styles whose levels include n = 0, n a multiple of 16 (the plane row beyond the taps'
    /// reach is computed apart) and others, with thresholds below, at and above ½.
    static let styles: [MorphStyle] = [
        MorphStyle(maxBlurRadius: 32, blurLevels: 5),  // n = 0, 8, 16, 24, 32
        MorphStyle(maxBlurRadius: 16, blurLevels: 3, threshold: 0.3),  // n = 0, 8, 16
        MorphStyle(maxBlurRadius: 5, blurLevels: 6, threshold: 0.7,
                   tint: TintColor(red: 3, green: 200, blue: 90, alpha: 140)),  // n = 0 … 5
    ]

    @Test("every split of the tile rows over bands gives the bytes of one band",
          arguments: [(37, 53), (49, 33), (64, 81), (3, 70), (70, 2)])
    func bandsGiveTheSameBytes(width: Int, height: Int) throws {
        var rng = SplitMix64(seed: 0xED6E_0000 &+ UInt64(width * 1000 + height))
        let masks = try RendererSkippingTests.masks(width: width, height: height, using: &rng)
        for (index, style) in Self.styles.enumerated() {
            let serial = try MorphRenderer(width: width, height: height, style: style, bandCount: 1)
            serial.concurrency = .serial
            let everything = try MorphRenderer(width: width, height: height, style: style, bandCount: 1)
            everything.concurrency = .serial
            everything.skipsFlatTiles = false
            let split = try [2, 3, 5].map { try MorphRenderer(width: width, height: height, style: style, bandCount: $0) }
            for renderer in split { renderer.concurrentWorkThreshold = 0 }
            // A progress for every level of the style, on alternate halves of the morph.
            var progressByLevel = [Int: Double]()
            for step in 0...200 {
                let p = Double(step) / 400
                let level = MorphFrameMath.frame(progress: p, style: style).level
                if progressByLevel[level] == nil { progressByLevel[level] = level % 2 == 0 ? p : 1 - p }
            }
            #expect(progressByLevel.count == style.blurLevels)
            for (i, source) in masks.enumerated() where i % 2 == index % 2 {
                let target = masks[(i + 3 + index) % masks.count]
                for progress in progressByLevel.values.sorted() {
                    var expected = [UInt8](), actual = [UInt8]()
                    try serial.renderRGBA(source: source, target: target, progress: progress, into: &expected)
                    let context = "\(width)×\(height) style \(index) masks \(i) p=\(progress)"
                    for renderer in split + [everything] {
                        try renderer.renderRGBA(source: source, target: target, progress: progress, into: &actual)
                        #expect(actual == expected, "RGBA \(context)")
                    }
                    try serial.renderAlpha(source: source, target: target, progress: progress, into: &expected)
                    try split[1].renderAlpha(source: source, target: target, progress: progress, into: &actual)
                    #expect(actual == expected, "alpha \(context)")
                }
            }
        }
        // The split really happened.
        let renderer = try MorphRenderer(width: width, height: height, style: Self.styles[0], bandCount: 3)
        renderer.concurrentWorkThreshold = 0
        let disc = masks[4]
        #expect(try renderer.plannedFrame(source: disc, target: disc, progress: 0.5).bands == min(3, (height + 15) / 16))
    }

    @Test("at level 0 with t = ½ a tile away from the canvas's edge whose own pixels are all 0 or all 255 is filled")
    func restFramesFillTilesBesideEdges() throws {
        // V = M there, and with t = ½ the ramp width w ≤ 1 (up to rounding) whatever the
        // neighbours: α = 0 where V = 0 and α = 1 where V = 1. The tile's neighbours at the
        // tile's edge lie in the next tiles, so before the V bounds were kept to the taps'
        // reach such tiles were computed whenever a neighbouring tile held an edge.
        let size = 80, count = size / 16
        var rng = SplitMix64(seed: 0xED6E_0100)
        let masks = try RendererSkippingTests.masks(width: size, height: size, using: &rng)
        let style = MorphStyle(maxBlurRadius: 12)
        let frame = MorphFrameMath.frame(progress: 0, style: style)
        let rule = TileMap.Rule.automatic(threshold: 0.5, kernelCentre: 1, kernelNeighbour: 0, halfWidth: 0)
        var filled = 0
        for mask in masks {
            let tiles = TileMap(width: size, height: size, maxBands: 1)
            mask.pixels.withUnsafeBufferPointer { source in
                masks[0].pixels.withUnsafeBufferPointer { target in
                    let s = source.baseAddress!, t = target.baseAddress!
                    let tileCount = tiles.blockCount * tiles.tileRowCount
                    let sourceBounds = MaskTileBounds(mask: mask, tiles: tileCount)
                    let targetBounds = MaskTileBounds(mask: masks[0], tiles: tileCount)
                    tiles.measure(
                        tileRows: 0..<tiles.tileRowCount,
                        source: s, sourceBounds: TileMap.MaskBounds(
                            least: sourceBounds.least, greatest: sourceBounds.greatest, measures: true),
                        target: t, targetBounds: TileMap.MaskBounds(
                            least: targetBounds.least, greatest: targetBounds.greatest, measures: true),
                        sourceWeight: frame.sourceWeight, targetWeight: frame.targetWeight)
                    let content = tiles.content(of: s, greatest: sourceBounds.greatest)
                        .union(tiles.content(of: t, greatest: targetBounds.greatest))
                    let (rows, columns) = (content.rows, content.columns)
                    tiles.setRowContent(rows)
                    let extra = rule.extraReach
                    tiles.classify(
                        horizontalHalfWidth: 0, verticalHalfWidth: 0, rule: rule,
                        outputRows: rows.isEmpty ? 0..<0 : max(0, rows.lowerBound - extra)..<min(size, rows.upperBound + extra),
                        outputColumns: columns.isEmpty
                            ? 0..<0 : max(0, columns.lowerBound - extra)..<min(size, columns.upperBound + extra),
                        skipping: true)
                }
            }
            for ty in 1..<count - 1 {
                for tx in 1..<count - 1 {
                    var values = Set<UInt8>()
                    for y in ty * 16..<ty * 16 + 16 {
                        for x in tx * 16..<tx * 16 + 16 { values.insert(mask.pixels[y * size + x]) }
                    }
                    guard values == [0] || values == [255] else { continue }
                    let kind = tiles.kinds[ty * count + tx]
                    let expected = values == [0] ? TileMap.Kind.empty : TileMap.Kind.full
                    #expect(kind == expected.rawValue, "tile (\(tx), \(ty)) of values \(values): kind \(kind)")
                    if kind != TileMap.Kind.compute.rawValue { filled += 1 }
                }
            }
        }
        // Measured: 43 of the 81 interior tiles over these masks.
        #expect(filled >= 40, "\(filled) interior tiles filled")
    }

    @Test("tile rows holding several runs of computed tiles between filled ones give the bytes of computing every tile")
    func separateRunsGiveTheBytesOfEveryTile() throws {
        // Two discs far apart with a solid bar between them: each tile row crossing them has
        // runs of computed tiles separated by empty and full ones, and blocks at the runs'
        // ends whose four lanes next to a computed tile alone are needed.
        let width = 170, height = 52
        func mask(shift: Double) throws -> AlphaMask {
            var pixels = [UInt8](repeating: 0, count: width * height)
            for y in 0..<height {
                for x in 0..<width {
                    let px = Double(x) + 0.5, py = Double(y) + 0.5
                    var coverage = 0.0
                    for cx in [28.0 + shift, 142.0 - shift] {
                        let d = ((px - cx) * (px - cx) + (py - 26) * (py - 26)).squareRoot()
                        coverage = max(coverage, min(1, max(0, 13.5 - d)))
                    }
                    if x >= 66 && x < 104 && y >= 4 && y < 48 { coverage = 1 }
                    pixels[y * width + x] = UInt8((coverage * 255).rounded())
                }
            }
            return try AlphaMask(width: width, height: height, pixels: pixels)
        }
        let source = try mask(shift: 0), target = try mask(shift: 5)
        // Over these frames n = 0, 2, 3, 4, 5 and n = 0, 3, 6, 12.
        for style in [Self.styles[2], MorphStyle(maxBlurRadius: 12, blurLevels: 5, threshold: 0.4)] {
            let renderer = try MorphRenderer(width: width, height: height, style: style, bandCount: 1)
            let everything = try MorphRenderer(width: width, height: height, style: style, bandCount: 1)
            everything.skipsFlatTiles = false
            var sawSkipping = false
            for step in 0...5 {
                let progress = Double(step) / 10
                try expectSameFrames(
                    renderer, everything, source, target, progress: progress,
                    context: "p=\(progress) Rmax \(style.maxBlurRadius)")
                let computed = try renderer.plannedFrame(source: source, target: target, progress: progress).computedTiles
                if computed > 0 && computed < 11 * 4 { sawSkipping = true }
            }
            #expect(sawSkipping, "some frame computed some tiles and filled others")
        }
    }
}
