import Foundation

/// The short commit of the repository holding this package, with "+dirty" when the working
/// tree has changes, or "unknown" when git is unavailable.
public func measuredCommit() -> String {
    let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    guard let commit = git(["-C", repository, "rev-parse", "--short", "HEAD"]), !commit.isEmpty else {
        return "unknown"
    }
    let dirty = git(["-C", repository, "status", "--porcelain", "--untracked-files=no"]).map { !$0.isEmpty } ?? false
    return dirty ? commit + "+dirty" : commit
}

private func git(_ arguments: [String]) -> String? {
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
