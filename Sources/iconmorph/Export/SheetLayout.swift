import MorphKernel
import PNGCodec

/// Where each frame goes in a sheet (`--format sheet`, a grid) or a strip (one row).
///
/// Frames of w × h pixels fill `columns` cells per row, left to right then top to bottom,
/// with `spacing` pixels between neighbouring cells and none around the outside:
/// width = columns·w + (columns − 1)·spacing, height = rows·h + (rows − 1)·spacing,
/// rows = ⌈count / columns⌉; frame k's cell has its top-left corner at
/// x = (k mod columns)·(w + spacing), y = ⌊k / columns⌋·(h + spacing). The default grid has
/// ⌈√count⌉ columns, so the sheet is about square.
struct SheetLayout: Equatable, Sendable {
    let frameWidth: Int
    let frameHeight: Int
    let count: Int
    let columns: Int
    let spacing: Int

    /// The largest sheet, in pixels: what `PNGImage` decodes by default (64 megapixels), so
    /// that iconmorph and the libraries that share that limit can read the sheet back.
    static let maximumPixelCount = PNGImage.defaultPixelLimit

    /// ⌈√count⌉ for a sheet.
    static func defaultColumns(count: Int) -> Int {
        var columns = Int(Double(count).squareRoot().rounded(.down))
        while columns * columns < count { columns += 1 }
        return max(1, columns)
    }

    /// `columns` is clamped to `count`: a grid wider than the frames would be all gap.
    init(frameWidth: Int, frameHeight: Int, count: Int, columns: Int, spacing: Int) {
        self.frameWidth = frameWidth
        self.frameHeight = frameHeight
        self.count = count
        self.columns = min(max(columns, 1), count)
        self.spacing = spacing
    }

    var rows: Int { (count + columns - 1) / columns }
    var width: Int { columns * frameWidth + (columns - 1) * spacing }
    var height: Int { rows * frameHeight + (rows - 1) * spacing }

    /// The top-left pixel of frame `index`'s cell.
    func origin(ofFrame index: Int) -> (x: Int, y: Int) {
        ((index % columns) * (frameWidth + spacing), (index / columns) * (frameHeight + spacing))
    }

    /// Width × height, or nil when it would overflow.
    var pixelCount: Int? {
        let (w, o1) = columns.multipliedReportingOverflow(by: frameWidth + spacing)
        let (h, o2) = rows.multipliedReportingOverflow(by: frameHeight + spacing)
        guard !o1, !o2 else { return nil }
        let (area, o3) = (w - spacing).multipliedReportingOverflow(by: h - spacing)
        return o3 ? nil : area
    }

    /// The pixel of a sheet's gaps, as stored (RGBA bytes in memory order): the background,
    /// or else the tint's colour at alpha 0.
    static func gapPixel(style: MorphStyle) -> UInt32 {
        let tint = style.tint
        let color = style.background ?? TintColor(red: tint.red, green: tint.green, blue: tint.blue, alpha: 0)
        return (UInt32(color.red) | UInt32(color.green) << 8 | UInt32(color.blue) << 16 | UInt32(color.alpha) << 24).littleEndian
    }
}
