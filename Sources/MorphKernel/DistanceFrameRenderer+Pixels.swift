/// The last stage of a distance frame: each pixel's coverage from V, through the frame's
/// `PixelWriter`.
extension DistanceFrameRenderer {
    /// The pixels of `rows`: full or empty segments filled; in edge segments α from V
    /// (`field`) where |V| is under `reach` (`Reach.pixel`), elsewhere 0 or 1 by the sign of V.
    func writePixels(
        _ field: Plane, floor: Float, reach: Float, writer: PixelWriter, output: UnsafeMutableRawPointer, bytesPerRow: Int, rows: Range<Int>
    ) {
        let length = Self.segmentLength, across = segmentsAcross
        let fullPixel = writer.fullPixel, emptyPixel = writer.emptyPixel
        for y in rows {
            // Central differences over 2 pixels, one-sided (over 1) on the border, none on a
            // canvas 1 pixel across: as factors (halving is exact), no division per pixel.
            let rows = min(y + 1, height - 1) - max(y - 1, 0)
            let perRow: Float = rows == 2 ? 0.5 : Float(rows)
            let row = field.values + y * field.stride
            let up = field.values + max(y - 1, 0) * field.stride, down = field.values + min(y + 1, height - 1) * field.stride
            let neighbours = FieldRows(row: row, up: up, down: down, perRow: perRow, reach: reach)
            let out = output + y * bytesPerRow
            var column = 0
            while column < across {
                let kind = kinds[y * across + column]
                if kind != .edge {
                    // A run of full (or empty) segments in one fill.
                    var end = column + 1
                    while end < across, kinds[y * across + end] == kind { end += 1 }
                    writer.fill(kind == .full ? fullPixel : emptyPixel, columns: column * length..<min(width, end * length), of: out)
                    column = end
                    continue
                }
                let x0 = column * length
                let count = min(length, width - x0)
                column += 1
                let values = row.vector16(at: x0)
                let covered: SIMD16<Float>
                // Where |V| ≥ `reach` the pixel is empty or full (`Reach.pixel`). Closer, α
                // four pixels at a time, for those pixels only (the others' neighbours may lie
                // in segments whose V this frame did not compute; those of a pixel within
                // `reach` are within `Reach.edge`, so in edge segments), the slope from whole
                // vectors where the neighbours are inside the canvas, else pixel by pixel,
                // one-sided on the border.
                if any((values .< reach) .& (values .> -reach)) {
                    let inside = x0 > 0 && x0 + length < width && rows == 2
                    let q0 = quarterCoverage(neighbours, x: x0, inside: inside, floor: floor)
                    let q1 = quarterCoverage(neighbours, x: x0 + 4, inside: inside, floor: floor)
                    let q2 = quarterCoverage(neighbours, x: x0 + 8, inside: inside, floor: floor)
                    let q3 = quarterCoverage(neighbours, x: x0 + 12, inside: inside, floor: floor)
                    covered = SIMD16(lowHalf: SIMD8(lowHalf: q0, highHalf: q1), highHalf: SIMD8(lowHalf: q2, highHalf: q3))
                } else {
                    covered = SIMD16<Float>(repeating: 0).replacing(with: 1, where: values .> 0)
                }
                writer.store(writer.bits(coverage: covered), to: out, x: x0, count: count)
            }
        }
    }

    /// The rows of V above, at and below a row of pixels, the factor of the slope down
    /// (`perRow`: ½ for central differences, 1 one-sided on the border), and the frame's
    /// `Reach.pixel`.
    struct FieldRows {
        let row: UnsafePointer<Float>
        let up: UnsafePointer<Float>
        let down: UnsafePointer<Float>
        let perRow: Float
        let reach: Float
    }

    /// α of the 4 pixels from x of an edge segment: 0 or 1 by the sign of V but where |V| is
    /// under `rows.reach`, there from the slope (`PixelEdge`); the slope from whole
    /// vectors when the segment's neighbours are `inside` the canvas, else pixel by pixel.
    /// A method rather than a function nested in `writePixels`, which was not inlined.
    @inline(__always)
    func quarterCoverage(_ rows: FieldRows, x: Int, inside: Bool, floor: Float) -> SIMD4<Float> {
        let (row, up, down) = (rows.row, rows.up, rows.down)
        let v = row.vector4(at: x)
        let sign = SIMD4<Float>(repeating: 0).replacing(with: 1, where: v .> 0)
        let near = (v .< rows.reach) .& (v .> -rows.reach)
        guard any(near) else { return sign }
        var gx = SIMD4<Float>(), gy = SIMD4<Float>()
        if inside {
            gx = (row.vector4(at: x + 1) - row.vector4(at: x - 1)) * 0.5
            gy = (down.vector4(at: x) - up.vector4(at: x)) * 0.5
        } else {
            for lane in 0..<4 where x + lane < width {
                let left = max(x + lane - 1, 0), right = min(x + lane + 1, width - 1)
                let columns = right - left
                gx[lane] = (row[right] - row[left]) * (columns == 2 ? 0.5 : Float(columns))
                gy[lane] = (down[x + lane] - up[x + lane]) * rows.perRow
            }
        }
        return sign.replacing(with: PixelEdge.coverage(field: v, gx: gx, gy: gy, floor: floor), where: near)
    }
}
