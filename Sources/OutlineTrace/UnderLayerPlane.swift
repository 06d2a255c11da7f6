/// The plane that a translucent frame's layers under the opaque one are traced from: the
/// frame's coverage near its soft pixels, 0 everywhere else.
///
/// A layer under the opaque one shows only where the opaque layer leaves it uncovered: in
/// and around the frame's soft regions (flat fades, thin rings, soft ramps). Along an opaque
/// shape's anti-aliased edge it runs a pixel inside the shape, hidden
/// (`MarchingSquares.inset`), and round an opaque shape with no soft region near it, it is
/// hidden all the way. Traced from the whole frame, that hidden outline was most of what the
/// under layers cost: over the translucent frames of 61-frame morphs of five pairs
/// (media-playback, bell → magnifyingglass, edit-find → mail-send, edit-delete → list-add,
/// dialog-warning → dialog-information), traced from this plane they cross 40–68 % as many
/// cells.
///
/// A soft pixel is partly covered (3 … 252) and on no opaque edge's ramp across or down
/// (`onRamp`: at most two partial pixels climbing from an empty pixel to two full ones, as
/// `MarchingSquares.rampEdge` tells an anti-aliased edge; outside the frame counts as empty).
/// A pixel keeps its coverage when a soft pixel lies within `reach` pixels of it (a square of
/// side 2 · `reach` + 1) and it is full, empty, soft, or within `hardReach` of a soft pixel.
/// So where the kept region ends across an opaque shape, it ends on the shape's full pixels
/// or beyond its edge's ramp: a step from full to empty, a hard edge that the under layers
/// are inset from like the anti-aliased ones, hidden under the opaque layer. Near the soft
/// pixels everything is kept as it was: where a fade meets an opaque edge, a pixel on the
/// edge's ramp one way may still be crossed by a soft region's outline the other way.
enum UnderLayerPlane {
    /// How far from a soft pixel coverage is kept, in pixels: the soft regions' outlines lie
    /// in or beside their pixels, and their layers reach at most a pixel past the border pixel
    /// they cross (`MarchingSquares.step`, `inset`).
    static let reach = 3
    /// How far from a soft pixel an opaque edge's partial pixels keep their coverage.
    static let hardReach = 2
    /// The fewest layers under the opaque one that are traced from this plane; with fewer,
    /// the frame itself. Making the plane costs about 150,000 instructions for a 132 px frame
    /// (a quarter of tracing a crisp one), which one under layer did not win back: play →
    /// pause at p = ½ (one under layer) took 22 % more instructions, media-playback and
    /// bell → magnifyingglass (four) 15–16 % fewer.
    static let leastLayers = 2

