import AlphaRaster
import SVGImport

/// libFuzzer target: SVG bytes → `SVGImporter.parse(data:name:)` → `AlphaMask(icon:box:)` at
/// three sizes, the path every SVG icon takes, with the standard import limits. Bad input must
/// end in a thrown `SVGError` (one line naming the input) or, when drawing, an
/// `AlphaRasterError.invalidIcon` (which the CLI names the file in); anything else (a trap,
/// a sanitizer report, a hang, memory beyond -rss_limit_mb) is a finding.
let name = "fuzz.svg"
let boxes = [
    IconBox(width: 16, height: 16, scale: 1),
    IconBox(width: 44, height: 44, scale: 3),
    IconBox(width: 24, height: 32, scale: 2, padding: 1.5),
]

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = size > 0 && data != nil ? Array(UnsafeBufferPointer(start: data, count: size)) : []
    let svg: SVGIcon
    do {
        svg = try SVGImporter.parse(data: bytes, name: name)
    } catch {
        checkOneLine(error, naming: name)
        return 0
    }
    for warning in svg.warnings { checkOneLine(warning, naming: name) }
    for box in boxes {
        do {
            let layout = try box.layout()
            let mask = try AlphaMask(icon: svg.icon, layout: layout)
            let width = layout.width, height = layout.height
            require(mask.width == width && mask.height == height)
            require(mask.pixels.count == mask.width * mask.height)
        } catch AlphaRasterError.invalidIcon(let field, let reason) {
            checkOneLine("\(field): \(reason)", naming: nil)
        } catch {
            fatalError("unexpected error drawing a parsed icon: \(error)")
        }
    }
    return 0
}

/// Traps unless `error`'s description is a single line that names the input (when given).
func checkOneLine(_ error: Any, naming name: String?) {
    let text = String(describing: error)
    require(!text.contains(where: \.isNewline), "message is not one line: \(text)")
    if let name { require(text.contains(name), "message does not name the input: \(text)") }
}

/// `precondition` that prints its message in optimized builds too, so a crash log says which
/// property failed.
func require(_ condition: Bool, _ message: @autoclosure () -> String = "property failed", line: UInt = #line) {
    if !condition { fatalError(message(), line: line) }
}
