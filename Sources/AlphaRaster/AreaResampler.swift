import PNGCodec

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
    /// Values are accumulated in Float (relative error ~1e-6 of 255) and rounded half up,
    /// so each result is within 0.5 + 1e-3 of the exact value.
    static func resample(
        _ image: PNGImage, channel: MaskChannel, columns: AxisWeights, rows: AxisWeights,
        verticalFirst: Bool, into mask: UnsafeMutableBufferPointer<UInt8>, maskWidth: Int
    ) {
        let sourceRows = rows.sourceRange
        let sourceCols = columns.sourceRange
        guard columns.count > 0, rows.count > 0, !sourceRows.isEmpty, !sourceCols.isEmpty,
              let maskBase = mask.baseAddress
        else { return }
        image.pixels.withUnsafeBufferPointer { pixelBuffer in
            columns.withTaps { x in
                rows.withTaps { y in
                    guard let x, let y, let pixels = pixelBuffer.baseAddress else { return }
                    let source = SourceRows(
                        pixels: pixels, width: image.width, format: image.format,
                        channel: channel, columns: sourceCols)
                    let out = maskBase + (y.first &* maskWidth &+ x.first)
                    if verticalFirst {
                        verticalThenHorizontal(source, x: x, y: y, rows: sourceRows, out: out, stride: maskWidth)
                    } else {
                        horizontalThenVertical(source, x: x, y: y, rows: sourceRows, out: out, stride: maskWidth)
                    }
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
            storeRounded(result, count: x.count, to: out + i &* stride)
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
            storeRounded(acc, count: cols, to: out + i &* stride)
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

    /// out[k] = ⌊clamp(src[k], 0, 255) + 0.5⌋ (round half up) for k in 0..<count.
    ///
    /// Swift's checked Float → Int conversion costs more than the whole filter, so eight
    /// values at a time are rounded with the 1.5 · 2²³ trick: adding it leaves the nearest
    /// (ties-to-even) integer in the low mantissa bits; one compare turns that into the floor.
    @inline(__always)
    static func storeRounded(_ src: UnsafePointer<Float>, count: Int, to out: UnsafeMutablePointer<UInt8>) {
        let magic = SIMD8<Float>(repeating: 12_582_912)
        let s = UnsafeRawPointer(src), o = UnsafeMutableRawPointer(out)
        var k = 0
        while k &+ 8 <= count {
            var t = s.loadUnaligned(fromByteOffset: k &* 4, as: SIMD8<Float>.self)
            t.replace(with: 0, where: t .< 0)
            t.replace(with: 255, where: t .> 255)
            t += 0.5
            var r = (t + magic) - magic
            r.replace(with: r - 1, where: r .> t)
            let bits = unsafeBitCast(r + magic, to: SIMD8<UInt32>.self)
            o.storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: bits), toByteOffset: k, as: SIMD8<UInt8>.self)
            k &+= 8
        }
        while k < count {
            out[k] = UInt8(truncatingIfNeeded: Int32(min(max(src[k], 0), 255) + 0.5))
            k &+= 1
        }
    }
}

/// Reads the used columns of one image row as channel values in Float.
struct SourceRows {
    var pixels: UnsafePointer<UInt8>
    var width: Int
    var format: PNGImage.PixelFormat
    var channel: MaskChannel
    var columns: Range<Int>

    @inline(__always)
    func read(row: Int, into line: UnsafeMutablePointer<Float>) {
        let start = pixels + (row &* width &+ columns.lowerBound) &* format.channels
        channel.readRow(start, count: columns.count, format: format, into: line)
    }
}
