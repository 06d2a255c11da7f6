/// The blurred field V of a whole frame, for `MorphRenderer.captureField(of:)`.
///
/// The same stages as a rendered frame — the horizontal pass with the mix (each block from
/// the mix's changes or the taps as the frame takes it, `RowBlocks`) and the vertical
/// pass (`SeparableBlur`, with the same taps in the same order) — over every pixel, nothing
/// skipped, on one thread, into fresh memory: a capture happens once per interruption, not
/// per frame. The values are the ones the frame's edge stage reads.
enum FieldCapture {
    /// V of the frame with `constants` (weights already scaled for the captured field) and
    /// level kernel `kernel`, `captured` (width × height values) mixed in when its weight is
    /// non-zero.
    static func field(
        width: Int, height: Int, source: UnsafePointer<UInt8>, target: UnsafePointer<UInt8>,
        captured: UnsafePointer<Float>?, constants: FrameConstants, kernel: GaussianKernel
    ) -> [Float] {
        let n = kernel.halfWidth
        let scratch = RenderScratch(width: width, height: height, maxHalfWidth: n, bandCount: 1, edgeBandCount: 1, fieldPlane: false)
        let h = min(n, scratch.paddingColumns), v = min(n, scratch.paddingRows)
        let row = scratch.paddedRow(band: 0)
        let plane = scratch.planeOrigin
        return kernel.weights.withUnsafeBufferPointer { weights in
            let taps = scratch.loadTaps(weights.baseAddress! + n, halfWidth: max(h, v))
            let tails = captured == nil && MixSteps.applies(halfWidth: h)
                ? scratch.loadTailTable(centre: weights.baseAddress! + n, halfWidth: h) : nil
            for y in 0..<height {
                let offset = y * width
                // Each block as the frame takes it (`RowBlocks`).
                var blocks = RowBlocks(
                    source: source + offset, target: target + offset, captured: captured.map { $0 + offset },
                    width: width, sourceWeight: constants.sourceWeight, targetWeight: constants.targetWeight,
                    capturedWeight: constants.capturedWeight, halfWidth: h, taps: taps, tails: tails,
                    steps: scratch.stepBuffer(band: 0), padded: row, blocks: 0...scratch.blockCount - 1)
                for b in 0..<scratch.blockCount {
                    (plane + y * 16 + b * scratch.blockStride).storeVector16(blocks.vector(block: b), at: 0)
                }
            }
            var field = [Float](repeating: 0, count: width * height)
            field.withUnsafeMutableBufferPointer { out in
                let base = out.baseAddress!
                for b in 0..<scratch.blockCount {
                    let x = b * 16
                    let count = min(16, width - x)
                    let block = UnsafePointer(plane + b * scratch.blockStride)
                    for y in 0..<height {
                        // The weights sum to 1 within 10⁻⁶: the clamp keeps C in [0, 1] as documented.
                        var sum = SeparableBlur.verticalSum(block + y * 16, taps: taps, halfWidth: v)
                        sum.replace(with: 0, where: sum .< 0)
                        sum.replace(with: 1, where: sum .> 1)
                        base.storeVector16(sum, at: y * width + x, count: count)
                    }
                }
            }
            return field
        }
    }
}
