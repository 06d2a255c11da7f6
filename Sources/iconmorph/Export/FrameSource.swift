import AlphaRaster
import MorphKernel
import PathMorph

/// What one output frame's shape is made from — the morph style's field stage — before the
/// shared finishing (tint, background, pixel format) and the sinks.
enum FrameSource {
    /// `--style metaball` or `distance`: two masks (and maybe a captured field), drawn by the
    /// renderer's field stage (`MorphField`).
    case masks(MorphFrame)
    /// `--style path`: the matched outlines interpolated at `eased` (the eased progress) and
    /// filled with exact-area coverage; `progress` is the frame's own, for the tint.
    case outline(PathMorph, progress: Double, eased: Double)

    /// The frame's progress along its morph, in [0, 1].
    var progress: Double {
        switch self {
        case .masks(let frame): frame.progress
        case .outline(_, let progress, _): progress
        }
    }

    /// Draws the frame into `buffer` in `format` with `renderer`'s finishing; an outline is
    /// filled with `rasterizer` (one per worker: it keeps its buffers).
    ///
    /// - Throws: `IconInputError.unmatchable` when an outline between two drawable icons
    ///   cannot be drawn (its curves, far beyond the canvas between icons drawn far out, would
    ///   pass the rasterizer's limits): input data the command cannot use, not its own fault.
    func render(
        with renderer: MorphRenderer, rasterizer: VectorRasterizer, into buffer: UnsafeMutableRawBufferPointer,
        format: PixelFormat
    ) throws {
        switch self {
        case .masks(let frame):
            try renderer.render(frame, into: buffer, format: format)
        case .outline(let morph, let progress, let eased):
            let coverage: AlphaMask
            do {
                coverage = try morph.mask(at: eased, rasterizer: rasterizer)
            } catch AlphaRasterError.invalidIcon(let part, let reason) {
                throw IconInputError.unmatchable(
                    name: "the path morph at p = \(formatComputed(progress))", reason: "cannot draw its outline: \(part): \(reason)")
            }
            try renderer.render(coverage: coverage, progress: progress, into: buffer, format: format)
        }
    }
}
