/// The least-squares line y ≈ intercept + slope · x through a set of points.
///
/// `rSquared` is the fraction of the variance of y the line explains (1 for points exactly
/// on a line).
public struct LeastSquaresLine: Sendable {
    public let slope: Double
    public let intercept: Double
    public let rSquared: Double

    /// Fits finite `x` and `y` of equal length, at least two points with distinct x; nil
    /// otherwise.
    public init?(x: [Double], y: [Double]) {
        guard x.count == y.count, x.count >= 2, (x + y).allSatisfy(\.isFinite) else { return nil }
        let count = Double(x.count)
        let meanX = x.reduce(0, +) / count, meanY = y.reduce(0, +) / count
        let sxx = x.reduce(0) { $0 + ($1 - meanX) * ($1 - meanX) }
        let syy = y.reduce(0) { $0 + ($1 - meanY) * ($1 - meanY) }
        let sxy = zip(x, y).reduce(0) { $0 + ($1.0 - meanX) * ($1.1 - meanY) }
        guard sxx > 0 else { return nil }
        slope = sxy / sxx
        intercept = meanY - slope * meanX
        rSquared = syy > 0 ? sxy * sxy / (sxx * syy) : 1
    }
}
