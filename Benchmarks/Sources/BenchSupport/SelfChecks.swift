import Foundation

/// The checks a benchmark makes on the results it times (the same bytes from two paths, a
/// baseline within its tolerance): each is printed where it is measured, and a failed one
/// makes the process exit with status 1 once the whole report is out, so CI and the results
/// generator (`Scripts/update-results.py`) stop on it instead of quoting a figure of a wrong
/// result.
public struct SelfChecks {
    /// One sentence per failed check, in the order they were made.
    public private(set) var failures: [String] = []
    /// How many checks were made.
    public private(set) var count = 0

    public init() {}

    /// Records a check; `failure` says what went wrong, in one sentence, when `passed` is
    /// false.
    public mutating func expect(_ passed: Bool, _ failure: @autoclosure () -> String) {
        count += 1
        if !passed { failures.append(failure()) }
    }

    /// Adds the checks of another part of the report.
    public mutating func merge(_ other: SelfChecks) {
        count += other.count
        failures += other.failures
    }

    /// Prints the outcome as the report's last line (on stdout; the failures on stderr too)
    /// and exits with status 1 when a check failed; returns when all passed.
    public func finish(tool: String) {
        if failures.isEmpty {
            print("self-checks: all \(count) passed")
            return
        }
        print("self-checks: \(failures.count) of \(count) FAILED")
        for failure in failures {
            print("  \(failure)")
            FileHandle.standardError.write(Data("\(tool): self-check failed: \(failure)\n".utf8))
        }
        exit(1)
    }
}
