import AlphaRaster
import IconSymbols
import Testing
@testable import MorphKernel

/// Issue 5: with automatic softness every frame of a morph of real icons is crisply
/// antialiased, the rest frames are the input icons, flat regions fade, nothing pops.
/// Measured over 61-frame morphs (`RealIconMorph.all`) with `EdgeMetrics`.
@Suite struct AutomaticEdgeTests {
    @Test("every frame is within ±1 of the float64 reference of the documented formula")
    func framesMatchReference() throws {
        for morph in try RealIconMorph.all.get() {
            var worst = 0.0
            for (i, frame) in morph.frames.enumerated() {
                let expected = ReferenceMorph.automaticCoverage(
                    field: morph.fields[i], width: morph.width, height: morph.height, radius: morph.radii[i],
                    threshold: morph.style.threshold)
                var bad = 0
                for k in frame.indices {
                    if abs(Int(frame[k]) - Int((expected[k] * 255).rounded())) > 1 { bad += 1 }
                    worst = max(worst, abs(Double(frame[k]) - expected[k] * 255))
                }
                #expect(bad == 0, "\(morph), frame \(i): \(bad) bytes off by more than 1")
            }
            // Measured: 0.50 (a byte differs from round(reference) only at a rounding tie).
            #expect(worst < 0.6, "\(morph): largest |byte − reference| \(worst)")
        }
    }

    @Test("edges stay within 2 partially transparent pixels per pixel of contour at every frame")
    func edgeWidth() throws {
        for morph in try RealIconMorph.all.get() {
            var worst = (width: 0.0, frame: 0)
            for (i, frame) in morph.frames.enumerated() {
                let measure = EdgeMetrics.edgeWidth(
                    frame, field: morph.fields[i], width: morph.width, height: morph.height, radius: morph.radii[i],
                    excludingFlat: true)
                if measure.width > worst.width { worst = (measure.width, i) }
            }
            // Measured: 1.71 … 1.83, the widest just after the start (a box-filtered slanted
            // edge alone has up to √2).
            #expect(worst.width <= 2, "\(morph): \(worst.width) partial pixels per pixel of contour at frame \(worst.frame)")
        }
        // The first two morphs have no region flat enough to fade, so there every partially
        // transparent pixel counts (measured: 1.78 and 1.71).
        for morph in try RealIconMorph.all.get().prefix(2) {
            for (i, frame) in morph.frames.enumerated() {
                let measure = EdgeMetrics.edgeWidth(
                    frame, field: morph.fields[i], width: morph.width, height: morph.height, radius: morph.radii[i],
                    excludingFlat: false)
                #expect(measure.width <= 2, "\(morph), frame \(i), counting every partial pixel: \(measure)")
            }
        }
    }

    @Test("the edge-width measure fails fixed softness at a wide blur")
    func fixedSoftnessIsWide() throws {
        // The icons of the last automatic morph with the old default ramp, at a radius where
        // it is clearly wide (automatic: 0.9 there).
        let style = MorphStyle(maxBlurRadius: 48, softness: 0.05)
        let morph = try RealIconMorph(
            name: "gear → house fixed", source: RealIcons.symbol("gear"), target: RealIcons.symbol("house"), style: style,
            frameCount: 5)
        let middle = EdgeMetrics.edgeWidth(
            morph.frames[2], field: morph.fields[2], width: morph.width, height: morph.height, radius: morph.radii[2],
            excludingFlat: true)
        // Measured: 4.0 partial pixels per pixel of contour.
        #expect(middle.width > 3, "fixed softness at p = ½: \(middle)")
    }

    @Test("rest frames give back the input icons' own antialiasing")
    func restFramesAreTheInputs() throws {
        var masks = try BuiltInSymbol.names.map { try RealIcons.symbol($0) }
        for path in [
            "actions/edit-find-symbolic", "actions/view-refresh-symbolic", "actions/media-playback-start-symbolic",
            "actions/go-home-symbolic", "status/audio-volume-high-symbolic", "actions/document-save-symbolic",
        ] {
            masks.append(try RealIcons.adwaita(path))
            masks.append(try RealIcons.adwaita(path, box: IconBox(width: 16, height: 16, scale: 2)))
        }
        var worstMean = 0.0, worstMax = 0
        for (index, mask) in masks.enumerated() {
            // Any other icon of the same size, for the far end of the morph.
            let other = try #require(masks.indices.lazy.map { masks[($0 + index + 1) % masks.count] }.first { $0.width == mask.width })
            let renderer = try MorphRenderer(width: mask.width, height: mask.height)
            for (progress, expected) in [(0.0, mask), (1.0, mask)] {
                let (source, target) = progress == 0 ? (mask, other) : (other, mask)
                var alpha = [UInt8]()
                try renderer.renderAlpha(source: source, target: target, progress: progress, into: &alpha)
                let differences = zip(alpha, expected.pixels).map { abs(Int($0) - Int($1)) }
                let mean = Double(differences.reduce(0, +)) / Double(differences.count)
                worstMean = max(worstMean, mean)
                worstMax = max(worstMax, differences.max() ?? 0)
            }
        }
        // Measured: mean 0.0007, largest 6 (one pixel of a convex corner in "envelope").
        #expect(worstMean < 1, "mean |α − input| up to \(worstMean) / 255")
        #expect(worstMax <= 8, "largest |α − input| \(worstMax) / 255")
    }

