/// The five PNG row filters (ISO/IEC 15948 §9.2) applied to one row, and the adaptive choice
/// between them.
///
/// Every filter reads only unfiltered bytes (the row and the one above it), so each output
/// byte is independent of the others and the loops vectorise. Bytes left of the row and the
/// row above the first are zero, as the specification says; callers pass a zero row as
/// `above` for the first row.
enum ScanlineFilter {
    /// The filter type byte of each fixed filter, as written before the row.
    static func typeByte(_ filter: PNGFilter) -> UInt8 {
        switch filter {
        case .none: 0
        case .sub: 1
        case .up: 2
        case .average: 3
        case .paeth: 4
        case .mostZeros, .minimumSum: 0  // never written: adaptive filters write the type they pick
        }
    }

    /// Writes the filter-`type` (0…4) difference of `row` against `above` to `output`, all
    /// `count` bytes long, with pixels of `step` bytes.
    ///
    /// 16 bytes at a time (`SIMD16<UInt8>`, wrapping arithmetic, Paeth's distances in bytes
    /// too), then byte by byte for the rest.
    @inline(__always)
    static func apply(
        type: UInt8, row: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>, count: Int, step: Int,
        into output: UnsafeMutablePointer<UInt8>
    ) {
        typealias Bytes = SIMD16<UInt8>
        let lead = min(step, count)
        let rowRaw = UnsafeRawPointer(row), aboveRaw = UnsafeRawPointer(above)
        let outRaw = UnsafeMutableRawPointer(output)
        // The first pixel has no left neighbour: a = c = 0.
        switch type {
        case 1:
            for i in 0..<lead { output[i] = row[i] }
        case 2, 4:
            for i in 0..<lead { output[i] = row[i] &- above[i] }
        case 3:
            for i in 0..<lead { output[i] = row[i] &- (above[i] >> 1) }
        default:
            output.update(from: row, count: count)
            return
        }
        var i = lead
        while i &+ 16 <= count {
            let x = rowRaw.loadUnaligned(fromByteOffset: i, as: Bytes.self)
            let b = aboveRaw.loadUnaligned(fromByteOffset: i, as: Bytes.self)
            let filtered: Bytes
            switch type {
            case 1:
                filtered = x &- rowRaw.loadUnaligned(fromByteOffset: i &- step, as: Bytes.self)
            case 2:
                filtered = x &- b
            case 3:
                let a = rowRaw.loadUnaligned(fromByteOffset: i &- step, as: Bytes.self)
                // ⌊(a + b) / 2⌋ without leaving 8 bits.
                filtered = x &- ((a & b) &+ ((a ^ b) &>> 1))
            default:
                let a = rowRaw.loadUnaligned(fromByteOffset: i &- step, as: Bytes.self)
                let c = aboveRaw.loadUnaligned(fromByteOffset: i &- step, as: Bytes.self)
                filtered = x &- paethPredictor(a, b, c)
            }
            outRaw.storeBytes(of: filtered, toByteOffset: i, as: Bytes.self)
            i &+= 16
        }
        while i < count {
            let a = row[i &- step], b = above[i]
            let prediction: UInt8 = switch type {
            case 1: a
            case 2: b
            case 3: (a & b) &+ ((a ^ b) >> 1)
            default: paethPredictor(a, b, above[i &- step])
            }
            output[i] = row[i] &- prediction
            i &+= 1
        }
    }

    /// Undoes filter `type` on one row: `output` gets the `count` unfiltered bytes of the
    /// filtered `input`, pixels of `step` bytes, `above` being the unfiltered row above (a
    /// zero row for the first). False, with nothing written, for a type other than 0…4.
    ///
    /// Byte by byte: each byte depends on the one `step` to its left. Only for reading back
    /// (interlaced 16-bit flattening, an indexed animation rewritten as RGBA), never per frame.
    static func unfilter(
        type: UInt8, _ input: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>, count: Int, step: Int,
        into output: UnsafeMutablePointer<UInt8>
    ) -> Bool {
        guard type <= 4 else { return false }
        for i in 0..<count {
            let a = i >= step ? output[i &- step] : 0, b = above[i]
            let prediction: UInt8 = switch type {
            case 0: 0
            case 1: a
            case 2: b
            case 3: (a & b) &+ ((a ^ b) >> 1)
            default: paethPredictor(a, b, i >= step ? above[i &- step] : 0)
            }
            output[i] = input[i] &+ prediction
        }
        return true
    }

    /// `paethPredictor` for 16 lanes at once, in bytes: |p − a| = |b − c| and |p − b| = |a − c|
    /// fit in 8 bits, and |p − c| = |(b − c) + (a − c)| is their sum when b − c and a − c have
    /// the same sign (saturated at 255, which keeps every comparison right because the sum is
    /// then at least both), else their difference. Widening to 16-bit lanes would be the
    /// obvious way, but Swift's SIMD widening conversions are slow (measured 10× slower here).
    @inline(__always)
    static func paethPredictor(_ a: SIMD16<UInt8>, _ b: SIMD16<UInt8>, _ c: SIMD16<UInt8>) -> SIMD16<UInt8> {
        let bAbove = b .>= c, aAbove = a .>= c
        let toA = absoluteDifference(b, c), toB = absoluteDifference(a, c)
        var toC = absoluteDifference(toA, toB)
        var sum = toA &+ toB
        sum.replace(with: 255, where: sum .< toA)
        toC.replace(with: sum, where: .!(bAbove .^ aAbove))
        var prediction = c
        prediction.replace(with: b, where: toB .<= toC)
        prediction.replace(with: a, where: (toA .<= toB) .& (toA .<= toC))
        return prediction
    }

