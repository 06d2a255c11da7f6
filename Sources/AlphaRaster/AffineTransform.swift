// API CONTRACT — bodies may be completed/extended by the rasterizer implementation.

/// A 2-D affine map in SVG's matrix order: x' = a·x + c·y + e, y' = b·x + d·y + f.
public struct AffineTransform: Sendable, Equatable {
    public var a: Double, b: Double, c: Double, d: Double, e: Double, f: Double

    public init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.e = e; self.f = f
    }

    /// The identity map.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, e: 0, f: 0)

    /// A translation by (tx, ty).
    public static func translation(_ tx: Double, _ ty: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, e: tx, f: ty)
    }

    /// A scale by (sx, sy) about the origin.
    public static func scale(_ sx: Double, _ sy: Double) -> AffineTransform {
        AffineTransform(a: sx, b: 0, c: 0, d: sy, e: 0, f: 0)
    }

    /// The map that applies `self` first, then `next`.
    public func followed(by next: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: next.a * a + next.c * b, b: next.b * a + next.d * b,
            c: next.a * c + next.c * d, d: next.b * c + next.d * d,
            e: next.a * e + next.c * f + next.e, f: next.b * e + next.d * f + next.f)
    }

    /// The image of point `p`.
    public func apply(_ p: SIMD2<Double>) -> SIMD2<Double> {
        SIMD2(a * p.x + c * p.y + e, b * p.x + d * p.y + f)
    }
}
