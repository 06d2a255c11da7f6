/// The automatic softness's stage: the vertical pass into the field plane fused with the
/// edge ramp (`EdgeRamp`), which reads each pixel's four neighbours in V.
///
/// A band walks its tile rows top to bottom. For each it stores V of the computed tiles into
/// the field plane, and of the row or column of each other tile that borders a computed
/// one (the neighbours the ramp reads there), then runs the ramp over the tile row before,
/// whose rows below are now in place. So V is read back a tile row after it was written,
/// while it is still in the cache, rather than after a pass over the whole frame. At
/// level 0 the mix itself is the field, as the kernel [1] would give it bit for bit.
///
/// The rows just above and below a band belong to other bands, which are at work at the
/// same time: the band computes V there itself into its halo rows (`RenderScratch`), with
/// the same terms in the same order, so the same bits, as the band that owns them. On the
/// canvas's first and last tile rows the halo rows hold instead the values outside the
/// canvas (`EdgeRamp.outside`), and so does the field plane's border column beside the
/// computed tiles on the canvas's left and right edges. No band reads what another band
/// writes in this stage, so the frame needs no barrier between the field and the ramp.
///
/// Rows of a computed tile that are certainly quiet hold the V of a computed row above them
/// instead of their own (`QuietRows`, `SeparableBlur.verticalColumn`); the few values of
/// theirs a computed pixel reads across a block's side are summed exactly first
/// (`exactNeighbours`).
extension FramePlan {
    /// The stage for tile rows `tileRows` of band `band`; `unblurred` at level 0.
    func edgesBand(tileRows: Range<Int>, band: Int, unblurred: Bool) {
        guard let first = tileRows.first else { return }
        let last = tileRows.upperBound - 1
        let halo = scratch.haloRows(band: band)
        let rows = tiles.rows(ofTileRows: tileRows)
        let top = rows.lowerBound, bottom = rows.upperBound
        if top > 0 {
            haloRow(top - 1, computedIn: first, band: band, unblurred: unblurred, into: halo.above, farBelow: false)
        }
        fieldTileRow(first, band: band, bandRows: tileRows, unblurred: unblurred)
        var r = first + 1
        while r <= last {
            fieldTileRow(r, band: band, bandRows: tileRows, unblurred: unblurred)
            rampTileRow(r - 1, top: top, bottom: bottom, halo: halo, band: band)
            r += 1
        }
        if bottom < height {
            haloRow(bottom, computedIn: last, band: band, unblurred: unblurred, into: halo.below, farBelow: true)
        }
        rampTileRow(last, top: top, bottom: bottom, halo: halo, band: band)
    }

    /// V of row `y` (just outside the band) for the column blocks computed in tile row `r`,
    /// into `halo`: the mix at level 0; else 0 outside `outputRows`, as the tile holding the
    /// row stores it, and otherwise the vertical sum with its farthest row (beyond the
    /// band, on the `farBelow` side) from `planeRow`, as for a row beside a computed tile.
    private func haloRow(
        _ y: Int, computedIn r: Int, band: Int, unblurred: Bool, into halo: UnsafeMutablePointer<Float>, farBelow: Bool
    ) {
        let blocks = tiles.blockCount
        let kinds = UnsafePointer(tiles.kinds + r * blocks)
        let compute = TileMap.Kind.compute.rawValue
        if unblurred {
            var b = 0
            while b < blocks {
                let end = runEnd(kinds, from: b)
                if kinds[b] == compute {
                    let columns = b * 16..<min(width, end * 16)
                    mixRow(y, columns: columns, into: halo + columns.lowerBound)
                }
                b = end
            }
            return
        }
        for b in 0..<blocks where kinds[b] == compute {
            let x = b * 16
            let sum = outputRows.contains(y)
                ? borderingSum(y, block: b, farBelow: farBelow, band: band) : SIMD16()
            halo.storeVector16(sum, at: x, count: min(16, width - x))
        }
    }

