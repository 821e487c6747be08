/// A mistake on the command line: exit status 2, the message on stderr.
struct UsageError: Error, Equatable, CustomStringConvertible {
    let message: String
    /// The subcommand whose help the message points to (`invoke`, `serve`) or nil for `bridge`.
    let subcommand: String?

    init(_ message: String, subcommand: String? = nil) {
        self.message = message
        self.subcommand = subcommand
    }

    var description: String {
        let help = subcommand.map { "bridge \($0) --help" } ?? "bridge --help"
        return "\(message)\nRun '\(help)' for usage."
    }
}
