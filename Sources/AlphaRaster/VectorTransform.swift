#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A 2-D affine map in SVG's matrix order: x' = a·x + c·y + e, y' = b·x + d·y + f.
///
/// Angles are in degrees; with y pointing down a positive rotation turns clockwise on screen,
/// as in SVG.
public struct VectorTransform: Sendable, Equatable {
    /// The matrix entries [a c e; b d f; 0 0 1].
    public var a: Double, b: Double, c: Double, d: Double, e: Double, f: Double

    /// The map with these matrix entries.
    public init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.e = e; self.f = f
    }

    /// The identity map.
    public static let identity = VectorTransform(a: 1, b: 0, c: 0, d: 1, e: 0, f: 0)

    /// A translation by (tx, ty).
    public static func translation(_ tx: Double, _ ty: Double) -> VectorTransform {
        VectorTransform(a: 1, b: 0, c: 0, d: 1, e: tx, f: ty)
    }

    /// A scale by (sx, sy) about the origin.
    public static func scale(_ sx: Double, _ sy: Double) -> VectorTransform {
        VectorTransform(a: sx, b: 0, c: 0, d: sy, e: 0, f: 0)
    }

    /// A rotation by `degrees` about the origin (SVG `rotate(θ)`): a = cos θ, b = sin θ,
    /// c = −sin θ, d = cos θ. Multiples of 90° are exact (no −0.0 or 6·10⁻¹⁷ residue).
    public static func rotation(degrees: Double) -> VectorTransform {
        let (cosine, sine) = Self.cosSin(degrees: degrees)
        return VectorTransform(a: cosine, b: sine, c: -sine, d: cosine, e: 0, f: 0)
    }

    /// A rotation by `degrees` about `center` (SVG `rotate(θ, cx, cy)`).
    public static func rotation(degrees: Double, around center: SIMD2<Double>) -> VectorTransform {
        translation(-center.x, -center.y)
            .followed(by: rotation(degrees: degrees))
            .followed(by: translation(center.x, center.y))
    }

    /// A horizontal skew (SVG `skewX(θ)`): x' = x + tan θ · y.
    public static func skewX(degrees: Double) -> VectorTransform {
        VectorTransform(a: 1, b: 0, c: Self.tangent(degrees: degrees), d: 1, e: 0, f: 0)
    }

    /// A vertical skew (SVG `skewY(θ)`): y' = tan θ · x + y.
    public static func skewY(degrees: Double) -> VectorTransform {
        VectorTransform(a: 1, b: Self.tangent(degrees: degrees), c: 0, d: 1, e: 0, f: 0)
    }

    /// The map that applies `self` first, then `next`.
    public func followed(by next: VectorTransform) -> VectorTransform {
        VectorTransform(
            a: next.a * a + next.c * b, b: next.b * a + next.d * b,
            c: next.a * c + next.c * d, d: next.b * c + next.d * d,
            e: next.a * e + next.c * f + next.e, f: next.b * e + next.d * f + next.f)
    }

    /// The map that applies `first`, then `self` (SVG's `transform="self first"` order when
    /// reading a transform list left to right: the product self × first).
    public func concatenating(_ first: VectorTransform) -> VectorTransform {
        first.followed(by: self)
    }

    /// The image of point `p`.
    public func apply(_ p: SIMD2<Double>) -> SIMD2<Double> {
        SIMD2(a * p.x + c * p.y + e, b * p.x + d * p.y + f)
    }

    /// The image of the direction `v` (the linear part only, no translation).
    public func applyLinear(_ v: SIMD2<Double>) -> SIMD2<Double> {
        SIMD2(a * v.x + c * v.y, b * v.x + d * v.y)
    }

    /// The determinant a·d − b·c: the factor by which the map scales areas, negative when it
    /// mirrors.
    public var determinant: Double { a * d - b * c }

    /// The inverse map, or `nil` when the map is singular (|determinant| is 0, subnormal or
    /// not finite) and has none.
    public var inverse: VectorTransform? {
        let det = determinant
        guard det.isNormal else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        let result = VectorTransform(a: ia, b: ib, c: ic, d: id, e: -(ia * e + ic * f), f: -(ib * e + id * f))
        return result.isFinite ? result : nil
    }

    /// True when all six entries are finite.
    public var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && e.isFinite && f.isFinite
    }

    /// The largest factor by which the map stretches any length: the larger singular value of
    /// [a c; b d], σ = √((s + √(s² − 4·det²)) / 2) with s = a² + b² + c² + d². A curve
    /// approximated within t user units is then within σ·t after the map.
    public var scaleFactor: Double {
        // Scaled by the largest entry first so that squaring neither overflows nor underflows.
        let m = max(abs(a), abs(b), abs(c), abs(d))
        guard m > 0, m.isFinite else { return m.isNaN ? .nan : m }
        let na = a / m, nb = b / m, nc = c / m, nd = d / m
        let s = na * na + nb * nb + nc * nc + nd * nd
        let det = na * nd - nb * nc
        let root = max(0, s * s - 4 * det * det).squareRoot()
        return m * ((s + root) / 2).squareRoot()
    }

    /// cos and sin of an angle in degrees, exact at multiples of 90°.
    private static func cosSin(degrees: Double) -> (Double, Double) {
        let reduced = degrees.truncatingRemainder(dividingBy: 360)
        if reduced.truncatingRemainder(dividingBy: 90) == 0 {
            switch Int(reduced) {
            case 0: return (1, 0)
            case 90, -270: return (0, 1)
            case 180, -180: return (-1, 0)
            default: return (0, -1)
            }
        }
        let radians = reduced * .pi / 180
        return (cos(radians), sin(radians))
    }

    /// tan of an angle in degrees, exact 0 at multiples of 180°.
    package static func tangent(degrees: Double) -> Double {
        let reduced = degrees.truncatingRemainder(dividingBy: 180)
        return reduced == 0 ? 0 : tan(reduced * .pi / 180)
    }
}
