/// The options that name an icon (`--from`, `--to`, `--start`): one value kind and one help
/// note for every command, so an icon is named the same way everywhere.
enum IconOptions {
    /// The option `key` taking an icon, in the INPUT section.
    static func option(
        _ key: OptionKey, help: @autoclosure @escaping @Sendable () -> String,
        defaultText: @autoclosure @escaping @Sendable () -> String? = nil
    ) -> OptionSpec {
        OptionSpec(key, value: .icon, valueName: "icon", help: help(), defaultText: defaultText(), section: "INPUT")
    }

    /// The lines of help that say how an icon is named, for a command's notes.
    static let helpNote = [
        "An icon is a PNG file, an SVG file, the name of a built-in symbol ('iconmorph symbols' "
            + "lists them; aliases such as search, close, home and user work too), or - for "
            + "standard input (PNG or SVG bytes; one icon only). A file that exists wins over a "
            + "symbol of the same name; write ./play for a file named play. PNG and SVG are "
            + "told apart by their content. What an SVG holds that cannot be drawn (text, "
            + "images, filters, …) is left out with a warning on standard error.",
    ]
}
