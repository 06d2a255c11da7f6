import VectorDocuments
import _IconMorphSupport
import Foundation
import MorphKernel
@testable import OutlineTrace
import PathMorph
import Testing
import _TestSupport
@testable import iconmorph

/// The Lottie paths' whole-number coordinates, read back as a player reads them (scaled by
/// their layer's transform), against the contours they were written from: every node within
/// an eighth of the tolerance, every control point within a quarter (a node's rounding and
/// its tangent's).
struct LottiePathUnitsTests {
    /// Random closed contours over a frame of `size` pixels, some points a little outside it.
    static func contours(_ random: inout SplitMix64, size: Double) -> [PathContour] {
        func point() -> SIMD2<Double> {
            SIMD2(Double.random(in: -2...(size + 2), using: &random), Double.random(in: -2...(size + 2), using: &random))
        }
        return (0..<3).map { _ in
            PathContour(start: point(), curves: (0..<Int.random(in: 1...6, using: &random)).map { _ in
                .init(control1: point(), control2: point(), end: point())
            })
        }
    }

    @Test(arguments: [0.01, 0.1, 0.37, 10])
    func pathsReadBackWithinAnEighthOfTheTolerance(_ tolerance: Double) throws {
        var random = SplitMix64(seed: 41)
        for size in [132.0, 2048] {
            let contours = Self.contours(&random, size: size)
            let frame = VectorFrame(layers: [MaskTracer.Layer(contours: contours, opacity: 1)],
                                    tint: TintColor(red: 0, green: 0, blue: 0, alpha: 255))
            let canvas = try VectorCanvas(width: Int(size), height: Int(size), tolerance: tolerance)
            let text = LottieDocument.text([frame], delays: [Rational(1, 30)], fps: Rational(30), loops: 1, canvas: canvas)
            let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            let layer = try #require((document["layers"] as? [[String: Any]])?.first)
            let items = try #require(VectorExportTests.outlineLayers(of: layer).first)
            // The layer's transform: its scale in percent (no offset or anchor, no rotation).
            let transform = try #require(layer["ks"] as? [String: Any])
            #expect(transform["r"] == nil)
            let scale = try #require(((transform["s"] as? [String: Any])?["k"] as? [Double])?.first) / 100
            for key in ["p", "a"] { #expect(((transform[key] as? [String: Any])?["k"] as? [Double]) == [0, 0, 0]) }
            let paths = items.filter { $0["ty"] as? String == "sh" }
            #expect(paths.count == contours.count)
            for (path, contour) in zip(paths, contours) {
                let value = try #require((path["ks"] as? [String: Any])?["k"] as? [String: Any])
                func points(_ key: String) throws -> [SIMD2<Double>] {
                    let numbers = try #require(value[key] as? [[Double]])
                    // Whole numbers of units, as written.
                    #expect(numbers.allSatisfy { $0.count == 2 && $0.allSatisfy { $0 == $0.rounded() } })
                    return numbers.map { SIMD2($0[0], $0[1]) * scale }
                }
                let (nodes, ins, outs) = (try points("v"), try points("i"), try points("o"))
                let n = contour.curves.count
                #expect(nodes.count == n && ins.count == n && outs.count == n)
                for k in 0..<min(n, nodes.count, ins.count, outs.count) {
                    let node = k == 0 ? contour.start : contour.curves[k - 1].end
                    let incoming = contour.curves[(k + n - 1) % n], outgoing = contour.curves[k]
                    func distance(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { max(abs(a.x - b.x), abs(a.y - b.y)) }
                    #expect(distance(nodes[k], node) <= tolerance / 8 * (1 + 1e-9), "node \(k): \(nodes[k]) for \(node)")
                    #expect(distance(nodes[k] + ins[k], incoming.control2) <= tolerance / 4 * (1 + 1e-9))
                    #expect(distance(nodes[k] + outs[k], outgoing.control1) <= tolerance / 4 * (1 + 1e-9))
                }
            }
        }
    }
}
