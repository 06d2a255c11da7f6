import _IconMorphSupport
import AlphaRaster
import MorphKernel

/// Notes the metaball and distance frames that come out empty, or nearly, though both icons
/// have a shape — what a blur too large for the icons does to the middle of a morph, or, with
/// distances, icons too far apart for their shapes to meet — so that the command can warn once
/// after the run instead of leaving the user to find blank frames.
///
/// A frame is nearly empty when its coverage (the sum of its alpha) is under `share` of the
/// smaller icon's as drawn at rest (its pixels over the threshold; all of them for an icon with
/// translucent layers). Frames over a `--background` (opaque everywhere) and path frames are not
/// judged. Workers report from any thread.
final class EmptyFrameWatch: @unchecked Sendable {
    /// The share of the smaller icon's coverage under which a frame counts as nearly empty.
    static let share = 0.05

    private let lock = MutexLock()
    /// The frames found nearly empty, with their progress.
    private var progress: [Int: Double] = [:]

    /// The frames found nearly empty, ascending.
    var emptyFrames: [Int] {
        lock.lock()
        defer { lock.unlock() }
        return progress.keys.sorted()
    }

    /// One worker's view: it remembers the icons' coverage for the masks it has seen (a
    /// render's frames share one pair; an animation's segments have a few).
    struct Worker {
        let watch: EmptyFrameWatch
        /// The byte under which an icon's pixel is not drawn at rest (the style's threshold):
        /// an icon's coverage counts only what it shows, so a faint icon (all under the
        /// threshold) is not a reference a frame can fall short of.
        let threshold: UInt8
        /// The icons' coverage by the addresses of their two masks' pixels: a few pairs at
        /// most, searched (a dictionary keyed by a type of ours cost every command a
        /// first-use conformance lookup by the runtime).
        private var iconCoverage: [(pair: MaskPair, coverage: Int)] = []

        private struct MaskPair: Equatable {
            var source: Int, target: Int
        }

        init(watch: EmptyFrameWatch, threshold: Double) {
            self.watch = watch
            self.threshold = UInt8(max(0, min(254, (threshold * 255).rounded(.down))))
        }

        /// Judges frame `index` from its pixels: `bytesPerPixel` bytes each (1: alpha only;
        /// 4: RGBA) in rows of `width`, drawn with the tint's alpha `tintAlpha`.
        mutating func check(_ frame: FrameSource, index: Int, pixels: UnsafeRawBufferPointer, width: Int, bytesPerPixel: Int, tintAlpha: UInt8) {
            guard case .masks(let morph) = frame, tintAlpha > 0 else { return }
            let key = MaskPair(source: morph.source.pixels.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) },
                               target: morph.target.pixels.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) })
            let reference: Int
            if let known = iconCoverage.first(where: { $0.pair == key })?.coverage {
                reference = known
            } else {
                reference = min(iconCoverage(of: morph.source), iconCoverage(of: morph.target))
                iconCoverage.append((key, reference))
            }
            let own = Double(Self.coverage(pixels, width: width, bytesPerPixel: bytesPerPixel)) * 255 / Double(tintAlpha)
            guard reference > 0, own < EmptyFrameWatch.share * Double(reference) else { return }
            watch.lock.lock()
            watch.progress[index] = morph.progress
            watch.lock.unlock()
        }

        /// What an icon shows at rest: its pixels over the threshold, or every pixel of one with
        /// translucent layers (`AlphaMask.opaqueCoverage`), which the frame at rest shows whole.
        private func iconCoverage(of mask: AlphaMask) -> Int {
            mask.pixels.withUnsafeBytes {
                Self.coverage($0, width: mask.width, bytesPerPixel: 1, over: mask.opaqueCoverage == nil ? threshold : 0)
            }
        }

        /// The alpha summed over every fourth row (enough to tell a shape from none, at a
        /// quarter of the reads), the alpha being the last byte of each pixel; only bytes
        /// over `over` count.
        static func coverage(_ pixels: UnsafeRawBufferPointer, width: Int, bytesPerPixel: Int, over: UInt8 = 0) -> Int {
            let rowBytes = width * bytesPerPixel
            guard rowBytes > 0 else { return 0 }
            var total = 0
            var row = 0
            while row + rowBytes <= pixels.count {
                var i = row + bytesPerPixel - 1
                while i < row + rowBytes {
                    if pixels[i] > over { total &+= Int(pixels[i]) }
                    i += bytesPerPixel
                }
                row += 4 * rowBytes
            }
            return total
        }
    }

    /// The warning for the frames found, or `nil` when there are none: which frames (a range
    /// when they run on), and what to change for the field stage `field`.
    func warning(frameCount: Int, field: MorphField) -> String? {
        let frames = emptyFrames
        guard let first = frames.first, let last = frames.last else { return nil }
        let which: String
        if frameCount == 1 {
            which = "the frame"
        } else if frames.count == 1 {
            which = "frame \(first) of \(frameCount) (p = \(formatNumber(((progress[first] ?? 0) * 100).rounded() / 100)))"
        } else if last - first + 1 == frames.count {
            which = "frames \(first)–\(last) of \(frameCount)"
        } else {
            which = "\(frames.count) of \(frameCount) frames (\(first) to \(last))"
        }
        let advice = switch field {
        case .metaball: "the blur melts the icons away there; a smaller --blur keeps the shape"
        case .distance: "the blur shrinks the shapes away there, or they lie too far apart to meet half-way; a smaller --blur keeps the shape"
        }
        return "\(which) \(frames.count == 1 ? "is" : "are") nearly empty (under \(Int(Self.share * 100)) % of the smaller "
            + "icon's coverage): \(advice)"
    }
}
