import BridgeJSON
import BridgeShareNatives
import BridgeEvents
import BridgeInbox
import BridgeRouter
import BridgePlugins
import BridgeOfficialPlugins
import Foundation

/// The options that configure the platform backends, and the plugins built from them.
struct BackendOptions {
    static let names: Set<String> = ["app-id", "cache-dir", "provider-paths", "app-group", "files-dir", "files-root", "plugin-version",
                                     "clipboard", "paste", "biometry", "open-url", "permission", "location", "locale", "scan", "scan-format", "dialog", "pick"]

    static let help = """
      --app-id ID             Android applicationId; the FileProvider authority is
                              <ID>.fileprovider [com.example.app]
      --cache-dir DIR         Android cacheDir; thumbnails go to DIR/share/
                              [$XDG_CACHE_HOME/bridge/android/<ID>/cache]
      --provider-paths FILE   Android provider_paths.xml whose roots the content:// URIs use
                              [<cache-path name="share" path="share/"/>]
      --app-group DIR         the App Group container of the share inbox (share-extension)
      --files-dir DIR         Android: the app's filesDir, whose inbox share-extension reads
      --files-root DIR        share: a folder files may be shared from (repeatable)
                              [the working directory]
      --clipboard TEXT        clipboard-manager: the clipboard starts holding TEXT, copied
                              by another app [empty]
      --paste allow|deny      iOS: the answer to the paste prompt when the app reads what
                              another app copied [allow]
      --biometry face|fingerprint|iris|none|not-enrolled
                              biometric: the device's sensor [face on an iPhone, else
                              fingerprint]
      --permission NAME=allow|deny|granted|denied
                              a runtime permission (location, coarseLocation): what the
                              person answers when asked, or granted or denied already
                              (repeatable) [allow]
      --location LAT,LON[,ACCURACY]
                              geolocation: where the device is; repeated, the track a
                              watch follows, one a second [48.8584,2.2945,10]
      --scan CONTENT          barcode-scanner: the code in front of the camera [none: a
                              scan waits until cancelled]
      --scan-format FORMAT    its format, QR_CODE, EAN_13, … [QR_CODE]
      --dialog ok|cancel      dialog: the button the person presses [ok]
      --pick URI              dialog: a file the person picks in open or save (repeatable)
                              [none: the picker is closed]
      --locale TAG            os: what locale() answers, a BCP 47 tag [en-US]
      --open-url URL          deep-link: the link the app was opened with (get_current), if
                              plugins.deep-link of --app routes it to the app
      --plugin-version NAME@COMMIT
                              follow a plugin as shipped at an older upstream commit:
                              frak-share@0fd3b566 (the seeds') [frak-share@da58e5f8]
    """

    let android: AndroidConfiguration
    let inbox: ShareInbox?
    let shareFiles: ShareFileRules
    let frakShare: FrakShareVersion
    /// The session's clipboard (`--clipboard`, `--paste`): one per process, as a device has one.
    let clipboard: SessionClipboard
    /// The device's biometric sensor (`--biometry`); `nil`: the platform's usual one.
    let biometry: Biometry?
    /// `--open-url`: the link the app was started with (`deep-link`'s `get_current`).
    let openURL: String?
    /// The device's runtime permissions (`--permission`).
    let permissions: DevicePermissions
    /// The scripted track (`--location`).
    let track: [TrackPoint]
    /// `--locale`: the device's locale (`os`'s `locale()`).
    let locale: String
    /// `--scan`, `--scan-format`: the code in front of the camera.
    let scan: ScannedCode?
    /// `--dialog`, `--pick`: what the person does with a dialog.
    let dialog: DialogAnswers

