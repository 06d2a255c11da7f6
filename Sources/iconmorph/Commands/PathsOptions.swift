import AlphaRaster
import MorphKernel

/// A `paths` command line, parsed and checked: nothing read yet.
struct PathsOptions: Equatable {
    /// The icon the morph starts from, as given.
    var source: String
    /// The icon it ends at.
    var target: String
    var format: PathExportFormat
    /// `-o` as given (nil: the format's default name; `-`: standard output).
    var output: String?
    /// How `-o` was spelled, for messages.
    var outputSpelling: String
    /// The Swift type the code exports declare.
    var typeName: String
    /// The box the outlines are fitted into; their points are in its pixels.
    var layout: IconLayout
    /// The SVG fill.
    var color: TintColor
    /// How `svg-animate` plays.
    var timing: SVGAnimationExport.Timing
    var quiet: Bool
}
