import _IconMorphSupport
import MorphKernel
import OutlineTrace
import PathMorph

/// `--format lottie`: every frame in one Lottie (Bodymovin JSON) animation, as the common
/// players read it (lottie-web, lottie-ios, lottie-android, rlottie).
///
/// The composition is the frame in points (each side rounded to whole points: `Composition`)
/// at the output's frame rate. Each output frame is a
/// shape layer holding its outline layer's contours — paths of cubic vertices with in and out
/// tangents — and a fill in the tint's colour (non-zero); a translucent frame's layer holds a
/// group per outline layer instead (the opaque outline first: Lottie draws the first item on
/// top), each with its own fill at the outline layer's opacity. Every layer spans the whole
/// composition and is shown by its opacity alone, with hold keyframes: the
/// tint's alpha from the frame's start until the next frame's, 0 before and after; or 100 %,
/// the tint's alpha in the fills, where those draw rings (`drawsRings`). (Players
/// disagree on whether a layer shows at its out point, so in and out points would show two
/// frames at once in some.) Frames drawn alike — a ping-pong's way back, the plays of
/// `--loops`, the frames about either end of an eased morph (within a few levels of each
/// other: `VectorAnimationSink`) — share one layer, shown at each of their times, so they
/// cost keyframes rather than outlines. Coordinates are
/// written as whole numbers of small units (`PathUnits`: a quarter of the fitting
/// tolerance), which each layer's transform scales back to pixels: 12–20 % fewer bytes than
/// hundredths of a pixel with a decimal point (`Benchmarks/Scripts/vector-fidelity.py
/// --sizes`). A layer writes no property whose value is the format's default (its 3-D flag,
/// time stretch, blend mode, auto-orient, name and rotation) and a one-layer frame no group
/// around its paths: 12 KB less a 61-frame morph (play → pause 91 → 79 KB), drawn the same to
/// the byte by rlottie and lottie-web. A background is a rectangle layer under them. Lottie
/// has no loop count (players loop by their own setting); `--loops n` writes the n plays one
/// after another, 0 writes one.
///
/// Path morphs are keyframed instead (`keyframedText`), their frames being interpolations
/// of one outline. Traced frames are not: matching the outlines of two traced frames of
/// bell → magnifyingglass (`iconmorph paths` on the SVG frames) and letting a player
/// interpolate between them drew the frame between at a soft IoU of 0.974–0.978 against its
/// PNG frame two frames apart, and 0.91–0.99 four to eight apart (rsvg-convert), where the
/// traced frames themselves keep 0.99: a metaball outline does not move its points on
/// straight lines.
package enum LottieDocument {
    package static func text(_ frames: [VectorFrame], delays: [Rational], fps: Rational, loops: Int, canvas: VectorCanvas) -> String {
        let clock = Clock(delays: delays, fps: fps, loops: loops)
        let (times, end) = (clock.times, clock.end)
        // One layer per different drawing, with the times it shows.
        let units = PathUnits(tolerance: canvas.tolerance, composition: Composition(canvas))
        let distinct = DistinctDrawings(frames) { shapes($0, units: units) }
        var shows = [[Show]](repeating: [], count: distinct.drawings.count)
        for (k, time) in times.enumerated() {
            let frame = k % frames.count
            // The tint's alpha: in the fills of rings (`drawsRings`), else the layer's opacity.
            let alpha = drawsRings(frames[frame]) ? 255 : frames[frame].tint.alpha
            shows[distinct.drawingOfFrame[frame]].append(Show(
                from: time, to: k + 1 < times.count ? times[k + 1] : end,
                alpha: VectorCanvas.opacity(Double(alpha) / 255 * 100)))
        }
        var layers = distinct.drawings.indices.map { index in
            shapeLayer(distinct.drawings[index], shows: shows[index], index: index + 1, end: end, units: units)
        }
        if let background = canvas.background { layers.append(backgroundLayer(background, index: layers.count + 1, end: end, canvas: canvas)) }
        return document(layers, clock: clock, canvas: canvas)
    }

    /// The composition around `layers` (top first).
    static func document(_ layers: [String], clock: Clock, canvas: VectorCanvas) -> String {
        let composition = Composition(canvas)
        return "{\"v\":\"5.7.4\",\"fr\":\(PathContour.formatNumber(clock.rate, decimals: 6)),\"ip\":0,\"op\":\(clock.end),"
            + "\"w\":\(composition.width),\"h\":\(composition.height),\"nm\":\"iconmorph\",\"ddd\":0,\"assets\":[],\"layers\":[\n"
            + layers.joined(separator: ",\n") + "\n]}\n"
    }

    /// The composition's size: the frame's in points, as an SVG document's is, each side
    /// rounded to a whole number of points (the format's sizes are whole numbers), at least
    /// 1. lottie-ios and lottie-android take a composition's size in points and dp for the
    /// animation's own size, so a 44 pt icon drawn at 3 pixels a point is a 44 × 44
    /// composition, not 132 × 132, which such a view would show three times too large. The
    /// layers' transforms scale the outlines' pixels to its units, each side by its own
    /// factor: the frame's pixels over the composition's units, the canvas's scale where a
    /// side is a whole number of points, and otherwise within half a point of it (a 136 px
    /// frame at 3 pixels a point, 45.33 pt, is 45 pt, its outlines drawn 0.7 % smaller), so
    /// that a player drawing the composition at the frame's pixels draws them at their own.
    package struct Composition {
        package let width: Int, height: Int
        /// Pixels in one of the composition's units, across and down.
        package let pixelsPerUnit: SIMD2<Double>

        package init(_ canvas: VectorCanvas) {
            func points(_ pixels: Int) -> Int { max(1, Int((Double(pixels) / canvas.scale).rounded())) }
            (width, height) = (points(canvas.width), points(canvas.height))
            pixelsPerUnit = SIMD2(Double(canvas.width) / Double(width), Double(canvas.height) / Double(height))
        }
    }

    /// When each output frame shows, in composition frames at the output's frame rate: its
    /// start in each play, one play after another (`--loops n` writes the n plays, 0 one).
    /// Each frame lasts its delay in whole frames, round(delay · fps) rounded once (a half up,
    /// and at least one), so a
    /// hold is `FrameTiming.frameCount` frames more, as frame files repeat it, and no frame
    /// shares its start with another. (Starts rounded from the running time instead put two
    /// frames on one start or left a frame between them where a hold is a half frame: 0.25 s
    /// at 10 fps drew a frame never and lost the hold's half frame.)
    ///
    /// A clock of `unitsPerFrame` m > 1 counts in m-ths of a frame (a rate of m · fps), as a
    /// path morph's animated SVG does to keep its holds exact (`unitsPerFrame(exactFor:fps:)`).
    package struct Clock {
        /// Units per second: the frame rate times the units in a frame.
        let rate: Double
        /// Per output frame of every play in turn, the composition frame it starts at.
        package let times: [Int]
        /// The composition's length: where the last frame stops showing.
        package let end: Int

        package init(delays: [Rational], fps: Rational, loops: Int, unitsPerFrame: Int = 1) {
            rate = fps.doubleValue * Double(unitsPerFrame)
            var starts: [Int] = []
            starts.reserveCapacity(delays.count)
            var length = 0
            for delay in delays {
                starts.append(length)
                // In frames first (a small fraction), then in units: the fraction of units of an
                // hour's hold at 1000 fps would not fit `Rational`'s arithmetic.
                length += max(unitsPerFrame, (delay * fps).rounded(times: unitsPerFrame))
            }
            length = max(1, length)
            let plays = max(1, loops)
            var times: [Int] = []
            times.reserveCapacity(plays * starts.count)
            for play in 0..<plays { times += starts.map { $0 + play * length } }
            self.times = times
            end = plays * length
        }

        /// The fewest units a frame at which every one of `delays` is a whole number of units
        /// (the least common multiple of the denominators of delay · fps), or `largestUnits`
        /// when that is more.
        static func unitsPerFrame(exactFor delays: [Rational], fps: Rational) -> Int {
            var units = 1
            for delay in delays {
                let denominator = (delay * fps).denominator
                let common = units / Rational.gcd(units, denominator)
                let (multiple, overflows) = common.multipliedReportingOverflow(by: denominator)
                guard !overflows, multiple <= largestUnits else { return largestUnits }
                units = multiple
            }
            return units
        }

        /// The most units a frame `unitsPerFrame(exactFor:fps:)` takes: a hold is then within
        /// a hundred-thousandth of a frame of its length.
        static let largestUnits = 100_000
    }

    /// A layer transform's anchor, position and scale (the properties the format requires
    /// besides the opacity): no offset, the scale `scale` percent across and down.
    static func staticTransform(scale: (x: String, y: String) = ("100", "100")) -> String {
        "\"a\":{\"a\":0,\"k\":[0,0,0]},\"p\":{\"a\":0,\"k\":[0,0,0]},\"s\":{\"a\":0,\"k\":[\(scale.x),\(scale.y),100]}"
    }

    /// A time a drawing shows: from composition frame `from` until `to`, at opacity `alpha`
    /// (percent, as written).
    package struct Show {
        package let from: Int, to: Int
        package let alpha: String

        package init(from: Int, to: Int, alpha: String) {
            (self.from, self.to, self.alpha) = (from, to, alpha)
        }
    }

    /// Hold keyframes of one property, kept where its value changes: a key at the time of the
    /// one before replaces it, and one that changes nothing is left out.
    package struct HoldKeys {
        package private(set) var keys: [(time: Int, value: String)] = []

        /// `value` from composition frame `time` on.
        mutating func add(_ value: String, at time: Int) {
            if keys.last?.time == time { keys.removeLast() }
            if keys.last?.value != value { keys.append((time, value)) }
        }

        /// The property: static when it has one key (lottie-web 5.8.1 draws nothing of a layer
        /// whose opacity is animated with a single keyframe), else its hold keyframes; a
        /// `scalar`'s keyframe values are written in brackets, as the format has them.
        func property(scalar: Bool) -> String {
            guard keys.count > 1 else { return "{\"a\":0,\"k\":\(keys[0].value)}" }
            let values = keys.map { scalar ? "[\($0.value)]" : $0.value }
            return "{\"a\":1,\"k\":[" + zip(keys, values).map { "{\"t\":\($0.time),\"s\":\($1),\"h\":1}" }.joined(separator: ",") + "]}"
        }
    }

    /// The hold keyframes of a layer's opacity that show it at `shows` (in time order, not
    /// overlapping) and hide it at every other time of a composition `end` frames long: 0
    /// until a show starts, its alpha from then, 0 again when it ends, unless the next show
    /// starts there.
    package static func opacityKeys(_ shows: [Show], end: Int) -> HoldKeys {
        var keys = HoldKeys()
        var shownUntil = 0
        for show in shows {
            if show.from > shownUntil { keys.add("0", at: shownUntil) }
            keys.add(show.alpha, at: show.from)
            shownUntil = show.to
        }
        if shownUntil < end { keys.add("0", at: shownUntil) }
        return keys
    }

    /// A drawing as a shape layer present throughout, shown by its opacity alone
    /// (`opacityKeys`). Its transform scales the shapes from `units` to pixels.
    static func shapeLayer(_ shapes: String, shows: [Show], index: Int, end: Int, units: PathUnits) -> String {
        let opacity = opacityKeys(shows, end: end).property(scalar: true)
        return "{\"ind\":\(index),\"ty\":4,\"ip\":0,\"op\":\(end),\"st\":0,"
            + "\"ks\":{\"o\":\(opacity),\(staticTransform(scale: units.scale))},\"shapes\":[" + shapes + "]}"
    }

    /// Whether a frame is drawn as rings, the tint's alpha in their fills and its layer at
    /// 100 %: a frame of one outline layer, or of nested ones (`MaskTracer.nestsLayers`).
    /// Other frames are a staircase of overlapping fills under the tint's alpha as the
    /// layer's opacity.
    ///
    /// Players disagree on a layer's opacity over several fills: lottie-web's SVG renderer and
    /// rlottie composite the layer as a whole, lottie-web's canvas renderer (and lottie-android
    /// unless told otherwise) multiply each fill by it, so a staircase of overlapping fills
    /// drew too opaque where they overlap (play → pause's half-way frame in #3478F680: a soft
    /// IoU of 0.72 against its PNG frame on the canvas, 0.99 in SVG). Rings overlap nowhere
    /// (but in slivers where two nested outlines that follow one edge cross, within the
    /// tolerance), and with the alpha in their fills and the layer at 100 % every player
    /// draws the same: on the canvas and in rlottie 0.988–0.994 at worst over nine- and
    /// 21-frame morphs of play → pause, bell → magnifyingglass, edit-find → mail-send and
    /// dialog-warning → dialog-information (in rlottie 0.977–0.981 before, as it also draws
    /// a layer's opacity slightly too faint). A file in an opaque tint keeps the staircase
    /// (the tool traces it unnested), its layers at 100 %, which every player draws alike,
    /// and smaller: the rings write each inner outline twice. Nested frames in an opaque
    /// tint (the opaque end of a `--color-to` ramp into a translucent colour) are rings
    /// too: stacked, their layers would all draw the sharp edges they share.
    static func drawsRings(_ frame: VectorFrame) -> Bool {
        frame.layers.count <= 1 || frame.layers.allSatisfy(\.isNested)
    }

    /// A frame's drawing, in the tint: its outline layer's paths and fill, or for several
    /// outline layers a group of each, the opaque one first. Drawn as rings (`drawsRings`),
    /// each layer's paths go with the next one's reversed, which the non-zero rule leaves
    /// empty inside that one (its region holds the next), filled at the tint's alpha times
    /// the coverage the layers composited in order give there.
    private static func shapes(_ frame: VectorFrame, units: PathUnits) -> String {
        let color = "{\"a\":0,\"k\":\(colorValue(frame.tint))}"
        func items(_ contours: [PathContour]) -> [String] {
            contours.map { "{\"ty\":\"sh\",\"ks\":{\"a\":0,\"k\":\(path($0, units: units))}}" }
        }
        let layers = frame.layers
        var drawn: [[String]]
        if drawsRings(frame) {
            let alpha = Double(frame.tint.alpha) / 255
            // Each layer's coverage as the layers up to it composite, bottom first.
            var below = 0.0
            drawn = layers.indices.map { k in
                below = 1 - (1 - below) * (1 - layers[k].opacity)
                let ring = k + 1 < layers.count ? layers[k + 1].contours.map { $0.reversed() } : []
                return filled(items(layers[k].contours + ring), color: color, opacity: VectorCanvas.opacity(alpha * below * 100))
            }
            drawn.reverse()
        } else {
            drawn = layers.reversed().map { filled(items($0.contours), color: color, opacity: VectorCanvas.opacity($0.opacity * 100)) }
        }
        return drawn.count == 1 ? drawn[0].joined(separator: ",") : drawn.map(group).joined(separator: ",")
    }

    /// `paths` (shape items) and a fill with the colour property `color` at `opacity` percent
    /// under the non-zero rule.
    static func filled(_ paths: [String], color: String, opacity: String) -> [String] {
        filled(paths, color: color, opacityProperty: "{\"a\":0,\"k\":\(opacity)}")
    }

    /// `paths` and a fill with the colour property `color` and the opacity property
    /// `opacityProperty` (percent, static or keyframed) under the non-zero rule.
    static func filled(_ paths: [String], color: String, opacityProperty: String) -> [String] {
        paths + ["{\"ty\":\"fl\",\"c\":\(color),\"o\":\(opacityProperty),\"r\":1}"]
    }

    /// `items` as a group with no transform of its own (the format wants one written).
    static func group(_ items: [String]) -> String {
        let tr = "{\"ty\":\"tr\",\"o\":{\"a\":0,\"k\":100},\"p\":{\"a\":0,\"k\":[0,0]},\"a\":{\"a\":0,\"k\":[0,0]},"
            + "\"s\":{\"a\":0,\"k\":[100,100]}}"
        return "{\"ty\":\"gr\",\"it\":[" + (items + [tr]).joined(separator: ",") + "]}"
    }

    /// A tint's colour as a Lottie colour value: `[r,g,b,1]`, each from 0 to 1.
    static func colorValue(_ tint: TintColor) -> String {
        "[" + [tint.red, tint.green, tint.blue].map { VectorCanvas.opacity(Double($0) / 255) }.joined(separator: ",") + ",1]"
    }

    /// The units of the paths' coordinates: four per `tolerance` pixels (a fortieth of a pixel
    /// at the default 0.1 px), so that rounding moves a node by at most an eighth of how far
    /// the fitted curves may stray already, and a control point (its node plus a rounded
    /// tangent) by at most a quarter.
    ///
    /// Half as fine (two units per tolerance) was measured: 4–5 % fewer bytes (6–12 %
    /// gzipped; go-next → play, media-playback, document-open → document-save), but rlottie
    /// drew frames up to 0.0023 soft IoU further from their PNG frames (go-next → play's
    /// frames near the ends 0.9939 → 0.9917).
    struct PathUnits {
        /// The layers' scale from units to the composition's (`Composition`), in percent,
        /// across and down, as written.
        let scale: (x: String, y: String)
        /// Units in a pixel across and down, from the scale as written (so that a player's
        /// product of the two is the pixel's place in the composition, rounded to a unit).
        let perPixel: SIMD2<Double>

        /// Units of `tolerance` / 4 pixels, in a layer of `composition`.
        init(tolerance: Double, composition: Composition) {
            let ratio = composition.pixelsPerUnit
            scale = (
                PathContour.formatNumber(100 * tolerance / 4 / ratio.x, decimals: 6),
                PathContour.formatNumber(100 * tolerance / 4 / ratio.y, decimals: 6))
            perPixel = SIMD2(100 / Double(scale.x)! / ratio.x, 100 / Double(scale.y)! / ratio.y)
        }

        /// A point (or a vector) in pixels as `[x,y]` in whole numbers of units.
        func pair(_ point: SIMD2<Double>) -> String {
            "[\(number(point.x * perPixel.x)),\(number(point.y * perPixel.y))]"
        }

        /// `units` rounded to a whole number (0 for a value that is not a finite number,
        /// which the tracer does not make: never a trap).
        private func number(_ units: Double) -> String {
            guard let whole = Int(exactly: units.rounded()), whole != 0 else { return "0" }
            return String(whole)
        }
    }

    /// One contour as a Lottie path value: vertices (the nodes) with in and out tangents
    /// relative to them, in `units`.
    static func path(_ contour: PathContour, units: PathUnits) -> String {
        var vertices: [String] = [], ins: [String] = [], outs: [String] = []
        let n = contour.curves.count
        for k in 0..<n {
            let node = k == 0 ? contour.start : contour.curves[k - 1].end
            let incoming = contour.curves[(k + n - 1) % n]   // ends at this node
            let outgoing = contour.curves[k]
            vertices.append(units.pair(node))
            ins.append(units.pair(incoming.control2 - node))
            outs.append(units.pair(outgoing.control1 - node))
        }
        return "{\"c\":true,\"v\":[\(vertices.joined(separator: ","))],"
            + "\"i\":[\(ins.joined(separator: ","))],\"o\":[\(outs.joined(separator: ","))]}"
    }

    static func backgroundLayer(_ color: TintColor, index layersBelow: Int, end: Int, canvas: VectorCanvas) -> String {
        let composition = Composition(canvas)
        let rect = "{\"ty\":\"rc\",\"d\":1,\"s\":{\"a\":0,\"k\":[\(composition.width),\(composition.height)]},"
            + "\"p\":{\"a\":0,\"k\":[\(Double(composition.width) / 2),\(Double(composition.height) / 2)]},\"r\":{\"a\":0,\"k\":0}}"
        let items = filled(
            [rect], color: "{\"a\":0,\"k\":\(colorValue(color))}", opacity: VectorCanvas.opacity(Double(color.alpha) / 255 * 100))
        return "{\"ind\":\(layersBelow),\"ty\":4,\"nm\":\"background\",\"ip\":0,\"op\":\(end),\"st\":0,"
            + "\"ks\":{\"o\":{\"a\":0,\"k\":100},\(staticTransform())},\"shapes\":[" + items.joined(separator: ",") + "]}"
    }
}
