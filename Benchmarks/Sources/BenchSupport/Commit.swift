import Foundation

/// The short commit of the repository holding this package, with "+dirty" when the code that
/// is measured differs from it — the library's and the benchmarks' sources and manifests, not
/// the results files a run writes — or "unknown" when git is unavailable.
public func measuredCommit() -> String {
    let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    guard let commit = git(["-C", repository, "rev-parse", "--short", "HEAD"]), !commit.isEmpty else {
        return "unknown"
    }
    let dirty = git(["-C", repository, "status", "--porcelain", "--untracked-files=no", "--"] + measuredPaths)
        .map { !$0.isEmpty } ?? false
    return dirty ? commit + "+dirty" : commit
}

/// What a benchmark's figures depend on, relative to the repository's root.
public let measuredPaths = [
    "Package.swift", "Sources", "Benchmarks/Package.swift", "Benchmarks/Sources", "Benchmarks/Scripts", "Benchmarks/Tools",
]

/// `git` run with `arguments`: its output, trimmed, or nil when it fails or is missing.
public func git(_ arguments: [String]) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git"] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
}
