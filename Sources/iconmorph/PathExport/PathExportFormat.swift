import PathMorph

/// What `iconmorph paths` writes (`--format`).
enum PathExportFormat: String, CaseIterable, Equatable, Sendable {
    /// Two SVG files whose `d` attributes have the same commands.
    case svg
    /// One SVG that morphs by itself (SMIL `<animate>` on `d`).
    case svgAnimate = "svg-animate"
    /// A SwiftUI `Shape` whose `animatableData` carries the points.
    case swiftui
    /// Two `UIBezierPath` builders with the same structure.
    case uikit
    /// The matched points as JSON.
    case json

    /// Whether the export is Swift source named after its type.
    var isSwift: Bool { self == .swiftui || self == .uikit }

    /// The extension of the files it writes.
    var fileExtension: String {
        switch self {
        case .svg, .svgAnimate: "svg"
        case .swiftui, .uikit: "swift"
        case .json: "json"
        }
    }
}

/// What every export is made from: the matched outlines, the icons' names and the box.
struct PathExportInput {
    /// The matched outlines: `target[i]` pairs with `source[i]`, with as many curves.
    let source: [PathContour]
    let target: [PathContour]
    /// The icons as named for messages: a symbol's name or the file's path.
    let sourceName: String
    let targetName: String
    /// The box the points are in, in pixels (the layout with its padding).
    let width: Int
    let height: Int
    /// Rounding of the coordinates written.
    let decimals: Int
    /// `iconmorph <version>`, for the files' first line.
    let generator: String

    /// `from → to`, as the files describe the pair.
    var pairText: String { "\(sourceName) → \(targetName)" }

    /// `text` (an icon's name) for a Swift `//` comment: control characters and line or
    /// paragraph separators (a file name may hold a newline) written as Swift escapes, so the
    /// comment ends where the export ends it and nothing of a name becomes code.
    static func swiftComment(_ name: String) -> String {
        var text = ""
        for scalar in name.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator:
                text += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default:
                text.unicodeScalars.append(scalar)
            }
        }
        return text
    }
}
