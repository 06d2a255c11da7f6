import Foundation

/// The power law y ≈ c · x^exponent fitted by least squares to (log x, log y).
///
/// `exponent` is the slope of that line, `rSquared` the fraction of the variance of log y it
/// explains (1 for points exactly on a power law).
public struct LogLogFit: Sendable {
    public let exponent: Double
    public let rSquared: Double

    /// Fits positive `x` and `y` of equal length, at least two points with distinct x;
    /// nil otherwise.
    public init?(x: [Double], y: [Double]) {
        guard x.allSatisfy({ $0 > 0 }), y.allSatisfy({ $0 > 0 }),
              let line = LeastSquaresLine(x: x.map { log($0) }, y: y.map { log($0) })
        else { return nil }
        exponent = line.slope
        rSquared = line.rSquared
    }
}
