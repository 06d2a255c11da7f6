/// Everything one frame's passes need, as plain pointers and numbers, split into bands of
/// tile rows that can run on different threads.
///
/// A frame runs `.measure` (tile stats), then `TileMap.classify` on the calling thread,
/// then with fixed softness either `.unblurred` (level 0) or `.horizontal` followed by
/// `.vertical` once every band has finished `.horizontal` (the vertical pass reads rows of
/// neighbouring bands). With automatic softness, at every level (level 0 is the kernel
/// [1]), `.horizontal`, then `.field`, which stores V into the field plane, then `.edges`,
/// which reads each pixel's neighbours there (rows of neighbouring bands again).
/// Pixels of tiles classified empty or full are filled with `emptyPixel` / `fullPixel`, the
/// bytes the computation gives there (see `TileMap`).
///
/// The field plane holds, after `.field`, V of every computed tile and of the row above and
/// below and the column left and right of it, each written by the band that owns its tile
/// row (so no two bands write one place); nothing else of it is read. `.edges` then writes
/// the values outside the canvas (`EdgeRamp.outside`) into the plane's border beside the
/// computed tiles' pixels on the canvas's edge, again per band.
///
/// `@unchecked Sendable` because it carries raw pointers: they point into the masks, the
/// output and the renderer's scratch and tile map, all kept alive and locked by
/// `MorphRenderer` for the duration of the frame, and each band writes only the output rows,
/// plane rows, tile stats and padded row of its own tile rows.
struct FramePlan: @unchecked Sendable {
    enum Phase {
        /// The tile stats, an even share of the tile rows per band.
        case measure
        /// Level 0: α = smoothstep of the mix itself.
        case unblurred
        /// Mix fused into the horizontal pass, for the needed tiles.
        case horizontal
        /// The vertical pass fused with the threshold, for the computed tiles, and the fills.
        case vertical
        /// Automatic softness: the vertical pass into the field plane, for the computed tiles
        /// and their neighbouring rows and columns.
        case field
        /// Automatic softness at level 0: the mix itself into the field plane, where `.field`
        /// would put it.
        case unblurredField
        /// Automatic softness: the edge ramp over the computed tiles, and the fills.
        case edges
    }

    let width: Int
    let height: Int
    let source: UnsafePointer<UInt8>
    let target: UnsafePointer<UInt8>
    let sourceWeight: Float
    let targetWeight: Float
    /// The tap table, w_0 … w_max(h, v) each in 4 lanes.
    let taps: UnsafePointer<SIMD4<Float>>
    /// h: taps used across, n capped at 16 · blockCount − 1 (0 unblurred).
    let horizontalHalfWidth: Int
    /// v: taps used down, n capped at height − 1 (0 unblurred).
    let verticalHalfWidth: Int
    let writer: PixelWriter
    /// The fixed ramp, or nil with automatic softness.
    let threshold: Threshold?
    /// The automatic ramp, or nil with fixed softness.
    let edges: EdgeRamp?
    /// The output where α = 0.
    let emptyPixel: UInt32
    /// The output where α = 1.
    let fullPixel: UInt32
    let output: UnsafeMutableRawPointer
    let scratch: RenderScratch
    let tiles: TileMap
    /// Whether rows without content and rows out of their reach are skipped; false makes the
    /// passes compute every row (with `TileMap` computing every tile: the tests' reference).
    let skipping: Bool
    /// The rows where V can be non-zero: the content rows dilated by v (every row when not
    /// `skipping`); set after `.measure`.
    var outputRows = 0..<0
    /// Bands of the current phase; the renderer sets it per phase.
    var bandCount: Int

    /// Band `band`'s even share of `range`.
    func share(of range: Range<Int>, band: Int) -> Range<Int> {
        let count = range.count
        return range.lowerBound + count * band / bandCount ..< range.lowerBound + count * (band + 1) / bandCount
    }

    var outputRowBytes: Int { width * writer.bytesPerPixel }

