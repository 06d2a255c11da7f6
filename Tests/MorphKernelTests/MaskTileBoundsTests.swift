import AlphaRaster
import Testing
import _TestSupport
@_spi(Testing) @testable import MorphKernel

/// The renderer's kept tile bounds of the masks it drew (`MaskTileBounds`): measured once per
/// mask, and never taken for a mask whose bytes are not theirs.
struct MaskTileBoundsTests {
    /// A 96 × 96 mask: a filled rectangle, the rest empty.
    static func rectangle(x: Range<Int>, y: Range<Int>) throws -> AlphaMask {
        var pixels = [UInt8](repeating: 0, count: 96 * 96)
        for row in y { for column in x { pixels[row * 96 + column] = 255 } }
        return try AlphaMask(width: 96, height: 96, pixels: pixels)
    }

    static func frame(_ renderer: MorphRenderer, _ source: AlphaMask, _ target: AlphaMask, _ p: Double) throws -> [UInt8] {
        var out = [UInt8](repeating: 0, count: renderer.alphaByteCount)
        try out.withUnsafeMutableBytes { try renderer.render(source: source, target: target, progress: p, into: $0, format: .alpha8) }
        return out
    }

    @Test func aMorphMeasuresEachMaskOnce() throws {
        let source = try Self.rectangle(x: 10..<40, y: 20..<70), target = try Self.rectangle(x: 50..<90, y: 8..<60)
        for style in [MorphStyle(maxBlurRadius: 8), MorphStyle(maxBlurRadius: 8, softness: .fixed(0.1))] {
            let renderer = try MorphRenderer(width: 96, height: 96, style: style)
            for k in 0...12 { _ = try Self.frame(renderer, source, target, Double(k) / 12) }
            #expect(renderer.maskBounds.misses == 2)
            // Copies share their storage; a mask whose storage is new is measured again.
            let copy = source
            _ = try Self.frame(renderer, copy, target, 0.5)
            #expect(renderer.maskBounds.misses == 2)
            var changed = source
            changed.withUnsafeMutablePixels { $0[0] = 7 }
            _ = try Self.frame(renderer, changed, target, 0.5)
            #expect(renderer.maskBounds.misses == 3)
            // The same mask as both icons: one entry.
            let fresh = try Self.rectangle(x: 0..<96, y: 0..<10)
            _ = try Self.frame(renderer, fresh, fresh, 0.5)
            #expect(renderer.maskBounds.misses == 4)
        }
    }

    @Test func aMaskChangedInPlaceIsDrawnAsItIsNow() throws {
        // The host changes its copy of the target between frames, adding a block where the
        // target was empty: with the first frame's bounds taken for it, the tiles there would
        // be filled as empty. Frames against a renderer computing every tile (no bounds
        // read), several times over, so that the kept entries are reused and replaced.
        let source = try Self.rectangle(x: 10..<40, y: 20..<70)
        var target = try Self.rectangle(x: 50..<90, y: 8..<40)
        for style in [MorphStyle(maxBlurRadius: 6), MorphStyle(maxBlurRadius: 6, softness: .fixed(0.1))] {
            let renderer = try MorphRenderer(width: 96, height: 96, style: style)
            let everything = try MorphRenderer(width: 96, height: 96, style: style)
            everything.skipsFlatTiles = false
            for round in 0..<6 {
                let drawn = try Self.frame(renderer, source, target, 0.5)
                #expect(drawn == (try Self.frame(everything, source, target, 0.5)), "round \(round)")
                target.withUnsafeMutablePixels { pixels in
                    for row in (60 + 5 * round)..<(64 + 5 * round) { for column in 8..<88 { pixels[row * 96 + column] = 255 } }
                }
            }
        }
    }

    @Test func aMasksContentIsItsFirstAndLastNonZeroRowAndColumn() throws {
        // Masks of odd sizes (cut tiles at the edges) with a few non-zero bytes at random
        // places, some none, against a plain scan of every byte.
        var generator = SplitMix64(seed: 0xC0_7E47)
        for trial in 0..<60 {
            let width = 1 + Int(generator.next() % 150), height = 1 + Int(generator.next() % 90)
            var pixels = [UInt8](repeating: 0, count: width * height)
            for _ in 0..<(trial % 6) { pixels[Int(generator.next() % UInt64(pixels.count))] = UInt8(1 + generator.next() % 255) }
            let mask = try AlphaMask(width: width, height: height, pixels: pixels)
            let tiles = TileMap(width: width, height: height, maxBands: 1)
            let bounds = MaskTileBounds(mask: mask, tiles: tiles.blockCount * tiles.tileRowCount)
            let found = pixels.withUnsafeBufferPointer { bytes -> TileMap.Content in
                let none = TileMap.MaskBounds(least: bounds.least, greatest: bounds.greatest, measures: false)
                tiles.measure(
                    tileRows: 0..<tiles.tileRowCount, source: bytes.baseAddress!,
                    sourceBounds: TileMap.MaskBounds(least: bounds.least, greatest: bounds.greatest, measures: true),
                    target: bytes.baseAddress!, targetBounds: none, sourceWeight: 1, targetWeight: 0)
                return tiles.content(of: bytes.baseAddress!, greatest: bounds.greatest)
            }
            let set = pixels.indices.filter { pixels[$0] != 0 }
            let rows = set.map { $0 / width }, columns = set.map { $0 % width }
            let expected = set.isEmpty
                ? TileMap.Content.none
                : TileMap.Content(rows: rows.min()!..<rows.max()! + 1, columns: columns.min()!..<columns.max()! + 1)
            #expect(found == expected, "\(width) × \(height), trial \(trial)")
        }
        // The union: the rows and columns of either; an empty one adds nothing.
        let a = TileMap.Content(rows: 3..<9, columns: 10..<12), b = TileMap.Content(rows: 5..<20, columns: 0..<4)
        #expect(a.union(b) == TileMap.Content(rows: 3..<20, columns: 0..<12))
        #expect(a.union(.none) == a && TileMap.Content.none.union(b) == b)
    }
}
