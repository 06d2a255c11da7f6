import AlphaRaster

// API CONTRACT STUB — the bodies are to be replaced by the real implementation.

/// How progress p maps to the mix weight e.
public enum MorphEasing: String, Sendable, CaseIterable {
    /// e = p²(3 − 2p), the default.
    case smooth
    /// e = p.
    case linear

    /// The eased progress e for progress `p` in [0, 1].
    public func callAsFunction(_ p: Double) -> Double {
        switch self {
        case .smooth: p * p * (3 - 2 * p)
        case .linear: p
        }
    }
}

/// An sRGB colour with straight alpha, 8 bits per channel.
public struct TintColor: Sendable, Equatable {
    public var red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    /// Opaque black, the default tint.
    public static let black = TintColor(red: 0, green: 0, blue: 0)
}

/// A failure to set up or render a morph.
public enum MorphError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A parameter is out of its documented range; `name` is the parameter's name.
    case invalidParameter(name: String, reason: String)
    /// An input mask or output buffer does not match the renderer's size.
    case sizeMismatch(String)

    public var description: String {
        switch self {
        case .invalidParameter(let name, let reason): "\(name): \(reason)"
        case .sizeMismatch(let reason): reason
        }
    }
}

/// Everything about a morph's look except its inputs and progress.
public struct MorphStyle: Sendable, Equatable {
    /// Rmax, the largest blur radius in pixels (maxBlurRadius in points × display scale), ≥ 0.
    public var maxBlurRadius: Double
    /// L, the number of cached blur levels, ≥ 2.
    public var blurLevels: Int
    /// t, the field value at which the edge reaches full opacity, in (0, 1].
    public var threshold: Double
    /// s, the width of the smoothstep ramp below the threshold, > 0.
    public var softness: Double
    /// The progress easing.
    public var easing: MorphEasing
    /// The colour of the shape; its alpha scales the output alpha.
    public var tint: TintColor

    /// The smallest L that keeps cached levels at most 0.25 px apart (and at least 2).
    public static func defaultBlurLevels(maxBlurRadius: Double) -> Int {
        max(2, Int((maxBlurRadius / 0.25).rounded(.up)) + 1)
    }

    public init(
        maxBlurRadius: Double = 12, blurLevels: Int? = nil, threshold: Double = 0.5,
        softness: Double = 0.05, easing: MorphEasing = .smooth, tint: TintColor = .black
    ) {
        self.maxBlurRadius = maxBlurRadius
        self.blurLevels = blurLevels ?? MorphStyle.defaultBlurLevels(maxBlurRadius: maxBlurRadius)
        self.threshold = threshold
        self.softness = softness
        self.easing = easing
        self.tint = tint
    }
}

/// Whether a renderer may spread one frame over several threads.
public enum MorphConcurrency: Sendable, Equatable {
    /// One thread, always.
    case serial
    /// Several threads when the frame is large enough to pay for them.
    case automatic
}

/// Renders morph frames between two masks of one size into caller-provided buffers.
public final class MorphRenderer {
    public let width: Int
    public let height: Int
    public let style: MorphStyle
    public var concurrency: MorphConcurrency = .automatic

    /// - Throws: `MorphError.invalidParameter` for a non-positive size or a style out of range.
    public init(width: Int, height: Int, style: MorphStyle = MorphStyle()) throws {
        self.width = width
        self.height = height
        self.style = style
        fatalError("unimplemented")
    }

    /// Renders the frame at `progress` as straight-alpha RGBA8 into `output`
    /// (`width × height × 4` bytes).
    public func renderRGBA(
        source: AlphaMask, target: AlphaMask, progress: Double, into output: UnsafeMutableRawBufferPointer
    ) throws {
        fatalError("unimplemented")
    }

    /// Renders the frame's alpha only, round(255 · tintAlpha · α), into `output`
    /// (`width × height` bytes).
    public func renderAlpha(
        source: AlphaMask, target: AlphaMask, progress: Double, into output: UnsafeMutableRawBufferPointer
    ) throws {
        fatalError("unimplemented")
    }
}
