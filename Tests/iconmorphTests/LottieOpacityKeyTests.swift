import VectorDocuments
import Testing
import _TestSupport
@testable import iconmorph

/// The hold keyframes of a shared Lottie layer against the times it should show, composition
/// frame by composition frame: a hold key's value lasts until the next key.
struct LottieOpacityKeyTests {
    /// The opacity the keys give at `time`: the value of the last key at or before it.
    static func opacity(at time: Int, _ keys: [(time: Int, value: String)]) -> String? {
        keys.last { $0.time <= time }?.value
    }

    @Test func layersShowExactlyAtTheirTimes() {
        var random = SplitMix64(seed: 17)
        for _ in 0..<500 {
            // A timeline cut into consecutive frames (some zero long, as when two frames start
            // in the same composition frame), each shown by one of a few drawings.
            let frames = Int.random(in: 1...12, using: &random)
            var starts = [0]
            for _ in 1..<frames { starts.append(starts.last! + Int.random(in: 0...3, using: &random)) }
            let end = starts.last! + Int.random(in: 1...3, using: &random)
            let drawings = Int.random(in: 1...3, using: &random)
            let alphas = ["100", "50"]
            var shows = [[LottieDocument.Show]](repeating: [], count: drawings)
            var expected = [[String]](repeating: [String](repeating: "0", count: end), count: drawings)
            for k in 0..<frames {
                let drawing = Int.random(in: 0..<drawings, using: &random)
                let show = LottieDocument.Show(
                    from: starts[k], to: k + 1 < frames ? starts[k + 1] : end, alpha: alphas.randomElement(using: &random)!)
                shows[drawing].append(show)
                for t in show.from..<show.to { expected[drawing][t] = show.alpha }
            }
            for drawing in 0..<drawings {
                let keys = LottieDocument.opacityKeys(shows[drawing], end: end).keys
                #expect(keys.first?.time == 0, "the first key opens the composition")
                #expect(zip(keys, keys.dropFirst()).allSatisfy { $0.time < $1.time && $0.value != $1.value },
                        "keys in time order, each a change: \(keys)")
                for t in 0..<end {
                    #expect(Self.opacity(at: t, keys) == expected[drawing][t], "drawing \(drawing) at \(t): \(keys), shows \(shows[drawing])")
                }
            }
        }
    }
}
