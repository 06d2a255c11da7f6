import AlphaRaster
import SVGImport

/// A symbol drawn by this project for common controls: media transport, marks, arrows and
/// everyday objects, filled, on a 24 × 24 grid.
///
/// Design rules, so that any two symbols morph into each other without a jump in weight:
/// - the grid is `gridSize` × `gridSize` user units, y down; every shape stays at least
///   `margin` (3) units from each edge, leaving room for the morph's blur;
/// - every symbol is a filled region under the nonzero rule (holes are drawn as reversed
///   subpaths), so its mask is exactly its coverage;
/// - stroke-like parts (plus, arrows, checkmark, the magnifying glass' handle) are 4 units
///   wide with round ends;
/// - the covered area is between about 11 % (minus) and 27 % (envelope, heart) of the grid,
///   at most 2.5 times apart, so no symbol looks much heavier than another.
///
/// Names are lowercase, dotted where a family shares a stem (`arrow.up`), in the style of
/// common symbol fonts. `init(named:)` also accepts aliases (`search`, `close`, `home`, …),
/// any letter case, `-`/`_` in place of `.`, and a `.fill` suffix.
public enum BuiltInSymbol: String, CaseIterable, Sendable {
    /// A triangle pointing right.
    case play
    /// Two upright bars.
    case pause
    /// A rounded square.
    case stop
    /// A disc.
    case record
    /// Two triangles pointing left.
    case backward
    /// Two triangles pointing right.
    case forward
    /// A plus sign.
    case plus
    /// A minus sign.
    case minus
    /// A diagonal cross (close).
    case xmark
    /// A tick.
    case checkmark
    /// Three dots in a row (more).
    case ellipsis
    /// An arrow pointing up.
    case arrowUp = "arrow.up"
    /// An arrow pointing down.
    case arrowDown = "arrow.down"
    /// An arrow pointing left.
    case arrowLeft = "arrow.left"
    /// An arrow pointing right.
    case arrowRight = "arrow.right"
    /// A heart.
    case heart
    /// A five-pointed star.
    case star
    /// A lightning bolt.
    case bolt
    /// A bell (notifications).
    case bell
    /// A magnifying glass (search).
    case magnifyingglass
    /// A gear wheel (settings).
    case gear
    /// A house (home).
    case house
    /// A head and shoulders (user).
    case person
    /// A bookmark ribbon.
    case bookmark
    /// A trash can (delete).
    case trash
    /// A padlock.
    case lock
    /// An envelope (mail).
    case envelope
    /// A cloud.
    case cloud
    /// A loudspeaker (sound).
    case speaker

    /// The side of the square design grid, in user units: 24.
    public static let gridSize = 24.0

    /// The empty band every symbol keeps along each edge of the grid, in user units: 3.
    public static let margin = 3.0

    /// The symbol's name: lowercase, `.` between the parts (`arrow.up`).
    public var name: String { rawValue }

    /// Every symbol's name, sorted.
    public static var names: [String] { allCases.map(\.name).sorted() }

    /// The outline as SVG path data in grid units (absolute commands M, L, H, V, C, Q, A and
    /// Z), filled with the nonzero rule.
    public var pathData: String { subpaths.joined(separator: " ") }

    /// The outline as a vector path in grid units, read by SVGImport's path-data parser.
    public var path: VectorPath {
        // The data are constants that the tests parse and rasterize one by one, so a failure
        // cannot reach a user; an empty path is the non-trapping fallback.
        (try? VectorPath(svgPathData: pathData)) ?? VectorPath()
    }

    /// The symbol as a vector icon: a `gridSize` × `gridSize` canvas with one filled layer
    /// (nonzero rule, opacity 1).
    ///
    /// An `IconBox` aspect-fits the square canvas, so in a square box the symbol keeps its
    /// margin as a fraction (1/8) of the box.
    public var icon: VectorIcon {
        VectorIcon(
            width: Self.gridSize, height: Self.gridSize,
            layers: [VectorIcon.Layer(path: path, paint: .fill(.nonZero))])
    }
}
