/// "Over" in float64, as the frames' background is documented: a = A/255 over a_b = B/255;
/// a_out = a + a_b(1 − a); colour (c·a + c_b·a_b·(1 − a)) / a_out; each rounded to the
/// nearest byte. `color` is RGB, `background` RGBA; the result is RGBA.
public func referenceOver(_ color: [UInt8], alpha: UInt8, background: [UInt8]) -> [UInt8] {
    let a = Double(alpha) / 255, b = Double(background[3]) / 255
    let out = a + b * (1 - a)
    guard out > 0 else { return [color[0], color[1], color[2], 0] }
    let channels = (0..<3).map { UInt8(((Double(color[$0]) * a + Double(background[$0]) * b * (1 - a)) / out).rounded()) }
    return channels + [UInt8((out * 255).rounded())]
}
