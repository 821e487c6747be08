import BridgeMatching

/// A mistake on the command line: exit status 2, the message on stderr.
struct UsageError: Error, Equatable, CustomStringConvertible {
    let message: String
    /// The subcommand whose help the message points to (`invoke`, `serve`) or nil for `bridge`.
    let subcommand: String?
    /// Whether to point at `--help` (not for problems in files, whose message says it all).
    let pointsToHelp: Bool

    init(_ message: String, subcommand: String? = nil, pointsToHelp: Bool = true) {
        self.message = message
        self.subcommand = subcommand
        self.pointsToHelp = pointsToHelp
    }

    /// ` (did you mean '<candidate>'?)` for the candidate `typed` most likely meant, or "".
    static func didYouMean(_ typed: String, among candidates: [String]) -> String {
        DidYouMean.suggest(for: typed, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    var description: String {
        guard pointsToHelp else { return message }
        let help = subcommand.map { "bridge \($0) --help" } ?? "bridge --help"
        return "\(message)\nRun '\(help)' for usage."
    }
}
