import AlphaRaster

extension AlphaMask {
    /// Whether this mask and `other` hold their pixels in the same storage: how the renderer's
    /// caches recognise a mask they keep (`MaskTileBounds`, `MixChanges`, `DistanceFieldCache`).
    /// A kept mask keeps its storage alive, so no other mask can have that address meanwhile,
    /// and a host that changes its copy gets storage of its own first (arrays copy on write).
    func sharesStorage(with other: AlphaMask) -> Bool {
        pixels.withUnsafeBufferPointer { mine in other.pixels.withUnsafeBufferPointer { $0.baseAddress == mine.baseAddress } }
    }

    /// Whether both masks have no opaque coverage, or the same storage for it.
    func sharesCoverage(with other: AlphaMask) -> Bool {
        switch (opaqueCoverage, other.opaqueCoverage) {
        case (nil, nil): return true
        case (let mine?, let theirs?):
            return mine.withUnsafeBufferPointer { m in theirs.withUnsafeBufferPointer { $0.baseAddress == m.baseAddress } }
        default: return false
        }
    }
}
