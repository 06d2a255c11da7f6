import AlphaRaster
import Testing
@_spi(Testing) @testable import MorphKernel

/// `QuietRows` lets the vertical pass leave rows that are certainly quiet to a computed row
/// above them (the fixed ramp writes its pixels there, the automatic one reads its V). These tests sum every row of columns built to
/// change as fast as a blurred column can (unit steps), and random ones, and check that
/// every row it skips has the bytes of its own sum, and that the bound is near tight.
@Suite struct QuietRowsTests {
    /// (threshold, softness) pairs: the default, a low and a high threshold, the narrowest ramp.
    static let ramps: [(Double, Double)] = [(0.5, 0.1), (0.3, 0.3), (1, 0.2), (0.02, 0.02), (0.6, MorphStyle.minimumSoftness)]

    /// A plane column block of `rows` rows (n rows of zero padding above and below), 16 lanes,
    /// lane l from `value(l, y)`.
    static func plane(rows: Int, padding n: Int, _ value: (Int, Int) -> Float) -> [Float] {
        var plane = [Float](repeating: 0, count: (rows + 2 * n) * 16)
        for y in 0..<rows { for lane in 0..<16 { plane[(y + n) * 16 + lane] = value(lane, y) } }
        return plane
    }

    /// Checks every skip over every row of `plane`; returns the fewest rows by which a skip
    /// stopped short of the next row with other bytes (0: the skip was as long as it could
    /// be), and how many rows were skipped.
    static func check(
        _ plane: [Float], rows: Int, kernel: GaussianKernel, ramp: (Double, Double), context: String
    ) -> (slack: Int, skipped: Int) {
        let n = kernel.halfWidth
        let writer = PixelWriter(alphaScale: 255, format: .alpha)
        let threshold = Threshold(style: MorphStyle(threshold: ramp.0, softness: .fixed(ramp.1)), softness: ramp.1, writer: writer)
        let taps = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: n + 1)
        defer { taps.deallocate() }
        for i in 0...n { taps[i] = SIMD4(repeating: kernel.weights[n + i]) }
        let quiet = QuietRows(threshold: ramp.0, softness: ramp.1, kernel: kernel, halfWidth: n)
        var bits: [SIMD16<UInt32>] = [], fields: [SIMD16<Float>] = []
        plane.withUnsafeBufferPointer { plane in
            // The plane is 64-byte aligned only by chance; copy each window row by row.
            let aligned = UnsafeMutableRawPointer.allocate(byteCount: plane.count * 4, alignment: 64)
            defer { aligned.deallocate() }
            let floats = aligned.bindMemory(to: Float.self, capacity: plane.count)
            floats.update(from: plane.baseAddress!, count: plane.count)
            for y in 0..<rows {
                let sum = SeparableBlur.verticalSum(UnsafePointer(floats + (y + n) * 16), taps: taps, halfWidth: n)
                fields.append(sum)
                bits.append(threshold.alphaBits(sum))
            }
        }
        var slack = Int.max, skipped = 0
        for y in 0..<rows {
            let k = quiet.rowsAfter(fields[y])
            for j in stride(from: y + 1, through: min(rows - 1, y + k), by: 1) {
                #expect(bits[j] == bits[y], "\(context): row \(j) skipped after row \(y) (k = \(k)) has other bytes")
            }
            skipped += min(k, rows - 1 - y)
            // How much further the bytes actually stay the same.
            guard k > 0 else { continue }
            var same = y + k + 1
            while same < rows && bits[same] == bits[y] { same += 1 }
            if same < rows { slack = min(slack, same - (y + k + 1)) }
        }
        return (slack, skipped)
    }

    @Test("rows after a quiet row keep its bytes, at the fastest change a blur allows",
          arguments: [1.0, 2.5, 12, 40])
    func stepsAreExact(radius: Double) throws {
        let kernel = try GaussianKernel(radius: radius)
        let n = kernel.halfWidth, rows = 6 * n + 40
        var slack = Int.max, skipped = 0
        for ramp in Self.ramps {
            // Each lane a unit step up (then down) at its own row: V changes by w_0 a row
            // there, the most a blur of values in [0, 1] can.
            let steps = Self.plane(rows: rows, padding: n) { lane, y in
                y >= 3 + lane && y < rows - 3 - 2 * lane ? 1 : 0
            }
            let checked = Self.check(steps, rows: rows, kernel: kernel, ramp: ramp, context: "R \(radius) ramp \(ramp)")
            slack = min(slack, checked.slack)
            skipped += checked.skipped
        }
        // Below R = 2 one row's change w_0 exceeds ½: nothing can be skipped.
        guard radius >= 2 else { return }
        #expect(skipped > 0, "R \(radius): nothing skipped")
        // Beside a step V changes by nearly the bound a row, so some skip ends right before
        // the bytes change.
        #expect(slack <= 1, "R \(radius): every skip stops \(slack) or more rows early")
    }

    @Test("rows after a quiet row keep its bytes in random columns", arguments: [3.0, 12, 33])
    func randomColumnsAreExact(radius: Double) throws {
        let kernel = try GaussianKernel(radius: radius)
        let n = kernel.halfWidth, rows = 200
        var rng = SplitMix64(seed: 0x0_0051_E7 &+ UInt64(radius * 10))
        for ramp in Self.ramps {
            // Runs of random values in [0, 1], and flat runs at the ramp's ends.
            var values = [Float](repeating: 0, count: rows * 16)
            var y = 0
            while y < rows {
                let run = Int(rng.next() % 30) + 1
                for lane in 0..<16 {
                    let value: Float = switch rng.next() % 4 {
                    case 0: Float.random(in: 0...1, using: &rng)
                    case 1: Float(ramp.0)
                    case 2: Float(ramp.0 - ramp.1)
                    default: lane % 2 == 0 ? 1 : 0
                    }
                    for r in y..<min(rows, y + run) { values[r * 16 + lane] = value }
                }
                y += run
            }
            let plane = Self.plane(rows: rows, padding: n) { lane, y in values[y * 16 + lane] }
            _ = Self.check(plane, rows: rows, kernel: kernel, ramp: ramp, context: "random R \(radius) ramp \(ramp)")
        }
    }
}

