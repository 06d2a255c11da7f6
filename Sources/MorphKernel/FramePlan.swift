/// Everything one frame's passes need, as plain pointers and numbers, split into bands of
/// rows that can run on different threads.
///
/// `@unchecked Sendable` because it carries raw pointers: they point into the masks, the
/// output and the renderer's scratch, all kept alive and locked by `MorphRenderer` for the
/// duration of the frame, and each band writes only its own rows and its own scratch rows.
struct FramePlan: @unchecked Sendable {
    let width: Int
    let height: Int
    let source: UnsafePointer<UInt8>
    let target: UnsafePointer<UInt8>
    let sourceWeight: Float
    let targetWeight: Float
    /// w_0 … w_n of the frame's level.
    let taps: UnsafePointer<Float>
    /// Taps used across: n capped at rowStride − 1.
    let horizontalHalfWidth: Int
    /// Taps used down: n capped at height − 1.
    let verticalHalfWidth: Int
    let threshold: Threshold
    let output: UnsafeMutableRawPointer
    let scratch: RenderScratch
    let bandCount: Int

    /// The rows of `band`: an even split of 0 ..< height.
    func rows(band: Int) -> Range<Int> {
        height * band / bandCount ..< height * (band + 1) / bandCount
    }

    /// Level 0, no blur: α = smoothstep of the mix itself.
    func unblurredBand(_ band: Int) {
        let row = scratch.paddedRow(band: band)
        let outputRowBytes = width * threshold.bytesPerPixel
        for y in rows(band: band) {
            Mix.row(
                source: source + y * width, target: target + y * width, count: width,
                sourceWeight: sourceWeight, targetWeight: targetWeight, into: row)
            threshold.storeRow(row, width: width, to: output + y * outputRowBytes)
        }
    }

    /// Mix fused into the horizontal pass: each row is mixed into the band's padded row, then
    /// convolved into the blur plane.
    func horizontalBand(_ band: Int) {
        let row = scratch.paddedRow(band: band)
        let stride = scratch.rowStride
        let plane = scratch.planeRow0
        for y in rows(band: band) {
            Mix.row(
                source: source + y * width, target: target + y * width, count: width,
                sourceWeight: sourceWeight, targetWeight: targetWeight, into: row)
            SeparableBlur.horizontalRow(
                padded: row, stride: stride, taps: taps, halfWidth: horizontalHalfWidth,
                into: plane + y * stride)
        }
    }

    /// The vertical pass fused with the threshold, writing the band's output rows.
    func verticalBand(_ band: Int) {
        let stride = scratch.rowStride
        let plane = UnsafePointer(scratch.planeRow0)
        let accumulator = scratch.accumulatorRow(band: band)
        let outputRowBytes = width * threshold.bytesPerPixel
        for y in rows(band: band) {
            SeparableBlur.verticalRow(
                centre: plane + y * stride, stride: stride, taps: taps,
                halfWidth: verticalHalfWidth, accumulator: accumulator, width: width,
                threshold: threshold, output: output + y * outputRowBytes)
        }
    }
}
