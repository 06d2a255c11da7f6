import Foundation

/// What every benchmark executable does first: refuse a debug build, whose figures mean
/// nothing, and read `--quick` (for CI: a tenth of the samples, which proves the benchmark
/// builds and runs; its figures are rougher).
public enum RunMode {
    /// Exits with status 2 and a line naming `tool` when this is a debug build.
    public static func refuseDebugBuild(_ tool: String) {
        #if DEBUG
        FileHandle.standardError.write(Data("\(tool): this is a debug build; run `swift run -c release \(tool)`.\n".utf8))
        exit(2)
        #endif
    }

    /// Whether `--quick` was given.
    public static let quick = CommandLine.arguments.dropFirst().contains("--quick")

    /// `full` samples, or a tenth of them (odd, at least 3) with `--quick`.
    public static func runs(_ full: Int) -> Int { quick ? max(3, full / 10) | 1 : full }

    /// The argument after `option`, if it was given with one.
    public static func value(of option: String) -> String? {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let index = arguments.firstIndex(of: option), index + 1 < arguments.count else { return nil }
        return arguments[index + 1]
    }
}
