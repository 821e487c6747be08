import BridgeCall
import BridgeJSON
import BridgeKit
import BridgeProtocol
import BridgeSystem

/// The session's clipboard: one per process, as the device has one. `--clipboard TEXT` starts it
/// holding TEXT copied by another app (so iOS asks before the app may paste it).
public final class SessionClipboard: Sendable {
    /// Who answers iOS's paste prompt ("Allow Paste" / "Don't Allow"): `--paste`.
    public enum PasteAnswer: String, Sendable, CaseIterable {
        case allow, deny
    }

    struct Content: Sendable, Equatable {
        var text: String?
        var html: String?
        /// `ClipData.newPlainText(label, text)`'s label (Android).
        var label: String?
        /// Whether another app put it there (iOS prompts before this app reads it).
        var fromOtherApp: Bool
    }

    private let content: SharedLock<Content?>
    public let paste: PasteAnswer

    public init(text: String? = nil, paste: PasteAnswer = .allow) {
        content = SharedLock(text.map { Content(text: $0, html: nil, label: nil, fromOtherApp: true) })
        self.paste = paste
    }

    var current: Content? { content.withLock { $0 } }
    func set(_ new: Content?) { content.withLock { $0 = new } }
}

/// `plugin:clipboard-manager|…` (`@tauri-apps/plugin-clipboard-manager`) as
/// plugins-workspace@77149dc4 has it: `src/commands.rs` binds `write_text(text, label?)`,
/// `write_html(html, alt_text?)` (key `altText`: guest-js sends `altHtml`, which the command
/// never reads), `write_image(image)`; `src/mobile.rs` answers `write_image`, `read_image` and
/// `write_html` `Unsupported on this platform` on iOS and Android without reaching the native
/// side; `ios/Sources/ClipboardPlugin.swift` (UIPasteboard) and
/// `android/src/main/java/ClipboardPlugin.kt` (ClipboardManager) answer the rest; desktop
/// (`src/desktop.rs`, arboard) reads and writes text and HTML. Its `default.toml` grants
/// nothing: an app enables each command.
public enum ClipboardManagerPlugin {
    static let commandNames = ["write_text", "read_text", "write_image", "read_image", "write_html", "clear"]
    static let defaultDescription = """
        No features are enabled by default, as we believe
        the clipboard can be inherently dangerous and it is
        application specific if read and/or write access is needed.

        Clipboard interaction needs to be explicitly enabled.
        """
    /// `src/mobile.rs`'s answer for images and HTML.
    static let unsupported = "Unsupported on this platform"
    /// Both native sides' rejection of a read with nothing to paste.
    static let empty = "Clipboard is empty"
    /// arboard's `Error::ContentNotAvailable`, as the desktop build rejects a read it cannot answer.
    static let notAvailable = "The clipboard contents were not available in the requested format or the clipboard is empty."

    public static func plugin(_ clipboard: SessionClipboard) -> KitPlugin {
        KitPlugin(name: "clipboard-manager", origin: .pluginsWorkspace(pin: PluginsWorkspacePin.commit), commandNames: commandNames, defaultSet: (defaultDescription, []), commands: [
            KitCommand("write_text", [("text", .string), ("label", .option(.string))], recording: { payload, context in
                let text = payload["text"]?.stringValue ?? ""
                let label = payload["label"]?.stringValue
                clipboard.set(SessionClipboard.Content(text: text, html: nil, label: context.platform == .android ? label : nil, fromOtherApp: false))
                return record(context, "writeText", [
                    "stored": .string(text),
                    "effect": .string(effect(write: context, label: label)),
                ])
            }),
            KitCommand("read_text", recording: { (_, context) throws(ResponseError) in try read(clipboard, context) }),
            KitCommand("write_image", [("image", .any("JsImage"))]) { (_, context) throws(ResponseError) -> JSON in
                guard !context.platform.isDesktop else { throw desktopImages("write_image") }
                throw .native(unsupported, layer: "command", reason: "src/mobile.rs answers write_image before the native side: the mobile clipboard takes text only")
            },
            KitCommand("read_image") { (_, context) throws(ResponseError) -> JSON in
                guard !context.platform.isDesktop else {
                    guard clipboard.current == nil || clipboard.current?.text != nil || clipboard.current?.html != nil else { throw desktopImages("read_image") }
                    throw .native(notAvailable, layer: "desktop", reason: "the clipboard holds no image (arboard get_image)")
                }
                throw .native(unsupported, layer: "command", reason: "src/mobile.rs answers read_image before the native side")
            },
            KitCommand("write_html", [("html", .string), ("alt_text", .option(.string))]) { (payload, context) throws(ResponseError) -> JSON in
                guard context.platform.isDesktop else {
                    throw .native(unsupported, layer: "command", reason: "src/mobile.rs treats HTML as unsupported on mobile")
                }
                clipboard.set(SessionClipboard.Content(text: payload["altText"]?.stringValue, html: payload["html"]?.stringValue ?? "",
                                                       label: nil, fromOtherApp: false))
                return .null
            },
            KitCommand("clear", recording: { _, context in
                clipboard.set(nil)
                let effect = switch context.platform {
                case .ios: "UIPasteboard.general.items = []"
                case .android: "ClipboardManager.clearPrimaryClip() (API 28+; before, setPrimaryClip(ClipData.newPlainText(\"\", \"\")))"
                default: "arboard Clipboard::clear()"
                }
                return record(context, "clear", ["effect": .string(effect)])
            }),
        ])
    }

