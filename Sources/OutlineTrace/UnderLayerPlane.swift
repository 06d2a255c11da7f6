/// The plane that a translucent frame's layers under the opaque one are traced from: the
/// frame's coverage near its soft pixels, 0 everywhere else.
///
/// A layer under the opaque one shows only where the opaque layer leaves it uncovered: in
/// and around the frame's soft regions (flat fades, thin rings, soft ramps). Along an opaque
/// shape's anti-aliased edge it runs a pixel inside the shape (`MarchingSquares.inset`), and
/// round an opaque shape with no soft region near it, it runs inside it all the way. Traced
/// from the whole frame, that outline inside the opaque one was most of what the under layers
/// cost: over the translucent frames of 61-frame morphs of five pairs (media-playback,
/// bell → magnifyingglass, edit-find → mail-send, edit-delete → list-add, dialog-warning →
/// dialog-information), traced from this plane they cross 40–68 % as many cells.
///
/// A soft pixel is partly covered (3 … 252) and on no opaque edge's ramp across or down
/// (`rampPartner`: at most two partial pixels climbing from an empty pixel to two full ones,
/// as `MarchingSquares.rampEdge` tells an anti-aliased edge; outside the frame counts as
/// empty). A soft pixel keeps its coverage; a ramp's partial pixels keep theirs when one of
/// them lies within `hardReach` of a soft pixel (a square of side 2 · `hardReach` + 1); full
/// and empty pixels within `fullReach`, which takes in the full pixels of every ramp kept.
/// So the kept region ends across an opaque shape on its full pixels or past whole ramps,
/// where the layers under the opaque one are inset from the shape's edge as before, and a
/// ramp is never cut in two (which hid the edge from `rampEdge`, and the layers drew over
/// it). Near the soft pixels the bytes are those of the frame; the outline there can still
/// differ a little, as the pixels a few steps off that the crossings read (a ramp's end, a
/// notch's far side) may be gone: drawn back by an exact-area rasterizer, translucent frames
/// of eight pairs between p = ¼ and ¾ came within 0.0002 below to 0.0004 above the soft IoU
/// of the layers traced from the whole frame, with at most 10 pixels more than 16 levels
/// further from the frame (`UnderLayerPlaneTests`).
enum UnderLayerPlane {
    /// How far from a soft pixel an opaque edge's partial pixels keep their coverage: its
    /// outline crosses the pixels beside it, and the pixel beyond decides how (a pixel crossed
    /// from both sides, `MarchingSquares.step`). A ramp's partial pixels go together: kept
    /// when either is this near.
    static let hardReach = 2
    /// How far from a soft pixel full and empty pixels keep their coverage: as far as the full
    /// pixels of a ramp kept for `hardReach` reach (a partial pixel, the other one and two full
    /// ones), so that `MarchingSquares.rampEdge` still finds the ramp whole.
    static let fullReach = hardReach + 3
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
        // Bit planes, one bit a pixel (bit k of word w of a row: column 64w + k): the soft
        // pixels; those within `hardReach` and `fullReach` of one across (filled only for the
        // rows holding a soft pixel); within `hardReach` across and down; and the ramp pixels
        // kept for the other pixel of their ramp. Then one row's worth of `fullReach` down.
        let words = (width + 63) / 64, bitCount = words * height
        let bits = UnsafeMutablePointer<UInt64>.allocate(capacity: 5 * bitCount + words)
        defer { bits.deallocate() }
        let soft = bits, nearAcross = bits + bitCount, farAcross = nearAcross + bitCount
        let near = farAcross + bitCount, partnered = near + bitCount, far = partnered + bitCount
        soft.initialize(repeating: 0, count: bitCount)
        partnered.initialize(repeating: 0, count: bitCount)
        let hasSoft = UnsafeMutablePointer<Bool>.allocate(capacity: height)
        defer { hasSoft.deallocate() }
        hasSoft.initialize(repeating: false, count: height)
        // The ramps of two partial pixels: each pixel's index and the other one's.
        var pairs: [(pixel: Int32, other: Int32)] = []
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
                    let across = ramp(base, width: width, height: height, x: at, y: y, across: true)
                    let down = ramp(base, width: width, height: height, x: at, y: y, across: false)
                    if across == nil && down == nil {
                        soft[y &* words &+ at / 64] |= 1 &<< UInt64(at % 64)
                        hasSoft[y] = true
                        continue
                    }
                    let index = y &* width &+ at
                    if let other = across, other != 0 { pairs.append((Int32(index), Int32(index &+ other))) }
                    if let other = down, other != 0 { pairs.append((Int32(index), Int32(index &+ other))) }
                }
                x &+= 8
            }
        }
        for y in 0..<height where hasSoft[y] {
            let row = soft + y &* words
            for w in 0..<words {
                nearAcross[y &* words &+ w] = spread(row, word: w, count: words, by: hardReach)
                farAcross[y &* words &+ w] = spread(row, word: w, count: words, by: fullReach)
            }
        }
        for y in 0..<height {
            for w in 0..<words { near[y &* words &+ w] = 0 }
            for other in max(0, y &- hardReach)...min(height &- 1, y &+ hardReach) where hasSoft[other] {
                for w in 0..<words { near[y &* words &+ w] |= nearAcross[other &* words &+ w] }
            }
        }
        // A ramp's partial pixels go together.
        func isNear(_ index: Int) -> Bool {
            let y = index / width, x = index % width
            return near[y &* words &+ x / 64] &>> UInt64(x % 64) & 1 != 0
        }
        for (pixel, other) in pairs where !isNear(Int(pixel)) && isNear(Int(other)) {
            let y = Int(pixel) / width, x = Int(pixel) % width
            partnered[y &* words &+ x / 64] |= 1 &<< UInt64(x % 64)
        }
        // Each row: soft pixels; partial ones within `hardReach` of a soft one or on a ramp
        // with one that is; full and empty ones within `fullReach`; 0 elsewhere.
        var plane = [UInt8].uninitialized(width * height)
        plane.withUnsafeMutableBufferPointer { plane in
            let out = plane.baseAddress!
            for y in 0..<height {
                let target = out + y &* width
                var any = false
                for w in 0..<words { far[w] = 0 }
                for other in max(0, y &- fullReach)...min(height &- 1, y &+ fullReach) where hasSoft[other] {
                    any = true
                    for w in 0..<words { far[w] |= farAcross[other &* words &+ w] }
                }
                guard any else {
                    clear(target, count: width)
                    continue
                }
                let row = base + y &* width
                for w in 0..<words {
                    let start = w &* 64, end = min(width, start &+ 64), word = y &* words &+ w
                    var reached = far[w]
                    guard reached != 0 else {
                        clear(target + start, count: end &- start)
                        continue
                    }
                    var keepable = soft[word] | near[word] | partnered[word]
                    var x = start
                    while x < end {
                        let count = min(8, end &- x), group = reached & 0xFF
                        defer { (x, reached, keepable) = (x &+ 8, reached &>> 8, keepable &>> 8) }
                        guard group != 0 else {
                            clear(target + x, count: count)
                            continue
                        }
                        var v: UInt64 = 0
                        if count == 8 {
                            v = UnsafeRawPointer(row + x).loadUnaligned(as: UInt64.self)
                        } else {
                            for k in 0..<count { v |= UInt64(row[x &+ k]) &<< UInt64(8 &* k) }
                        }
                        let partials = partialBits(v)
                        let kept = v & byteMask((group & ~partials | keepable & partials) & 0xFF)
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

    /// The opaque edge's ramp that the partial pixel at (`x`, `y`) of `alpha` (`width` ×
    /// `height` bytes) lies on across or down (outside the plane empty): nil when it lies on
    /// none, else the offset of the ramp's other partial pixel (0 when it is alone).
    @inline(__always)
    private static func ramp(
        _ alpha: UnsafePointer<UInt8>, width: Int, height: Int, x: Int, y: Int, across: Bool
    ) -> Int? {
        let (at, count, step) = across ? (x, width, 1) : (y, height, width)
        let p = alpha + (y &* width &+ x)
        guard at < 3 || at &+ 3 >= count else { return rampPartner(p, step).map { $0 &* step } }
        // Near the plane's edge, a copy of the line with zeros past it.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 7) { line in
            for k in -3...3 {
                let i = at &+ k
                line[k &+ 3] = i >= 0 && i < count ? p[k &* step] : 0
            }
            return rampPartner(UnsafePointer(line.baseAddress! + 3), 1).map { $0 &* step }
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

    /// Whether the partial pixel at `p` lies on an opaque edge's ramp along `step` — at most
    /// two partial pixels, climbing strictly from an empty pixel (≤ 2) on one side to two full
    /// ones (≥ 253) on the other, as `MarchingSquares.rampEdge` finds an anti-aliased edge —
    /// and if so, where the ramp's other partial pixel is, in steps (0: none). Reads up to three
    /// pixels either way.
    ///
    /// The ramp can only climb towards the larger neighbour: climbing the other way, that
    /// neighbour would be over the pixel and the larger one under it (or both empty and full).
    @inline(__always)
    static func rampPartner(_ p: UnsafePointer<UInt8>, _ step: Int) -> Int? {
        let after = p[step], before = p[-step]
        guard after != before else { return nil }
        let d = after > before ? 1 : -1
        var other = 0, value = p[0]
        // Up to the two full pixels, then down to the empty one.
        if p[d &* step] < 253 {
            let next = p[d &* step]
            guard next > value, p[2 &* d &* step] >= 253, p[3 &* d &* step] >= 253 else { return nil }
            (other, value) = (d, next)
        } else if p[2 &* d &* step] < 253 {
            return nil
        }
        value = p[0]
        let below = p[-d &* step]
        if below <= 2 { return other }
        guard other == 0, below < value, p[-2 &* d &* step] <= 2 else { return nil }
        return -d
    }
}
