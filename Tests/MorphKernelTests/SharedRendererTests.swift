import AlphaRaster
import Dispatch
import MorphKernel
import Testing

/// One renderer shared by several threads at once: its lock serialises the calls, so every
/// thread gets exactly the bytes a lone renderer gives for the same frame, whether the frames
/// are split over helper threads or not, and whatever the interleaving.
@Suite struct SharedRendererTests {
    static func masks(width: Int, height: Int) throws -> (AlphaMask, AlphaMask) {
        var source = [UInt8](repeating: 0, count: width * height), target = source
        for y in 0..<height {
            for x in 0..<width {
                let dx = Double(x) - Double(width) / 2, dy = Double(y) - Double(height) / 2
                source[y * width + x] = UInt8(max(0, min(255, (Double(width) / 3 - (dx * dx + dy * dy).squareRoot()) * 64)))
                target[y * width + x] = abs(dx) < Double(width) / 4 && abs(dy) < Double(height) / 5 ? 255 : 0
            }
        }
        return (try AlphaMask(width: width, height: height, pixels: source), try AlphaMask(width: width, height: height, pixels: target))
    }

    @Test(arguments: [MorphConcurrency.serial, .automatic])
    func hammeredRendererMatchesALoneOne(_ concurrency: MorphConcurrency) throws {
        // 200 × 180 at a 20 px radius is past the split threshold, so `.automatic` also uses
        // the helper threads while other callers wait on the lock.
        let (source, target) = try Self.masks(width: 200, height: 180)
        let style = MorphStyle(maxBlurRadius: 20, tint: TintColor(red: 52, green: 120, blue: 246))
        let progresses = (0...8).map { Double($0) / 8 }
        let lone = try MorphRenderer(width: 200, height: 180, style: style)
        lone.concurrency = .serial
        var expectedRGBA: [[UInt8]] = [], expectedAlpha: [[UInt8]] = []
        for p in progresses {
            var rgba: [UInt8] = [], alpha: [UInt8] = []
            try lone.renderRGBA(source: source, target: target, progress: p, into: &rgba)
            try lone.renderAlpha(source: source, target: target, progress: p, into: &alpha)
            expectedRGBA.append(rgba)
            expectedAlpha.append(alpha)
        }

        let (wantRGBA, wantAlpha) = (expectedRGBA, expectedAlpha)
        let shared = try MorphRenderer(width: 200, height: 180, style: style)
        shared.concurrency = concurrency
        let threads = 4, rounds = 8
        let mismatches = Mismatches()
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            var rgba: [UInt8] = [], alpha: [UInt8] = []
            for round in 0..<rounds {
                // Each thread walks the frames in its own order and flips settings meanwhile.
                let index = (round * 5 + thread * 3) % progresses.count
                if round % 4 == thread % 4 { shared.concurrency = round % 2 == 0 ? .serial : concurrency }
                do {
                    try shared.renderRGBA(source: source, target: target, progress: progresses[index], into: &rgba)
                    try shared.renderAlpha(source: source, target: target, progress: progresses[index], into: &alpha)
                    if rgba != wantRGBA[index] || alpha != wantAlpha[index] { mismatches.add("thread \(thread) p=\(progresses[index])") }
                } catch {
                    mismatches.add("thread \(thread): \(error)")
                }
            }
        }
        #expect(mismatches.list.isEmpty, "\(mismatches.list)")
    }

    /// The mismatches seen by the threads, collected under a lock.
    final class Mismatches: @unchecked Sendable {
        private let lock = DispatchSemaphore(value: 1)
        private var items: [String] = []
        func add(_ item: String) {
            lock.wait()
            items.append(item)
            lock.signal()
        }
        var list: [String] {
            lock.wait()
            defer { lock.signal() }
            return items
        }
    }
}
