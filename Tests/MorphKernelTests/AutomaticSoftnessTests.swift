import AlphaRaster
import Testing
@testable import MorphKernel

/// The automatic softness's API, its per-pixel math, and what it must leave alone.
@Suite struct AutomaticSoftnessTests {
    @Test("the default softness is automatic; a number is a fixed softness")
    func softnessSpelling() throws {
        #expect(MorphStyle().softness == .automatic)
        #expect(MorphStyle(softness: 0.05).softness == .fixed(0.05))
        #expect(MorphStyle(softness: 1).softness == .fixed(1))
        let s = 0.2
        #expect(MorphStyle(softness: .fixed(s)) == MorphStyle(softness: 0.2))
        #expect(MorphSoftness.automatic.description == "auto")
        #expect(MorphSoftness.fixed(0.05).description == "0.05")
        #expect(MorphStyle(softness: .automatic) != MorphStyle(softness: 0.05))
    }

    @Test("automatic softness needs the threshold in 0.05 … 0.95; fixed keeps its own range")
    func automaticThresholdRange() throws {
        for good in [0.05, 0.5, 0.95] {
            try MorphStyle(threshold: good).validate()
        }
        for bad in [0.049, 0.951, 1] {
            #expect {
                try MorphStyle(threshold: bad).validate()
            } throws: { error in
                guard case MorphError.invalidParameter(.threshold, let reason) = error else { return false }
                return reason.contains("automatic softness") && "\(error)".hasPrefix("threshold: ")
            }
        }
        // Fixed softness still accepts what it did.
        try MorphStyle(threshold: 1, softness: 1).validate()
        try MorphStyle(threshold: 0.02, softness: 0.02).validate()
    }

    @Test("r turns the central difference of a blurred box-filtered step into its true slope w_0")
    func slopeCorrectionIsExactOnASteppedEdge() throws {
        // For every level of the default bank and steps anywhere inside a pixel: the pixels
        // are the box-filtered unit step (coverage of [s, ∞) in [i, i + 1)), blurred with the
        // level's weights; at the pixel holding the step the central difference times r is
        // w_0, and w_0 is the slope of the blurred step where it crosses its middle.
        let style = MorphStyle()
        for k in 0..<style.blurLevels {
            let radius = MorphFrameMath.levelRadius(level: k, blurLevels: style.blurLevels, maxBlurRadius: style.maxBlurRadius)
            let w = ReferenceMorph.weights(radius: radius)
            let n = w.count / 2
            let w0 = w[n], w1 = n > 0 ? w[n + 1] : 0
            let r = MorphFrameMath.slopeCorrection(kernelCentre: w0, kernelNeighbour: w1)
            for offset in [0.0, 0.1, 0.5, 0.77, 0.999] {
                let step = 40 + offset
                // V(x) for the continuous position x (pixel i covers [i, i + 1)).
                func field(_ x: Double) -> Double {
                    (-n...n).reduce(0.0) { sum, i in sum + w[n + i] * min(max(x - Double(i) + 0.5 - step, 0), 1) }
                }
                let pixel = 40.0 + 0.5  // the centre of the pixel holding the step
                let difference = (field(pixel + 1) - field(pixel - 1)) / 2
                #expect(abs(r * difference - w0) < 1e-12, "level \(k), step at \(step)")
                let slope = (field(step + 1e-6) - field(step - 1e-6)) / 2e-6
                #expect(abs(slope - w0) < 1e-6, "level \(k), step at \(step): slope \(slope), w_0 \(w0)")
            }
            #expect(r >= 1 && r <= 2)
        }
        #expect(MorphFrameMath.slopeCorrection(kernelCentre: 1, kernelNeighbour: 0) == 2)
    }

    @Test("automaticCoverage is the documented formula")
    func coverageFormula() {
        var rng = SplitMix64(seed: 0xA070_0001)
        for _ in 0..<2000 {
            let radius = Double.random(in: 0...60, using: &rng)
            let w = ReferenceMorph.weights(radius: radius)
            let n = w.count / 2
            let w0 = w[n], w1 = n > 0 ? w[n + 1] : 0
            let v = Double.random(in: 0...1, using: &rng), c = Double.random(in: 0...0.6, using: &rng) * w0
            let t = Double.random(in: 0.05...0.95, using: &rng)
            let single = ReferenceMorph.automaticCoverage(
                field: [v, v + 2 * c], width: 2, height: 1, radius: radius, threshold: t)[0]
            // A two-pixel row: the first pixel's difference is one-sided with its outside
            // neighbour λ · max(0, 2 v − (v + 2c)); work out c from that independently.
            let lambda = n > 0 ? 2 * w1 / (w0 + w1) : 0
            let outside = lambda * max(0, 2 * v - (v + 2 * c))
            let difference = abs(v + 2 * c - outside) / 2
            let expected = MorphFrameMath.automaticCoverage(
                field: v, centralDifference: difference, threshold: t, kernelCentre: w0, kernelNeighbour: w1)
            #expect(abs(single - expected) < 1e-12)
        }
        // Anchors. At rest (w_0 = 1, w_1 = 0) a one-pixel antialiased edge (c = ½) gives α = V.
        for v in [0.0, 0.1, 0.3, 0.5, 0.77, 1] {
            let alpha = MorphFrameMath.automaticCoverage(
                field: v, centralDifference: 0.5, threshold: 0.5, kernelCentre: 1, kernelNeighbour: 0)
            #expect(abs(alpha - v) < 1e-15)
        }
        // A flat field ramps over w_flat = 0.1 around t.
        let flat = MorphFrameMath.automaticCoverage(
            field: 0.52, centralDifference: 0, threshold: 0.5, kernelCentre: 0.066, kernelNeighbour: 0.0655)
        #expect(abs(flat - 0.7) < 1e-12)
        #expect(MorphFrameMath.flatFadeWidth == 0.1 && MorphFrameMath.edgeSlopeFraction == 0.25)
        // A steep edge of a wide blur: one pixel, w = g.
        let g = 0.05, r = MorphFrameMath.slopeCorrection(kernelCentre: 0.066, kernelNeighbour: 0.0655)
        let steep = MorphFrameMath.automaticCoverage(
            field: 0.5 + g / 4, centralDifference: g / r, threshold: 0.5, kernelCentre: 0.066, kernelNeighbour: 0.0655)
        #expect(abs(steep - 0.75) < 1e-12)
    }

    @Test("fixed softness renders exactly the bytes of the version before automatic softness")
    func fixedSoftnessIsUnchanged() throws {
        // FNV-1a 64 of RGBA frames rendered by commit e9a77ef (the last without automatic
        // softness), built in release from `git show e9a77ef:Sources/MorphKernel/…`; the same
        // frames also compared byte for byte there over 4 icon pairs × 5 fixed styles × 21
        // progress values, serial and threaded.
        let box = RealIcons.box
        let cases: [(AlphaMask, AlphaMask, MorphStyle, [UInt64])] = [
            (try RealIcons.symbol("play"), try RealIcons.symbol("pause"), MorphStyle(softness: 0.05),
             [0x76e7_adb2_2bd6_43c5, 0xe60b_f384_a0f7_ee25, 0x4123_5269_6374_7205, 0x8782_e181_e163_2445,
              0x9b4d_8059_eec8_8965, 0x363f_df73_379d_5d85]),
            (try RealIcons.adwaita("actions/edit-find-symbolic", box: box),
             try RealIcons.adwaita("actions/view-refresh-symbolic", box: box),
             MorphStyle(maxBlurRadius: 32, threshold: 0.4, softness: 0.2, easing: .linear,
                        tint: TintColor(red: 200, green: 30, blue: 90, alpha: 180)),
             [0xe36e_0eb0_2024_7e0b, 0x23a6_9ec8_4303_51a0, 0x8617_2556_1654_3630, 0x9548_4446_9eba_8f66,
              0xde69_da9f_6f9c_a5d9, 0xd9fd_4bc7_e540_c37a]),
        ]
        for (source, target, style, hashes) in cases {
            let renderer = try MorphRenderer(width: source.width, height: source.height, style: style)
            var rgba = [UInt8]()
            for (p, expected) in zip([0.0, 0.1, 0.25, 0.5, 0.8, 1.0], hashes) {
                try renderer.renderRGBA(source: source, target: target, progress: p, into: &rgba)
                var hash: UInt64 = 0xcbf2_9ce4_8422_2325
                for byte in rgba { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
                #expect(hash == expected, "\(style) p = \(p)")
            }
        }
    }

    @Test("in the middle of a morph the automatic ramp computes no more tiles than fixed softness")
    func automaticSkipsAsMuch() throws {
        // The benchmark's shapes (a disc and a rounded square) with a radius that is a
        // multiple of 16, where reaching one pixel further for the neighbours would add a
        // ring of tiles.
        let size = 256
        let (disc, square) = try TestMasks.discAndSquare(size: size)
        for progress in [0.5, 0.3] {
            let fixed = try MorphRenderer(width: size, height: size, style: MorphStyle(maxBlurRadius: 32, softness: 0.05))
            let automatic = try MorphRenderer(width: size, height: size, style: MorphStyle(maxBlurRadius: 32))
            let fixedTiles = try fixed.plannedFrame(source: disc, target: square, progress: progress).computedTiles
            let automaticTiles = try automatic.plannedFrame(source: disc, target: square, progress: progress).computedTiles
            #expect(automaticTiles <= fixedTiles, "p = \(progress): \(automaticTiles) tiles against \(fixedTiles)")
            #expect(automaticTiles < (size / 16) * (size / 16))
        }
    }
}
