import AlphaRaster
@testable import MorphKernel

// What the tests read back from a renderer and its tile map. It lives here, not in the
// library: call it only while no other thread renders with the renderer.

extension MorphRenderer {
    /// The helper threads' shared state once a frame has been split: it is freed only when
    /// every helper has exited and the pool is gone.
    var helperState: AnyObject? { pool?.state }

    /// Renders the frame at `progress` (validated) of these masks and returns how many
    /// bands its passes were split into and how many tiles it computed.
    func plannedFrame(source: AlphaMask, target: AlphaMask, progress: Double) throws -> (bands: Int, computedTiles: Int) {
        var alpha = [UInt8](repeating: 0, count: alphaByteCount)
        try renderAlpha(source: source, target: target, progress: progress, into: &alpha)
        return (tiles.bandCount, tiles.computedTileCount)
    }
}

extension TileMap {
    /// Computed tiles out of all, as the last `classify` left them.
    var computedTileCount: Int {
        var count = 0
        for i in 0..<blockCount * tileRowCount where kinds[i] == Kind.compute.rawValue { count += 1 }
        return count
    }
}
