/// Where swept coverage goes, pixel by pixel.
protocol CoverageSink {
    associatedtype Pixel
    /// The first pixel of row `row`.
    func row(_ row: Int) -> UnsafeMutablePointer<Pixel>
    /// Stores coverage `c` in [0, 1] at `pixel`.
    func put(_ c: Float, _ pixel: UnsafeMutablePointer<Pixel>)
}
