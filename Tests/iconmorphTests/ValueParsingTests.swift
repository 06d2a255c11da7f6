import MorphKernel
import Testing
@testable import iconmorph

struct ValueParsingTests {
    @Test(arguments: [
        ("0", 0.0), ("1", 1), ("-2.5", -2.5), ("+3", 3), (".5", 0.5), ("5.", 5), ("1e3", 1000), ("1E-3", 0.001),
        ("2.5e+1", 25), ("007", 7),
    ])
    func decimalsParse(_ text: String, _ value: Double) {
        #expect(parseDecimal(text) == value)
    }

    @Test(arguments: [
        "", "+", "-", ".", "e5", "1e", "1e+", "nan", "NaN", "inf", "-inf", "infinity", "0x10", "0x1p3", "1_000",
        " 1", "1 ", "1,5", "١", "1e400", "--1", "1.2.3",
    ])
    func nonDecimalsAreRefused(_ text: String) {
        #expect(parseDecimal(text) == nil)
    }

    @Test func integers() {
        #expect(parseInteger("42") == 42)
        #expect(parseInteger("+42") == 42)
        #expect(parseInteger("-42") == -42)
        for bad in ["", "+", "4.0", "1e3", "0x10", "99999999999999999999", " 1", "٣"] {
            #expect(parseInteger(bad) == nil, "\(bad)")
        }
    }

    @Test func rangePhrasesAndMembership() {
        #expect(NumberRange.closed(0, 1).phrase == "a number from 0 to 1")
        #expect(NumberRange.positive.phrase == "a number greater than 0")
        #expect(NumberRange.nonNegative.phrase == "a number of 0 or more")
        #expect(NumberRange.aboveUpTo(0, 1).phrase == "a number greater than 0 and at most 1")
        #expect(NumberRange.closed(0, 1).contains(0) && NumberRange.closed(0, 1).contains(1))
        #expect(!NumberRange.aboveUpTo(0, 1).contains(0) && NumberRange.aboveUpTo(0, 1).contains(1))
        #expect(!NumberRange.positive.contains(0) && NumberRange.positive.contains(1e-300))
        #expect(!NumberRange.nonNegative.contains(.infinity) && !NumberRange.nonNegative.contains(.nan))
    }

    /// Every colour form, checked against channels computed independently from the hex text.
    @Test func colorsInEveryForm() {
        for red in [0, 0x5, 0xA, 0xF] {
            for alpha in [0, 0x8, 0xF] {
                let short = String(red, radix: 16) + "0f" + String(alpha, radix: 16)
                #expect(ValueKind.parseColor("#" + short)
                    == TintColor(red: UInt8(red * 17), green: 0, blue: 255, alpha: UInt8(alpha * 17)))
                let long = String(format2(red * 17)) + "00ff" + format2(alpha * 17)
                #expect(ValueKind.parseColor(long.uppercased())
                    == TintColor(red: UInt8(red * 17), green: 0, blue: 255, alpha: UInt8(alpha * 17)))
            }
        }
        #expect(ValueKind.parseColor("#123456") == TintColor(red: 0x12, green: 0x34, blue: 0x56, alpha: 255))
        #expect(hexString(TintColor(red: 0x12, green: 0x0A, blue: 0xFF)) == "#120AFF")
        #expect(hexString(TintColor(red: 0, green: 0, blue: 0, alpha: 0x80)) == "#00000080")
        for color in [TintColor.black, TintColor(red: 1, green: 200, blue: 16, alpha: 15)] {
            #expect(ValueKind.parseColor(hexString(color)) == color)
        }
        for bad in ["", "#", "#12", "#12345", "#1234567", "#123456789", "#xyz", "# 12", "12 3", "#+12"] {
            #expect(ValueKind.parseColor(bad) == nil, "\(bad)")
        }
    }

    private func format2(_ value: Int) -> String {
        let text = String(value, radix: 16)
        return text.count == 1 ? "0" + text : text
    }

    @Test func patterns() throws {
        let padded = try #require(try FramePattern(parsing: "out/f_%04d.png", option: "-o"))
        #expect(padded.path(forFrame: 0) == "out/f_0000.png")
        #expect(padded.path(forFrame: 7) == "out/f_0007.png")
        #expect(padded.path(forFrame: 12345) == "out/f_12345.png")
        #expect(padded.folder == "out")
        let plain = try #require(try FramePattern(parsing: "%d.png", option: "-o"))
        #expect(plain.path(forFrame: 0) == "0.png")
        #expect(plain.path(forFrame: 42) == "42.png")
        #expect(plain.folder == ".")
        let percent = try #require(try FramePattern(parsing: "/tmp/100%%_%02d%%.png", option: "-o"))
        #expect(percent.path(forFrame: 3) == "/tmp/100%_03%.png")
        #expect(percent.folder == "/tmp")
        #expect(try FramePattern(parsing: "/f%d", option: "-o")?.folder == "/")
        #expect(try FramePattern(parsing: "plain/folder", option: "-o") == nil)
    }

    @Test func suggestions() {
        let names = ["progress", "frames", "output", "color", "to", "from"]
        #expect(closestMatch(to: "colour", in: names) == "color")
        #expect(closestMatch(to: "prog", in: names) == "progress")
        #expect(closestMatch(to: "frame", in: names) == "frames")
        #expect(closestMatch(to: "ouptut", in: names) == "output")
        #expect(closestMatch(to: "xyz", in: names) == nil)
        #expect(closestMatch(to: "", in: names) == nil)
        #expect(editDistance("kitten", "sitting") == 3)
        #expect(editDistance("", "abc") == 3)
        #expect(editDistance("abc", "abc") == 0)
    }

    @Test func quotingKeepsOneLine() {
        #expect(quoted("a\nb\tc\r") == "'a\\nb\\tc\\r'")
        #expect(quoted("\u{1B}[31m") == "'\\u{1b}[31m'")
        #expect(quoted("é✓") == "'é✓'")
    }

    /// A C1 control alone (U+0085, NEXT LINE, is a line break) is escaped too; it used to
    /// pass through when nothing else in the text needed escaping.
    @Test func failureMessagesEscapeC1Controls() {
        #expect(CommandFailure.oneLine("a\u{85}b.png: no such file") == "a\\u{85}b.png: no such file")
        #expect(CommandFailure.oneLine("a\u{85}b").allSatisfy { !$0.isNewline })
        #expect(CommandFailure.oneLine("plain.png: no such file") == "plain.png: no such file")
    }
}
