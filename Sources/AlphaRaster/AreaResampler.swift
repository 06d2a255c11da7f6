/// Separable resampling of one image channel into a mask, in Float, rounded to the nearest
/// byte at the end.
///
/// The vertical and horizontal passes commute (the filter is a product of per-axis weights),
/// so the order is chosen for speed: the pass that shrinks the data runs first, keeping the
/// scalar tap loop on the smaller side and the vectorisable row-accumulation on the larger.
/// - Downscaling runs vertical first: each mask row accumulates its weighted source rows
///   (converted from bytes one at a time, the shared boundary row reused) over the used
///   source columns, then the horizontal taps produce the mask row. No image-sized buffer.
/// - Upscaling runs horizontal first into a (used source rows × mask columns) buffer, then
///   accumulates its rows for each mask row.
enum AreaResampler {
    /// Writes the resampled channel into `mask` (row stride `maskWidth`, already zeroed).
    ///
    /// Values are accumulated in Float and rounded half up: each sum of k terms of at most 255
    /// in all adds at most k · 255 · 2⁻²⁴, so a result is within 0.5 + (kₓ + k_y) · 1.52e-5 of
    /// the exact value (`AlphaMask(pixels:width:height:bytesPerRow:format:layout:source:)`).
    static func resample(
        _ image: ImagePixels, channel: MaskChannel, columns: AxisWeights, rows: AxisWeights,
        verticalFirst: Bool, into mask: UnsafeMutableBufferPointer<UInt8>, maskWidth: Int
    ) {
        let sourceRows = rows.sourceRange
        let sourceCols = columns.sourceRange
        guard columns.count > 0, rows.count > 0, !sourceRows.isEmpty, !sourceCols.isEmpty,
              let maskBase = mask.baseAddress
        else { return }
        columns.withTaps { x in
            rows.withTaps { y in
                guard let x, let y else { return }
                let source = SourceRows(image: image, channel: channel, columns: sourceCols)
                let out = maskBase + (y.first &* maskWidth &+ x.first)
                if verticalFirst {
                    verticalThenHorizontal(source, x: x, y: y, rows: sourceRows, out: out, stride: maskWidth)
                } else {
                    horizontalThenVertical(source, x: x, y: y, rows: sourceRows, out: out, stride: maskWidth)
                }
            }
        }
    }

    private static func verticalThenHorizontal(
        _ source: SourceRows, x: Taps, y: Taps, rows: Range<Int>,
        out: UnsafeMutablePointer<UInt8>, stride: Int
    ) {
        let width = source.columns.count
        let line = UnsafeMutablePointer<Float>.allocate(capacity: width)
        let acc = UnsafeMutablePointer<Float>.allocate(capacity: width)
        let result = UnsafeMutablePointer<Float>.allocate(capacity: x.count)
        defer { line.deallocate(); acc.deallocate(); result.deallocate() }
        var lineRow = -1
        for i in 0..<y.count {
            acc.update(repeating: 0, count: width)
            var t = y.offsets[i]
            let end = y.offsets[i &+ 1]
            var row = y.starts[i]
            while t < end {
                if row != lineRow {
                    source.read(row: row, into: line)
                    lineRow = row
                }
                accumulate(y.weights[t], line, into: acc, count: width)
                t &+= 1
                row &+= 1
            }
            for j in 0..<x.count {
                result[j] = x.apply(j, to: acc, shift: source.columns.lowerBound)
            }
            ByteRounding.store(result, count: x.count, to: out + i &* stride)
        }
    }

    private static func horizontalThenVertical(
        _ source: SourceRows, x: Taps, y: Taps, rows: Range<Int>,
        out: UnsafeMutablePointer<UInt8>, stride: Int
    ) {
        let cols = x.count
        let line = UnsafeMutablePointer<Float>.allocate(capacity: source.columns.count)
        let middle = UnsafeMutablePointer<Float>.allocate(capacity: rows.count * cols)
        let acc = UnsafeMutablePointer<Float>.allocate(capacity: cols)
        defer { line.deallocate(); middle.deallocate(); acc.deallocate() }
        for row in rows {
            source.read(row: row, into: line)
            let target = middle + (row &- rows.lowerBound) &* cols
            for j in 0..<cols {
                target[j] = x.apply(j, to: line, shift: source.columns.lowerBound)
            }
        }
        for i in 0..<y.count {
            acc.update(repeating: 0, count: cols)
            var t = y.offsets[i]
            let end = y.offsets[i &+ 1]
            var row = y.starts[i] &- rows.lowerBound
            while t < end {
                accumulate(y.weights[t], middle + row &* cols, into: acc, count: cols)
                t &+= 1
                row &+= 1
            }
            ByteRounding.store(acc, count: cols, to: out + i &* stride)
        }
    }

    /// acc[k] += w · src[k] for k in 0..<count. The optimiser vectorises this plain loop
    /// (measured: an explicit SIMD8 version was no faster).
    @inline(__always)
    private static func accumulate(
        _ w: Float, _ src: UnsafePointer<Float>, into acc: UnsafeMutablePointer<Float>, count: Int
    ) {
        for k in 0..<count { acc[k] += w * src[k] }
    }
}

/// Reads the used columns of one image row as channel values in Float.
struct SourceRows {
    var image: ImagePixels
    var channel: MaskChannel
    var columns: Range<Int>

    @inline(__always)
    func read(row: Int, into line: UnsafeMutablePointer<Float>) {
        let start = image.row(row) + columns.lowerBound &* image.format.bytesPerPixel
        channel.readRow(start, count: columns.count, format: image.format, into: line)
    }
}
