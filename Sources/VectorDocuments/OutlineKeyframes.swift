import MorphKernel

/// Where a path morph's outline needs keyframes, for the animated formats that interpolate
/// paths themselves (`LottieDocument.keyframedText`, `SVGAnimationDocument.keyframedText`).
///
/// A frame's outline is every point at (1 − e)·source + e·target, e the eased progress, and
/// a player interpolating between two keyframes moves every point on a straight line between
/// them too, at the share of the way its easing curve gives. Between two keyframes the
/// progress p runs at a steady rate, and e(p) — p²(3 − 2p) or p — is then a cubic of the
/// time, which a cubic Bézier easing curve with time handles at ⅓ and ⅔ (so that its time
/// runs evenly) gives exactly (`curve`). So a key goes at every output frame's start and at
/// the last composition frame of a frame shown longer (a hold stays until the frame before
/// the next), and then every key is dropped whose neighbours' motion runs through it at the
/// same rate: what is left are the ends of the morph, of a hold, of a ping-pong's way there
/// and of a play. A jump (a play starting over, a step much larger than the others) is
/// held until the next key.
package struct OutlineKeyframes {
    /// A keyframe: its composition frame, its eased progress, and the easing curve to the
    /// next (nil: a jump, held until the next).
    package struct Key {
        package var time: Int
        var eased: Double
        package var curve: (out: Double, in: Double)?
    }

    package private(set) var keys: [Key] = []

    /// The keys of `frames` starting at `times` (in units of a clock with `unitsPerFrame`
    /// units in a frame: a frame shown longer stays until a frame before the next).
    package init(_ frames: [OutlineFrame], times: [Int], easing: MorphEasing, unitsPerFrame: Int = 1) {
        guard !frames.isEmpty, !times.isEmpty else { return }
        // The step between consecutive frames of the motion: larger ones are jumps.
        var step = Double.infinity
        for k in 1..<times.count {
            let change = abs(frames[k % frames.count].progress - frames[(k - 1) % frames.count].progress)
            if change > 0 { step = min(step, change) }
        }
        var points: [(time: Int, progress: Double, eased: Double, jumps: Bool)] = []
        for (k, time) in times.enumerated() {
            let frame = frames[k % frames.count]
            let next = k + 1 < times.count ? frames[(k + 1) % frames.count] : nil
            let jumps = next.map { abs($0.progress - frame.progress) > 1.5 * step } ?? false
            if let next, times[k + 1] - time > unitsPerFrame, next.progress != frame.progress {
                // Shown longer: still until a frame before the next.
                points.append((time, frame.progress, frame.eased, false))
                points.append((times[k + 1] - unitsPerFrame, frame.progress, frame.eased, jumps))
            } else {
                points.append((time, frame.progress, frame.eased, jumps))
            }
        }
        // Keep a point where the motion changes: a jump on either side, or another rate.
        var kept = [points[0]]
        for i in 1..<points.count {
            let point = points[i]
            if i + 1 < points.count, let last = kept.last, !last.jumps, !point.jumps {
                let after = points[i + 1]
                let before = (point.progress - last.progress) * Double(after.time - point.time)
                let rest = (after.progress - point.progress) * Double(point.time - last.time)
                if abs(before - rest) <= 1e-9 * Double(max(1, after.time - last.time)) { continue }
            }
            kept.append(point)
        }
        keys = kept.indices.map { i in
            let point = kept[i]
            guard i + 1 < kept.count, !point.jumps else {
                return Key(time: point.time, eased: point.eased, curve: nil)
            }
            let next = kept[i + 1]
            return Key(time: point.time, eased: point.eased, curve: Self.curve(from: point.progress, to: next.progress, easing: easing))
        }
    }

    /// The easing handles' values (the out one's and the in one's, their times ⅓ and ⅔)
    /// that give e(p) as p runs steadily from `p0` to `p1`: the cubic e(p(s)), s the share
    /// of the time, set by its ends and its slopes there, as a share of e(p1) − e(p0).
    package static func curve(from p0: Double, to p1: Double, easing: MorphEasing) -> (out: Double, in: Double) {
        let e0 = easing(p0), e1 = easing(p1)
        guard e1 != e0 else { return (1.0 / 3, 2.0 / 3) }
        // de/ds at each end: de/dp · (p1 − p0).
        func slope(_ p: Double) -> Double {
            switch easing {
            case .smooth: 6 * p * (1 - p) * (p1 - p0)
            case .linear: p1 - p0
            }
        }
        return (slope(p0) / (e1 - e0) / 3, 1 - slope(p1) / (e1 - e0) / 3)
    }
}