    private static func effect(write context: CallContext, label: String?) -> String {
        switch context.platform {
        case .ios: return "UIPasteboard.general.string = text" + (label == nil ? "" : " (iOS has no label: it is dropped)")
        case .android:
            return "ClipboardManager.setPrimaryClip(ClipData.newPlainText(\(label.map { JSON.string($0).serialized() } ?? "null"), text)); Android 13+ shows its own \"Copied\" confirmation"
        default: return "arboard Clipboard::set_text(text)"
        }
    }

    /// `readText` as each platform answers it.
    private static func read(_ clipboard: SessionClipboard, _ context: CallContext) throws(ResponseError) -> CommandOutput {
        let content = clipboard.current
        switch context.platform {
        case .ios:
            guard let text = content?.text else {
                throw .native(empty, layer: "ios", reason: "UIPasteboard.general.string is nil: nothing was copied")
            }
            guard content?.fromOtherApp == true else { return record(context, "readText", ["result": .string(text)], result: .string(text)) }
            // iOS 16+: reading what another app copied asks the person first.
            let prompt = "iOS asks: the app would like to paste from another app (Allow Paste / Don't Allow)"
            guard clipboard.paste == .allow else {
                throw .native(empty, layer: "ios", reason: "the person tapped Don't Allow at iOS's paste prompt (\(prompt)), so UIPasteboard.general.string is nil (--paste deny)")
            }
            return record(context, "readText", ["prompt": .string(prompt), "answer": "Allow Paste"], result: .string(text))
        case .android:
            guard let content else {
                throw .native(empty, layer: "android", reason: "ClipboardManager.hasPrimaryClip() is false")
            }
            guard let text = content.text else {
                throw .native("Clipboard content reader not implemented", layer: "android", reason: "the primary clip is not text/plain")
            }
            var r: JSONObject = ["result": .string(text)]
            if content.fromOtherApp { r["toast"] = "the app pasted from your clipboard (Android 12+ shows it whenever an app reads what another copied)" }
            return record(context, "readText", r, result: .string(text))
        default:
            guard let text = content?.text else {
                throw .native(notAvailable, layer: "desktop", reason: content?.html != nil ? "the clipboard holds HTML without an alternative text" : "the clipboard is empty")
            }
            return CommandOutput(result: .string(text))
        }
    }

    private static func desktopImages(_ command: String) -> ResponseError {
        .notFound("plugin:clipboard-manager|\(command) is not simulated on desktop: the bridge's clipboard holds text and HTML; on --platform ios or android the plugin answers \(unsupported), as it does there",
                  details: ["command": .string("plugin:clipboard-manager|\(command)"), "unhandled": true])
    }

    private static func record(_ context: CallContext, _ method: String, _ fields: JSONObject, result: JSON = .null) -> CommandOutput {
        let done = officialRecord("clipboard-manager", context, method, fields)
        return CommandOutput(result: result, presentation: { .object(done) })
    }
}

extension SessionClipboard: OfficialSetting {
    public static var standard: SessionClipboard { SessionClipboard() }
}

extension OfficialSettings {
    /// The session's clipboard (`--clipboard`, `--paste`).
    public var clipboard: SessionClipboard {
        get { self[SessionClipboard.self] }
        set { self[SessionClipboard.self] = newValue }
    }
}

extension ClipboardManagerPlugin: CatalogPlugin {
    public typealias Settings = OfficialSettings

    public static let options = [
        PluginOption("clipboard", help: """
              --clipboard TEXT        clipboard-manager: the clipboard starts holding TEXT, copied
                                      by another app [empty]
            """),
        PluginOption("paste", help: """
              --paste allow|deny      iOS: the answer to the paste prompt when the app reads what
                                      another app copied [allow]
            """),
    ]

    public static func configure(_ given: PluginOptionValues, _ settings: inout OfficialSettings) throws(PluginOptionError) {
        let paste = try given.value("paste").map { (value) throws(PluginOptionError) -> SessionClipboard.PasteAnswer in
            guard let answer = SessionClipboard.PasteAnswer(rawValue: value) else {
                throw PluginOptionError("option '--paste' must be allow or deny, got '\(value)'")
            }
            return answer
        } ?? .allow
        settings.clipboard = SessionClipboard(text: given.value("clipboard"), paste: paste)
    }

    public static func plugin(_ settings: OfficialSettings) -> KitPlugin { plugin(settings.clipboard) }
}