    /// Runs band `band` of `phase`.
    func run(_ phase: Phase, band: Int) {
        switch phase {
        case .measure:
            tiles.measure(
                tileRows: share(of: 0..<tiles.tileRowCount, band: band), source: source, target: target,
                sourceWeight: sourceWeight, targetWeight: targetWeight)
        case .unblurred:
            unblurredBand(band)
        case .horizontal:
            horizontalBand(tileRows: tiles.horizontalSplits[band]..<tiles.horizontalSplits[band + 1], band: band)
        case .vertical:
            verticalBand(tileRows: tiles.verticalSplits[band]..<tiles.verticalSplits[band + 1])
        case .field:
            fieldBand(tileRows: tiles.verticalSplits[band]..<tiles.verticalSplits[band + 1], band: band)
        case .unblurredField:
            unblurredFieldBand(tileRows: tiles.verticalSplits[band]..<tiles.verticalSplits[band + 1])
        case .edges:
            edgesBand(tileRows: tiles.verticalSplits[band]..<tiles.verticalSplits[band + 1])
        }
    }

    /// The end of the run of blocks from `first` whose tile kind equals that of `first`.
    @inline(__always)
    private func runEnd(_ kinds: UnsafePointer<UInt8>, from first: Int) -> Int {
        let kind = kinds[first]
        var end = first + 1
        while end < tiles.blockCount && kinds[end] == kind { end += 1 }
        return end
    }

    /// Writes the fill of every empty or full tile of tile row `r` into output row `y`.
    @inline(__always)
    private func fillRow(_ y: Int, tileRow r: Int) {
        let kinds = UnsafePointer(tiles.kinds + r * tiles.blockCount)
        let out = output + y * outputRowBytes
        var b = 0
        while b < tiles.blockCount {
            let end = runEnd(kinds, from: b)
            if kinds[b] != TileMap.Kind.compute.rawValue {
                let pixel = kinds[b] == TileMap.Kind.full.rawValue ? fullPixel : emptyPixel
                writer.fill(pixel, columns: b * 16..<min(width, end * 16), of: out)
            }
            b = end
        }
    }

    /// Level 0, no blur: α = smoothstep of the mix itself in computed tiles, fills elsewhere.
    private func unblurredBand(_ band: Int) {
        let threshold = self.threshold!
        let row = scratch.paddedRow(band: band)
        let rowBytes = outputRowBytes
        for r in share(of: 0..<tiles.tileRowCount, band: band) {
            let kinds = UnsafePointer(tiles.kinds + r * tiles.blockCount)
            for y in tiles.rows(ofTileRow: r) {
                guard !skipping || tiles.rowContent[y] != 0 else {
                    // No full tile here (full needs M > t > 0 at every pixel): all empty.
                    writer.fill(emptyPixel, columns: 0..<width, of: output + y * rowBytes)
                    continue
                }
                fillRow(y, tileRow: r)
                var b = 0
                while b < tiles.blockCount {
                    let end = runEnd(kinds, from: b)
                    if kinds[b] == TileMap.Kind.compute.rawValue {
                        let columns = b * 16..<min(width, end * 16)
                        let offset = y * width + columns.lowerBound
                        Mix.row(
                            source: source + offset, target: target + offset, count: columns.count,
                            sourceWeight: sourceWeight, targetWeight: targetWeight, into: row + columns.lowerBound)
                        threshold.storeRow(UnsafePointer(row), columns: columns, to: output + y * rowBytes)
                    }
                    b = end
                }
            }
        }
    }

