/// The settings the tests change, behind `@_spi(Testing)` so that they are no part of the
/// public API (`@_spi(Testing) import MorphKernel` reaches them). What the tests only read
/// back (the planned bands, the computed tiles, the helper threads) is in the test target.
extension MorphRenderer {
    /// Whether flat tiles are filled instead of computed (`TileMap`), true by default; the
    /// tests turn it off to compare against the full computation. The bytes are the same.
    @_spi(Testing) public var skipsFlatTiles: Bool {
        get { lock.withLock { storedSkipsFlatTiles } }
        set { lock.withLock { storedSkipsFlatTiles = newValue } }
    }

    /// The work from which this renderer splits a frame over threads with `.automatic`
    /// concurrency, `MorphRenderer.concurrentWorkThreshold` by default; the tests lower it to
    /// exercise the threaded path on small frames. The bytes are the same.
    @_spi(Testing) public var concurrentWorkThreshold: Int {
        get { lock.withLock { storedWorkThreshold } }
        set { lock.withLock { storedWorkThreshold = newValue } }
    }

    /// Bands of tile rows a thread in the horizontal pass of a frame split over threads,
    /// from 1 to the default (`FramePlan.horizontalBandsPerThread`, which sizes the memory;
    /// values outside are clamped); the benchmarks compare the two ends. The bytes are the
    /// same.
    @_spi(Testing) public var horizontalBandsPerThread: Int {
        get { lock.withLock { storedHorizontalBandsPerThread } }
        set { lock.withLock { storedHorizontalBandsPerThread = max(1, min(FramePlan.horizontalBandsPerThread, newValue)) } }
    }

    /// Whether split frames keep each thread to its rows in both passes (`FramePlan.rowAffinity`),
    /// true by default; false splits a fixed ramp's vertical pass by column groups and lets
    /// both threads claim the horizontal bands from the start, for the tests and
    /// `morph-bench --row-affinity` to compare. The bytes are the same.
    @_spi(Testing) public var keepsRows: Bool {
        get { lock.withLock { storedKeepsRows } }
        set { lock.withLock { storedKeepsRows = newValue } }
    }

    /// Whether split frames are drawn in parts, one a thread, where the renderer has room for
    /// them, the frame's work is at most `FramePlan.partsWorkLimit` and `keepsRows` is on
    /// (`FramePlan+Parts.swift`), true by default; false draws them in bands of both passes,
    /// for the tests and `morph-bench --parts` to compare. The bytes are the same.
    @_spi(Testing) public var drawsParts: Bool {
        get { lock.withLock { storedDrawsParts } }
        set { lock.withLock { storedDrawsParts = newValue } }
    }

    /// The fewest tiles at which split frames classify their tiles on several threads,
    /// `MorphRenderer.splitClassificationTiles` by default; the tests set it to 0 so that small
    /// frames do too. The bytes are the same.
    @_spi(Testing) public var splitClassificationTiles: Int {
        get { lock.withLock { storedSplitClassificationTiles } }
        set { lock.withLock { storedSplitClassificationTiles = newValue } }
    }
}
