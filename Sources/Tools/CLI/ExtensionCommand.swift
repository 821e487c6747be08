import BridgeAndroidIntents
import BridgeInbox
import BridgeJSON
import BridgeMedia
import BridgeStreams
import FoundationEssentials
import Glibc
import BridgeSystem

/// `bridge extension receive` and `bridge extension activity`: the receiving side of a share —
/// an iOS share extension, or an Android activity with share intent filters.
struct ExtensionCommand {
    static let help = """
    Usage: bridge extension receive [--platform ios] --app-group DIR [share] [--activation-rule FILE]
                                    [--types PLIST]...
           bridge extension receive --platform android --manifest FILE --files-dir DIR
                                    [--activity NAME] [share]
           bridge extension activity recreate|kill|restore|launch|finish --files-dir DIR

    share: [--text T] [--url U] [--image FILE]... [--movie FILE]... [--file FILE]...

    iOS: does what a share extension does when the user shares to the app: checks the share
    against the extension's activation rule, then stores it durably in the App Group
    container's inbox, where the app reads it with plugin:share-extension|read.

    Android: builds the intent a sending app would send (ACTION_SEND for one file or text,
    ACTION_SEND_MULTIPLE for several files; the MIME type from the files' bytes, or their
    common type), resolves it against the manifest's intent filters as the chooser does
    (action, mimeType with wildcards, android.intent.category.DEFAULT), and delivers it to the
    activity: a cold start reads the launch intent, a warm start (singleTask) gets
    onNewIntent; the share lands in <files-dir>/ShareInbox. 'extension activity' sends the
    activity lifecycle events after which a share must not be delivered again.

    Options:
      --platform ios|android  the receiving platform [ios]
      --app-group DIR         iOS: the App Group container (must exist)
      --activation-rule FILE  iOS: the extension's Info.plist (XML or binary) or a JSON rule:
                              the dictionary form or an NSPredicate string (SUBQUERY,
                              UTI-CONFORMS-TO …); without it every share is accepted
      --types PLIST           iOS: an Info.plist whose UTExportedTypeDeclarations and
                              UTImportedTypeDeclarations add to the UTI conformance tree
                              (the rule file's own are always read); repeatable
      --manifest FILE         Android: the app's AndroidManifest.xml
      --files-dir DIR         Android: the app's filesDir (must exist)
      --activity NAME         Android: only this activity (.MainActivity) may receive
      --text T                the shared text
      --url U                 the shared URL
      --image FILE            an image (recognised from its bytes); repeatable
      --movie FILE            a movie (recognised from its bytes); repeatable
      --file FILE             any file; repeatable
      -h, --help              show this help

    Output and exit status: 0 and {"accepted": true, "id": …} (Android: with the intent, the
    activity, the filter's file:line and how it was delivered) when stored; 1 and
    {"accepted": false, "kind": …, "reason": …} when refused or not stored (nothing is stored
    then); 2 for usage errors and unusable rule or manifest files.
    """

    static let optionNames: Set<String> = ["app-group", "text", "url", "image", "movie", "file", "activation-rule", "types",
                                           "platform", "manifest", "files-dir", "activity"]

    static func run(_ args: ArgumentList, streams: StandardStreams) throws(UsageError) -> Int32 {
        switch args.positionals.first {
        case "receive" where args.positionals.count == 1:
            switch args.value("platform") ?? "ios" {
            case "ios": return try receiveIOS(args, streams: streams)
            case "android": return try receiveAndroid(args, streams: streams)
            case let other: throw UsageError("option '--platform' must be ios or android for 'extension receive', got '\(other)'", subcommand: "extension")
            }
        case "activity" where args.positionals.count == 2:
            return try activity(args, streams: streams)
        default:
            let verb = args.positionals.first.flatMap { ["receive", "activity"].contains($0) ? nil : $0 }
                .map { "unknown extension subcommand '\($0)'\(UsageError.didYouMean($0, among: ["receive", "activity"])); " } ?? ""
            throw UsageError("\(verb)expected 'bridge extension receive …' or 'bridge extension activity EVENT --files-dir DIR'", subcommand: "extension")
        }
    }

