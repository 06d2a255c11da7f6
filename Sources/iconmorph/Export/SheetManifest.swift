import _IconMorphSupport

/// The JSON file `--manifest` writes beside a sheet or strip: where each frame is and when it
/// plays, for a game engine or a web page that animates the sheet.
///
/// ```json
/// {"image": "sheet.png", "width": 1070, "height": 1070, "frameWidth": 132, "frameHeight": 132,
///  "columns": 8, "rows": 8, "spacing": 2, "fps": 30, "duration": 2.0333333333333332,
///  "frames": [{"x": 0, "y": 0, "w": 132, "h": 132, "time": 0, "duration": 0.03333333333333333,
///              "progress": 0}, …]}
/// ```
/// Pixels for positions and sizes; seconds for times (frame k starts at k / fps and lasts
/// 1 / fps; `duration` at the top is the whole animation, count / fps); `progress` is the
/// morph's p of the frame, in [0, 1]. `image` is the sheet's path relative to the manifest's
/// folder. Written by hand (no Foundation): strings are escaped
/// as RFC 8259 requires, numbers are Swift's shortest round-trip decimal forms.
enum SheetManifest {
    /// The manifest's name in a folder given as `--manifest`: the picture's default name
    /// with `.json` for `.png` (sheet.json, strip.json).
    static func defaultFile(for format: OutputFormat) -> String {
        String(format.defaultFile.dropLast(".png".count)) + ".json"
    }

    /// The manifest's text, ending in a newline.
    ///
    /// - Parameters:
    ///   - progress: the p of each frame, `layout.count` of them.
    static func json(image: String, layout: SheetLayout, fps: Rational, progress: [Double]) -> String {
        let period = fps.reciprocal
        var text = "{\n"
        text += "  \"image\": \(JSONText.string(image)),\n"
        text += "  \"width\": \(layout.width),\n  \"height\": \(layout.height),\n"
        text += "  \"frameWidth\": \(layout.frameWidth),\n  \"frameHeight\": \(layout.frameHeight),\n"
        text += "  \"columns\": \(layout.columns),\n  \"rows\": \(layout.rows),\n  \"spacing\": \(layout.spacing),\n"
        text += "  \"fps\": \(number(fps.doubleValue)),\n"
        text += "  \"duration\": \(number(seconds(layout.count, period))),\n"
        text += "  \"frames\": ["
        for index in 0..<layout.count {
            let (x, y) = layout.origin(ofFrame: index)
            text += index == 0 ? "\n" : ",\n"
            text += "    {\"x\": \(x), \"y\": \(y), \"w\": \(layout.frameWidth), \"h\": \(layout.frameHeight), "
                + "\"time\": \(number(seconds(index, period))), \"duration\": \(number(period.doubleValue)), "
                + "\"progress\": \(number(progress[index]))}"
        }
        text += "\n  ]\n}\n"
        return text
    }

    /// `count` periods in seconds, computed from the fraction so that frame times do not
    /// accumulate rounding.
    private static func seconds(_ count: Int, _ period: Rational) -> Double {
        Double(count) * Double(period.numerator) / Double(period.denominator)
    }

    /// A JSON number: integers without a fraction, others in Swift's shortest form
    /// (`0.5`, `1e-05`), which JSON's grammar accepts.
    static func number(_ x: Double) -> String {
        precondition(x.isFinite)
        if x == x.rounded(), abs(x) < 1e15 { return String(Int(x)) }
        return String(x)
    }

    /// `image` as the manifest names it: relative to the manifest's own folder, as a web page
    /// or game engine that loads the manifest resolves it (`-o out/s.png --manifest
    /// meta/s.json` gives `../out/s.png`). Both paths are taken from `workingFolder` when
    /// relative and compared component by component (`.` and `..` resolved by name); an
    /// image and manifest on different roots cannot happen on one file system, so the result
    /// is always relative. A manifest written to a stream (`isStream(_:)`: `--manifest -`,
    /// `/dev/stdout`, a FIFO) has no folder of files: the image is named from `workingFolder`,
    /// where whoever reads the stream ran the command.
    static func imageReference(
        image: String, manifest: String, isStream: Bool = false, workingFolder: String = currentFolder()
    ) -> String {
        func components(_ path: String) -> [Substring] {
            var parts: [Substring] = []
            let absolute = path.hasPrefix("/") ? path : workingFolder + "/" + path
            for part in absolute.split(separator: "/") where part != "." {
                if part == ".." {
                    if !parts.isEmpty { parts.removeLast() }
                } else {
                    parts.append(part)
                }
            }
            return parts
        }
        let target = components(image), folder = components(isStream ? "." : parentFolder(of: manifest))
        var shared = 0
        while shared < folder.count, shared < target.count - 1, folder[shared] == target[shared] { shared += 1 }
        let up = [Substring](repeating: "..", count: folder.count - shared)
        return (up + target[shared...]).joined(separator: "/")
    }
}