    init(_ args: ArgumentList) throws(UsageError) {
        let appID = try args.nonEmpty("app-id") ?? AndroidConfiguration.defaultAppID
        guard AndroidConfiguration.isApplicationID(appID) else {
            throw UsageError("option '--app-id' must be an Android applicationId such as com.example.app, got '\(appID)'",
                             subcommand: args.subcommand)
        }
        var providerPaths = FileProviderPaths.default
        if let file = try args.nonEmpty("provider-paths") {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw UsageError("cannot read --provider-paths file '\(file)'", subcommand: args.subcommand)
            }
            do {
                providerPaths = try FileProviderPaths(xml: String(decoding: data, as: UTF8.self))
            } catch {
                throw UsageError("\(file): \(error)", subcommand: args.subcommand)
            }
        }
        let cacheDirectory = try args.nonEmpty("cache-dir").map {
            URL(fileURLWithPath: $0, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).path
        }
        android = AndroidConfiguration(appID: appID, cacheDirectory: cacheDirectory, providerPaths: providerPaths)
        let group = try args.nonEmpty("app-group"), filesDirectory = try args.nonEmpty("files-dir")
        if group != nil && filesDirectory != nil {
            throw UsageError("give --app-group (iOS) or --files-dir (Android), not both: they name the inbox's container",
                             subcommand: args.subcommand)
        }
        inbox = (group ?? filesDirectory).map { ShareInbox(group: $0) }
        let roots = args.values("files-root")
        if let empty = roots.first(where: \.isEmpty) {
            throw UsageError("option '--files-root' needs a folder, got '\(empty)'", subcommand: args.subcommand)
        }
        for root in roots {
            var info = stat()
            guard stat(root, &info) == 0 else {
                throw UsageError("option '--files-root' \(root): \(String(cString: strerror(errno))); name an existing folder",
                                 subcommand: args.subcommand)
            }
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw UsageError("option '--files-root' \(root) is not a folder", subcommand: args.subcommand)
            }
        }
        shareFiles = ShareFileRules(roots: roots.isEmpty ? nil : roots)
        frakShare = try BackendOptions.frakShareVersion(args)
        let paste = try args.value("paste").map { (value) throws(UsageError) -> SessionClipboard.PasteAnswer in
            guard let answer = SessionClipboard.PasteAnswer(rawValue: value) else {
                throw UsageError("option '--paste' must be allow or deny, got '\(value)'", subcommand: args.subcommand)
            }
            return answer
        } ?? .allow
        clipboard = SessionClipboard(text: args.value("clipboard"), paste: paste)
        biometry = try args.choice("biometry", Biometry.self)
        openURL = try args.nonEmpty("open-url")
        var answers: [String: DevicePermissions.Answer] = [:]
        for value in args.values("permission") {
            let parts = value.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, let answer = DevicePermissions.Answer(rawValue: parts[1]) else {
                throw UsageError("option '--permission' takes NAME=allow|deny|granted|denied, such as location=deny, got '\(value)'", subcommand: args.subcommand)
            }
            answers[parts[0]] = answer
        }
        permissions = DevicePermissions(answers)
        var track: [TrackPoint] = []
        for value in args.values("location") {
            guard let point = TrackPoint(value) else {
                throw UsageError("option '--location' takes LAT,LON[,ACCURACY] in degrees and metres, such as 48.8584,2.2945,10, got '\(value)'",
                                 subcommand: args.subcommand)
            }
            track.append(point)
        }
        self.track = track
        locale = try args.nonEmpty("locale") ?? "en-US"
        let format = try args.nonEmpty("scan-format") ?? "QR_CODE"
        guard ScannedCode.formats.contains(format) else {
            throw UsageError("option '--scan-format' must be one of \(ScannedCode.formats.joined(separator: "|")), got '\(format)'", subcommand: args.subcommand)
        }
        scan = args.value("scan").map { ScannedCode(content: $0, format: format) }
        dialog = DialogAnswers(press: try args.choice("dialog", DialogAnswers.Press.self) ?? .ok, picks: args.values("pick"))
    }

    /// `--plugin-version frak-share@COMMIT`: a version the bridge models, named by a commit prefix.
    private static func frakShareVersion(_ args: ArgumentList) throws(UsageError) -> FrakShareVersion {
        var version = FrakShareVersion.head
        let known = FrakShareVersion.known.map { "\($0.short) (\($0.date): \($0.summary))" }.joined(separator: "; ")
        for value in args.values("plugin-version") {
            let parts = value.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw UsageError("option '--plugin-version' takes NAME@COMMIT, such as frak-share@0fd3b566, got '\(value)'",
                                 subcommand: args.subcommand)
            }
            guard parts[0] == "frak-share" else {
                throw UsageError("option '--plugin-version': only frak-share has more than one modelled version, got '\(parts[0])' "
                                 + "(`bridge --version` lists what each plugin follows)", subcommand: args.subcommand)
            }
            guard let found = FrakShareVersion.named(String(parts[1])) else {
                throw UsageError("option '--plugin-version': frak-share@\(parts[1]) is not a version the bridge models; "
                                 + "name one of these commits (7 digits or more): \(known)", subcommand: args.subcommand)
            }
            version = found
        }
        return version
    }

    /// The product's plugins, configured by these options; `events` is where they emit their
    /// events (`serve`).
    /// - Parameter deepLink: the app's `plugins.deep-link` (`--app`).
    func plugins(events: EventHub? = nil, deepLink: DeepLinkConfig = DeepLinkConfig()) -> [any Plugin] {
        var emit: (@Sendable (String, JSON) -> Void)? = nil
        // A plugin's `app.emit("<plugin>://<event>")` reaches `listen()` in the pages and, as
        // `bridge/event`, the stdio client (the Node mocks' `listen`).
        if let events {
            emit = { name, payload in
                guard let range = name.range(of: "://") else { return events.emitAppEvent(name, payload: payload) }
                events.emit(PluginEvent(plugin: String(name[..<range.lowerBound]), event: String(name[range.upperBound...]), payload: payload))
            }
        }
        var send: (@Sendable (UInt32, String?, JSON) -> Void)? = nil
        if let events { send = { channel, client, message in events.send(channel: channel, client: client, message: message) } }
        let official: [any Plugin] = OfficialPlugins.plugins(clipboard: clipboard, biometry: biometry, deepLink: deepLink,
                                                             openURL: openURL, emit: emit, permissions: permissions, track: track, send: send,
                                                             locale: locale, hostname: ProcessInfo.processInfo.hostName, scan: scan,
                                                             dialog: dialog)
        return ProductPlugins.plugins(PluginSettings(android: android, inbox: inbox, events: events, shareFiles: shareFiles, frakShare: frakShare))
            + official
    }
}
