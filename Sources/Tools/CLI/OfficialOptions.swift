import BridgeCorePlugins
import BridgeKit
import BridgeJSON
import BridgeOfficialPlugins
import BridgeShareNatives
import BridgeStreams
import FoundationEssentials
import Glibc
import BridgeSystem

/// The options that describe the simulated device and its person to the official plugins
/// (`OfficialSettings`): what is on the clipboard, the sensor, the permissions, the track, …
struct OfficialOptions {
    static let names: Set<String> = ["clipboard", "paste", "biometry", "open-url", "permission", "location", "locale", "scan", "scan-format",
                                     "dialog", "pick", "sandbox", "http-fixtures"]
    static let flagNames: Set<String> = ["http-passthrough"]

    static let help = """
      --clipboard TEXT        clipboard-manager: the clipboard starts holding TEXT, copied
                              by another app [empty]
      --paste allow|deny      iOS: the answer to the paste prompt when the app reads what
                              another app copied [allow]
      --biometry face|fingerprint|iris|none|not-enrolled
                              biometric: the device's sensor [face on an iPhone, else
                              fingerprint]
      --permission NAME=allow|deny|granted|denied
                              a runtime permission (location, coarseLocation, camera,
                              notification): what the person answers when asked, or
                              granted or denied already (repeatable) [allow]
      --location LAT,LON[,ACCURACY]
                              geolocation: where the device is; repeated, the track a
                              watch follows, one a second [48.8584,2.2945,10]
      --scan CONTENT          barcode-scanner: the code in front of the camera [none: a
                              scan waits until cancelled]
      --scan-format FORMAT    its format, QR_CODE, EAN_13, … [QR_CODE]
      --dialog ok|no|cancel   dialog: the button the person presses: the first, the No
                              of Yes/No(/Cancel), or the last (Cancel, No) [ok]
      --pick URI              dialog: a file the person picks in open or save (repeatable)
                              [none: the picker is closed]
      --sandbox DIR           fs: the folder that holds the device's files, one tree per
                              platform (DIR/ios/…, DIR/android/…); nothing outside it is
                              touched [a new temporary folder, named on stderr]
      --locale TAG            os: what locale() answers, a BCP 47 tag [en-US]
      --open-url URL          deep-link: the link the app was opened with (get_current), if
                              plugins.deep-link of --app routes it to the app
      --http-fixtures FILE    http: the responses fetch() gets, a JSON array of {url,
                              method?, status?, headers?, body|json|bodyBase64}, the first
                              whose method and URL pattern match answering
      --http-passthrough      http: fetch what no fixture answers for real (else refused,
                              naming the request); the http scope applies first either way
    """

    let clipboard: SessionClipboard
    let biometry: Biometry?
    /// `--open-url`: the link the app was started with (`deep-link`'s `get_current`).
    let openURL: String?
    let permissions: DevicePermissions
    let track: [TrackPoint]
    let locale: String
    let scan: ScannedCode?
    let dialog: DialogAnswers
    let sandbox: SandboxHolder
    let http: HttpPlugin.Config

    init(_ args: ArgumentList) throws(UsageError) {
        var http = HttpPlugin.Config()
        if let file = try args.nonEmpty("http-fixtures") {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                throw UsageError("option '--http-fixtures': cannot read \(file)", subcommand: args.subcommand, pointsToHelp: false)
            }
            do { http.fixtures = try HttpFixture.load(text, file: file) } catch {
                throw UsageError("option '--http-fixtures': \(error.message)", subcommand: args.subcommand, pointsToHelp: false)
            }
        }
        if args.flag("http-passthrough") {
            http.passthrough = { request in
                await HTTPPassthrough.fetch(method: request.method, url: request.url, headers: request.headers, body: request.body,
                                            connectTimeoutMs: request.connectTimeoutMs, maxRedirections: request.maxRedirections)
                    .map { HttpPlugin.Response(status: $0.status, url: $0.url, headers: $0.headers, body: $0.body) }
                    .mapError { HttpPlugin.Failure($0.message) }
            }
        }
        self.http = http
        let root = try args.nonEmpty("sandbox").map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        sandbox = SandboxHolder(root: root) { folder in Log.error("fs: the device's files are in \(folder) (--sandbox DIR to choose)") }
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

    /// The settings, with what the session adds: the app's deep-link config and where events go.
    func settings(deepLink: DeepLinkConfig, emit: (@Sendable (String, JSON) -> Void)?,
                  send: (@Sendable (UInt32, String?, JSON) -> Void)?, listen: (@Sendable (String, String, String?, UInt32) -> Void)?,
                  app: AppInfo, resources: ResourceTable,
                  fs: FsPlugin.Config, appRoot: String?) -> OfficialSettings {
        var s = OfficialSettings(clipboard: clipboard, biometry: biometry, deepLink: deepLink, openURL: openURL, emit: emit,
                                 permissions: permissions, track: track, send: send, locale: locale,
                                 hostname: ProcessInfo.processInfo.hostName, scan: scan, dialog: dialog)
        s.sandbox = sandbox
        s.listen = listen
        s.app = app
        s.resources = resources
        s.fs = fs
        s.http = http
        s.logTargets = appRoot.map(LogPlugin.Targets.reading(sources:)) ?? LogPlugin.Targets()
        s.write = { Log.error($0) }
        return s
    }
}
