import BridgeBinding
import BridgeCall
import BridgeJSON
import BridgeKit
import BridgeProtocol
import BridgeShareNatives

/// `plugin:frak-share|share_text`, layer 1: the Rust `#[tauri::command]` of the plugin.
///
/// As the plugin's `src/lib.rs`: binds `url`, `text`, `title`, `image_url` (key `imageUrl`), all
/// `Option<String>`; refuses a call with neither a non-empty `url` nor `text`
/// (`Missing 'url' or 'text' parameter`); then, on desktop targets, fails with
/// `frak-share is only available on iOS and Android`; else forwards the camelCase payload to the
/// platform's native `shareText`. It checks no URL: what the device would get wrong is a warning.
enum ShareTextCommand {
    /// The refusal of the plugin's desktop build.
    static let unavailable = "frak-share is only available on iOS and Android"

    static let declaration = CommandDeclaration(
        "share_text",
        summary: "Opens the platform share sheet with a link, a text, a title and a thumbnail.",
        parameters: [
            Parameter("url", .string, doc: "The link to share (iOS: a URL activity item with its link card; Android: the end of EXTRA_TEXT). Empty = absent.",
                      checks: [unparsable, unopenable]),
            Parameter("text", .string, doc: "The body text. Empty = absent."),
            Parameter("title", .string, doc: "The subject: the iOS activity subject and link title; Android EXTRA_SUBJECT and EXTRA_TITLE."),
            Parameter("image_url", .string, doc: "The thumbnail or icon to fetch, an http or https URL (iOS: the link card's icon, 2 s race; Android: the chooser's ClipData thumbnail).",
                      checks: [unparsable, unfetchable]),
        ],
        rules: [.oneNonEmpty(["url", "text"], message: SharePayload.missing)],
        result: .record([Field("shared", .boolean, doc: "Whether the share went through, as the platform reports it.")]),
        resultDoc: "iOS: whether the user completed an activity (false when dismissed). Android: true as soon as the chooser opens.")

    static let unparsable = ValueCheck(code: "unparsable_url", pattern: ShareURL.parsablePattern, problem: ShareURL.unparsable)

    /// A link no app the sheet offers can open: the plugin shares it anyway (Tauri and the
    /// plugin check no scheme), so the person receives a dead link.
    static let unopenable = ValueCheck(code: "unopenable_url", pattern: "^(?!\(ShareLink.refusedSchemesPattern))") { value in
        guard let scheme = ShareLink.refusedScheme(value) else { return nil }
        let why = switch scheme {
        case "file": "it names a file in this app's sandbox, which no receiving app can read"
        case "javascript": "it is script, not a link: Messages and Mail show it as text and no browser runs it from another app"
        case "data": "browsers block top-level data: navigations, and Messages and Mail show it as text"
        case "ws", "wss": "it is a WebSocket endpoint, not a page"
        default: "it names something only this webview has"
        }
        return "no receiving app can open a `\(scheme):` link (\(why)); the plugin shares it anyway, so the person gets a dead link"
    }

    static let unfetchable = ValueCheck(code: "unfetchable_url", pattern: ShareURL.fetchablePattern) { value in
        ShareURL.isFetchable(value) ? nil : "\(ShareURL.notFetchedReason), so no thumbnail would load on Android"
    }

    static func command(_ backends: FrakShareBackends) -> KitCommand {
        KitCommand(declared: declaration, scope: ShareScope.warnings) { invocation in
            try backend(backends, invocation).start(declaration.nativeMethod, NativeCall(payload: invocation.nativePayload, context: invocation.context))
        }
    }

    /// The platform's native side; on desktop targets, the plugin's refusal.
    private static func backend(_ backends: FrakShareBackends, _ invocation: Invocation) throws(ResponseError) -> NativePlugin<NativeCall> {
        let context = invocation.context
        guard let backend = backends.backend(for: context.platform) else {
            throw ResponseError.unsupportedPlatform(unavailable, details: [
                "command": .string(invocation.name.description), "layer": "command", "platform": .string(context.platform.rawValue),
            ])
        }
        return backend
    }
}
