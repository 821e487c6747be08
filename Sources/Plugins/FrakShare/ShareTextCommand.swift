import BridgeBackends
import BridgeBinding
import BridgeJSON
import BridgeProtocol
import BridgeRouter

/// `plugin:frak-share|share_text`, layer 1: the Rust `#[tauri::command]` of the plugin.
///
/// Binds `url`, `text`, `title`, `image_url` (key `imageUrl`); refuses a call with neither a
/// `url` nor a `text` (`Missing 'url' or 'text' parameter`); refuses a non-empty `url` or
/// `imageUrl` that is not an absolute http(s) URL; then, on desktop targets, fails with
/// `frak-share is only available on iOS and Android` — after those checks, as the plugin does;
/// else forwards the camelCase payload to the platform backend's `shareText`.
enum ShareTextCommand {
    static let parameters = [
        Parameter("url", .string), Parameter("text", .string), Parameter("title", .string), Parameter("image_url", .string),
    ]

    static func command(backends: PlatformBackends) -> Command {
        Command("share_text", summary: "Opens the platform share sheet with a link, a text, a title and a thumbnail.",
                parameters: parameters) { invocation in
            try await run(invocation, backends: backends)
        }
    }

    static func run(_ invocation: Invocation, backends: PlatformBackends) async throws(ResponseError) -> CommandOutput {
        let args = invocation.bound
        let command = invocation.name
        func details(_ extra: JSONObject = [:]) -> JSONObject {
            var d: JSONObject = ["command": .string(command.description), "layer": "command"]
            for member in extra { d[member.key] = member.value }
            return d
        }
        let url = args.string("url") ?? ""
        let text = args.string("text") ?? ""
        if url.isEmpty && text.isEmpty {
            throw ResponseError.invalidParams("Missing 'url' or 'text' parameter", details: details())
        }
        for (key, value) in [("url", url), ("imageUrl", args.string("image_url") ?? "")] where !value.isEmpty {
            if let problem = WebURL.problem(value) {
                throw ResponseError.invalidParams(
                    "invalid args `\(key)` for command `\(command.command)`: \(problem), got \(JSON.string(value).serialized())",
                    details: details(["field": .string(key)]))
            }
        }
        for (key, value) in [("url", url), ("imageUrl", args.string("image_url") ?? "")] where !value.isEmpty {
            try ShareScope.check(key, value, grant: invocation.grant, command: command)
        }
        if invocation.context.platform.isDesktop {
            throw ResponseError.unsupportedPlatform(DesktopBackend.unavailable, details: details([
                "platform": .string(invocation.context.platform.rawValue),
            ]))
        }
        let backend = backends.backend(for: invocation.context.platform)
        return try await backend.run(method: command.nativeMethod, payload: .object(args.camelCasePayload),
                                     context: invocation.context)
    }
}
