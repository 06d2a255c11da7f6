import AlphaRaster

/// A metaball frame (`MorphField.metaball`): its plan (`FramePlan`) and its phases, in turn,
/// each on the renderer's threads where it is split.
extension MorphRenderer {
    /// Renders a metaball frame of `source` and `target` at `progress` into `output`, rows
    /// `bytesPerRow` apart, through `writer`; call under the lock, the inputs checked.
    func renderMetaballLocked(
        source: AlphaMask, target: AlphaMask, progress: Double, capture: (field: CapturedField, weight: Double)?,
        writer: PixelWriter, output outputBase: UnsafeMutableRawPointer, bytesPerRow outputRowBytes: Int
    ) {
        let frame = capture.map { MorphFrameMath.frame(progress: progress, style: style, capturedWeight: $0.weight) }
            ?? MorphFrameMath.frame(progress: progress, style: style)
        // The captured field can be non-zero anywhere, so nothing is skipped (`TileMap`
        // measures the masks only).
        let skipping = storedSkipsFlatTiles && capture == nil
        let kernel = bank.levels[frame.level]
        let n = kernel.halfWidth
        // The threads a frame that computed every tile would be split over. One that may be
        // split, after a frame that was, wakes the helpers that sleep now, so that the work
        // it does alone first (measuring and classifying the tiles) hides their waking.
        let measureThreads = bandCountLocked(tapWork: width * height * (2 * n + 1))
        if lastFrameSplit && measureThreads > 1 { pool?.wake() }
        let h = min(n, scratch.paddingColumns), v = min(n, scratch.paddingRows)
        // The automatic ramp's kernel taps, as the blur uses them.
        let levelCentre = Double(kernel.weights[n])
        var w0 = levelCentre, w1 = n > 0 ? Double(kernel.weights[n + 1]) : 0
        if let capture {
            // The ramp of the blur the frame's field carries in all (`CapturedField.blurRadius`).
            let radius = MorphFrameMath.effectiveBlurRadius(
                levelRadius: kernel.radius, capturedWeight: capture.weight, capturedRadius: capture.field.blurRadius)
            (w0, w1) = MorphFrameMath.gaussianCentreTaps(radius: radius)
        }
        let threshold: Threshold?, edges: EdgeRamp?, rule: TileMap.Rule, quietRows: QuietRows?
        let leavesQuietRows = skipping && QuietRows.applies(halfWidth: v, automaticRamp: style.softness == .automatic)
        switch style.softness {
        case .fixed(let s):
            threshold = Threshold(style: style, softness: s, writer: writer)
            edges = nil
            rule = .fixed(threshold: style.threshold, softness: s)
            quietRows = leavesQuietRows ? QuietRows(threshold: style.threshold, softness: s, kernel: kernel, halfWidth: v) : nil
        case .automatic:
            threshold = nil
            let ramp = EdgeRamp(
                threshold: style.threshold, kernelCentre: w0, kernelNeighbour: w1, halfWidth: n,
                slopeBoundCentre: capture == nil ? nil : levelCentre, writer: writer)
            edges = ramp
            rule = .automatic(threshold: style.threshold, kernelCentre: w0, kernelNeighbour: w1, halfWidth: n)
            quietRows = leavesQuietRows ? QuietRows(
                middle: style.threshold, halfRamp: Double(ramp.interiorWidth) / 2, kernel: kernel, halfWidth: v) : nil
        }
        // The bounds first: for a target equal in storage to the source, the same entry.
        let sourceBounds = maskBounds.bounds(of: source), targetBounds = maskBounds.bounds(of: target)
        // The pair's kept row changes, where the horizontal pass sums blocks from them.
        let keepsChanges = capture == nil && MixSteps.applies(halfWidth: h) && mixChanges.use(source: source, target: target)
        let measuresChanges = keepsChanges && !mixChanges.isMeasured
        let measures = !sourceBounds.isMeasured || !targetBounds.isMeasured || measuresChanges
        source.pixels.withUnsafeBufferPointer { sourcePixels in
            target.pixels.withUnsafeBufferPointer { targetPixels in
                withCapturedValues(capture?.field) { captured in
                    kernel.weights.withUnsafeBufferPointer { weights in
                        var plan = FramePlan(
                            width: width, height: height,
                            source: sourcePixels.baseAddress!, target: targetPixels.baseAddress!,
                            sourceBounds: TileMap.MaskBounds(
                                least: sourceBounds.least, greatest: sourceBounds.greatest, measures: !sourceBounds.isMeasured),
                            targetBounds: TileMap.MaskBounds(
                                least: targetBounds.least, greatest: targetBounds.greatest,
                                measures: !targetBounds.isMeasured && targetBounds !== sourceBounds),
                            changes: keepsChanges ? mixChanges.rows : nil, measuresChanges: measuresChanges,
                            sourceWeight: frame.sourceWeight, targetWeight: frame.targetWeight,
                            captured: captured, capturedWeight: frame.capturedWeight,
                            taps: scratch.loadTaps(weights.baseAddress! + n, halfWidth: max(h, v)),
                            tails: captured == nil && MixSteps.applies(halfWidth: h)
                                ? scratch.loadTailTable(centre: weights.baseAddress! + n, halfWidth: h) : nil,
                            horizontalHalfWidth: h, verticalHalfWidth: v, writer: writer, threshold: threshold,
                            edges: edges, quietRows: quietRows, emptyPixel: writer.emptyPixel, fullPixel: writer.fullPixel,
                            output: outputBase, outputRowBytes: outputRowBytes, scratch: scratch, tiles: tiles,
                            classification: TileMap.Classification(
                                horizontalHalfWidth: h, verticalHalfWidth: v, rule: rule, skipping: skipping),
                            bandCount: 1)
                        // Measuring a mask reads every byte of it once, and the tile bounds are
                        // dilated and classified tile row by tile row: split them, two bands a
                        // thread (a helper still waking leaves the caller most of them), when the
                        // work of a frame that computed every tile would be split and either the
                        // masks are measured or the tiles are many enough to pay for the phases'
                        // hand-offs (`splitClassificationTiles`).
                        let splitBands = min(tiles.tileRowCount, 2 * measureThreads)
                        let splitsClassification = measureThreads > 1
                            && tiles.blockCount * tiles.tileRowCount >= storedSplitClassificationTiles
                        plan.bandCount = measureThreads > 1 && (measures || splitsClassification) ? splitBands : 1
                        run(plan, phase: .measure)
                        sourceBounds.isMeasured = true
                        targetBounds.isMeasured = true
                        if measuresChanges { mixChanges.isMeasured = true }
                        // Where the masks have content: each mask's found once and kept with its
                        // tile bounds.
                        let content = sourceBounds.content(of: plan.source, in: tiles)
                            .union(targetBounds.content(of: plan.target, in: tiles))
                        let rows = content.rows, columns = content.columns
                        tiles.setRowContent(rows)
                        // Where V can be non-zero, and where α can (one pixel more with the
                        // automatic ramp, which reads the neighbours).
                        let extra = rule.extraReach
                        plan.outputRows = !plan.skipping
                            ? 0..<height : rows.isEmpty ? 0..<0 : max(0, rows.lowerBound - v)..<min(height, rows.upperBound + v)
                        let alphaRows = !plan.skipping || rows.isEmpty
                            ? plan.outputRows : max(0, rows.lowerBound - v - extra)..<min(height, rows.upperBound + v + extra)
                        let alphaColumns = columns.isEmpty
                            ? 0..<0 : max(0, columns.lowerBound - h - extra)..<min(width, columns.upperBound + h + extra)
                        plan.alphaRows = alphaRows
                        plan.alphaColumns = alphaColumns
                        plan.bandCount = splitsClassification ? splitBands : 1
                        run(plan, phase: .classify)
                        run(plan, phase: .markNeeded)
                        let work = n == 0 ? width * height : tiles.work(horizontalHalfWidth: h, verticalHalfWidth: v)
                        let threads = bandCountLocked(tapWork: work)
                        lastFrameSplit = threads > 1
                        // Each thread keeps to about the same rows in both passes (unless a
                        // test or benchmark turned it off); for a frame of up to
                        // `FramePlan.partsWorkLimit` with room for them, each draws a part of
                        // the frame whole (`FramePlan+Parts.swift`).
                        plan.rowAffinity = threads > 1 && storedKeepsRows
                        if n > 0, plan.rowAffinity, storedDrawsParts, work <= FramePlan.partsWorkLimit,
                           let balance, threads <= balance.capacity,
                           let allowed = plan.partCuts {
                            balance.cut(
                                tiles, parts: threads, horizontalHalfWidth: h, verticalHalfWidth: v, allowed: allowed,
                                step: plan.partStep)
                            scratch.preparePlane(parts: threads)
                            plan.balance = balance
                            plan.bandCount = threads
                            run(plan, phase: .parts)
                            balance.learn()
                            tiles.bandCount = threads
                            return
                        }
                        scratch.preparePlane(parts: 1)
                        let horizontalBands = FramePlan.horizontalBands(
                            threads: threads, perThread: storedHorizontalBandsPerThread, limit: scratch.bandCount)
                        tiles.split(horizontalBands: horizontalBands, verticalBands: threads, vertical: edges != nil)
                        plan.bandCount = threads
                        if n == 0 {
                            run(plan, phase: edges != nil ? .unblurredEdges : .unblurred)
                        } else {
                            plan.bandCount = horizontalBands
                            run(plan, phase: .horizontal)
                            plan.bandCount = threads
                            if edges != nil {
                                run(plan, phase: .edges)
                            } else {
                                if plan.rowAffinity {
                                    plan.splitVerticalByRows(threads: threads, horizontalBands: horizontalBands)
                                } else if threads > 1 {
                                    plan.splitVerticalByColumns(threads: threads)
                                }
                                run(plan, phase: .vertical)
                            }
                        }
                    }
                }
            }
        }
    }

    /// The fewest tiles at which a split frame classifies its tiles on several threads
    /// (`FramePlan.Phase.classify`): 4096, a 1024 px frame's. Below it the classification is
    /// a few microseconds on one thread, about what handing two more phases to the helpers
    /// costs: at 512 px (1024 tiles) the split frames took 2–3 % longer with it (heart → star,
    /// tenth percentiles of 4 000 frames, five alternating runs of both binaries).
    static let splitClassificationTiles = 4096

    /// Runs every band of `phase`, on the pool when the plan has several.
    fileprivate func run(_ plan: FramePlan, phase: FramePlan.Phase) {
        WorkerPool.Job.metaball(plan, phase).perform(on: pool)
    }
}
