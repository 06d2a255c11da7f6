import AlphaRaster

/// A `mask` command line, parsed and checked: everything needed, nothing read yet.
struct MaskOptions: Equatable {
    /// The icon, as given: a file, a symbol name or `-`; resolved when the command runs.
    var source: String
    /// The PNG file to write, or an existing folder to write `mask.png` into.
    var output: String
    /// How `-o` was spelled, for messages about it.
    var outputSpelling = "-o"
    /// The validated box the mask is built in, as for `render`.
    var layout: IconLayout
    var maskSource: MaskSource
    /// Print nothing on success.
    var quiet: Bool
}
