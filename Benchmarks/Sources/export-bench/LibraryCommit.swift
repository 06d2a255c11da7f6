import BenchSupport
import Foundation

/// The commit of the library this executable was built against: `git rev-parse --short HEAD`
/// of the repository around this package, with "+dirty" when the library's files (`Sources`,
/// `Package.swift`) differ from it — not the benchmark's own, which `EncoderComparison`
/// copies into a checkout of an earlier commit; "unknown" without git.
func libraryCommit() -> String {
    // This file is Benchmarks/Sources/export-bench/LibraryCommit.swift.
    let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    guard let commit = git(["-C", repository, "rev-parse", "--short", "HEAD"]), !commit.isEmpty else { return "unknown" }
    let changes = git(["-C", repository, "status", "--porcelain", "--untracked-files=all", "--", "Sources", "Package.swift"])
    return (changes.map { !$0.isEmpty } ?? false) ? commit + "+dirty" : commit
}
