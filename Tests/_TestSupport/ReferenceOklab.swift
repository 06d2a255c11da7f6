import Foundation

/// Oklab from Ottosson's published matrices, both ways as published (the product inverts
/// the forward ones itself).
public enum ReferenceOklab {
    public static func linear(_ c: UInt8) -> Double {
        let v = Double(c) / 255
        return v <= 0.04045 ? v / 12.92 : Foundation.pow((v + 0.055) / 1.055, 2.4)
    }

    public static func lab(_ rgb: [UInt8]) -> [Double] {
        let (r, g, b) = (linear(rgb[0]), linear(rgb[1]), linear(rgb[2]))
        let l = Foundation.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
        let m = Foundation.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
        let s = Foundation.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
        return [0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
                1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
                0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s]
    }

    public static func srgb(_ lab: [Double]) -> [UInt8] {
        let l = Foundation.pow(lab[0] + 0.3963377774 * lab[1] + 0.2158037573 * lab[2], 3)
        let m = Foundation.pow(lab[0] - 0.1055613458 * lab[1] - 0.0638541728 * lab[2], 3)
        let s = Foundation.pow(lab[0] - 0.0894841775 * lab[1] - 1.2914855480 * lab[2], 3)
        let linear = [4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
                      -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
                      -0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s]
        return linear.map { x in
            let c = min(max(x, 0), 1)
            let v = c <= 0.0031308 ? 12.92 * c : 1.055 * Foundation.pow(c, 1 / 2.4) - 0.055
            return UInt8((v * 255).rounded())
        }
    }
}
