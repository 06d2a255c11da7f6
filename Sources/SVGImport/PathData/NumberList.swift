/// Parses whitespace- or comma-separated number lists: `points`, `viewBox`.
enum NumberList {
    /// All numbers in `text` (`wsp* number (comma-wsp number)* wsp*`); empty text is an empty
    /// list.
    ///
    /// - Throws: `SVGPathDataError` in `context` at the first character that is not part of
    ///   the list.
    static func parse(_ text: String, context: String) throws(SVGPathDataError) -> [Double] {
        var scanner = NumberScanner(text)
        var values: [Double] = []
        scanner.skipWhitespace()
        guard !scanner.isAtEnd else { return values }
        while true {
            do {
                values.append(try scanner.scanNumber(greedyExponent: true))
            } catch {
                throw .from(error, in: scanner.bytes, context: context)
            }
            let comma = scanner.skipCommaWhitespace()
            if scanner.isAtEnd {
                if comma { throw .at(scanner.position, in: scanner.bytes, context: context, expected: "a number") }
                return values
            }
        }
    }
}
