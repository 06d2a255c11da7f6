// Draws the example icons in Examples/Icons. They are the project's own artwork: simple shapes
// on a 24-unit design grid, each pixel's coverage measured with 8 × 8 samples.
//
//     swift run --package-path Examples/LibraryDemo make-example-icons Examples/Icons

import Foundation
import IconMorphPNG

/// A shape in design units (0…24 on both axes, y down): true where the point is inside.
typealias Shape = (Double, Double) -> Bool

func roundedRect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, radius r: Double) -> Shape {
    { x, y in
        let dx = max(x0 + r - x, 0, x - (x1 - r))
        let dy = max(y0 + r - y, 0, y - (y1 - r))
        return x >= x0 && x <= x1 && y >= y0 && y <= y1 && dx * dx + dy * dy <= r * r
    }
}

func disc(_ cx: Double, _ cy: Double, radius r: Double) -> Shape {
    { x, y in (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r }
}

/// Points within `width / 2` of the polyline through `points` (round caps and joins).
func stroke(_ points: [(Double, Double)], width: Double) -> Shape {
    let h = width / 2
    return { x, y in
        for i in 0..<(points.count - 1) {
            let (ax, ay) = points[i], (bx, by) = points[i + 1]
            let vx = bx - ax, vy = by - ay
            let t = max(0, min(1, ((x - ax) * vx + (y - ay) * vy) / (vx * vx + vy * vy)))
            let dx = x - (ax + t * vx), dy = y - (ay + t * vy)
            if dx * dx + dy * dy <= h * h { return true }
        }
        return false
    }
}

/// A triangle with rounded corners: the points within `radius` of the inset triangle.
func roundedTriangle(_ a: (Double, Double), _ b: (Double, Double), _ c: (Double, Double), radius: Double) -> Shape {
    let corners = [a, b, c]
    let edge = stroke(corners + [a], width: 2 * radius)
    return { x, y in
        if edge(x, y) { return true }
        var sign = 0.0
        for i in 0..<3 {
            let (px, py) = corners[i], (qx, qy) = corners[(i + 1) % 3]
            let cross = (qx - px) * (y - py) - (qy - py) * (x - px)
            if cross == 0 { continue }
            if sign == 0 { sign = cross } else if (sign > 0) != (cross > 0) { return false }
        }
        return true
    }
}

func union(_ shapes: Shape...) -> Shape { { x, y in shapes.contains { $0(x, y) } } }

/// The classic implicit heart (x² + y² − 1)³ − x²y³ ≤ 0, fitted to the grid.
let heart: Shape = { x, y in
    let u = (x - 12) / 7.6, v = -(y - 12.9) / 7.6 + 0.12
    let q = u * u + v * v - 1
    return q * q * q - u * u * v * v * v <= 0
}

let icons: [(name: String, shape: Shape)] = [
    ("play", roundedTriangle((8.2, 5.6), (8.2, 18.4), (19.0, 12.0), radius: 1.4)),
    ("pause", union(roundedRect(6.5, 5, 10.5, 19, radius: 1.2), roundedRect(13.5, 5, 17.5, 19, radius: 1.2))),
    ("stop", roundedRect(5.5, 5.5, 18.5, 18.5, radius: 2)),
    ("record", disc(12, 12, radius: 7)),
    ("plus", union(roundedRect(10.4, 4.5, 13.6, 19.5, radius: 1.6), roundedRect(4.5, 10.4, 19.5, 13.6, radius: 1.6))),
    ("checkmark", stroke([(5.5, 12.5), (10, 17), (18.5, 7)], width: 3.2)),
    ("heart", heart),
]

let side = 256
let samples = 8

func coverage(_ shape: Shape) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: side * side)
    let unit = 24.0 / Double(side)
    for py in 0..<side {
        for px in 0..<side {
            var hits = 0
            for sy in 0..<samples {
                for sx in 0..<samples {
                    let x = (Double(px) + (Double(sx) + 0.5) / Double(samples)) * unit
                    let y = (Double(py) + (Double(sy) + 0.5) / Double(samples)) * unit
                    if shape(x, y) { hits += 1 }
                }
            }
            out[py * side + px] = UInt8((hits * 255 + samples * samples / 2) / (samples * samples))
        }
    }
    return out
}

let folder = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "Examples/Icons"
do {
    for (name, shape) in icons {
        let cover = coverage(shape)
        // Transparent icons: black ink, coverage in alpha.
        var rgba = [UInt8](repeating: 0, count: side * side * 4)
        for i in 0..<cover.count { rgba[i * 4 + 3] = cover[i] }
        try PNGImage(width: side, height: side, format: .rgba, pixels: rgba)
            .write(toFile: "\(folder)/\(name).png")
    }
    // One opaque drawing, dark ink on white paper, to show luminance masks.
    let ink = coverage(heart)
    let paper = ink.flatMap { c -> [UInt8] in [255 - c, 255 - c, 255 - c, 255] }
    try PNGImage(width: side, height: side, format: .rgba, pixels: paper)
        .write(toFile: "\(folder)/heart-on-paper.png")
    print("wrote \(icons.count + 1) icons to \(folder)")
} catch {
    FileHandle.standardError.write(Data("make-example-icons: error: \(error)\n".utf8))
    exit(1)
}
