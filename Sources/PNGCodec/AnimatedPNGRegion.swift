#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A rectangle of the canvas, in pixels: the part of it an animated PNG frame replaces.
struct AnimatedPNGRegion: Equatable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    /// The smallest rectangle holding every pixel that differs between two frames of
    /// `width × height` pixels of `step` bytes, rows packed; nil when the frames are equal.
    ///
    /// Equal rows are skipped with `memcmp`; in a changed row only the bytes outside the
    /// columns already known to change are compared, so a frame is read about once.
    static func changed(
        from old: UnsafePointer<UInt8>, to new: UnsafePointer<UInt8>, width: Int, height: Int, step: Int
    ) -> AnimatedPNGRegion? {
        let rowBytes = width &* step
        var top = -1, bottom = -1
        // The first and last differing byte offsets within a row, over all rows so far.
        var left = rowBytes, right = -1
        for y in 0..<height {
            let a = old + y &* rowBytes, b = new + y &* rowBytes
            if memcmp(a, b, rowBytes) == 0 { continue }
            if top < 0 { top = y }
            bottom = y
            var i = 0
            while i < left, a[i] == b[i] { i &+= 1 }
            left = min(left, i)
            var j = rowBytes &- 1
            while j > right, a[j] == b[j] { j &-= 1 }
            right = max(right, j)
        }
        guard top >= 0 else { return nil }
        let first = left / step, last = right / step
        return AnimatedPNGRegion(x: first, y: top, width: last &- first &+ 1, height: bottom &- top &+ 1)
    }
}
