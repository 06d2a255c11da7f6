/// Coverage × opacity composited "over" Float alpha: a ← a + c·opacity·(1 − a).
struct CompositeSink: CoverageSink {
    let base: UnsafeMutablePointer<Float>
    let width: Int
    let opacity: Float

    @inline(__always)
    func row(_ row: Int) -> UnsafeMutablePointer<Float> { base + row * width }

    @inline(__always)
    func put(_ c: Float, _ pixel: UnsafeMutablePointer<Float>) {
        let a = pixel.pointee
        pixel.pointee = a + c * opacity * (1 - a)
    }
}
