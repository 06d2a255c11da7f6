/// Which parts of a frame need the blur, decided per tile of 16 columns × `tileRows` rows
/// from bounds on the mix, so that flat regions cost a fill instead of 2 · (2n + 1) taps a
/// pixel.
///
/// For every tile the stats pass (`measure`) bounds the mix over the tile's pixels:
/// M = s · wS + t · wT is monotonic in both bytes, so in single precision
/// `low` = min s · wS + min t · wT ≤ M ≤ max s · wS + max t · wT = `high` (tiles that hang over
/// the canvas's right or bottom edge get `low` = 0, the mix outside the canvas). Then
/// `classify` takes, for each output tile, the bounds over every tile its taps can reach
/// (⌈h / 16⌉ blocks and ⌈v / tileRows⌉ tile rows each side; beyond the grid counts as
/// M = 0). The weights are positive and sum to 1 within 10⁻⁶, and two single-precision passes
/// of up to 2001 taps round by less than 3 · 10⁻⁴ relative, so V stays within 0.1 % of
/// [min, max] of that reach, and the tile is
/// - `empty` when that max is 0 (V = 0 exactly) or max · 1.001 < t − s: V < t − s, so α = 0;
/// - `full` when min · 0.999 > t + 10⁻⁵: V > t by more than the rounding of t − s and 1 / s
///   can take back, so u ≥ 1 and α = 1;
/// - `compute` otherwise, and `empty` too outside the rows and columns the taps can reach
///   from any non-zero mask byte (there V = 0 exactly).
/// So a filled tile gets exactly the bytes the computation would give: the output does not
/// depend on the classification (the tests compare against computing every tile).
///
/// A horizontal-pass tile is `needed` when a computed tile within reach reads it; only those
/// are written to the blur plane each frame, so every plane row a computed tile reads was
/// written in the same frame (or is the zero padding outside the canvas).
///
/// Tiles are indexed row-major by tile row: tile (b, r) is `r · blockCount + b`.
final class TileMap {
    /// Rows per tile. 8 and 16 measured alike at 132², 512² and 1024² (smaller tiles skip a
    /// little more near edges but cost more to measure and classify); 32 was 15 % slower at
    /// 1024².
    static let tileRows = 16

    enum Kind: UInt8 {
        case compute = 0
        case empty = 1
        case full = 2
    }

    let blockCount: Int
    let tileRowCount: Int
    let width: Int
    let height: Int
    let maxBands: Int

    /// Per tile: the bounds on M, then (in `classify`) the bounds over its reach.
    private let low: UnsafeMutablePointer<Float>
    private let high: UnsafeMutablePointer<Float>
    private let lowAcross: UnsafeMutablePointer<Float>
    private let highAcross: UnsafeMutablePointer<Float>
    /// Per tile: `Kind.rawValue`.
    let kinds: UnsafeMutablePointer<UInt8>
    /// Per tile: 1 when the horizontal pass must write it.
    let needed: UnsafeMutablePointer<UInt8>
    /// Per tile: 1 when some byte of the source or target in it is non-zero.
    private let tileContent: UnsafeMutablePointer<UInt8>
    /// Per row: 0 when every byte of the source and target in it is 0 (then the mix is 0);
    /// set by `findContent` exactly for the first and last tile rows with content, 1 for the
    /// rows between.
    let rowContent: UnsafeMutablePointer<UInt8>
    /// Band k of the horizontal pass takes tile rows `horizontalSplits[k] ..< [k + 1]`.
    let horizontalSplits: UnsafeMutablePointer<Int>
    /// Band k of the vertical pass takes tile rows `verticalSplits[k] ..< [k + 1]`.
    let verticalSplits: UnsafeMutablePointer<Int>
    private let rowWork: UnsafeMutablePointer<Int>

