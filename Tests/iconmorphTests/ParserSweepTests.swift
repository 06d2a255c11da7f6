import Testing
@testable import iconmorph

/// Thousands of command lines built from a vocabulary of options, values and junk: each one
/// either parses, asks for help, or fails with a one-line usage error. A trap would end the run.
struct ParserSweepTests {
    static let options = [
        "--from", "--to", "--progress", "--frames", "-o", "--output", "--size", "--scale", "--padding", "--blur",
        "--blur-levels", "--threshold", "--softness", "--ease", "--color", "--mask",
    ]
    static let values = [
        "0", "1", "0.5", "0.05", "-1", "2", "3", "12", "60x44", "1e400", "nan", "inf", "-inf", "#12", "#fff", "linear",
        "smooth", "auto", "alpha", "f_%04d.png", "f_%q", "%%", "%", "-", "", "=", "x", "100000",
        "99999999999999999999", "out/", "\n",
    ]
    static let junk = [
        "--", "-q", "--quiet", "-x", "--bogus", "\u{2014}from", "-qq", "--progress=0.2", "--size=0", "--color=#abcd",
        "-oout.png", "--frames=2", "--blur=1000", "--scale=1e-300", "--padding=1e300", "--softness=0.9", "-h",
    ]

    /// A small linear congruential generator, so every run sweeps the same command lines.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state
        }
    }

    @Test func everyCommandLineParsesOrFailsWithOneLine() {
        var generator = Generator(state: 2024)
        var outcomes = (parsed: 0, help: 0, failed: 0)
        for _ in 0..<3000 {
            var arguments = ["--from", "a.png", "--to", "b.png"]
            arguments += Bool.random(using: &generator) ? ["--progress", "0.5"] : ["--frames", "4"]
            for _ in 0..<Int.random(in: 0...3, using: &generator) {
                let option = Self.options.randomElement(using: &generator)!
                let value = Self.values.randomElement(using: &generator)!
                if Bool.random(using: &generator) { arguments += [option, value] } else { arguments.append(option + "=" + value) }
            }
            if Int.random(in: 0..<3, using: &generator) == 0 {
                arguments.insert(Self.junk.randomElement(using: &generator)!,
                                 at: Int.random(in: 0...arguments.count, using: &generator))
            }
            if Int.random(in: 0..<4, using: &generator) == 0 { arguments.shuffle(using: &generator) }
            do {
                if try RenderCommand.options(from: arguments) == nil { outcomes.help += 1 } else { outcomes.parsed += 1 }
            } catch let error as CommandLineError {
                let failure = CommandFailure(error)
                outcomes.failed += 1
                #expect(failure.exitCode == .usage)
                #expect(!failure.line.contains("\n") && !failure.line.contains("\r"), "\(arguments)")
            } catch {
                Issue.record("\(arguments) threw a non-usage error: \(error)")
            }
        }
        // The sweep reaches every outcome, so it is not all rejected at the first word.
        #expect(outcomes.parsed > 100 && outcomes.failed > 100 && outcomes.help > 0, "\(outcomes)")
    }
}
