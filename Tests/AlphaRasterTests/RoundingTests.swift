import Testing
@testable import AlphaRaster

@Suite struct RoundingTests {
    @Test func storeRoundedRoundsHalfUpAndClampsOverTheWholeRange() {
        // Every multiple of 1/64 from −2 to 258 (all ties, both clamps), plus odd lengths so
        // both the eight-lane loop and the scalar tail run.
        let values = (-128...(258 * 64)).map { Float($0) / 64 } + [-.infinity, .infinity, 1e30, -1e30]
        for count in [values.count, values.count - 3] {
            var out = [UInt8](repeating: 0xAA, count: count)
            values.withUnsafeBufferPointer { src in
                out.withUnsafeMutableBufferPointer { dst in
                    ByteRounding.store(src.baseAddress!, count: count, to: dst.baseAddress!)
                }
            }
            for k in 0..<count {
                let expected = UInt8((min(max(Double(values[k]), 0), 255) + 0.5).rounded(.down))
                #expect(out[k] == expected, "\(values[k]) → \(out[k]), expected \(expected)")
            }
        }
    }
}