    init(width: Int, height: Int, maxBands: Int) {
        self.width = width
        self.height = height
        self.maxBands = maxBands
        blockCount = (width + 15) / 16
        tileRowCount = (height + TileMap.tileRows - 1) / TileMap.tileRows
        let tiles = blockCount * tileRowCount
        low = .allocate(capacity: tiles)
        high = .allocate(capacity: tiles)
        lowAcross = .allocate(capacity: tiles)
        highAcross = .allocate(capacity: tiles)
        kinds = .allocate(capacity: tiles)
        needed = .allocate(capacity: tiles)
        tileContent = .allocate(capacity: tiles)
        rowContent = .allocate(capacity: height)
        horizontalSplits = .allocate(capacity: maxBands + 1)
        verticalSplits = .allocate(capacity: maxBands + 1)
        rowWork = .allocate(capacity: tileRowCount)
        for buffer in [low, high, lowAcross, highAcross] { buffer.initialize(repeating: 0, count: tiles) }
        kinds.initialize(repeating: Kind.compute.rawValue, count: tiles)
        needed.initialize(repeating: 1, count: tiles)
        tileContent.initialize(repeating: 1, count: tiles)
        rowContent.initialize(repeating: 1, count: height)
        horizontalSplits.initialize(repeating: 0, count: maxBands + 1)
        verticalSplits.initialize(repeating: 0, count: maxBands + 1)
        rowWork.initialize(repeating: 0, count: tileRowCount)
    }

    deinit {
        for buffer in [low, high, lowAcross, highAcross] { buffer.deallocate() }
        kinds.deallocate()
        needed.deallocate()
        tileContent.deallocate()
        rowContent.deallocate()
        horizontalSplits.deallocate()
        verticalSplits.deallocate()
        rowWork.deallocate()
    }

    /// The rows of tile row `r`.
    func rows(ofTileRow r: Int) -> Range<Int> {
        r * TileMap.tileRows..<min(height, (r + 1) * TileMap.tileRows)
    }

    /// The stats pass over tile rows `tileRows`: `low`, `high` and `tileContent`.
    func measure(
        tileRows: Range<Int>, source: UnsafePointer<UInt8>, target: UnsafePointer<UInt8>,
        sourceWeight: Float, targetWeight: Float
    ) {
        for r in tileRows {
            let rows = self.rows(ofTileRow: r)
            let partialRows = rows.count < TileMap.tileRows
            for b in 0..<blockCount {
                let x = b &* 16
                var sLow: UInt8 = 255, sHigh: UInt8 = 0, tLow: UInt8 = 255, tHigh: UInt8 = 0
                if x &+ 16 <= width {
                    var sMin = SIMD16<UInt8>(repeating: 255), sMax = SIMD16<UInt8>()
                    var tMin = SIMD16<UInt8>(repeating: 255), tMax = SIMD16<UInt8>()
                    var offset = rows.lowerBound &* width &+ x
                    var row = 0
                    while row < rows.count {
                        let s = (source + offset).vector16(at: 0)
                        let t = (target + offset).vector16(at: 0)
                        // `replace(with:where:)` compiles to pminub / pmaxub; `pointwiseMin` to a call.
                        sMin.replace(with: s, where: s .< sMin)
                        sMax.replace(with: s, where: s .> sMax)
                        tMin.replace(with: t, where: t .< tMin)
                        tMax.replace(with: t, where: t .> tMax)
                        offset &+= width
                        row &+= 1
                    }
                    sLow = sMin.min(); sHigh = sMax.max(); tLow = tMin.min(); tHigh = tMax.max()
                } else {
                    for y in rows {
                        for column in x..<width {
                            let s = source[y &* width &+ column], t = target[y &* width &+ column]
                            sLow = min(sLow, s); sHigh = max(sHigh, s)
                            tLow = min(tLow, t); tHigh = max(tHigh, t)
                        }
                    }
                }
                let tile = r &* blockCount &+ b
                low[tile] = partialRows || x &+ 16 > width
                    ? 0 : Float(sLow) * sourceWeight + Float(tLow) * targetWeight
                high[tile] = Float(sHigh) * sourceWeight + Float(tHigh) * targetWeight
                tileContent[tile] = sHigh | tHigh != 0 ? 1 : 0
            }
        }
    }

