import AlphaRaster

/// A failure to set up or render a morph.
///
/// Thrown where the problem is found: by `MorphStyle.validate()`, `MorphRenderer.init`, the
/// render methods and `MorphAnimator`. Each case names what is at fault as a typed value, so
/// a caller can map it to its own words with an exhaustive `switch`; `description` is one
/// line a user can act on. Nothing in this module traps on bad input.
public enum MorphError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A parameter is out of its documented range; `reason` says what is allowed and what
    /// was given.
    case invalidParameter(MorphParameter, reason: String)
    /// A frame or field size with a side below 1 pixel, or an area above
    /// `MorphRenderer.maximumPixelCount` (counting each side rounded up to a multiple of 16;
    /// with the distance field, its rows and its 16-pixel columns padded by the blur, see
    /// there).
    case invalidSize(width: Int, height: Int)
    /// An input does not have the renderer's size.
    case sizeMismatch(MorphInput, width: Int, height: Int, expectedWidth: Int, expectedHeight: Int)
    /// An output's bytes per row are fewer than one row of its pixels needs
    /// (`width × format.bytesPerPixel`), or so many that the frame's rows would span more
    /// bytes than memory can address.
    case invalidBytesPerRow(Int, width: Int, format: PixelFormat)
    /// An output buffer holds fewer bytes than the frame's rows: (height − 1) × bytesPerRow
    /// plus one row of pixels.
    case bufferTooSmall(byteCount: Int, needed: Int)
    /// Frames are not rendered in this format: `.gray8` and `.grayAlpha8` cannot carry the
    /// tint.
    case unsupportedPixelFormat(PixelFormat)

    /// One line: `"<parameter>: <reason>"`, or the sizes at fault.
    public var description: String {
        switch self {
        case .invalidParameter(let parameter, let reason):
            "\(parameter): \(reason)"
        case .invalidSize(let width, let height):
            Self.sizeProblem(width: width, height: height)
        case .sizeMismatch(let input, let width, let height, let expectedWidth, let expectedHeight):
            "the \(input) is \(width)×\(height) pixels but the renderer is \(expectedWidth)×\(expectedHeight)"
        case .invalidBytesPerRow(let bytesPerRow, let width, let format):
            bytesPerRow < width * format.bytesPerPixel
                ? "\(bytesPerRow) bytes per row cannot hold a row of \(width) \(format) pixels (\(width * format.bytesPerPixel) bytes)"
                : "\(bytesPerRow) bytes per row make the frame's rows span more bytes than memory can address"
        case .bufferTooSmall(let byteCount, let needed):
            "the output buffer holds \(byteCount) bytes but the frame's rows need \(needed)"
        case .unsupportedPixelFormat(let format):
            "frames cannot be rendered as \(format): use alpha8, rgba8, rgba8Premultiplied, bgra8 or bgra8Premultiplied"
        }
    }
}

extension MorphError {
    /// What is wrong with a size `MorphError.invalidSize` reports, by the first rule it breaks:
    /// a side below 1 pixel; the area (each side rounded up to a multiple of 16) over
    /// `MorphRenderer.maximumPixelCount`; else only the distance field's padded rows or
    /// columns are too many, which is the one rule left.
    static func sizeProblem(width: Int, height: Int) -> String {
        let size = "\(width)×\(height) pixels"
        guard width >= 1, height >= 1 else { return "\(size): each side must be at least 1 pixel" }
        let limit = MorphRenderer.maximumPixelCount
        guard MorphRenderer.acceptsSize(width: width, height: height) else {
            return "\(size) is too large: the area, counting each side rounded up to a multiple of 16, "
                + "must be at most \(limit) pixels"
        }
        return "\(size) is too large for the distance field: its rows, and its columns (the width rounded up to a "
            + "multiple of 16), each padded by twice the blur radius and 16 pixels, must span at most \(2 * limit) "
            + "pixels in all"
    }
}

/// A parameter of the morph API, as `MorphError.invalidParameter` names it.
public enum MorphParameter: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// `MorphStyle.maxBlurRadius`.
    case maxBlurRadius
    /// `MorphStyle.blurLevels`.
    case blurLevels
    /// `MorphStyle.threshold`.
    case threshold
    /// `MorphStyle.softness`.
    case softness
    /// `MorphStyle.targetTint`.
    case targetTint
    /// A frame's progress.
    case progress
    /// `MorphFrame.capturedWeight`.
    case capturedWeight
    /// A `MorphAnimator` transition's duration.
    case duration
    /// A `MorphAnimator` call's time.
    case time
    /// `GaussianKernel(radius:)`'s radius.
    case radius
    /// `CapturedField`'s values.
    case fieldValues
    /// `CapturedField`'s blur radius.
    case fieldBlurRadius
    /// `CapturedField`'s translucency.
    case fieldTranslucency

    /// The parameter's name as spelled in the API (`blurLevels`, `progress`, …).
    public var description: String { rawValue }
}

/// An input of a frame, as `MorphError.sizeMismatch` names it.
public enum MorphInput: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The mask at progress 0.
    case source
    /// The mask at progress 1.
    case target
    /// The icon a `MorphAnimator` is sent to.
    case icon
    /// A frame's captured field.
    case capturedField
    /// The coverage `MorphRenderer.render(coverage:progress:into:bytesPerRow:format:)` finishes.
    case coverage

    /// In words: `source mask`, `target mask`, `icon mask`, `captured field`, `coverage mask`.
    public var description: String {
        switch self {
        case .source: "source mask"
        case .target: "target mask"
        case .icon: "icon mask"
        case .capturedField: "captured field"
        case .coverage: "coverage mask"
        }
    }
}
