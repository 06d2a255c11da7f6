/// A layer's filled area as edges: its path flattened, or its stroke's outline built and
/// mapped to pixels.
extension VectorRasterizer {
    /// Adds the edges of a layer's filled area (its path, or its stroke's outline) in pixels
    /// and returns the work units charged for flattening and stroking it (`maximumWork`),
    /// `counted` units having been counted before it.
    func addEdges(of layer: PreparedLayer, to accumulator: CoverageAccumulator, counted: Int) throws -> Int {
        let charge = try addEdgesUnchecked(of: layer, to: accumulator, counted: counted)
        if accumulator.edgeRows > Self.maximumEdgeRows {
            accumulator.reset()
            throw AlphaRasterError.invalidIcon(
                .layer(layer.number, .path),
                reason: "its edges would cross more than \(Self.maximumEdgeRows) pixel rows in all at this size")
        }
        if accumulator.edgeCount > appliedEdgeLimit {
            accumulator.reset()
            throw AlphaRasterError.invalidIcon(
                .layer(layer.number, .path),
                reason: "drawing the icon up to here would keep more than \(appliedEdgeLimit) edges for one sweep at this size (VectorRasterizer.maximumEdges)")
        }
        return charge
    }

    private func addEdgesUnchecked(of layer: PreparedLayer, to accumulator: CoverageAccumulator, counted: Int) throws -> Int {
        switch layer.paint {
        case .fill:
            let flattener = PathFlattener(
                transform: layer.transform, tolerance: tolerance,
                cullBox: (SIMD2(accumulator.clipX0, accumulator.clipY0), SIMD2(accumulator.clipX1, accumulator.clipY1)))
            let charge = try chargeFlattening(layer, segments: flattener.segmentCount(layer.path), counted: counted)
            var sink = FillSink(accumulator: accumulator)
            flattener.flatten(layer.path, into: &sink)
            sink.finish()
            return charge
        case .stroke(let style):
            // Stroke in user units, then map: a non-uniform map stretches the stroke as SVG
            // does. Half the tolerance goes to flattening the path, half to round joins and
            // caps; σ converts pixels to user units in the worst direction.
            let sigma = layer.transform.scaleFactor
            guard style.width > 0, sigma > 0, layer.transform.determinant != 0 else { return 0 }
            let userTolerance = tolerance / sigma
            let flattener = PathFlattener(transform: .identity, tolerance: userTolerance / 2, cullBox: nil)
            var charge = try chargeFlattening(layer, segments: flattener.segmentCount(layer.path), counted: counted)
            polylines.reset()
            flattener.flatten(layer.path, into: &polylines)
            polylines.finish()
            // The outline's size is known only once it is built: the stroker is held to the
            // points the budget has left, and gives up before building more.
            let affordable = (appliedWorkLimit - counted - charge) / Self.outlinePointWork
            let pointLimit = min(Self.maximumSegments, affordable)
            var stroker = PathStroker(style: style, arcTolerance: userTolerance / 2, pointLimit: pointLimit)
            do {
                try stroker.stroke(polylines)
            } catch {
                guard pointLimit < Self.maximumSegments else { throw layer.tooComplex("its stroke outline") }
                throw AlphaRasterError.invalidIcon(
                    .layer(layer.number, .path),
                    reason: "stroking it would bring the work of drawing the icon up to here past the limit of \(appliedWorkLimit) units at this size (VectorRasterizer.maximumWork): its outline needs more than the \(pointLimit) points (\(Self.outlinePointWork) units each) left after the \(counted + charge) counted before it")
            }
            charge += stroker.outline.count * Self.outlinePointWork
            let transform = layer.transform
            var start = 0
            for end in stroker.contourEnds {
                var previous = transform.apply(stroker.outline[end - 1])
                for i in start..<end {
                    let p = transform.apply(stroker.outline[i])
                    accumulator.addLine(previous, p)
                    previous = p
                }
                start = end
            }
            return charge
        }
    }
}
