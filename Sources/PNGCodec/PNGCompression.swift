/// How the encoder stores and compresses an image: the row filter, zlib's level and
/// strategy, and whether the colour type may be reduced.
///
/// Every setting is lossless: the file decodes to the same pixels whatever is chosen; only
/// the file size and the time to write it change.
public struct PNGCompression: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// zlib's matching strategy (`deflateInit2`'s `strategy`).
    public enum Strategy: Sendable, Equatable, Hashable, CaseIterable {
        /// Full string matching (`Z_DEFAULT_STRATEGY`).
        case `default`
        /// Favours literals and short matches, for filtered image data (`Z_FILTERED`).
        case filtered
        /// Matches only the previous byte's repeats (`Z_RLE`): much faster, good on flat
        /// areas, weaker on textures.
        case runLength
        /// No matching at all, Huffman coding only (`Z_HUFFMAN_ONLY`).
        case huffmanOnly
    }

    /// zlib's level, 0 (store only) … 9 (slowest, smallest); 6 is zlib's default.
    public var level: Int
    /// The row filter.
    public var filter: PNGFilter
    /// zlib's strategy.
    public var strategy: Strategy
    /// Whether the encoder may store the pixels in fewer bytes than the image has (indexed
    /// for one colour with any alphas, gray, gray+alpha, RGB), choosing only layouts that
    /// decode to exactly the same pixels; see `PNGEncoder`. When `false` the file holds
    /// RGBA or gray+alpha, as the image does (RGBA for one colour with alphas).
    public var reducesColorType: Bool

    /// Creates a setting; `level` outside 0…9 is reported by the encoder, not here.
    public init(level: Int, filter: PNGFilter, strategy: Strategy = .default, reducesColorType: Bool = true) {
        self.level = level
        self.filter = filter
        self.strategy = strategy
        self.reducesColorType = reducesColorType
    }

    /// Small files, fast: the `mostZeros` filter and zlib's run-length strategy, reduced
    /// colour type. (With run-length matching zlib's level makes no difference, except 0.)
    ///
    /// Chosen on the frames of the default morph (`export-bench`, one core, 2-core VM): at
    /// 1024 px (blur 48 px) 8.9 KB a frame in 2.6 ms, where libpng's default writer took
    /// 14.6 KB and 32 ms, and zlib level 6 with any filter 9.6–12.8 KB and 4.2–4.9 ms; at
    /// 132 px 705 bytes in 0.12 ms (libpng: 912 bytes, 0.6 ms). The trade-offs left: level 9
    /// saves another 9 % at 1024 px for five times the time; at 132 px the `none` filter at
    /// level 6 saves 20 % for twice the time.
    public static let `default` = PNGCompression(level: 6, filter: .mostZeros, strategy: .runLength)

    /// A little faster, a little larger: the `up` filter (no per-row choice) and zlib's
    /// run-length strategy, reduced colour type. On the same frames: 20–30 % less time and
    /// 11–14 % more bytes than `.default`.
    public static let fast = PNGCompression(level: 6, filter: .up, strategy: .runLength)

    /// A short label such as `level 6, up, default strategy`.
    public var description: String {
        var text = "level \(level), \(filter), \(strategy) strategy"
        if !reducesColorType { text += ", unreduced" }
        return text
    }
}
