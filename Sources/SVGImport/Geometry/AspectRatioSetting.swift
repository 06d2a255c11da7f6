import AlphaRaster

/// SVG's `preserveAspectRatio` and the viewBox-to-viewport transform it selects (SVG 1.1
/// §7.8, SVG 2 §8.2).
struct AspectRatioSetting: Equatable {
    /// Where the scaled viewBox sits on each axis: 0 = min, 0.5 = mid, 1 = max; nil = `none`
    /// (scale each axis independently to fill the viewport).
    var alignX: Double?
    var alignY: Double?
    /// `slice` (cover the viewport, overflowing it) instead of `meet` (fit inside it).
    var slice: Bool

    /// The default, `xMidYMid meet`.
    static let standard = AspectRatioSetting(alignX: 0.5, alignY: 0.5, slice: false)

    static let context = "preserveAspectRatio"

    /// Parses `defer? <align> (meet | slice)?`.
    static func parse(_ text: String) throws(SVGPathDataError) -> AspectRatioSetting {
        let bytes = Array(text.utf8)
        var words: [(word: String, offset: Int)] = []
        var index = 0
        while index < bytes.count {
            if NumberScanner.isWhitespace(bytes[index]) { index += 1; continue }
            let start = index
            while index < bytes.count, !NumberScanner.isWhitespace(bytes[index]) { index += 1 }
            words.append((String(decoding: bytes[start..<index], as: UTF8.self), start))
        }
        if words.first?.word == "defer" { words.removeFirst() }
        guard let align = words.first else {
            throw .at(bytes.count, in: bytes, context: context, expected: "an align value (none, xMidYMid, …)")
        }
        var setting = AspectRatioSetting.standard
        if align.word == "none" {
            setting.alignX = nil
            setting.alignY = nil
        } else {
            let positions = ["Min": 0.0, "Mid": 0.5, "Max": 1.0]
            let word = align.word
            guard word.count == 8, word.hasPrefix("x"), word.dropFirst(4).hasPrefix("Y"),
                  let x = positions[String(word.dropFirst(1).prefix(3))],
                  let y = positions[String(word.dropFirst(5))]
            else {
                throw .at(align.offset, in: bytes, context: context,
                          expected: "an align value (none, xMinYMin, xMidYMin, xMaxYMin, xMinYMid, xMidYMid, xMaxYMid, xMinYMax, xMidYMax or xMaxYMax)")
            }
            setting.alignX = x
            setting.alignY = y
        }
        if words.count >= 2 {
            switch words[1].word {
            case "meet": setting.slice = false
            case "slice": setting.slice = true
            default: throw .at(words[1].offset, in: bytes, context: context, expected: "meet or slice")
            }
        }
        if words.count >= 3 {
            throw .at(words[2].offset, in: bytes, context: context, expected: "the end of the value")
        }
        return setting
    }

    /// The map from viewBox coordinates to viewport coordinates:
    /// `none`: sx = vw / vbw, sy = vh / vbh; otherwise s = min (meet) or max (slice) of
    /// those, and the scaled box is shifted by align × (viewport size − scaled size).
    func transform(viewBox: ViewRect, viewport: ViewRect) -> VectorTransform {
        var sx = viewport.width / viewBox.width
        var sy = viewport.height / viewBox.height
        var tx = viewport.x - viewBox.x * sx
        var ty = viewport.y - viewBox.y * sy
        if let alignX, let alignY {
            let s = slice ? max(sx, sy) : min(sx, sy)
            sx = s
            sy = s
            tx = viewport.x - viewBox.x * s + alignX * (viewport.width - viewBox.width * s)
            ty = viewport.y - viewBox.y * s + alignY * (viewport.height - viewBox.height * s)
        }
        return VectorTransform(a: sx, b: 0, c: 0, d: sy, e: tx, f: ty)
    }
}
