import AlphaRaster

/// The least and greatest byte of each tile of a mask (`TileMap`'s tiles: 16 columns by
/// `TileMap.tileRows` rows, the last ones cut by the mask's edges), which the stats pass
/// mixes into the bounds on M. A morph draws the same two masks frame after frame, so a
/// renderer keeps the bounds of the last few masks (`MaskTileBoundsCache`) and reads a
/// mask's bytes for them once, not every frame: at 2048 px the stats pass read 8 MB a frame
/// and did not get faster on more threads.
final class MaskTileBounds {
    /// The mask whose bytes the bounds describe, kept so that its storage stays its own: no
    /// other mask can have the same address while it lives, and a host that changes its copy
    /// gets storage of its own first (arrays copy on write).
    var mask: AlphaMask
    let least: UnsafeMutablePointer<UInt8>
    let greatest: UnsafeMutablePointer<UInt8>
    /// False until a stats pass has filled `least` and `greatest` from `mask`.
    var isMeasured = false
    /// Where `mask` has content, once a frame has found it (`content(of:in:)`).
    fileprivate(set) var content: TileMap.Content?

    /// Where `mask` (its bytes at `pixels`) has content: found from the measured bounds the
    /// first time (`TileMap.content(of:greatest:)`), then kept.
    func content(of pixels: UnsafePointer<UInt8>, in tiles: TileMap) -> TileMap.Content {
        if let content { return content }
        let found = tiles.content(of: pixels, greatest: greatest)
        content = found
        return found
    }

    init(mask: AlphaMask, tiles: Int) {
        self.mask = mask
        least = .allocate(capacity: tiles)
        least.initialize(repeating: 0, count: tiles)
        greatest = .allocate(capacity: tiles)
        greatest.initialize(repeating: 0, count: tiles)
    }

    deinit {
        least.deallocate()
        greatest.deallocate()
    }

    /// Whether `mask` is the one these bounds describe: the same storage.
    func describes(_ mask: AlphaMask) -> Bool {
        mask.sharesStorage(with: self.mask)
    }
}

/// The tile bounds of the `capacity` masks a renderer drew most recently (`MaskTileBounds`):
/// the two of a morph, and two more for an animator sent on to other icons. Masks are
/// recognised by their storage only (comparing bytes would cost about what measuring them
/// does); a copy with storage of its own is measured again. Used under the renderer's lock.
final class MaskTileBoundsCache {
    static let capacity = 4
    private let tiles: Int
    private var entries: [MaskTileBounds] = []
    /// How many masks were not found (for the tests).
    private(set) var misses = 0

    /// A cache for masks of `tiles` tiles.
    init(tiles: Int) {
        self.tiles = tiles
        entries.reserveCapacity(Self.capacity)
    }

    /// The bounds of `mask`: kept ones (measured), or an entry to fill (`isMeasured` false),
    /// the memory of the one used longest ago reused once the cache is full. Either way the
    /// newest entry afterwards.
    func bounds(of mask: AlphaMask) -> MaskTileBounds {
        if let index = entries.firstIndex(where: { $0.describes(mask) }) {
            // In place: the array keeps its capacity, so a frame allocates nothing.
            if index != 0 { entries.insert(entries.remove(at: index), at: 0) }
            return entries[0]
        }
        misses += 1
        let entry: MaskTileBounds
        if entries.count == Self.capacity {
            entry = entries.removeLast()
            entry.mask = mask
            entry.isMeasured = false
            entry.content = nil
        } else {
            entry = MaskTileBounds(mask: mask, tiles: tiles)
        }
        entries.insert(entry, at: 0)
        return entry
    }
}
