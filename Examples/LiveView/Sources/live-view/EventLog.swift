/// The `--log` lines: one per presented frame and one per event, `kind key=value …`, each
/// written unbuffered, so a test reading the pipe sees it at once. Numbers are Swift's
/// shortest round-trip decimals; times are seconds on the view's clock.
struct EventLog {
    let enabled: Bool

    func write(_ kind: String, _ fields: KeyValuePairs<String, Any>) {
        guard enabled else { return }
        var line = kind
        for (key, value) in fields { line += " \(key)=\(value)" }
        StandardStreams.writeOutput(line + "\n")
    }
}