    @Test("slanted edges stay antialiased: at most 3 % of their crossings step from 0 to 255")
    func fewStairSteps() throws {
        for morph in try RealIconMorph.all.get() {
            var worst = (share: 0.0, frame: 0)
            for (i, frame) in morph.frames.enumerated() {
                guard let steps = EdgeMetrics.stairSteps(frame, field: morph.fields[i], width: morph.width, height: morph.height),
                      steps.crossings >= 50
                else { continue }
                if steps.share > worst.share { worst = (steps.share, i) }
            }
            // Measured: at most 1.3 % (fixed softness: up to 100 %).
            #expect(worst.share <= 0.03, "\(morph): \(worst.share * 100) % stair-steps at frame \(worst.frame)")
        }
        // Fixed softness thresholds the rest frames almost to two levels: the measure sees it.
        let play = try RealIcons.symbol("play")
        let fixed = try MorphRenderer(width: play.width, height: play.height, style: MorphStyle(softness: 0.05))
        var alpha = [UInt8]()
        try fixed.renderAlpha(source: play, target: play, progress: 0, into: &alpha)
        let field = play.pixels.map { Double($0) / 255 }
        let steps = try #require(EdgeMetrics.stairSteps(alpha, field: field, width: play.width, height: play.height))
        #expect(steps.share > 0.5, "fixed softness at rest: \(steps)")
    }

    @Test("no frame's change is an isolated spike: each at most twice its larger neighbour")
    func noPopping() throws {
        for morph in try RealIconMorph.all.get() {
            let changes = EdgeMetrics.changes(morph.frames)
            let spike = EdgeMetrics.largestSpike(changes)
            // Measured: at most 1.42.
            #expect(spike.ratio <= 2, "\(morph): change \(spike.step) is \(spike.ratio) × its neighbours; \(changes)")
        }
    }

    @Test("a region only one icon covers fades over several frames, not one")
    func flatRegionFades() throws {
        // The middle of the play triangle is the source alone, far from any edge of either icon.
        let morph = try #require(try RealIconMorph.all.get().first { $0.name == RealIconMorph.flatRegionMorph })
        let (x, y, depth) = Self.deepestPixel(only: morph.source, notIn: morph.target)
        #expect(depth >= 20, "the region is \(depth) px deep")
        let pixel = y * morph.width + x
        let translucent = morph.frames.indices.filter { morph.frames[$0][pixel] > 0 && morph.frames[$0][pixel] < 255 }
        // Measured: frames 29, 30 and 31, with α 191, 127, 64 between 255 and 0 (fixed softness
        // 0.05: frame 31 only). The region's V is 1 − e there, so α goes from 1 to 0 as e
        // crosses t ± w_flat / 2; with smooth easing e moves 0.025 a frame in the middle.
        #expect(translucent.count >= 3, "translucent in frames \(translucent) of 61")
        // The progress over which it is translucent, in steps of half a frame.
        func span(_ style: MorphStyle) throws -> Double {
            let renderer = try MorphRenderer(width: morph.width, height: morph.height, style: style)
            var alpha = [UInt8]()
            let partial = try (52...68).map { Double($0) / 120 }.filter { p in
                try renderer.renderAlpha(source: morph.source, target: morph.target, progress: p, into: &alpha)
                return alpha[pixel] > 0 && alpha[pixel] < 255
            }
            return (partial.last ?? 0) - (partial.first ?? 0)
        }
        let automatic = try span(MorphStyle()), fixed = try span(MorphStyle(softness: 0.05))
        // Measured: 3 frames' worth of progress between the first and last translucent sample
        // (4 in continuous progress); the old fixed ramp 1.
        #expect(automatic * 60 >= 2.5, "the region fades over \(automatic * 60) frames' worth of progress")
        #expect(automatic > fixed, "automatic \(automatic * 60), fixed \(fixed * 60) frames")
    }

    /// The pixel of `mask` that is opaque, transparent in `other`, and farthest (in pixels,
    /// Chebyshev) from any pixel that is not both: found by eroding that set until it empties.
    static func deepestPixel(only mask: AlphaMask, notIn other: AlphaMask) -> (x: Int, y: Int, depth: Int) {
        let width = mask.width, height = mask.height
        var set = zip(mask.pixels, other.pixels).map { $0 == 255 && $1 == 0 }
        var depth = 0
        while true {
            var eroded = set
            for y in 0..<height {
                for x in 0..<width where set[y * width + x] {
                    var keep = true
                    for dy in -1...1 {
                        for dx in -1...1 {
                            let nx = x + dx, ny = y + dy
                            if nx < 0 || ny < 0 || nx >= width || ny >= height || !set[ny * width + nx] { keep = false }
                        }
                    }
                    eroded[y * width + x] = keep
                }
            }
            guard eroded.contains(true) else {
                let index = set.firstIndex(of: true) ?? 0
                return (index % width, index / width, depth)
            }
            set = eroded
            depth += 1
        }
    }
}
