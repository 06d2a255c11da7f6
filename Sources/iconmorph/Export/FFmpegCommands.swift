import MorphKernel

/// The command lines `--print-ffmpeg` prints: this `render` command as a raw RGBA stream
/// (`--format rgba -o -`), piped into ffmpeg three ways.
///
/// ffmpeg reads the stream as `-f rawvideo -pix_fmt rgba -s WxH -r FPS -i -`, with the
/// frame size and rate of the options, then:
/// - ProRes 4444 (`prores_ks -profile:v 4444 -pix_fmt yuva444p10le`): 4:4:4 colour and an
///   alpha channel that ProRes stores losslessly (the test suite checks it, at 10 bits);
///   for editors.
/// - VP9 in WebM (`libvpx-vp9 -pix_fmt yuva420p`): alpha that Chrome, Firefox and Edge play.
/// - H.264 in MP4 (`libx264 -pix_fmt yuv420p`), which has no alpha: the frames are composited
///   over `--background` made opaque (white when none is given) by iconmorph itself, and an odd
///   width or height is padded to even with that colour, as 4:2:0 needs.
enum FFmpegCommands {
    /// The options the printed `render` commands leave out (each adds its own `-q -o -`); the
    /// output options are refused with `--print-ffmpeg` (`ExportOptions.outputKeys`).
    static let dropped: Set<OptionKey> = [.printFFmpeg, .quiet]

    /// The three commands, each after a comment line, for `options`.
    static func text(for options: RenderOptions, width: Int, height: Int) -> String {
        let kept = options.given.filter { !dropped.contains($0.key) }
        let stream = render(kept)
        let input = "ffmpeg -f rawvideo -pix_fmt rgba -s \(width)x\(height) -r \(options.output.timing.fps) -i -"
        let opaque = options.style.background.map { hexString(TintColor(red: $0.red, green: $0.green, blue: $0.blue)) }
            ?? "#FFFFFF"
        let overBackground = render(kept.filter { $0.key != .background } + [GivenOption(key: .background, text: opaque)])
        var pad = ""
        if width % 2 == 1 || height % 2 == 1 {
            pad = " -vf pad=\(width + width % 2):\(height + height % 2):0:0:color=0x\(opaque.dropFirst())"
        }
        return """
            # ProRes 4444 with alpha (.mov), for video editors
            \(stream) | \(input) -c:v prores_ks -profile:v 4444 -pix_fmt yuva444p10le morph.mov
            # VP9 with alpha (.webm), for web pages
            \(stream) | \(input) -c:v libvpx-vp9 -pix_fmt yuva420p -crf 30 -b:v 0 morph.webm
            # H.264 over \(opaque), no alpha (.mp4), plays everywhere
            \(overBackground) | \(input)\(pad) -c:v libx264 -pix_fmt yuv420p -crf 18 -movflags +faststart morph.mp4

            """
    }

    /// The lines of `help render`'s VIDEO section: the three commands for a 2-second morph at
    /// 30 fps at the default size, each wrapped with backslashes to fit.
    static var helpExample: [String] {
        let side = GeometryOptions.defaultSide
        let head = "iconmorph render --duration 2 -q -o - |"
        let input = "  ffmpeg -f rawvideo -pix_fmt rgba -s \(side)x\(side) -r 30 -i - \\"
        return [
            head, input, "  -c:v prores_ks -profile:v 4444 -pix_fmt yuva444p10le morph.mov",
            head, input, "  -c:v libvpx-vp9 -pix_fmt yuva420p -crf 30 -b:v 0 morph.webm",
            "iconmorph render --duration 2 --background '#FFFFFF' -q -o - |",
            input, "  -c:v libx264 -pix_fmt yuv420p -crf 18 -movflags +faststart morph.mp4",
        ]
    }

    /// `iconmorph render <options> -q -o -` with each word quoted for a POSIX shell.
    private static func render(_ options: [GivenOption]) -> String {
        var words = ["iconmorph", "render"]
        for option in options {
            guard let text = option.text else {
                words.append(option.key.longName)
                continue
            }
            // A value that starts with a dash is attached, so it cannot read as an option.
            if text.hasPrefix("-"), text != "-" {
                words.append(option.key.longName + "=" + shellQuoted(text))
            } else {
                words += [option.key.longName, shellQuoted(text)]
            }
        }
        return (words + ["-q", "-o", "-"]).joined(separator: " ")
    }

    /// `word` as a POSIX shell reads it back: as is when it holds only characters no shell
    /// treats specially, else in single quotes (a quote inside as `'\''`).
    static func shellQuoted(_ word: String) -> String {
        let plain = word.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_-+=:,./%@".unicodeScalars.contains(scalar))
        }
        if plain, !word.isEmpty { return word }
        var quoted = "'"
        for character in word {
            quoted += character == "'" ? "'\\''" : String(character)
        }
        return quoted + "'"
    }
}
