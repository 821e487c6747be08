import BridgeInbox
import BridgeJSON
import BridgeServer

/// `bridge extension receive`: the share extension's side of the inbox.
struct ExtensionCommand {
    static let help = """
    Usage: bridge extension receive --app-group DIR [--text T] [--url U] [--image FILE]...
                                    [--movie FILE]... [--file FILE]... [--activation-rule FILE]
                                    [--types PLIST]...

    Does what an iOS share extension does when the user shares to the app: checks the share
    against the extension's activation rule, then stores it durably in the App Group
    container's inbox, where the app reads it with plugin:share-extension|read.

    Options:
      --app-group DIR         the App Group container (must exist)
      --text T                the shared text
      --url U                 the shared URL
      --image FILE            an image (recognised from its bytes); repeatable
      --movie FILE            a movie (recognised from its bytes); repeatable
      --file FILE             any file; repeatable
      --activation-rule FILE  the extension's Info.plist (XML or binary) or a JSON rule:
                              the dictionary form or an NSPredicate string (SUBQUERY,
                              UTI-CONFORMS-TO …); without it every share is accepted
      --types PLIST           an Info.plist whose UTExportedTypeDeclarations and
                              UTImportedTypeDeclarations add to the UTI conformance tree
                              (the rule file's own are always read); repeatable
      -h, --help              show this help

    Output and exit status: 0 and {"accepted": true, "id": …} when stored; 1 and
    {"accepted": false, "kind": …, "reason": …} when refused or not stored (nothing is
    stored then); 2 for usage errors and unusable rule files.
    """

    static let optionNames: Set<String> = ["app-group", "text", "url", "image", "movie", "file", "activation-rule", "types"]

    static func run(_ args: ArgumentList, streams: StandardStreams) throws(UsageError) -> Int32 {
        guard args.positionals == ["receive"] else {
            throw UsageError("expected 'bridge extension receive --app-group DIR …'", subcommand: "extension")
        }
        guard let group = try args.nonEmpty("app-group") else {
            throw UsageError("missing --app-group DIR: the App Group container to store the share in", subcommand: "extension")
        }
        var rule = ActivationRule.dictionary(ActivationRule.Counts())
        var hasRule = false
        var types = UniformTypes.builtIn
        if let file = try args.nonEmpty("activation-rule") {
            do {
                (rule, types) = try ActivationRuleFile.loadWithTypes(file)
                for extra in args.values("types") { types = try ActivationRuleFile.types(extra, adding: types) }
            } catch {
                throw UsageError(error.message, subcommand: "extension", pointsToHelp: false)
            }
            hasRule = true
            if rule == .truePredicate {
                Log.error("warning: the activation rule is TRUEPREDICATE, which accepts anything; App Store uploads refuse it — use the dictionary form (NSExtensionActivationSupports… keys) or a SUBQUERY predicate")
            }
        }
        do {
            let draft = try ShareDraft(text: args.value("text"), url: args.value("url"), images: args.values("image"),
                                       movies: args.values("movie"), files: args.values("file")).typed(by: types)
            if hasRule { try rule.evaluate(draft, types: types) }
            let id = try ShareInbox(group: group).append(draft)
            streams.write(JSON.object(["accepted": true, "id": .string(id)]).serialized() + "\n")
            return 0
        } catch {
            streams.write(JSON.object(["accepted": false, "kind": .string(error.kind.rawValue), "reason": .string(error.message)]).serialized() + "\n")
            streams.error("bridge: share not stored: \(error.message)")
            return 1
        }
    }
}
