import AlphaRaster
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
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

extension WorkerPool.State {
    /// `narrowings` and `pendingWidens`, read under the mutex that guards them.
    var placementCounts: (narrowings: Int, pendingWidens: Int) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return (narrowings, pendingWidens)
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

extension MorphRenderer {
    /// The level's taps as the passes use them, w_0 … w_v each in 4 lanes, and v, for the
    /// frame at `progress`.
    private func verticalTaps(progress: Double) -> (taps: [SIMD4<Float>], halfWidth: Int) {
        let kernel = bank.levels[MorphFrameMath.frame(progress: progress, style: style).level]
        let n = min(kernel.halfWidth, scratch.paddingRows)
        return ((0...n).map { SIMD4(repeating: kernel.weights[kernel.halfWidth + $0]) }, n)
    }

    /// Whether the automatic-ramp frame at `progress` kept the substitution flags: only one
    /// with quiet rows does; the others leave them as they were.
    private func keptFlags(progress: Double) -> Bool {
        QuietRows.applies(halfWidth: verticalTaps(progress: progress).halfWidth, automaticRamp: true)
    }

    /// How many (column block, row) vectors of the field plane the last automatic-ramp frame,
    /// at `progress`, substituted (`SeparableBlur.verticalColumn`): flags of tiles computed
    /// in that frame.
    func substitutedFieldRows(progress: Double) -> Int {
        guard scratch.fieldStride > 0, keptFlags(progress: progress) else { return 0 }
        var count = 0
        for r in 0..<tiles.tileRowCount {
            for b in 0..<tiles.blockCount where tiles.kinds[r * tiles.blockCount + b] == TileMap.Kind.compute.rawValue {
                let flags = scratch.substitutedRows(block: b)
                for y in tiles.rows(ofTileRow: r) where flags[y] != 0 { count += 1 }
            }
        }
        return count
    }

    /// After an automatic-ramp frame at `progress`: the field values that a vector the ramp
    /// computes (one with a pixel between the quiet bounds, or on the canvas's edge, where
    /// the bounds follow V) reads across a block's side, in a computed block beside it whose
    /// row was substituted, and how many of them differ from that block's own V there, as
    /// the vertical pass's vector sum gives it.
    func valuesAcrossSubstitutedRows(progress: Double) -> (checked: Int, wrong: Int) {
        let (taps, n) = verticalTaps(progress: progress)
        guard scratch.fieldStride > 0, keptFlags(progress: progress), let edges = plannedEdges(progress: progress) else {
            return (0, 0)
        }
        let blocks = tiles.blockCount, compute = TileMap.Kind.compute.rawValue
        let field = scratch.fieldOrigin, stride = scratch.fieldStride
        var checked = 0, wrong = 0
        for r in 0..<tiles.tileRowCount {
            for b in 0..<blocks where tiles.kinds[r * blocks + b] == compute {
                let here = scratch.substitutedRows(block: b)
                for y in tiles.rows(ofTileRow: r) where here[y] == 0 {
                    let onEdge = b == 0 || b == blocks - 1 || y == 0 || y == tiles.height - 1
                    let row = UnsafePointer(field + y * stride + b * 16)
                    let centre = row.vector16(at: 0)
                    var computed = onEdge
                    for lane in 0..<16 where centre[lane] > edges.quietBelow && centre[lane] < edges.quietAbove { computed = true }
                    guard computed else { continue }
                    for (neighbour, lane, offset) in [(b - 1, 15, -1), (b + 1, 0, 16)]
                    where neighbour >= 0 && neighbour < blocks && tiles.kinds[r * blocks + neighbour] == compute
                        && scratch.substitutedRows(block: neighbour)[y] != 0 {
                        let middle = UnsafePointer(scratch.planeOrigin) + neighbour * scratch.blockStride + y * 16
                        let exact = taps.withUnsafeBufferPointer {
                            SeparableBlur.verticalSum(middle, taps: $0.baseAddress!, halfWidth: n)[lane]
                        }
                        if row[offset] != exact { wrong += 1 }
                        checked += 1
                    }
                }
            }
        }
        return (checked, wrong)
    }

    /// The automatic ramp of the frame at `progress` (nil with fixed softness), as the
    /// renderer builds it.
    private func plannedEdges(progress: Double) -> EdgeRamp? {
        guard case .automatic = style.softness else { return nil }
        let kernel = bank.levels[MorphFrameMath.frame(progress: progress, style: style).level]
        let n = kernel.halfWidth
        return EdgeRamp(
            threshold: style.threshold, kernelCentre: Double(kernel.weights[n]),
            kernelNeighbour: n > 0 ? Double(kernel.weights[n + 1]) : 0, halfWidth: n,
            writer: PixelWriter(alphaScale: 255, format: .alpha))
    }
}
