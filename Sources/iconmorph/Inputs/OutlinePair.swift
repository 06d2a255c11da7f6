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
        return (try morph(from.icon, named: from.name, to: to.icon, named: to.name, layout: layout), from.name, to.name)
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