    @inline(__always)
    private static func absoluteDifference(_ x: SIMD16<UInt8>, _ y: SIMD16<UInt8>) -> SIMD16<UInt8> {
        var difference = x &- y
        difference.replace(with: y &- x, where: y .> x)
        return difference
    }

    /// Of left `a`, above `b` and upper-left `c`, the one nearest to p = a + b − c, ties
    /// preferring a, then b: |p − a| = |b − c|, |p − b| = |a − c|, |p − c| = |a + b − 2c|.
    @inline(__always)
    static func paethPredictor(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let a16 = Int16(a), b16 = Int16(b), c16 = Int16(c)
        let toA = magnitude(b16 &- c16), toB = magnitude(a16 &- c16), toC = magnitude(a16 &+ b16 &- c16 &- c16)
        if toA <= toB, toA <= toC { return a }
        return toB <= toC ? b : c
    }

    @inline(__always)
    private static func magnitude(_ value: Int16) -> Int16 {
        value < 0 ? 0 &- value : value
    }

    /// An adaptive heuristic's score of filtered bytes, lower is better: for `.minimumSum`
    /// the sum of their values read as signed bytes, ignoring sign; for `.mostZeros` the
    /// number of bytes that are not zero.
    ///
    /// 16 bytes at a time into narrow lane counters, folded into the total before they can
    /// overflow (every 256 blocks: at most 128 · 256 per 16-bit lane, 255 per 8-bit lane).
    @inline(__always)
    static func score(_ bytes: UnsafePointer<UInt8>, count: Int, heuristic: PNGFilter) -> Int {
        typealias Bytes = SIMD16<UInt8>
        let raw = UnsafeRawPointer(bytes)
        // Vector constants: comparing a vector with a scalar literal (`value .!= 0`) takes a
        // slow generic path, about 100× slower here (measured).
        let zero = Bytes(repeating: 0), largestPositive = Bytes(repeating: 127)
        var total = 0, i = 0
        if heuristic == .minimumSum {
            while i &+ 16 <= count {
                // Pairs of bytes as 16-bit lanes (a bit cast, no conversion): adding the low
                // and high bytes of each gives at most 256 a block, 255 blocks fit.
                var lanes = SIMD8<UInt16>()
                let end = min(count, i &+ 255 &* 16)
                while i &+ 16 <= end {
                    let value = raw.loadUnaligned(fromByteOffset: i, as: Bytes.self)
                    var size = value
                    size.replace(with: 0 &- value, where: value .> largestPositive)
                    let pairs = unsafeBitCast(size, to: SIMD8<UInt16>.self)
                    lanes &+= (pairs & 0xFF) &+ (pairs &>> 8)
                    i &+= 16
                }
                total &+= Int(SIMD8<UInt32>(truncatingIfNeeded: lanes).wrappedSum())
            }
            while i < count {
                let value = Int(bytes[i])
                total &+= value < 128 ? value : 256 &- value
                i &+= 1
            }
        } else {
            while i &+ 16 <= count {
                var lanes = Bytes()
                let end = min(count, i &+ 255 &* 16)
                while i &+ 16 <= end {
                    let value = raw.loadUnaligned(fromByteOffset: i, as: Bytes.self)
                    lanes.replace(with: lanes &+ 1, where: value .!= zero)
                    i &+= 16
                }
                let pairs = unsafeBitCast(lanes, to: SIMD8<UInt16>.self)
                total &+= Int(((pairs & 0xFF) &+ (pairs &>> 8)).wrappedSum())
            }
            while i < count {
                total &+= bytes[i] == 0 ? 0 : 1
                i &+= 1
            }
        }
        return total
    }

    /// Filters `row` with `filter` into `output`: the type byte, then `count` filtered bytes.
    ///
    /// `.mostZeros` and `.minimumSum` try all five types in `candidates` (5 · `count` bytes
    /// of scratch) and write the one with the lowest `score`, the lower type on a tie.
    static func filter(
        _ filter: PNGFilter, row: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>, count: Int, step: Int,
        into output: UnsafeMutablePointer<UInt8>, candidates: UnsafeMutablePointer<UInt8>
    ) {
        guard filter == .mostZeros || filter == .minimumSum else {
            let type = typeByte(filter)
            output[0] = type
            apply(type: type, row: row, above: above, count: count, step: step, into: output + 1)
            return
        }
        var bestType: UInt8 = 0
        var bestScore = score(row, count: count, heuristic: filter)
        for type in UInt8(1)...4 {
            let candidate = candidates + Int(type) &* count
            apply(type: type, row: row, above: above, count: count, step: step, into: candidate)
            let candidateScore = score(candidate, count: count, heuristic: filter)
            if candidateScore < bestScore {
                bestScore = candidateScore
                bestType = type
            }
        }
        output[0] = bestType
        let source = bestType == 0 ? row : UnsafePointer(candidates + Int(bestType) &* count)
        (output + 1).update(from: source, count: count)
    }
}
