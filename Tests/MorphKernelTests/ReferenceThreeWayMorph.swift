import Foundation
import MorphKernel

/// The frame of an interrupted morph in plain double precision: the oracle for frames with a
/// captured field, M = (1 − w) · ((1 − e) · S + e · T) + w · C, then `ReferenceMorph`'s blur
/// and edge.
enum ReferenceThreeWayMorph {
    /// The mix with the captured field `c` of weight `w`.
    static func mix(_ s: [UInt8], _ t: [UInt8], captured c: [Float], weight w: Double, e: Double) -> [Double] {
        s.indices.map { i in
            (1 - w) * ((1 - e) * Double(s[i]) / 255 + e * Double(t[i]) / 255) + w * Double(c[i])
        }
    }

    /// V of every pixel.
    static func field(
        source: [UInt8], target: [UInt8], captured: [Float], weight: Double, width: Int, height: Int, progress p: Double,
        style: MorphStyle
    ) -> [Double] {
        let m = mix(source, target, captured: captured, weight: weight, e: ReferenceMorph.eased(p, style.easing))
        return ReferenceMorph.separableBlur(
            m, width: width, height: height,
            weights: ReferenceMorph.weights(radius: ReferenceMorph.radius(progress: p, style: style)))
    }

    /// The output alpha of every pixel (unrounded), the automatic ramp's constants taken from
    /// the Gaussian of `rampRadius`.
    static func alpha(
        source: [UInt8], target: [UInt8], captured: [Float], weight: Double, width: Int, height: Int, progress p: Double,
        style: MorphStyle, rampRadius: Double
    ) -> [Double] {
        let v = field(
            source: source, target: target, captured: captured, weight: weight, width: width, height: height,
            progress: p, style: style)
        let coverage: [Double]
        switch style.softness {
        case .fixed(let s):
            coverage = v.map { ReferenceMorph.smoothstep(style.threshold - s, style.threshold, $0) }
        case .automatic:
            coverage = ReferenceMorph.automaticCoverage(
                field: v, width: width, height: height, radius: rampRadius, threshold: style.threshold)
        }
        return coverage.map { 255 * Double(style.tint.alpha) / 255 * $0 }
    }
}