    /// The plane for `alpha` (`width` × `height` bytes, rows tight; both sides at least 1).
    static func plane(_ alpha: UnsafeBufferPointer<UInt8>, width: Int, height: Int) -> [UInt8] {
        precondition(width > 0 && height > 0 && alpha.count >= width * height, "a plane of width × height bytes")
        let base = alpha.baseAddress!
        // Per row, one bit a pixel (bit k of word w: column 64w + k): the soft pixels, and
        // those within `hardReach` and within `reach` of one across (filled only for the rows
        // that hold a soft pixel); then one row's worth of each spread down.
        let words = (width + 63) / 64, bitCount = words * height
        let bits = UnsafeMutablePointer<UInt64>.allocate(capacity: 3 * bitCount + 2 * words)
        defer { bits.deallocate() }
        let soft = bits, nearAcross = bits + bitCount, farAcross = nearAcross + bitCount
        let near = farAcross + bitCount, far = near + words
        soft.initialize(repeating: 0, count: bitCount)
        let hasSoft = UnsafeMutablePointer<Bool>.allocate(capacity: height)
        defer { hasSoft.deallocate() }
        hasSoft.initialize(repeating: false, count: height)
        for y in 0..<height {
            let row = base + y &* width
            var x = 0
            while x < width {
                // Sixteen pixels at a time while all are empty or all full (most of a frame).
                if x &+ 16 <= width {
                    let first = UnsafeRawPointer(row + x).loadUnaligned(as: UInt64.self)
                    let second = UnsafeRawPointer(row + (x &+ 8)).loadUnaligned(as: UInt64.self)
                    if first | second == 0 || first & second == .max {
                        x &+= 16
                        continue
                    }
                }
                var partial: UInt64 = 0
                if x &+ 8 <= width {
                    partial = partialBits(UnsafeRawPointer(row + x).loadUnaligned(as: UInt64.self))
                } else {
                    for k in 0..<(width &- x) where row[x &+ k] > 2 && row[x &+ k] < 253 { partial |= 1 &<< UInt64(k) }
                }
                while partial != 0 {
                    let at = x &+ partial.trailingZeroBitCount
                    partial &= partial &- 1
                    if isSoft(base, width: width, height: height, x: at, y: y) {
                        soft[y &* words &+ at / 64] |= 1 &<< UInt64(at % 64)
                        hasSoft[y] = true
                    }
                }
                x &+= 8
            }
        }
        for y in 0..<height where hasSoft[y] {
            let row = soft + y &* words
            for w in 0..<words {
                nearAcross[y &* words &+ w] = spread(row, word: w, count: words, by: hardReach)
                farAcross[y &* words &+ w] = spread(row, word: w, count: words, by: reach)
            }
        }
        // Each row: near a soft pixel, and full, empty, soft or within `hardReach` of a soft
        // one; rows with no soft pixel within `reach` are all 0.
        var plane = [UInt8].uninitialized(width * height)
        plane.withUnsafeMutableBufferPointer { plane in
            let out = plane.baseAddress!
            for y in 0..<height {
                let target = out + y &* width, first = max(0, y &- reach), last = min(height &- 1, y &+ reach)
                var any = false
                for w in 0..<words { (near[w], far[w]) = (0, 0) }
                for other in first...last where hasSoft[other] {
                    any = true
                    let close = abs(other &- y) <= hardReach
                    for w in 0..<words {
                        far[w] |= farAcross[other &* words &+ w]
                        if close { near[w] |= nearAcross[other &* words &+ w] }
                    }
                }
                guard any else {
                    clear(target, count: width)
                    continue
                }
                let row = base + y &* width
                for w in 0..<words {
                    let start = w &* 64, end = min(width, start &+ 64)
                    var reach = far[w]
                    guard reach != 0 else {
                        clear(target + start, count: end &- start)
                        continue
                    }
                    var keepable = soft[y &* words &+ w] | near[w]
                    var x = start
                    while x < end {
                        let count = min(8, end &- x), reached = reach & 0xFF
                        defer { (x, reach, keepable) = (x &+ 8, reach &>> 8, keepable &>> 8) }
                        guard reached != 0 else {
                            clear(target + x, count: count)
                            continue
                        }
                        var v: UInt64 = 0
                        if count == 8 {
                            v = UnsafeRawPointer(row + x).loadUnaligned(as: UInt64.self)
                        } else {
                            for k in 0..<count { v |= UInt64(row[x &+ k]) &<< UInt64(8 &* k) }
                        }
                        let kept = v & byteMask(reached & (~partialBits(v) | keepable) & 0xFF)
                        if count == 8 {
                            UnsafeMutableRawPointer(target + x).storeBytes(of: kept, as: UInt64.self)
                        } else {
                            for k in 0..<count { target[x &+ k] = UInt8(truncatingIfNeeded: kept &>> UInt64(8 &* k)) }
                        }
                    }
                }
            }
        }
        return plane
    }

    /// Whether the pixel at (`x`, `y`) of `alpha` (`width` × `height` bytes), a partial one,
    /// is soft: on no opaque edge's ramp across or down (outside the plane empty).
    @inline(__always)
    private static func isSoft(_ alpha: UnsafePointer<UInt8>, width: Int, height: Int, x: Int, y: Int) -> Bool {
        let p = alpha + (y &* width &+ x)
        let across = x >= 3 && x &+ 3 < width
            ? onRamp(p, 1)
            : withLine(alpha, count: width, at: x, step: 1, from: y &* width) { onRamp($0, 1) }
        guard !across else { return false }
        return y >= 3 && y &+ 3 < height
            ? !onRamp(p, width)
            : !withLine(alpha, count: height, at: y, step: width, from: x) { onRamp($0, 1) }
    }

