/// The steepest step of a distance field between neighbouring pixels, for
/// `DistanceFrameRenderer`'s choice of the pixels and segments near a frame's outline.
///
/// A frame's V is a weighted mean of its fields' values (the mix, then the blur: weights
/// ≥ 0 that sum to 1, the border repeated), so V steps from a pixel to its neighbour along a
/// row or column by no more than the steepest of its fields. A true distance steps by at most
/// 1 pixel a pixel; an icon's field, made subpixel-accurate from the mask's anti-aliasing, a
/// little more or less, and a mask of noise's more (its nearest piece of outline is found
/// only to a few tenths of a pixel). Measured per field, the step holds for every field the
/// renderer is given, whatever made it.
///
/// A second bound was built and measured, and dropped: the largest (|∂x| + |∂y|) / 2 of a
/// field's slope by central differences (0.71–0.75 on built-in symbols, against a step of
/// 1.00), which bounds V's slope the same way away from the canvas's border, so that a pixel
/// there is 0 or 1 from |V| ≥ max(it, √½) rather than max(L, √½). It took 0–3 % off the
/// frames of `morph-bench --field-styles`, within the machine's noise, for a second pair of
/// reaches along the border.
enum FieldSteps {
    /// The largest |difference| between two pixels of `values` (`width` × `height`,
    /// row-major) next to each other in a row or a column; 0 for a field of one pixel.
    static func steepest(_ values: [Float], width: Int, height: Int) -> Float {
        values.withUnsafeBufferPointer { v in
            var steepest: Float = 0
            for y in 0..<height {
                let row = v.baseAddress! + y * width
                for x in 1..<max(width, 1) { steepest = max(steepest, abs(row[x] - row[x - 1])) }
                guard y > 0 else { continue }
                let above = row - width
                for x in 0..<width { steepest = max(steepest, abs(row[x] - above[x])) }
            }
            return steepest
        }
    }
}
