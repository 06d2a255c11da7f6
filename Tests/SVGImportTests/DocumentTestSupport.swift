import AlphaRaster
import SVGImport
import Testing

/// Imports `body` wrapped in an `<svg>` root with `attributes`.
func importSVG(_ body: String, attributes: String = #"width="100" height="100""#) throws -> SVGIcon {
    try SVGImporter.parse(
        string: #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" \#(attributes)>\#(body)</svg>"#,
        name: "test.svg")
}

/// The error a document produces, or nil when it imports.
func importError(_ text: String, name: String = "test.svg") -> SVGError? {
    do {
        _ = try SVGImporter.parse(string: text, name: name)
        return nil
    } catch {
        return error
    }
}

/// The message part of an error's description (after "file:line:column: ").
func position(of error: SVGError?) -> (line: Int, column: Int)? {
    switch error {
    case .malformedXML(_, let line, let column, _)?, .invalidDocument(_, let line, let column, _)?:
        (line, column)
    default:
        nil
    }
}

extension VectorIcon.Layer {
    var isFill: Bool {
        if case .fill = paint { return true }
        return false
    }

    var fillRule: FillRule? {
        if case .fill(let rule) = paint { return rule }
        return nil
    }

    var stroke: StrokeStyle? {
        if case .stroke(let style) = paint { return style }
        return nil
    }

    /// Where the layer maps a point of its path's user space on the canvas.
    func canvasPoint(_ x: Double, _ y: Double) -> SIMD2<Double> {
        transform.apply(SIMD2(x, y))
    }
}

/// All end and control points of a path.
func points(of path: VectorPath) -> [SIMD2<Double>] {
    path.segments.flatMap { segment -> [SIMD2<Double>] in
        switch segment {
        case .move(let p), .line(let p): [p]
        case .quad(let c, let p): [c, p]
        case .cubic(let c1, let c2, let p): [c1, c2, p]
        case .close: []
        }
    }
}

/// Points sampled along every segment (t = 0, 1/8, …, 1), for checking curves against the
/// shape they should trace.
func sampledPoints(of path: VectorPath) -> [SIMD2<Double>] {
    var current = SIMD2<Double>(0, 0)
    var samples: [SIMD2<Double>] = []
    for segment in path.segments {
        switch segment {
        case .move(let p), .line(let p):
            samples.append(p)
            current = p
        case .quad(let c, let p):
            for k in 1...8 {
                let t = Double(k) / 8
                samples.append((1 - t) * (1 - t) * current + 2 * (1 - t) * t * c + t * t * p)
            }
            current = p
        case .cubic(let c1, let c2, let p):
            for k in 1...8 {
                let t = Double(k) / 8
                let u = 1 - t
                samples.append(u * u * u * current + 3 * u * u * t * c1 + 3 * u * t * t * c2 + t * t * t * p)
            }
            current = p
        case .close:
            break
        }
    }
    return samples
}

func approximatelyEqual(_ a: SIMD2<Double>, _ b: SIMD2<Double>, tolerance: Double = 1e-9) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}
