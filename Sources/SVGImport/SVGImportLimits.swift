/// Bounds that keep any input, hostile or broken, from exhausting memory, stack or time.
public struct SVGImportLimits: Sendable, Equatable {
    /// The largest input accepted, in bytes. Default 16 MiB (icon files are a few KiB).
    public var maximumBytes: Int
    /// The deepest element nesting accepted, counting levels added by `<use>`. Default 256.
    public var maximumDepth: Int
    /// The most elements drawn, counting every copy made by `<use>`. Default 100 000.
    public var maximumDrawnElements: Int
    /// The most elements in the file, drawn or not (`<defs>`, metadata, ...). Default 200 000.
    /// The reader stops there, before storing more: each element costs a few hundred bytes, so
    /// without it a 16 MiB file of empty elements (4 · 10⁶ of them) would take over a gigabyte.
    public var maximumElements: Int
    /// The most path segments in all layers together, counting copies made by `<use>`.
    /// Default 4 000 000.
    public var maximumSegments: Int

    /// The most tests of a `<style>` sheet's selectors against elements (a compound selector
    /// such as `g.a` against one element, each ancestor a descendant combinator reaches
    /// counting once). Default 2 000 000, about a sixth of a second here in a release build;
    /// icons' sheets take a few thousand.
    public var maximumStyleTests: Int

    /// Creates limits; the defaults suit any real icon.
    public init(
        maximumBytes: Int = 16 << 20, maximumDepth: Int = 256, maximumDrawnElements: Int = 100_000,
        maximumSegments: Int = 4_000_000, maximumElements: Int = 200_000, maximumStyleTests: Int = 2_000_000
    ) {
        self.maximumStyleTests = maximumStyleTests
        self.maximumElements = maximumElements
        self.maximumBytes = maximumBytes
        self.maximumDepth = maximumDepth
        self.maximumDrawnElements = maximumDrawnElements
        self.maximumSegments = maximumSegments
    }

    /// The default limits.
    public static let standard = SVGImportLimits()
}
