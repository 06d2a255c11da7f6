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

    /// The smallest files, slowly: no row filter, zlib level 9 with full string matching,
    /// reduced colour type.
    ///
    /// Chosen from every filter × strategy at levels 6 and 9 on rendered frames (release, one
    /// core, 2-core VM): 61 default play → pause frames at 132 px, stored indexed, took
    /// 35.5 KB in 83 ms where `.default` took 54.3 KB in 17 ms (−35 %); heart → star 55.2 KB
    /// against 65.9 KB (−16 %); 7 frames at 1024 px 54.9 KB against 57.6 KB (−5 %, within 1 %
    /// of the best there, `mostZeros` at level 9); a 1056 px opaque sheet 32.2 KB against
    /// 34.3 KB. Palette indices of smooth edges predict poorly, so unfiltered rows and long
    /// matches win; about five times `.default`'s time.
    public static let best = PNGCompression(level: 9, filter: .none, strategy: .default)

    /// A short label such as `level 6, up, default strategy`.
    public var description: String {
        var text = "level \(level), \(filter), \(strategy) strategy"
        if !reducesColorType { text += ", unreduced" }
        return text
    }
}
