#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A colour in Oklab (Björn Ottosson, 2020), the perceptual space tint ramps blend in
/// (`MorphStyle.tint(atProgress:)`):
/// L is lightness (0 black … 1 white), a green–red and b blue–yellow. Straight lines in Oklab
/// keep hue and lightness changing evenly, where a blend of sRGB bytes goes grey or dark in
/// the middle (red → green passes through a muddy brown).
///
/// Conversions, all in `Double`:
/// - sRGB byte c → linear: v = c/255; v ≤ 0.04045 ? v/12.92 : ((v + 0.055)/1.055)^2.4
///   (IEC 61966-2-1), and back: l ≤ 0.0031308 ? 12.92·l : 1.055·l^(1/2.4) − 0.055, then
///   round(255·v) after clamping to [0, 1].
/// - linear sRGB → LMS by Ottosson's matrix M1, cube root of each, → Lab by M2; back by the
///   inverses of M2 and M1 (computed here from M1 and M2, so a round trip of any sRGB byte
///   triple gives it back exactly).
struct Oklab: Equatable, Sendable {
    var L: Double
    var a: Double
    var b: Double

    /// A 3 × 3 matrix as its rows; no heap, so a frame's colour costs no allocation.
    typealias Matrix = (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)

    /// Ottosson's M1: linear sRGB → LMS (rows l, m, s).
    static let toLMS: Matrix = (
        SIMD3(0.4122214708, 0.5363325363, 0.0514459929),
        SIMD3(0.2119034982, 0.6806995451, 0.1073969566),
        SIMD3(0.0883024619, 0.2817188376, 0.6299787005))
    /// Ottosson's M2: cube-rooted LMS → L, a, b.
    static let toLab: Matrix = (
        SIMD3(0.2104542553, 0.7936177850, -0.0040720468),
        SIMD3(1.9779984951, -2.4285922050, 0.4505937099),
        SIMD3(0.0259040371, 0.7827717662, -0.8086757660))
    static let fromLab = inverse(toLab)
    static let fromLMS = inverse(toLMS)

    init(L: Double, a: Double, b: Double) {
        self.L = L; self.a = a; self.b = b
    }

    /// The Oklab coordinates of an sRGB colour given as bytes.
    init(red: UInt8, green: UInt8, blue: UInt8) {
        let lms = Self.apply(Self.toLMS, SIMD3(Self.linear(red), Self.linear(green), Self.linear(blue)))
        let lab = Self.apply(Self.toLab, SIMD3(cbrt(lms.x), cbrt(lms.y), cbrt(lms.z)))
        self.init(L: lab.x, a: lab.y, b: lab.z)
    }

    /// The nearest sRGB bytes: linear values outside [0, 1] (a blend may leave the sRGB gamut
    /// by a hair) are clamped before encoding.
    var srgb: (red: UInt8, green: UInt8, blue: UInt8) {
        let root = Self.apply(Self.fromLab, SIMD3(L, a, b))
        let linear = Self.apply(Self.fromLMS, root * root * root)
        return (Self.encode(linear.x), Self.encode(linear.y), Self.encode(linear.z))
    }

    /// The point a fraction `t` of the way from `self` to `other`: each coordinate
    /// x + (y − x)·t.
    func mixed(with other: Oklab, _ t: Double) -> Oklab {
        Oklab(L: L + (other.L - L) * t, a: a + (other.a - a) * t, b: b + (other.b - b) * t)
    }

    /// sRGB decoding of one byte to linear light in [0, 1].
    static func linear(_ byte: UInt8) -> Double {
        let v = Double(byte) / 255
        return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }

    /// sRGB encoding of linear light, clamped to [0, 1], rounded to a byte.
    static func encode(_ linear: Double) -> UInt8 {
        let l = min(max(linear, 0), 1)
        let v = l <= 0.0031308 ? 12.92 * l : 1.055 * pow(l, 1 / 2.4) - 0.055
        return UInt8((min(max(v, 0), 1) * 255).rounded())
    }

    private static func apply(_ m: Matrix, _ v: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3((m.0 * v).sum(), (m.1 * v).sum(), (m.2 * v).sum())
    }

    /// The inverse of a 3 × 3 matrix by cofactors (the matrices here are far from singular).
    static func inverse(_ m: Matrix) -> Matrix {
        let (r0, r1, r2) = m
        // The columns of the inverse are the cross products of the rows, over the determinant.
        let c0 = cross(r1, r2), c1 = cross(r2, r0), c2 = cross(r0, r1)
        let determinant = (r0 * c0).sum()
        return (SIMD3(c0.x, c1.x, c2.x) / determinant, SIMD3(c0.y, c1.y, c2.y) / determinant,
                SIMD3(c0.z, c1.z, c2.z) / determinant)
    }

    private static func cross(_ u: SIMD3<Double>, _ v: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x)
    }
}
