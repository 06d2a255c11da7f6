/// Icons' blurred distance fields, one plane per icon and blur level, filled where frames
/// have needed them (`DistanceFrameRenderer`): a morph played again, or back and forth,
/// blurs nothing it has blurred before.
///
/// A plane holds V_k = the blur of one icon's field at level k, segment by segment (16
/// pixels of a row), each computed the same way whenever it is computed, so a frame's bytes
/// never depend on what was kept. At most `capacity` planes are kept; the one used longest
/// ago makes room, its memory reused, so once the cache is full nothing more is allocated.
final class BlurredFieldCache {
    /// A plane: the values (`DistanceFrameRenderer`'s plane layout) and, per segment,
    /// whether they are computed.
    struct Plane {
        let values: UnsafeMutablePointer<Float>
        let computed: UnsafeMutablePointer<Bool>
    }

    /// The memory the planes may take: 32 MiB (the 48 blurred levels of a pair of 132 px
    /// icons at the default 12 px take 7 MiB), or two planes where one is larger.
    static let budget = 32 << 20

    private let capacity: Int
    private let floatsPerPlane: Int
    private let segments: Int
    private var planes: [Plane] = []
    private var keys: [(icon: Int, level: Int)] = []
    private var lastUse: [Int] = []
    private var clock = 0

    /// Planes of `floatsPerPlane` floats and `segments` segments, as many as `budget` bytes
    /// hold (at least two).
    init(floatsPerPlane: Int, segments: Int, budget: Int = BlurredFieldCache.budget) {
        self.floatsPerPlane = floatsPerPlane
        self.segments = segments
        capacity = max(2, budget / max(1, floatsPerPlane * MemoryLayout<Float>.size))
    }

    deinit {
        for plane in planes {
            plane.values.deallocate()
            plane.computed.deallocate()
        }
    }

    /// The plane of `icon` at `level`: a kept one, or a fresh one with nothing computed.
    func plane(icon: Int, level: Int) -> Plane {
        clock &+= 1
        if let index = keys.firstIndex(where: { $0.icon == icon && $0.level == level }) {
            lastUse[index] = clock
            return planes[index]
        }
        let index: Int
        if planes.count < capacity {
            let values = UnsafeMutablePointer<Float>.allocate(capacity: floatsPerPlane)
            values.initialize(repeating: 0, count: floatsPerPlane)
            let computed = UnsafeMutablePointer<Bool>.allocate(capacity: segments)
            planes.append(Plane(values: values, computed: computed))
            keys.append((icon, level))
            lastUse.append(clock)
            index = planes.count - 1
        } else {
            index = lastUse.indices.min { lastUse[$0] < lastUse[$1] }!
            keys[index] = (icon, level)
            lastUse[index] = clock
        }
        planes[index].computed.initialize(repeating: false, count: segments)
        return planes[index]
    }

    /// Marks every kept segment as not computed (the memory stays).
    func discardAll() {
        for plane in planes { plane.computed.update(repeating: false, count: segments) }
    }
}