    /// After `measure`: the rows and columns from the first to the last with a non-zero
    /// byte in the source or target (empty ranges when there is none), and `rowContent`.
    ///
    /// The tile stats give the first and last tile rows and blocks with content; only those
    /// are scanned byte by byte, so this costs a few rows and columns, not the frame.
    func findContent(source: UnsafePointer<UInt8>, target: UnsafePointer<UInt8>) -> (rows: Range<Int>, columns: Range<Int>) {
        var firstTileRow = Int.max, lastTileRow = -1, firstBlock = Int.max, lastBlock = -1
        for r in 0..<tileRowCount {
            let row = tileContent + r * blockCount
            for b in 0..<blockCount where row[b] != 0 {
                firstTileRow = min(firstTileRow, r); lastTileRow = r
                firstBlock = min(firstBlock, b); lastBlock = max(lastBlock, b)
            }
        }
        guard lastTileRow >= 0 else {
            rowContent.update(repeating: 0, count: height)
            return (0..<0, 0..<0)
        }
        func rowHasContent(_ y: Int) -> Bool {
            let s = source + y * width, t = target + y * width
            var x = 0
            while x + 8 <= width {
                let word = UnsafeRawPointer(s + x).loadUnaligned(as: UInt64.self)
                    | UnsafeRawPointer(t + x).loadUnaligned(as: UInt64.self)
                if word != 0 { return true }
                x += 8
            }
            while x < width {
                if s[x] | t[x] != 0 { return true }
                x += 1
            }
            return false
        }
        let inside = rows(ofTileRow: firstTileRow).lowerBound..<rows(ofTileRow: lastTileRow).upperBound
        rowContent.update(repeating: 0, count: inside.lowerBound)
        (rowContent + inside.upperBound).update(repeating: 0, count: height - inside.upperBound)
        (rowContent + inside.lowerBound).update(repeating: 1, count: inside.count)
        for y in rows(ofTileRow: firstTileRow) { rowContent[y] = rowHasContent(y) ? 1 : 0 }
        if lastTileRow != firstTileRow {
            for y in rows(ofTileRow: lastTileRow) { rowContent[y] = rowHasContent(y) ? 1 : 0 }
        }
        var first = inside.lowerBound
        while rowContent[first] == 0 { first += 1 }
        var last = inside.upperBound - 1
        while rowContent[last] == 0 { last -= 1 }

        // The columns of the first and last blocks with content that hold a non-zero byte.
        func columnBits(_ b: Int) -> SIMD16<UInt8> {
            var bits = SIMD16<UInt8>()
            if b * 16 + 16 <= width {
                for y in first...last {
                    let offset = y * width + b * 16
                    bits |= (source + offset).vector16(at: 0) | (target + offset).vector16(at: 0)
                }
            } else {
                for y in first...last {
                    for lane in 0..<width - b * 16 {
                        bits[lane] |= source[y * width + b * 16 + lane] | target[y * width + b * 16 + lane]
                    }
                }
            }
            return bits
        }
        let left = columnBits(firstBlock), right = columnBits(lastBlock)
        let firstColumn = firstBlock * 16 + (0..<16).first { left[$0] != 0 }!
        let lastColumn = lastBlock * 16 + (0..<16).last { right[$0] != 0 }!
        return (first..<last + 1, firstColumn..<lastColumn + 1)
    }