    /// V into the field plane for tile row `r` of a band of tile rows `bandRows`: the computed
    /// tiles (rows out of the content's reach get V = 0 without the taps), then, for every
    /// other tile, the row or column of it that borders a computed tile of the band.
    private func fieldTileRow(_ r: Int, band: Int, bandRows: Range<Int>, unblurred: Bool) {
        let field = scratch.fieldOrigin
        let stride = scratch.fieldStride
        let blocks = tiles.blockCount
        let compute = TileMap.Kind.compute.rawValue
        let kinds = UnsafePointer(tiles.kinds)
        let kindRow = kinds + r * blocks
        let rows = tiles.rows(ofTileRow: r)
        // The neighbours of tiles of other bands are theirs to compute (their halo rows).
        let above = r > bandRows.lowerBound ? kinds + (r - 1) * blocks : nil
        let below = r + 1 < bandRows.upperBound ? kinds + (r + 1) * blocks : nil
        if unblurred {
            func mix(row y: Int, columns: Range<Int>) {
                mixRow(y, columns: columns, into: field + y * stride + columns.lowerBound)
            }
            var b = 0
            while b < blocks {
                let end = runEnd(kindRow, from: b)
                if kindRow[b] == compute {
                    for y in rows { mix(row: y, columns: b * 16..<min(width, end * 16)) }
                }
                b = end
            }
            for b in 0..<blocks where kindRow[b] != compute {
                let columns = b * 16..<min(width, b * 16 + 16)
                if let above, above[b] == compute { mix(row: rows.lowerBound, columns: columns) }
                if let below, below[b] == compute { mix(row: rows.upperBound - 1, columns: columns) }
                if b > 0 && kindRow[b - 1] == compute {
                    for y in rows { mix(row: y, columns: b * 16..<b * 16 + 1) }
                }
                if b + 1 < blocks && kindRow[b + 1] == compute {
                    for y in rows { mix(row: y, columns: b * 16 + 15..<b * 16 + 16) }
                }
            }
            return
        }
        let plane = UnsafePointer(self.plane(band: band))
        let blockStride = scratch.blockStride
        let v = verticalHalfWidth
        let computedRows = rows.clamped(to: outputRows)
        // Rows next to the canvas's first and last (whose quiet bounds read them) and blocks
        // holding its first or last column (whose bounds follow their own V) keep their V.
        let substitutable = 2..<max(2, height - 2)
        for b in 0..<blocks where kindRow[b] == compute {
            let x = b * 16
            let count = min(16, width - x)
            // The flags are read only in frames with quiet rows (`exactNeighbours`).
            let substituted = quietRows == nil ? nil : scratch.substitutedRows(block: b)
            SeparableBlur.verticalColumn(
                block: plane + b * blockStride, x: x, rows: computedRows, taps: taps, halfWidth: v, field: field,
                fieldStride: stride, count: count, quiet: b > 0 && b < blocks - 1 ? quietRows : nil,
                substitutable: substitutable, substituted: substituted)
            for y in rows where !computedRows.contains(y) {
                (field + y * stride + x).update(repeating: 0, count: count)
                substituted?[y] = 0
            }
        }
        let buffer = scratch.columnBuffer(band: band)
        for b in 0..<blocks where kindRow[b] != compute {
            let x = b * 16
            let count = min(16, width - x)
            let block = plane + b * blockStride
            if let above, above[b] == compute {
                let y = rows.lowerBound
                field.storeVector16(
                    borderingSum(y, block: b, farBelow: true, band: band), at: y * stride + x, count: count)
            }
            if let below, below[b] == compute {
                let y = rows.upperBound - 1
                field.storeVector16(
                    borderingSum(y, block: b, farBelow: false, band: band), at: y * stride + x, count: count)
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

    /// V of column block `block` at row `y`, the row just above (`farBelow`) or below a
    /// computed tile of the block. Its taps reach one plane row beyond the computed tile's
    /// reach on the `farBelow` side; the horizontal pass wrote that row unless v is a
    /// multiple of 16 (the tile rows it writes reach ⌈v / 16⌉ tile rows from a computed
    /// tile), and then `planeRow` computes it. Either way the terms and their order are the
    /// vertical pass's, so the bits are those the tile holding the row would have.
    @inline(__always)
    private func borderingSum(
        _ y: Int, block: Int, farBelow: Bool, band: Int
    ) -> SIMD16<Float> {
        let v = verticalHalfWidth
        let middle = UnsafePointer(plane(band: band)) + block * scratch.blockStride + y * 16
        guard v % TileMap.tileRows == 0 else { return SeparableBlur.verticalSum(middle, taps: taps, halfWidth: v) }
        let far = planeRow(farBelow ? y + v : y - v, block: block, band: band)
        return SeparableBlur.verticalSum(middle, taps: taps, halfWidth: v, far: far, farBelow: farBelow)
    }

    /// The blur-plane vector of column block `block` at row `y`, computed here as the
    /// horizontal pass would (`planeVector`: the same sums, so the same bits) but into a
    /// register: the row around a computed tile needs one plane row beyond the taps' reach
    /// from the tile, which the horizontal pass leaves out. Zero outside the canvas and in
    /// rows without content, as in the plane.
    private func planeRow(_ y: Int, block: Int, band: Int) -> SIMD16<Float> {
        guard y >= 0 && y < height && (!skipping || tiles.rowContent[y] != 0) else { return SIMD16() }
        return planeVector(y, block: block, band: band)
    }

    /// Puts back the exact V of a substituted row's lane (`SeparableBlur.verticalColumn`) in
    /// tile row `r` wherever a pixel the ramp computes reads it: the lane next to a row of a
    /// computed block that is not substituted and not quiet (on the canvas's edges, where
    /// the quiet bounds follow V, any), in a computed block beside it.
    private func exactNeighbours(tileRow r: Int, band: Int) {
        let edges = self.edges!
        let blocks = tiles.blockCount
        let compute = TileMap.Kind.compute.rawValue
        let kinds = UnsafePointer(tiles.kinds + r * blocks)
        let field = scratch.fieldOrigin
        let stride = scratch.fieldStride
        let plane = UnsafePointer(self.plane(band: band))
        let v = verticalHalfWidth
        for b in 0..<blocks where kinds[b] == compute {
            let here = scratch.substitutedRows(block: b)
            let left = b > 0 && kinds[b - 1] == compute ? scratch.substitutedRows(block: b - 1) : nil
            let right = b + 1 < blocks && kinds[b + 1] == compute ? scratch.substitutedRows(block: b + 1) : nil
            guard left != nil || right != nil else { continue }
            let interiorBlock = b > 0 && b < blocks - 1
            for y in tiles.rows(ofTileRow: r) where here[y] == 0 {
                let fromLeft = left.map { $0[y] != 0 } ?? false, fromRight = right.map { $0[y] != 0 } ?? false
                guard fromLeft || fromRight else { continue }
                if interiorBlock && y > 0 && y < height - 1 && !edges.computesInterior(field + y * stride + b * 16) {
                    continue
                }
                if fromLeft {
                    field[y * stride + b * 16 - 1] = SeparableBlur.verticalLane(
                        block: plane + (b - 1) * scratch.blockStride, lane: 15, y: y, taps: taps, halfWidth: v)
                }
                if fromRight {
                    field[y * stride + b * 16 + 16] = SeparableBlur.verticalLane(
                        block: plane + (b + 1) * scratch.blockStride, lane: 0, y: y, taps: taps, halfWidth: v)
                }
            }
        }
    }

    /// The edge ramp over the computed tiles of tile row `r` and the fills, once the field
    /// holds the tile row below (or the band's halo row does). The band's rows are
    /// `top ..< bottom`; on the canvas's first and last tile rows the values outside the
    /// canvas go into the halo rows first, and on every row the ones beside the canvas's left
    /// and right edges into the field's border columns. Then each run of tiles of one kind
    /// is taken down the tile row's rows: the runs are found once a tile row instead of once
    /// a row, sixteen times over (frames near rest compute little else, so finding the runs
    /// for every row showed in the time of a whole morph).
    private func rampTileRow(
        _ r: Int, top: Int, bottom: Int,
        halo: (above: UnsafeMutablePointer<Float>, below: UnsafeMutablePointer<Float>), band: Int
    ) {
        let edges = self.edges!
        let field = scratch.fieldOrigin
        let stride = scratch.fieldStride
        let rowBytes = outputRowBytes
        let blocks = tiles.blockCount
        let compute = TileMap.Kind.compute.rawValue
        let kinds = UnsafePointer(tiles.kinds + r * blocks)
        /// Field row `y` (column 0), from the halo rows just outside the band.
        func fieldRow(_ y: Int) -> UnsafePointer<Float> {
            UnsafePointer(y == top - 1 ? halo.above : y == bottom ? halo.below : field + y * stride)
        }
        // Row y outside the canvas, from the canvas's row `edge` and the one `next` to it.
        func borderRow(into row: UnsafeMutablePointer<Float>, edge: Int, next: Int) {
            let edgeRow = fieldRow(edge), nextRow = fieldRow(next)
            for b in 0..<blocks where kinds[b] == compute {
                for x in b * 16..<min(width, b * 16 + 16) {
                    row[x] = edges.outside(edgeRow[x], inside: height > 1 ? nextRow[x] : nil)
                }
            }
        }
        if quietRows != nil { exactNeighbours(tileRow: r, band: band) }
        if r == 0 { borderRow(into: halo.above, edge: 0, next: 1) }
        if r == tiles.tileRowCount - 1 { borderRow(into: halo.below, edge: height - 1, next: height - 2) }
        let rows = tiles.rows(ofTileRow: r)
        if kinds[0] == compute {
            for y in rows {
                let row = field + y * stride
                row[-1] = edges.outside(row[0], inside: width > 1 ? row[1] : nil)
            }
        }
        if kinds[blocks - 1] == compute {
            for y in rows {
                let row = field + y * stride
                row[width] = edges.outside(row[width - 1], inside: width > 1 ? row[width - 2] : nil)
            }
        }
        // The runs are the same in every row of the tile row.
        var b = 0
        while b < blocks {
            let end = runEnd(kinds, from: b)
            let columns = b * 16..<min(width, end * 16)
            if kinds[b] == compute {
                for y in rows {
                    edges.storeRow(
                        UnsafePointer(field + y * stride), up: fieldRow(y - 1), down: fieldRow(y + 1), columns: columns,
                        width: width, top: y == 0, bottom: y == height - 1, to: output + y * rowBytes)
                }
            } else {
                let pixel = kinds[b] == TileMap.Kind.full.rawValue ? fullPixel : emptyPixel
                for y in rows { writer.fill(pixel, columns: columns, of: output + y * rowBytes) }
            }
            b = end
        }
    }
}