/// The renderer with quiet rows against computing everything, on real icon morphs, both
/// ramps, one band and several.
@Suite struct QuietRowsRendererTests {
    @Test("quiet rows give the bytes of computing every row, on real icons", arguments: [132, 300])
    func realIconsMatch(side: Int) throws {
        let box = IconBox(width: Double(side) / 3, height: Double(side) / 3, scale: 3)
        let pairs = [
            (try RealIcons.symbol("play", box: box), try RealIcons.symbol("pause", box: box)),
            (try RealIcons.symbol("heart", box: box), try RealIcons.symbol("star", box: box)),
            (try RealIcons.adwaita("actions/edit-find-symbolic", box: box),
             try RealIcons.adwaita("actions/mail-send-symbolic", box: box)),
        ]
        // Blurs wide enough for the automatic ramp's rows to be left to others
        // (`QuietRows.applies`), and a fixed ramp at a narrower one.
        let radius = Double(side) / 6
        let styles = [
            MorphStyle(maxBlurRadius: radius),
            MorphStyle(maxBlurRadius: radius / 2, blurLevels: 5, threshold: 0.4, softness: .fixed(0.1)),
            MorphStyle(maxBlurRadius: radius, threshold: 0.6,
                       tint: TintColor(red: 3, green: 200, blue: 90, alpha: 140)),
        ]
        var substituted = 0, crossings = 0
        for (index, style) in styles.enumerated() {
            let serial = try MorphRenderer(width: side, height: side, style: style, bandCount: 1)
            serial.concurrency = .serial
            let split = try MorphRenderer(width: side, height: side, style: style, bandCount: 3)
            split.concurrentWorkThreshold = 0
            let everything = try MorphRenderer(width: side, height: side, style: style, bandCount: 1)
            everything.concurrency = .serial
            everything.skipsFlatTiles = false
            for (k, (source, target)) in pairs.enumerated() {
                for step in 0...12 {
                    let progress = Double(step) / 12
                    var expected = [UInt8](), actual = [UInt8]()
                    try everything.renderRGBA(source: source, target: target, progress: progress, into: &expected)
                    let context = "\(side) px style \(index) pair \(k) p=\(progress)"
                    try serial.renderRGBA(source: source, target: target, progress: progress, into: &actual)
                    #expect(actual == expected, "one band, \(context)")
                    substituted += serial.substitutedFieldRows(progress: progress)
                    // What a pixel the ramp computes reads across a block's side is never a
                    // substituted V.
                    let across = serial.valuesAcrossSubstitutedRows(progress: progress)
                    #expect(across.wrong == 0, "\(across.wrong) of \(across.checked) values across, \(context)")
                    crossings += across.checked
                    try split.renderRGBA(source: source, target: target, progress: progress, into: &actual)
                    #expect(actual == expected, "three bands, \(context)")
                }
            }
        }
        // The automatic ramp's rows were substituted, beside rows the ramp computes (the
        // fixed ramp's skips leave no trace).
        #expect(substituted > 100 * side / 132, "\(substituted) rows substituted")
        #expect(crossings > 0, "no pixel the ramp computes beside a substituted row")
    }
}