    /// Classifies every tile for taps reaching h columns and v rows and marks the needed
    /// horizontal tiles. Tiles wholly outside `outputRows` × `outputColumns` (the content
    /// rows and columns dilated by the taps, where V can be non-zero) are empty. With
    /// `skipping` false every tile is computed and needed (the reference the tests compare
    /// against).
    func classify(
        horizontalHalfWidth h: Int, verticalHalfWidth v: Int, threshold t: Double, softness s: Double,
        outputRows: Range<Int>, outputColumns: Range<Int>, skipping: Bool
    ) {
        let tiles = blockCount * tileRowCount
        guard skipping else {
            kinds.update(repeating: Kind.compute.rawValue, count: tiles)
            needed.update(repeating: 1, count: tiles)
            return
        }
        let blocks = blockCount
        let reachAcross = (h + 15) / 16
        let reachDown = (v + TileMap.tileRows - 1) / TileMap.tileRows
        // The loops below run along tile rows so that they vectorise; a reach leaving the grid
        // sees M = 0, so its low bound is 0.
        for r in 0..<tileRowCount {
            let lowRow = low + r * blocks, highRow = high + r * blocks
            let lows = lowAcross + r * blocks, highs = highAcross + r * blocks
            lows.update(from: lowRow, count: blocks)
            highs.update(from: highRow, count: blocks)
            for d in stride(from: 1, through: min(reachAcross, blocks - 1), by: 1) {
                // Block b takes the bounds of blocks b − d and b + d.
                TileMap.lower(lows + d, toward: lowRow, count: blocks - d)
                TileMap.lower(lows, toward: lowRow + d, count: blocks - d)
                TileMap.raise(highs + d, toward: highRow, count: blocks - d)
                TileMap.raise(highs, toward: highRow + d, count: blocks - d)
            }
            let edge = min(reachAcross, blocks)
            lows.update(repeating: 0, count: edge)
            (lows + (blocks - edge)).update(repeating: 0, count: edge)
        }
        let emptyBelow = Float(t - s) / 1.001
        let fullAbove = Float((t + 1e-5) / 0.999)
        let compute = Kind.compute.rawValue, empty = Kind.empty.rawValue, full = Kind.full.rawValue
        let firstBlock = outputColumns.lowerBound / 16
        let endBlock = (outputColumns.upperBound + 15) / 16
        for r in 0..<tileRowCount {
            // Down: the bounds of this tile row, then of its neighbours, into `low` / `high`.
            let lows = low + r * blocks, highs = high + r * blocks
            lows.update(from: lowAcross + r * blocks, count: blocks)
            highs.update(from: highAcross + r * blocks, count: blocks)
            for neighbour in max(0, r - reachDown)...min(tileRowCount - 1, r + reachDown) where neighbour != r {
                TileMap.lower(lows, toward: lowAcross + neighbour * blocks, count: blocks)
                TileMap.raise(highs, toward: highAcross + neighbour * blocks, count: blocks)
            }
            let row = kinds + r * blocks
            guard rows(ofTileRow: r).overlaps(outputRows) else {
                row.update(repeating: empty, count: blocks)
                continue
            }
            let reachesOut = r - reachDown < 0 || r + reachDown >= tileRowCount
            for b in 0..<blocks {
                // V ≤ max M · (1 + 10⁻³) and V ≥ min M · (1 − 10⁻³); see the type's comment.
                if highs[b] == 0 || highs[b] < emptyBelow || b < firstBlock || b >= endBlock {
                    row[b] = empty
                } else if !reachesOut && lows[b] > fullAbove {
                    row[b] = full
                } else {
                    row[b] = compute
                }
            }
        }
        // A horizontal tile is needed when a computed tile within reachDown tile rows reads it.
        for r in 0..<tileRowCount {
            let row = needed + r * blocks
            row.update(repeating: 0, count: blocks)
            for other in max(0, r - reachDown)...min(tileRowCount - 1, r + reachDown) {
                let otherKinds = kinds + other * blocks
                for b in 0..<blocks { row[b] |= otherKinds[b] == compute ? 1 : 0 }
            }
        }
    }

