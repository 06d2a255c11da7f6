#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Drawing prepared layers: the opaque layers swept as one shape, the translucent ones
/// composited over it, in buffers kept between masks.
extension VectorRasterizer {
    /// Draws validated layers into a new mask: the opaque layers as one shape, the union of
    /// their insides (so where two of them share a partly covered pixel, it gets the area
    /// of their union, as a fine supersampling would), and the translucent ones over it.
    /// ("Over" is commutative for coverage alone, so their order does not matter.)
    func render(
        _ layers: [PreparedLayer], width: Int, height: Int, clip: (Int, Int, Int, Int)
    ) throws -> AlphaMask {
        countedWork = 0
        let opaque = layers.filter { $0.opacity == 1 }
        let translucent = layers.filter { $0.opacity > 0 && $0.opacity < 1 }
        // Refuse hopeless icons before any work: each translucent pass is swept and
        // composited over its box, which the boxes of its layers (one, or an opacity group's)
        // add up to at most.
        var translucentArea = 0
        for layer in translucent {
            translucentArea &+= layer.clippedArea(clip)
            if translucentArea > appliedWorkLimit {
                throw AlphaRasterError.invalidIcon(
                    .layers,
                    reason: "the bounding boxes of the translucent ones among layers 1...\(layer.number) cover \(translucentArea) pixels at this size, each composited on its own, more than the work limit of \(appliedWorkLimit) units")
            }
        }
        let accumulator = prepareBuffers(width: width, height: height)
        accumulator.reset()
        accumulator.setClip(x0: clip.0, y0: clip.1, x1: clip.2, y1: clip.3)
        var pixels = [UInt8](repeating: 0, count: width * height)

        // Each pass adds one shape's edges: the opaque union, then each translucent layer, or
        // each opacity group's layers of one opacity together (in the order first met).
        var passes: [[PreparedLayer]] = opaque.isEmpty ? [] : [opaque]
        var groupPasses: [OpacityGroupKey: Int] = [:]
        for layer in translucent {
            guard let group = layer.opacityGroup else {
                passes.append([layer])
                continue
            }
            let key = OpacityGroupKey(group: group, opacity: layer.opacity)
            if let pass = groupPasses[key] {
                passes[pass].append(layer)
            } else {
                groupPasses[key] = passes.count
                passes.append([layer])
            }
        }
        var work = 0
        func addEdges(of pass: [PreparedLayer]) throws {
            // Flattening and stroking charged in this pass so far.
            var shaping = 0
            for (group, layer) in pass.enumerated() {
                accumulator.group = Int32(group)
                do {
                    // The pass's sweep only grows as layers are added, so what it would cost
                    // now already counts: a layer is refused before it is flattened, and the
                    // layers after one that went over are never flattened at all.
                    let before = work &+ shaping &+ Self.sweepWork(accumulator)
                    shaping &+= try self.addEdges(of: layer, to: accumulator, counted: before)
                    let counted = work &+ shaping &+ Self.sweepWork(accumulator)
                    if counted > appliedWorkLimit {
                        throw Self.overWork(Array(pass[...group]), counted: counted, limit: appliedWorkLimit)
                    }
                } catch {
                    accumulator.reset()
                    accumulator.group = 0
                    throw error
                }
            }
            work &+= shaping &+ Self.sweepWork(accumulator)
            accumulator.workLeft = appliedWorkLimit - work
            accumulator.appliedLargeClusterEdges = appliedLargeClusterEdges
        }
        /// Accounts for a finished sweep's strips; throws when it stopped over the limit.
        func finish(_ pass: [PreparedLayer], completed: Bool) throws {
            work = appliedWorkLimit - accumulator.workLeft
            accumulator.workLeft = .max
            countedWork = work
            if !completed { throw Self.overWork(pass, counted: nil, limit: appliedWorkLimit) }
        }

        if passes.count == 1 {
            // One pass: its coverage goes straight to bytes.
            let pass = passes[0]
            try addEdges(of: pass)
            let completed = pixels.withUnsafeMutableBufferPointer { buffer in
                accumulator.sweep(
                    rules: pass.map(\.rule), into: ByteSink(base: buffer.baseAddress!, width: width, scale: pass[0].opacity * 255))
            }
            try finish(pass, completed: completed)
            return try AlphaMask(width: width, height: height, pixels: pixels)
        }

        // Several passes: composite in Float, over the union of the rows and columns touched.
        let composite = compositeBuffer(width: width, height: height)
        var rowStart = Int.max, rowEnd = Int.min, columnStart = Int.max, columnEnd = Int.min
        for pass in passes {
            do {
                try addEdges(of: pass)
            } catch {
                clearComposite(composite, width: width, rows: rowStart, rowEnd, columns: columnStart, columnEnd)
                throw error
            }
            if let bounds = accumulator.sweepBounds {
                rowStart = min(rowStart, bounds.rows.lowerBound); rowEnd = max(rowEnd, bounds.rows.upperBound)
                columnStart = min(columnStart, bounds.first); columnEnd = max(columnEnd, bounds.last)
            }
            let completed = accumulator.sweep(
                rules: pass.map(\.rule), into: CompositeSink(base: composite, width: width, opacity: pass[0].opacity))
            do {
                try finish(pass, completed: completed)
            } catch {
                clearComposite(composite, width: width, rows: rowStart, rowEnd, columns: columnStart, columnEnd)
                throw error
            }
        }
        if rowStart < rowEnd {
            pixels.withUnsafeMutableBufferPointer { buffer in
                let out = buffer.baseAddress!
                let count = columnEnd - columnStart + 1
                for row in rowStart..<rowEnd {
                    let source = composite + row * width + columnStart
                    for i in 0..<count { source[i] *= 255 }
                    ByteRounding.store(source, count: count, to: out + row * width + columnStart)
                }
            }
        }
        clearComposite(composite, width: width, rows: rowStart, rowEnd, columns: columnStart, columnEnd)
        return try AlphaMask(width: width, height: height, pixels: pixels)
    }

    /// Zeroes rows `top..<bottom`, columns `first...last` (nothing when either is empty).
    private func clearComposite(
        _ composite: UnsafeMutablePointer<Float>, width: Int, rows top: Int, _ bottom: Int, columns first: Int, _ last: Int
    ) {
        guard top < bottom, first <= last else { return }
        for row in top..<bottom {
            (composite + row * width + first).update(repeating: 0, count: last - first + 1)
        }
    }

    /// The accumulator for this size, (re)allocating it when the size changed (and dropping
    /// a composite of the old size).
    private func prepareBuffers(width: Int, height: Int) -> CoverageAccumulator {
        if let accumulator, accumulator.width == width, accumulator.height == height { return accumulator }
        composite?.deallocate()
        composite = nil
        let accumulator = CoverageAccumulator(width: width, height: height)
        self.accumulator = accumulator
        return accumulator
    }

    /// The zeroed Float composite of this size, made on first use: only an icon drawn in
    /// several passes (translucent layers) needs it, and at 4 bytes a pixel it was most of a
    /// large mask's memory. Swift's allocation, whose failure ends the process as every other
    /// one does (a failed `calloc` here used to leave the mask empty, without a word).
    private func compositeBuffer(width: Int, height: Int) -> UnsafeMutablePointer<Float> {
        if let composite { return composite }
        let made = UnsafeMutablePointer<Float>.allocate(capacity: width * height)
        made.initialize(repeating: 0, count: width * height)
        composite = made
        return made
    }
}

/// Translucent layers drawn as one pass: an opacity group's layers of one opacity.
private struct OpacityGroupKey: Hashable {
    let group: Int
    let opacity: Float
}