    /// `body` of the pixel at index `at` of the line of `count` pixels from `start` by `step`,
    /// copied with the three pixels either side (0 past the line's ends).
    private static func withLine(
        _ alpha: UnsafePointer<UInt8>, count: Int, at: Int, step: Int, from start: Int,
        _ body: (UnsafePointer<UInt8>) -> Bool
    ) -> Bool {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 7) { line in
            for k in -3...3 {
                let i = at + k
                line[k + 3] = i >= 0 && i < count ? alpha[start + i * step] : 0
            }
            return body(UnsafePointer(line.baseAddress! + 3))
        }
    }

    /// Zeroes `count` bytes from `target`, eight at a time (a call of `memset` for each of
    /// the many short runs cost more than the rest of the plane).
    @inline(__always)
    private static func clear(_ target: UnsafeMutablePointer<UInt8>, count: Int) {
        var k = 0
        while k &+ 8 <= count {
            UnsafeMutableRawPointer(target + k).storeBytes(of: 0, as: UInt64.self)
            k &+= 8
        }
        while k < count {
            target[k] = 0
            k &+= 1
        }
    }

    /// Bit k: byte k of `v` is partial (3 … 252).
    @inline(__always)
    private static func partialBits(_ v: UInt64) -> UInt64 {
        ByteBits.over(v, 2) & ~ByteBits.over(v, 252) & 0xFF
    }

    /// Byte k all ones where bit k of `bits` (the low eight) is set, else zero.
    @inline(__always)
    private static func byteMask(_ bits: UInt64) -> UInt64 {
        // Bit k of byte k, from a copy of the bits in every byte; then each byte that is not
        // zero to 0xFF (adding 0x7F carries into a byte's high bit, never past it).
        let spread = (bits &* 0x0101_0101_0101_0101) & 0x8040_2010_0804_0201
        let high = ((spread &+ 0x7F7F_7F7F_7F7F_7F7F) | spread) & 0x8080_8080_8080_8080
        return (high >> 7) &* 0xFF
    }

    /// Word `word` of a row of `count` bit words with each set bit spread `reach` (1 … 63)
    /// bits either way.
    @inline(__always)
    private static func spread(_ bits: UnsafePointer<UInt64>, word w: Int, count: Int, by reach: Int) -> UInt64 {
        let current = bits[w], before = w > 0 ? bits[w - 1] : 0, after = w + 1 < count ? bits[w + 1] : 0
        var result = current
        for k in 1...reach {
            let shift = UInt64(k)
            result |= current &<< shift | before &>> (64 - shift) | current &>> shift | after &<< (64 - shift)
        }
        return result
    }

    /// Whether the partial pixel at `p` lies on an opaque edge's ramp along `step`: at most
    /// two partial pixels, climbing strictly from an empty pixel (≤ 2) on one side to two full
    /// ones (≥ 253) on the other, as `MarchingSquares.rampEdge` finds an anti-aliased edge.
    /// Reads up to three pixels either way.
    ///
    /// The ramp can only climb towards the larger neighbour: climbing the other way, that
    /// neighbour would be over the pixel and the larger one under it (or both empty and full).
    @inline(__always)
    static func onRamp(_ p: UnsafePointer<UInt8>, _ step: Int) -> Bool {
        let after = p[step], before = p[-step]
        return after != before && onRamp(p, towardsFull: after > before ? step : -step)
    }

    @inline(__always)
    private static func onRamp(_ p: UnsafePointer<UInt8>, towardsFull d: Int) -> Bool {
        var partials = 1, at = p, value = p[0]
        while true {
            let next = at[d]
            if next >= 253 {
                guard at[2 * d] >= 253 else { return false }
                break
            }
            // (A next pixel over a partial one is partial.)
            guard next > value, partials < 2 else { return false }
            (partials, value, at) = (partials + 1, next, at + d)
        }
        (at, value) = (p, p[0])
        while true {
            let next = at[-d]
            if next <= 2 { return true }
            guard next < value, partials < 2 else { return false }
            (partials, value, at) = (partials + 1, next, at - d)
        }
    }
}
