import BridgeCall

/// `--max-session-bytes N` (`serve`): what the byte answers of one session's calls may hold at
/// once (`ByteBudget`) — its name, default and help line.
enum SessionBytesOption {
    static let name = ByteBudget.option
    static let names: Set<String> = [name]

    /// The help line, wrapped as the other options' lines are.
    static let help = """
      --\(name) N   the bytes the byte answers of one session's calls (read_file,
                              read, fetch_read_body) may hold until written; a call past it
                              is answered with -32003 [\(ByteBudget.defaultLimit)]
    """

    /// The budget the options give.
    static func value(_ args: ArgumentList) throws(UsageError) -> ByteBudget {
        ByteBudget(limit: try args.positiveInt(name) ?? ByteBudget.defaultLimit)
    }
}
