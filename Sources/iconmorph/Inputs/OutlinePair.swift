import AlphaRaster
import PathMorph

/// Two icons' outlines matched for a path morph (`render --style path`, `animate --style
/// path`, `paths`), with errors that name the icon at fault.
enum OutlinePair {
    /// Loads `source` and `target` (as given for `--from` and `--to`) as vector icons and
    /// matches them in `layout`; `use` says what needs the outlines (for a PNG's message).
    ///
    /// - Throws: `IconInputError` (unknown name, a PNG, outlines that cannot be matched),
    ///   `SVGError` for a bad file.
    static func match(
        source: String, sourceOption: String, target: String, targetOption: String, layout: IconLayout, use: String,
        warn: (String) -> Void
    ) throws -> (morph: PathMorph, sourceName: String, targetName: String) {
        let from = try IconInput.resolve(source, option: sourceOption).vectorIcon(option: sourceOption, use: use)
        let to = try IconInput.resolve(target, option: targetOption).vectorIcon(option: targetOption, use: use)
        for warning in from.warnings + to.warnings { warn(warning) }
        let matched = try morph(from.icon, named: from.name, to: to.icon, named: to.name, layout: layout)
        for (icon, name, progress) in [(from.icon, from.name, 0.0), (to.icon, to.name, 1.0)] {
            if let warning = endWarning(matched, at: progress, icon: icon, name: name, layout: layout) { warn(warning) }
        }
        return (matched, from.name, to.name)
    }

    /// The least soft IoU (Σ min / Σ max) of an end frame against its icon's mask before a
    /// warning: the outlines of icons whose contours neither cross themselves nor overlap
    /// draw their masks exactly (every Adwaita icon a review tried: ≥ 0.99).
    static let endFidelity = 0.98

    /// A warning when the morph's outline at `progress` (0 or 1) covers other ground than
    /// `icon` does: contours that cross themselves or overlap each other (an even-odd star,
    /// two overlapping squares), whose fill the outline's own winding cannot keep. Nil when
    /// they agree, or when either mask cannot be drawn (the morph itself was drawn already).
    static func endWarning(_ morph: PathMorph, at progress: Double, icon: VectorIcon, name: String, layout: IconLayout) -> String? {
        // The outline itself (`mask(at:)` draws the icon at the ends).
        let rasterizer = VectorRasterizer()
        guard let own = try? rasterizer.mask(for: icon, in: layout),
              let end = try? rasterizer.mask(forPixelPath: morph.path(at: progress), rule: .nonZero, in: layout),
              own.width == end.width, own.height == end.height else { return nil }
        var least = 0, most = 0, ownSum = 0, endSum = 0
        for (a, b) in zip(own.pixels, end.pixels) {
            least += Int(min(a, b))
            most += Int(max(a, b))
            ownSum += Int(a)
            endSum += Int(b)
        }
        guard most > 0, Double(least) / Double(most) < endFidelity else { return nil }
        let change = Double(endSum - ownSum) / Double(max(ownSum, 1)) * 100
        return "\(name): its contours cross themselves or overlap, which a path morph's outline cannot keep: "
            + "its end frame covers \(formatComputed((abs(change) * 10).rounded() / 10)) % \(change >= 0 ? "more" : "less") than the icon"
    }

    /// The path morph of two loaded icons.
    ///
    /// - Throws: `IconInputError.undrawable` or `.unmatchable` naming the icon at fault.
    static func morph(
        _ source: VectorIcon, named sourceName: String, to target: VectorIcon, named targetName: String, layout: IconLayout
    ) throws -> PathMorph {
        let error: PathMorphError
        do {
            return try PathMorph(from: source, to: target, layout: layout)
        } catch let failure as PathMorphError {
            error = failure
        } catch {
            throw error
        }
        do {
            func name(_ icon: PathMorphError.Icon) -> String { icon == .source ? sourceName : targetName }
            switch error {
            case .invalidIcon(let icon, .invalidIcon(let part, let reason)):
                throw IconInputError.undrawable(name: name(icon), reason: "\(part): \(reason)")
            case .invalidIcon(_, let other):
                throw other
            case .translucentLayer(let icon, let layer, let opacity):
                throw IconInputError.unmatchable(
                    name: name(icon), reason: "layer \(layer) has opacity \(formatComputed(opacity)); a path morph needs opaque shapes")
            case .emptyIcon(let icon):
                throw IconInputError.unmatchable(name: name(icon), reason: "draws no outline to morph")
            case .tooManyContours(let icon, let count, let limit):
                throw IconInputError.unmatchable(
                    name: name(icon), reason: "has \(count) contours, more than the \(limit) a path morph matches")
            case .invalidPoint(let icon, let contour):
                throw IconInputError.unmatchable(
                    name: name(icon), reason: "contour \(contour) has a point that is not finite or too far out")
            case .tooComplex(let reason):
                throw IconInputError.unmatchable(name: "\(sourceName) → \(targetName)", reason: "too complex to match: " + reason)
            }
        }
    }
}