    /// values[i] = min(values[i], others[i]) for i < count, 8 at a time.
    @inline(__always)
    private static func lower(_ values: UnsafeMutablePointer<Float>, toward others: UnsafePointer<Float>, count: Int) {
        var i = 0
        while i &+ 8 <= count {
            var a = UnsafeRawPointer(values + i).loadUnaligned(as: SIMD8<Float>.self)
            let b = UnsafeRawPointer(others + i).loadUnaligned(as: SIMD8<Float>.self)
            a.replace(with: b, where: b .< a)
            UnsafeMutableRawPointer(values + i).storeBytes(of: a, as: SIMD8<Float>.self)
            i &+= 8
        }
        while i < count {
            if others[i] < values[i] { values[i] = others[i] }
            i &+= 1
        }
    }

    /// values[i] = max(values[i], others[i]) for i < count, 8 at a time.
    @inline(__always)
    private static func raise(_ values: UnsafeMutablePointer<Float>, toward others: UnsafePointer<Float>, count: Int) {
        var i = 0
        while i &+ 8 <= count {
            var a = UnsafeRawPointer(values + i).loadUnaligned(as: SIMD8<Float>.self)
            let b = UnsafeRawPointer(others + i).loadUnaligned(as: SIMD8<Float>.self)
            a.replace(with: b, where: b .> a)
            UnsafeMutableRawPointer(values + i).storeBytes(of: a, as: SIMD8<Float>.self)
            i &+= 8
        }
        while i < count {
            if others[i] > values[i] { values[i] = others[i] }
            i &+= 1
        }
    }

    /// Splits both passes into `bands` (≤ `maxBands`) bands of tile rows of about even work.
    func split(bands: Int) {
        // Work per tile row: the vectors each pass computes there, plus one so that fills
        // and empty rows still spread.
        for r in 0..<tileRowCount {
            var count = 1
            for b in 0..<blockCount { count += Int(needed[r * blockCount + b]) }
            rowWork[r] = count
        }
        split(into: horizontalSplits, bands: bands)
        for r in 0..<tileRowCount {
            var count = 1
            for b in 0..<blockCount where kinds[r * blockCount + b] == Kind.compute.rawValue { count += 1 }
            rowWork[r] = count
        }
        split(into: verticalSplits, bands: bands)
    }

    /// Cuts the tile rows into `bands` consecutive ranges of about equal `rowWork`.
    private func split(into splits: UnsafeMutablePointer<Int>, bands: Int) {
        var total = 0
        for r in 0..<tileRowCount { total += rowWork[r] }
        splits[0] = 0
        var r = 0
        var done = 0
        for band in 1..<bands {
            let goal = total * band / bands
            while r < tileRowCount && done + rowWork[r] / 2 < goal {
                done += rowWork[r]
                r += 1
            }
            splits[band] = r
        }
        splits[bands] = tileRowCount
    }

    /// The work of the classified frame in tap-pixels per pass: the needed horizontal
    /// vectors times 2h + 1 plus the computed vertical vectors times 2v + 1, halved.
    func work(horizontalHalfWidth h: Int, verticalHalfWidth v: Int) -> Int {
        var needed = 0, computed = 0
        for r in 0..<tileRowCount {
            var neededTiles = 0, computedTiles = 0
            for b in 0..<blockCount {
                neededTiles += Int(self.needed[r * blockCount + b])
                computedTiles += kinds[r * blockCount + b] == Kind.compute.rawValue ? 1 : 0
            }
            let rows = self.rows(ofTileRow: r).count
            needed += neededTiles * rows
            computed += computedTiles * rows
        }
        return 16 * (needed * (2 * h + 1) + computed * (2 * v + 1)) / 2
    }

    /// Computed tiles out of all, for tests.
    var computedTileCount: Int {
        var count = 0
        for i in 0..<blockCount * tileRowCount where kinds[i] == Kind.compute.rawValue { count += 1 }
        return count
    }
}