    /// Mix fused into the horizontal pass: each row with needed tiles is mixed into the
    /// band's padded row over the columns their taps read, then the needed runs are
    /// convolved into the plane. Rows without content get zero vectors.
    private func horizontalBand(tileRows: Range<Int>, band: Int) {
        let row = scratch.paddedRow(band: band)
        let plane = scratch.planeOrigin
        let blockStride = scratch.blockStride
        let blocks = tiles.blockCount
        let h = horizontalHalfWidth
        for r in tileRows {
            let needed = tiles.needed + r * blocks
            var first = 0
            while first < blocks && needed[first] == 0 { first += 1 }
            guard first < blocks else { continue }
            var last = blocks - 1
            while needed[last] == 0 { last -= 1 }
            let mixColumns = max(0, first * 16 - h)..<min(width, (last + 1) * 16 + h)
            for y in tiles.rows(ofTileRow: r) {
                let destination = plane + y * 16
                guard !skipping || tiles.rowContent[y] != 0 else {
                    for b in first...last where needed[b] != 0 {
                        destination.storeVector16(SIMD16(), at: b * blockStride)
                    }
                    continue
                }
                let offset = y * width + mixColumns.lowerBound
                Mix.row(
                    source: source + offset, target: target + offset, count: mixColumns.count,
                    sourceWeight: sourceWeight, targetWeight: targetWeight, into: row + mixColumns.lowerBound)
                var b = first
                while b <= last {
                    let need = needed[b]
                    guard need == TileMap.Need.all else {
                        // Blocks beside a computed tile (automatic ramp): four lanes per side.
                        if need & TileMap.Need.lastLanes != 0 {
                            SeparableBlur.horizontalLanes(
                                padded: row, x: b * 16 + 12, taps: taps, halfWidth: h,
                                into: destination + b * blockStride + 12)
                        }
                        if need & TileMap.Need.firstLanes != 0 {
                            SeparableBlur.horizontalLanes(
                                padded: row, x: b * 16, taps: taps, halfWidth: h, into: destination + b * blockStride)
                        }
                        b += 1
                        continue
                    }
                    var end = b + 1
                    while end <= last && needed[end] == TileMap.Need.all { end += 1 }
                    SeparableBlur.horizontalRow(
                        padded: row, columns: b * 16..<end * 16, taps: taps, halfWidth: h,
                        into: destination, blockStride: blockStride)
                    b = end
                }
            }
        }
    }

    /// The vertical pass fused with the threshold over the computed tiles of `tileRows`, one
    /// 16-pixel column block at a time, down each run of computed tiles; then the fills.
    private func verticalBand(tileRows: Range<Int>) {
        let threshold = self.threshold!
        let plane = UnsafePointer(scratch.planeOrigin)
        let blockStride = scratch.blockStride
        let blocks = tiles.blockCount
        let rowBytes = outputRowBytes
        let compute = TileMap.Kind.compute.rawValue
        for b in 0..<blocks {
            let x = b * 16
            var r = tileRows.lowerBound
            while r < tileRows.upperBound {
                guard tiles.kinds[r * blocks + b] == compute else { r += 1; continue }
                var end = r + 1
                while end < tileRows.upperBound && tiles.kinds[end * blocks + b] == compute { end += 1 }
                let run = r * TileMap.tileRows..<min(height, end * TileMap.tileRows)
                let rows = run.clamped(to: outputRows)
                let count = min(16, width - x)
                SeparableBlur.verticalColumn(
                    block: plane + b * blockStride, x: x, rows: rows, taps: taps, halfWidth: verticalHalfWidth,
                    threshold: threshold, output: output, outputRowBytes: rowBytes, count: count)
                // Rows of the run beyond the content's reach: V = 0 exactly.
                for y in run where !rows.contains(y) {
                    writer.fill(emptyPixel, columns: x..<x + count, of: output + y * rowBytes)
                }
                r = end
            }
        }
        for r in tileRows {
            for y in tiles.rows(ofTileRow: r) { fillRow(y, tileRow: r) }
        }
    }

