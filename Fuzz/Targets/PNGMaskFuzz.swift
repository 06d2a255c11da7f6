import AlphaRaster
import IconMorphPNG
import PNGCodec

/// libFuzzer target: PNG bytes → `PNGImage(pngData:)` → `AlphaMask(image:box:source:)`, the
/// path every PNG icon takes. Bad input must end in a thrown `PNGError` whose description is
/// one line naming the input; anything else (a trap, a sanitizer report, a hang, memory
/// beyond -rss_limit_mb) is a finding.
///
/// The pixel limit is 4 megapixels instead of the default 64 so that inputs declaring large
/// images stay fast to run; the limit check itself is the same code at any value.
let name = "fuzz.png"
let pixelLimit = 4_000_000

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = size > 0 && data != nil ? Array(UnsafeBufferPointer(start: data, count: size)) : []
    // The input's length picks the variant, so every file in the corpus stays a plain PNG.
    let format: PNGImage.PixelFormat = size % 2 == 0 ? .rgba : .grayAlpha
    let sources: [MaskSource] = [.auto, .alpha, .luminance]
    let source = sources[size % 3]
    let image: PNGImage
    do {
        image = try PNGImage(pngData: bytes, name: name, format: format, pixelLimit: pixelLimit)
    } catch {
        checkOneLine(error, naming: name)
        return 0
    }
    require(image.width > 0 && image.height > 0 && image.width * image.height <= pixelLimit)
    require(image.pixels.count == image.width * image.height * format.channels)
    // A small box and one with padding and a fractional scale (both resampling directions).
    for box in [IconBox(width: 16, height: 16, scale: 1), IconBox(width: 44, height: 30, scale: 1.5, padding: 2)] {
        do {
            let layout = try box.layout()
            let mask = AlphaMask(image: image, layout: layout, source: source)
            let width = layout.width, height = layout.height
            require(mask.width == width && mask.height == height)
            require(mask.pixels.count == mask.width * mask.height)
        } catch {
            fatalError("a decoded image must always make a mask: \(error)")
        }
    }
    // The image must survive an encode → decode round trip unchanged (small images only, to
    // keep the target fast).
    guard image.width * image.height <= 1 << 16 else { return 0 }
    do {
        let again = try PNGImage(pngData: try image.pngData(compression: .fast), name: name, format: format)
        require(again == image, "round trip changed the pixels")
    } catch {
        fatalError("a decoded image must encode and decode again: \(error)")
    }
    return 0
}

/// Traps unless `error`'s description is a single line that names the input.
func checkOneLine(_ error: any Error, naming name: String) {
    let text = String(describing: error)
    require(!text.contains(where: \.isNewline), "error is not one line: \(text)")
    require(text.contains(name), "error does not name the input: \(text)")
}

/// `precondition` that prints its message in optimized builds too, so a crash log says which
/// property failed.
func require(_ condition: Bool, _ message: @autoclosure () -> String = "property failed", line: UInt = #line) {
    if !condition { fatalError(message(), line: line) }
}
