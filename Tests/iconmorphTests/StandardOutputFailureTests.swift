import Foundation
import Testing

/// What the tool prints on standard output can fail to arrive; it must say so, not claim
/// success.
@Suite struct StandardOutputFailureTests {
    @Test(arguments: [["--help"], ["--version"], ["symbols"]])
    func fullDeviceIsAnIOError(_ arguments: [String]) throws {
        let result = try Binary.run(arguments, shellPrefix: "exec >/dev/full")
        #expect(result.status == 74)
        #expect(result.stderrLines == ["iconmorph: error: standard output: No space left on device"])
    }

    @Test func closedPipeEndsQuietlyWithoutSuccess() throws {
        // The reader (`true`) is gone before the tool writes, so the write fails with EPIPE
        // (the tool ignores SIGPIPE); the tool's status is reported on descriptor 3.
        let binary = try Binary.locate()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec 3>&1; { sleep 0.3; \"$0\" symbols; echo \"status=$?\" >&3; } | true", binary]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let complaints = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(printed == "status=74\n")
        #expect(complaints.isEmpty)
    }
}