    /// V into the field plane for tile rows `tileRows`: down each run of computed tiles of
    /// each column block (rows out of the content's reach get V = 0 without the taps), then,
    /// for every tile not computed, the row or column of it that borders a computed tile.
    private func fieldBand(tileRows: Range<Int>, band: Int) {
        let plane = UnsafePointer(scratch.planeOrigin)
        let field = scratch.fieldOrigin
        let stride = scratch.fieldStride
        let blockStride = scratch.blockStride
        let blocks = tiles.blockCount
        let v = verticalHalfWidth
        let compute = TileMap.Kind.compute.rawValue
        let kinds = UnsafePointer(tiles.kinds)
        for b in 0..<blocks {
            let x = b * 16
            let count = min(16, width - x)
            let block = plane + b * blockStride
            var r = tileRows.lowerBound
            while r < tileRows.upperBound {
                guard kinds[r * blocks + b] == compute else { r += 1; continue }
                var end = r + 1
                while end < tileRows.upperBound && kinds[end * blocks + b] == compute { end += 1 }
                let run = r * TileMap.tileRows..<min(height, end * TileMap.tileRows)
                let rows = run.clamped(to: outputRows)
                SeparableBlur.verticalColumn(
                    block: block, x: x, rows: rows, taps: taps, halfWidth: v, field: field, fieldStride: stride,
                    count: count)
                for y in run where !rows.contains(y) {
                    (field + y * stride + x).update(repeating: 0, count: count)
                }
                r = end
            }
        }
        let buffer = scratch.columnBuffer(band: band)
        let padded = scratch.paddedRow(band: band)
        for r in tileRows {
            let rows = tiles.rows(ofTileRow: r)
            let kindRow = kinds + r * blocks
            for b in 0..<blocks where kindRow[b] != compute {
                let x = b * 16
                let count = min(16, width - x)
                let block = plane + b * blockStride
                if r > 0 && kinds[(r - 1) * blocks + b] == compute {
                    let y = rows.lowerBound
                    let far = planeRow(y + v, block: b, paddedRow: padded)
                    field.storeVector16(
                        SeparableBlur.verticalSum(block + y * 16, taps: taps, halfWidth: v, far: far, farBelow: true),
                        at: y * stride + x, count: count)
                }
                if r + 1 < tiles.tileRowCount && kinds[(r + 1) * blocks + b] == compute {
                    let y = rows.upperBound - 1
                    let far = planeRow(y - v, block: b, paddedRow: padded)
                    field.storeVector16(
                        SeparableBlur.verticalSum(block + y * 16, taps: taps, halfWidth: v, far: far, farBelow: false),
                        at: y * stride + x, count: count)
                }
                if b > 0 && kindRow[b - 1] == compute {
                    SeparableBlur.fieldColumn(
                        block: block, lane: 0, rows: rows, taps: taps, halfWidth: v, buffer: buffer,
                        field: field, fieldStride: stride, column: x)
                }
                if b + 1 < blocks && kindRow[b + 1] == compute {
                    SeparableBlur.fieldColumn(
                        block: block, lane: 15, rows: rows, taps: taps, halfWidth: v, buffer: buffer,
                        field: field, fieldStride: stride, column: x + 15)
                }
            }
        }
    }

    /// `fieldBand` at level 0, where V = 1 · (1 · M) = M exactly: the mix goes straight into
    /// the field plane, for the same pixels and with the same bits.
    private func unblurredFieldBand(tileRows: Range<Int>) {
        let field = scratch.fieldOrigin
        let stride = scratch.fieldStride
        let blocks = tiles.blockCount
        let compute = TileMap.Kind.compute.rawValue
        let kinds = UnsafePointer(tiles.kinds)
        func mix(row y: Int, columns: Range<Int>) {
            let offset = y * width + columns.lowerBound
            Mix.row(
                source: source + offset, target: target + offset, count: columns.count,
                sourceWeight: sourceWeight, targetWeight: targetWeight, into: field + y * stride + columns.lowerBound)
        }
        for r in tileRows {
            let rows = tiles.rows(ofTileRow: r)
            let kindRow = kinds + r * blocks
            var b = 0
            while b < blocks {
                guard kindRow[b] == compute else { b += 1; continue }
                let end = runEnd(kindRow, from: b)
                for y in rows { mix(row: y, columns: b * 16..<min(width, end * 16)) }
                b = end
            }
            for b in 0..<blocks where kindRow[b] != compute {
                let columns = b * 16..<min(width, b * 16 + 16)
                if r > 0 && kinds[(r - 1) * blocks + b] == compute { mix(row: rows.lowerBound, columns: columns) }
                if r + 1 < tiles.tileRowCount && kinds[(r + 1) * blocks + b] == compute {
                    mix(row: rows.upperBound - 1, columns: columns)
                }
                if b > 0 && kindRow[b - 1] == compute {
                    for y in rows { mix(row: y, columns: b * 16..<b * 16 + 1) }
                }
                if b + 1 < blocks && kindRow[b + 1] == compute {
                    for y in rows { mix(row: y, columns: b * 16 + 15..<b * 16 + 16) }
                }
            }
        }
    }