    private static func draft(_ args: ArgumentList) throws(InboxError) -> ShareDraft {
        try ShareDraft(text: args.value("text"), url: args.value("url"), images: args.values("image"),
                       movies: args.values("movie"), files: args.values("file"))
    }

    private static func receiveIOS(_ args: ArgumentList, streams: StandardStreams) throws(UsageError) -> Int32 {
        for option in ["manifest", "files-dir", "activity"] where args.value(option) != nil {
            throw UsageError("option '--\(option)' is for --platform android", subcommand: "extension")
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
        return report(streams) { () throws(InboxError) -> JSON in
            let share = try draft(args).typed(by: types)
            if hasRule { try rule.evaluate(share, types: types) }
            return ["accepted": true, "id": .string(try ShareInbox(group: group).append(share))]
        }
    }

    private static func receiveAndroid(_ args: ArgumentList, streams: StandardStreams) throws(UsageError) -> Int32 {
        for option in ["app-group", "activation-rule", "types"] where args.value(option) != nil {
            throw UsageError("option '--\(option)' is for --platform ios", subcommand: "extension")
        }
        guard let manifestFile = try args.nonEmpty("manifest") else {
            throw UsageError("missing --manifest FILE: the receiving app's AndroidManifest.xml", subcommand: "extension")
        }
        let filesDirectory = try self.filesDirectory(args)
        let manifest = try loadManifest(manifestFile)
        let receiver = AndroidReceiver(manifest: manifest, filesDirectory: filesDirectory)
        if let activity = try args.nonEmpty("activity"), manifest.activities(named: activity).isEmpty {
            let names = manifest.activities.map(\.name).joined(separator: ", ")
            throw UsageError("\(manifestFile): no activity named \(activity); it declares \(names.isEmpty ? "none" : names)",
                             subcommand: "extension", pointsToHelp: false)
        }
        return report(streams) { () throws(InboxError) -> JSON in
            try receiver.receive(try draft(args), activity: args.value("activity"))
        }
    }

    private static func activity(_ args: ArgumentList, streams: StandardStreams) throws(UsageError) -> Int32 {
        let name = args.positionals[1]
        guard let event = AndroidActivityLifecycle.Event(rawValue: name) else {
            let events = AndroidActivityLifecycle.Event.allCases.map(\.rawValue)
            throw UsageError("unknown activity event '\(name)'\(UsageError.didYouMean(name, among: events)); "
                             + "expected \(events.joined(separator: "|"))", subcommand: "extension")
        }
        let filesDirectory = try self.filesDirectory(args)
        do {
            streams.write(try AndroidReceiver.handle(event, filesDirectory: filesDirectory).serialized() + "\n")
            return 0
        } catch {
            streams.error("bridge: \(error.message)")
            return 1
        }
    }

    private static func filesDirectory(_ args: ArgumentList) throws(UsageError) -> String {
        guard let dir = try args.nonEmpty("files-dir") else {
            throw UsageError("missing --files-dir DIR: the Android app's filesDir, where its inbox lives", subcommand: "extension")
        }
        return dir
    }

    /// The manifest at `path`, or a usage error naming the file and line.
    static func loadManifest(_ path: String) throws(UsageError) -> AndroidManifest {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UsageError("cannot read the manifest \(path)", subcommand: "extension", pointsToHelp: false)
        }
        do {
            return try AndroidManifest(xml: String(decoding: data, as: UTF8.self), file: path)
        } catch {
            throw UsageError(error.description, subcommand: "extension", pointsToHelp: false)
        }
    }

    /// Prints what `body` returns (exit 0), or the refusal (exit 1).
    private static func report(_ streams: StandardStreams, _ body: () throws(InboxError) -> JSON) -> Int32 {
        do {
            streams.write(try body().serialized() + "\n")
            return 0
        } catch {
            streams.write(JSON.object(["accepted": false, "kind": .string(error.kind.rawValue), "reason": .string(error.message)]).serialized() + "\n")
            streams.error("bridge: share not stored: \(error.message)")
            return 1
        }
    }
}
