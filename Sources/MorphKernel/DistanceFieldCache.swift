import AlphaRaster
import _IconMorphSupport

/// The signed distance fields of the last few masks a distance-style renderer drew, so that
/// each icon's field is computed once (`SignedDistanceField`, a few milliseconds for an
/// icon) and every later frame of it only mixes.
///
/// Masks are compared by value (`AlphaMask` equality, which is quick for the same storage),
/// so a host may pass copies. The most recently used `capacity` fields are kept: by default
/// (`defaultCapacity`) the two of a morph, and a third and fourth for an animator sent on to
/// other icons; a host that cycles through more icons keeps more
/// (`MorphRenderer.keptIconFields`). Renderers made
/// with `MorphRenderer.init(sharingIconsWith:)` share one cache: a lock serialises it, and a
/// field is computed once for all of them.
final class DistanceFieldCache: @unchecked Sendable {
    /// How many fields are kept unless the renderer says otherwise.
    static let defaultCapacity = 4
    /// The most entries room is made for ahead of time.
    static let reservedEntries = 64
    /// How many fields are kept, at least 2 (a morph's); under the lock.
    private var capacity = DistanceFieldCache.defaultCapacity

    /// The value of an empty mask's field (`SignedDistanceField.outside(by:width:height:)`):
    /// −max(Rmax, 1) px, so the other icon shows first where it is deeper than the largest
    /// blur (at about the middle of the morph for the thick parts of an icon), growing from
    /// there, as the metaball style's blur gathers it.
    private let emptyDepth: Float
    /// The columns each field's rows are padded with (`IconField`).
    private let padding: Int
    private var entries: [(mask: AlphaMask, field: IconField)] = []
    private let lock = MutexLock()
    /// How many pairs of fields were computed at once, and how many fields were computed in
    /// all (for the tests).
    private(set) var concurrentPairs = 0
    private(set) var computedFields = 0

    /// A cache for a renderer of `style` whose largest blur half-width is `padding`.
    init(style: MorphStyle, padding: Int) {
        emptyDepth = Float(max(style.maxBlurRadius, 1))
        self.padding = padding
        entries.reserveCapacity(capacity)
    }

    /// Whether the fields serve a renderer of blur `maxBlurRadius` whose fields' rows are
    /// padded by `padding`: an empty mask's field and the rows' padding depend on those alone.
    func serves(maxBlurRadius: Double, padding: Int) -> Bool {
        emptyDepth == Float(max(maxBlurRadius, 1)) && self.padding == padding
    }

    /// How many fields are kept: at least 2; fewer than now drops the oldest.
    var keptFields: Int {
        get { lock.withLock { capacity } }
        set {
            lock.withLock {
                capacity = max(2, newValue)
                if entries.count > capacity { entries.removeLast(entries.count - capacity) }
                // Room for a few entries only: a field is inserted only when one is computed,
                // which allocates far more, so frames allocate nothing either way, and a
                // capacity of any size costs nothing until fields fill it.
                entries.reserveCapacity(min(capacity, Self.reservedEntries))
            }
        }
    }

    /// The fields of `source` and `target`, each computed now unless it is kept (the target's
    /// the newest entry afterwards); the two computed at once, the target's on a thread of its
    /// own, when neither is kept and `concurrently` says so (asked only then): a morph's first
    /// frame then waits for one field instead of two.
    func fields(
        of source: AlphaMask, _ target: AlphaMask, concurrently: () -> Bool
    ) -> (source: IconField, target: IconField) {
        lock.lock()
        defer { lock.unlock() }
        let keptSource = keptLocked(source)
        if keptSource == nil, keptLocked(target) == nil, source != target, concurrently() {
            let slot = TargetFieldSlot()
            if let thread = JoinableThread({ slot.field = self.computed(target) }) {
                let sourceField = insertLocked(source, computed(source))
                thread.join()
                concurrentPairs += 1
                return (sourceField, insertLocked(target, slot.field!))
            }
        }
        let sourceField = keptSource ?? insertLocked(source, computed(source))
        return (sourceField, keptLocked(target) ?? insertLocked(target, computed(target)))
    }

    /// Where the other thread leaves the field it computed.
    private final class TargetFieldSlot: @unchecked Sendable {
        var field: IconField?
    }

    /// The kept field of `mask`, made the newest entry, or nil; call under the lock.
    private func keptLocked(_ mask: AlphaMask) -> IconField? {
        // The same storage first (a host passing the same masks frame after frame), then equal
        // values (copies): different icons often share long runs of empty rows.
        let same = entries.firstIndex { $0.mask.sharesStorage(with: mask) }
        guard let index = same ?? entries.firstIndex(where: { $0.mask == mask }) else { return nil }
        // In place: the array keeps its capacity, so a frame allocates nothing.
        if index != 0 { entries.insert(entries.remove(at: index), at: 0) }
        return entries[0].field
    }

    /// `field` kept as the newest entry for `mask`, the oldest dropped when full; call under
    /// the lock.
    private func insertLocked(_ mask: AlphaMask, _ field: IconField) -> IconField {
        computedFields += 1
        if entries.count >= capacity { entries.removeLast(entries.count - capacity + 1) }
        entries.insert((mask, field), at: 0)
        return field
    }

    /// The field of `mask`, computed (reads only the cache's settings: any thread).
    private func computed(_ mask: AlphaMask) -> IconField {
        var field = mask.pixels.withUnsafeBufferPointer {
            SignedDistanceField(coverage: $0, width: mask.width, height: mask.height)
        }
        if !field.hasOutline { field = .outside(by: emptyDepth, width: mask.width, height: mask.height) }
        return IconField(field: field, padding: padding)
    }
}
