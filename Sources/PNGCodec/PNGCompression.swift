/// How the encoder stores and compresses an image: the row filter, zlib's level and strategy
/// — for rows of palette indices and for rows of samples apart — and whether the colour type
/// may be reduced.
///
/// Every setting is lossless: the file decodes to the same pixels whatever is chosen; only
/// the file size and the time to write it change. libpng filters and compresses the rows.
public struct PNGCompression: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// zlib's matching strategy (`deflateInit2`'s `strategy`).
    public enum Strategy: Sendable, Equatable, Hashable, CaseIterable {
        /// Full string matching (`Z_DEFAULT_STRATEGY`).
        case `default`
        /// Favours literals and short matches, for filtered image data (`Z_FILTERED`).
        case filtered
        /// Matches only the previous byte's repeats (`Z_RLE`): much faster, good on flat
        /// areas, weaker on textures. zlib's level then makes no difference (except 0).
        case runLength
        /// No matching at all, Huffman coding only (`Z_HUFFMAN_ONLY`).
        case huffmanOnly
    }

    /// How one kind of row is filtered and compressed.
    public struct Method: Sendable, Equatable, Hashable, CustomStringConvertible {
        /// The row filter.
        public var filter: PNGFilter
        /// zlib's level, 0 (store only) … 9 (slowest, smallest); 6 is zlib's default.
        public var level: Int
        /// zlib's strategy.
        public var strategy: Strategy

        /// Creates a method; `level` outside 0…9 is reported by the encoder, not here.
        public init(filter: PNGFilter, level: Int, strategy: Strategy = .default) {
            self.filter = filter
            self.level = level
            self.strategy = strategy
        }

        /// A short label such as `none, level 9` or `none, run-length`.
        public var description: String {
            switch strategy {
            case .default: "\(filter), level \(level)"
            case .filtered: "\(filter), level \(level) filtered"
            case .runLength: "\(filter), run-length"
            case .huffmanOnly: "\(filter), Huffman only"
            }
        }
    }

    /// For gray, gray+alpha, RGB and RGBA images: rows of samples.
    public var samples: Method
    /// For indexed images: rows of palette indices. An index says little about its
    /// neighbours' values (ours are sorted by alpha, which helps only a little), so the
    /// filters that predict from them help less here than on samples.
    public var indices: Method
    /// Whether the encoder may store the pixels in fewer bytes than the image has (indexed
    /// for one colour with any alphas, gray, gray+alpha, RGB), choosing only layouts that
    /// decode to exactly the same pixels; see `PNGEncoder`. When `false` the file holds
    /// RGBA or gray+alpha, as the image does (RGBA for one colour with alphas).
    public var reducesColorType: Bool
    /// Whether, for one gray colour on a small image, gray+alpha is encoded beside the
    /// indexed layout and the smaller file kept (see `PNGEncoder`); it costs a second
    /// compression of the image, with `samples`' method, except where the indexed file
    /// cannot be the smaller (`PNGEncoder.indexedCanWin`). Only with `reducesColorType`.
    public var triesGrayAlpha: Bool
    /// For indexed images, a second method: the rows are compressed with `indices`, then
    /// with this one, and the smaller file kept (the first on a tie). Nil: `indices` alone.
    /// It costs a second compression of every indexed image.
    public var indicesAlternative: Method?

    /// One method for every kind of row; `level` outside 0…9 is reported by the encoder.
    public init(
        level: Int, filter: PNGFilter, strategy: Strategy = .default, reducesColorType: Bool = true,
        triesGrayAlpha: Bool = true
    ) {
        let method = Method(filter: filter, level: level, strategy: strategy)
        self.init(samples: method, indices: method, reducesColorType: reducesColorType, triesGrayAlpha: triesGrayAlpha)
    }

    /// A method for rows of samples and one for rows of palette indices, and optionally a
    /// second one for the indices (`indicesAlternative`).
    public init(
        samples: Method, indices: Method, indicesAlternative: Method? = nil, reducesColorType: Bool = true,
        triesGrayAlpha: Bool = true
    ) {
        self.samples = samples
        self.indices = indices
        self.indicesAlternative = indicesAlternative
        self.reducesColorType = reducesColorType
        self.triesGrayAlpha = triesGrayAlpha
    }

    // The presets are chosen on rendered morph frames, the product's output
    // (`export-bench --settings-grid`: every filter × zlib setting per colour type, figures in
    // `Benchmarks/results/png-settings.md`; against the encoder libpng replaced in
    // `Benchmarks/results/export-bench.md`). What decides them: indexed morph frames
    // are mostly long runs of one index (transparent, opaque) with short ramps at the edges,
    // so unfiltered rows under zlib's run-length matching come out both fastest and, short of
    // level 9, smallest — a filter only turns the runs' edges into noise. Small frames end up
    // as gray+alpha (the palette would cost more than it saves, see `PNGEncoder`), where
    // unfiltered rows with full string matching win, more so the higher the level.
    //
    // The samples' level is 3, not zlib's default 6 (issue 19): gray+alpha is tried on every
    // frame of the command's 132 px default, and at level 6 that trial was most of a PNG
    // frame's cost — 0.37 ms against 0.07 at level 3 for a 132 px gray+alpha frame (zlib's
    // lazy matcher from level 4 on), where the frame itself renders in about 0.07 ms — for
    // files 10 % smaller: the command's PNG files of six 61-frame morphs at 132 px averaged
    // 1115 bytes at level 6 and 1239 at level 3 (1419 with `.fast`, 1004 with `.best`); 60
    // frames into a fresh folder took 24.6 ms at level 6 and 17.7 at level 3 (medians of 21
    // whole processes, the same run). Level 3 also applies to every other image stored as
    // samples — frames over a background (RGB), sheets and strips, unreduced images — which
    // come out a little larger than at level 6 for the same reason they come faster.

    /// Small files, fast: palette indices unfiltered under zlib's run-length matching;
    /// samples unfiltered at zlib level 3; gray+alpha tried on small frames. Reduced colour
    /// type.
    public static let `default` = PNGCompression(
        samples: Method(filter: .none, level: 3), indices: Method(filter: .none, level: 6, strategy: .runLength))

    /// A little faster, a little larger: `.default` without the gray+alpha trial, so each
    /// image is compressed once (small morph frames stay indexed, about 15 % larger; large
    /// ones, which never take the trial, are the same as `.default`'s).
    public static let fast = PNGCompression(
        samples: Method(filter: .none, level: 3), indices: Method(filter: .none, level: 6, strategy: .runLength),
        triesGrayAlpha: false)

    /// The smallest files, slowly: no row filter and zlib level 9 with full string matching,
    /// for indices and samples alike, and for indices `.default`'s run-length matching as
    /// well, the smaller file kept. Reduced colour type.
    ///
    /// Neither zlib setting wins on every indexed frame. On the settings grid's frames
    /// (`Benchmarks/results/png-settings.md`) level 9 does, but on heart → star at 200 and
    /// 512 px run-length matching made every frame smaller (30 frames: 127,072 bytes against
    /// 136,975 at 200 px, 325,142 against 361,400 at 512). Recompressing the rows of
    /// 20-frame morphs with zlib both ways, the smaller of each frame's two came to 6–9 %
    /// under level 9 alone for bell → magnifyingglass and gear → house at 132, 200, 512 and
    /// 1024 px, and 0–1 % under it for play → pause. The run-length compression costs about
    /// a tenth of a level-9 one (0.05 against 0.59 ms at 132 px, 2.0 against 14.7 ms at
    /// 1024 px in the settings grid), and `.best` is then never larger than `.default` on
    /// an indexed image.
    public static let best = PNGCompression(
        samples: Method(filter: .none, level: 9), indices: Method(filter: .none, level: 9),
        indicesAlternative: `default`.indices)

    /// A short label such as `samples none, level 3; indices none, run-length`.
    public var description: String {
        var text = samples == indices ? "\(samples)" : "samples \(samples); indices \(indices)"
        if let indicesAlternative { text += "; indices also \(indicesAlternative), the smaller kept" }
        if !reducesColorType { text += "; unreduced" } else if !triesGrayAlpha { text += "; no gray+alpha trial" }
        return text
    }

    /// The zlib level outside 0…9 among the methods, if any.
    var invalidLevel: Int? {
        [samples.level, indices.level, indicesAlternative?.level ?? 0].first { !(0...9).contains($0) }
    }

    /// What libpng is told for an image stored as `colorType`: the method, then the
    /// alternative one to try after it, if any.
    func settings(
        for colorType: PNGPixelLayout.ColorType, maximumChunkLength: Int
    ) -> (first: LibPNGWriter.Settings, alternative: LibPNGWriter.Settings?) {
        func settings(_ method: Method) -> LibPNGWriter.Settings {
            LibPNGWriter.Settings(
                filter: method.filter, level: method.level, strategy: method.strategy, maximumChunkLength: maximumChunkLength)
        }
        guard colorType == .indexed else { return (settings(samples), nil) }
        return (settings(indices), indicesAlternative.map(settings))
    }
}
