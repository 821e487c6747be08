/// `--max-message-bytes N`, declared once for the commands that read it (`serve`, `invoke`): its
/// name, its default and its help line; each command says what the limit bounds.
enum MessageLimitOption {
    static let name = "max-message-bytes"
    static let defaultBytes = 16 * 1024 * 1024
    static let names: Set<String> = [name]

    /// The help line: `what` the limit bounds, wrapped as the other options' lines are.
    static func help(_ what: String) -> String {
        let lines = what.split(separator: "\n", omittingEmptySubsequences: false)
        let first = "  --\(name) N   \(lines[0])"
        return ([first] + lines.dropFirst().map { "                          " + $0 }).joined(separator: "\n") + " [\(defaultBytes)]"
    }

    /// The limit the options give.
    static func value(_ args: ArgumentList) throws(UsageError) -> Int {
        try args.positiveInt(name) ?? defaultBytes
    }

    /// What a refusal says to do: `raise it with --max-message-bytes`.
    static let raise = "raise it with --\(name)"
}