    /// The blur-plane vector of column block `block` at row `y`, computed here as the
    /// horizontal pass would (the same mix, the same sums, so the same bits) but into a
    /// register: the row around a computed tile needs one plane row beyond the taps' reach
    /// from the tile, which the horizontal pass leaves out. Zero outside the canvas and in
    /// rows without content, as in the plane.
    private func planeRow(_ y: Int, block: Int, paddedRow row: UnsafeMutablePointer<Float>) -> SIMD16<Float> {
        guard y >= 0 && y < height && (!skipping || tiles.rowContent[y] != 0) else { return SIMD16() }
        let h = horizontalHalfWidth
        let columns = max(0, block * 16 - h)..<min(width, block * 16 + 16 + h)
        let offset = y * width + columns.lowerBound
        Mix.row(
            source: source + offset, target: target + offset, count: columns.count,
            sourceWeight: sourceWeight, targetWeight: targetWeight, into: row + columns.lowerBound)
        var vector = SIMD16<Float>()
        withUnsafeMutableBytes(of: &vector) { bytes in
            SeparableBlur.horizontalRow(
                padded: row, columns: block * 16..<block * 16 + 16, taps: taps, halfWidth: h,
                into: bytes.baseAddress!.assumingMemoryBound(to: Float.self), blockStride: 0)
        }
        return vector
    }

    /// The edge ramp over the computed tiles of `tileRows`, row by row, from the field plane;
    /// the fills elsewhere.
    private func edgesBand(tileRows: Range<Int>) {
        let edges = self.edges!
        writeBorder(tileRows: tileRows, edges: edges)
        let field = UnsafePointer(scratch.fieldOrigin)
        let stride = scratch.fieldStride
        let rowBytes = outputRowBytes
        let compute = TileMap.Kind.compute.rawValue
        for r in tileRows {
            let kinds = UnsafePointer(tiles.kinds + r * tiles.blockCount)
            for y in tiles.rows(ofTileRow: r) {
                fillRow(y, tileRow: r)
                var b = 0
                while b < tiles.blockCount {
                    let end = runEnd(kinds, from: b)
                    if kinds[b] == compute {
                        edges.storeRow(
                            field + y * stride, stride: stride, columns: b * 16..<min(width, end * 16), width: width,
                            top: y == 0, bottom: y == height - 1, to: output + y * rowBytes)
                    }
                    b = end
                }
            }
        }
    }

    /// The values outside the canvas (`EdgeRamp.outside`) into the field plane's border, beside
    /// the pixels on the canvas's edge of the computed tiles of `tileRows`; only this band's
    /// ramp reads them.
    private func writeBorder(tileRows: Range<Int>, edges: EdgeRamp) {
        let field = scratch.fieldOrigin
        let stride = scratch.fieldStride
        let blocks = tiles.blockCount
        let compute = TileMap.Kind.compute.rawValue
        for r in tileRows {
            let kinds = tiles.kinds + r * blocks
            // Row y outside the canvas, from the canvas's row `edge` and the one `next` to it.
            func borderRow(_ y: Int, edge: Int, next: Int) {
                for b in 0..<blocks where kinds[b] == compute {
                    for x in b * 16..<min(width, b * 16 + 16) {
                        field[y * stride + x] = edges.outside(
                            field[edge * stride + x], inside: height > 1 ? field[next * stride + x] : nil)
                    }
                }
            }
            if r == 0 { borderRow(-1, edge: 0, next: 1) }
            if r == tiles.tileRowCount - 1 { borderRow(height, edge: height - 1, next: height - 2) }
            for y in tiles.rows(ofTileRow: r) {
                let row = field + y * stride
                if kinds[0] == compute { row[-1] = edges.outside(row[0], inside: width > 1 ? row[1] : nil) }
                if kinds[blocks - 1] == compute {
                    row[width] = edges.outside(row[width - 1], inside: width > 1 ? row[width - 2] : nil)
                }
            }
        }
    }
}
