import BridgeACL
import BridgeBinding
import BridgeCall
import BridgeContract
import BridgeDevice
@testable import BridgeFrakShare
import BridgeJSON
import BridgePlugins
import BridgeProtocol
import BridgeRouter
import BridgeSchema
import BridgeShareNatives
import Foundation
import Synchronization
import TestSupport
import Testing

/// What Tauri 2 and the real plugin answer for one call.
enum Answer: Sendable, CustomStringConvertible {
    /// The call reaches the native `shareText` (the backend answers `{"shared": true}`).
    case shared
    /// A refusal: the code and exact message a front end receives.
    case refused(Int, String)

    var description: String {
        switch self {
        case .shared: return "shared"
        case .refused(let code, let message): return "\(code) \(message)"
        }
    }
}

/// One row of the specification: a call, what Tauri + the real plugin answer (the bridge's
/// default answer), the warnings beside it, and the `--strict` answer.
struct Row: Sendable, CustomTestStringConvertible {
    let method: String
    let params: JSON?
    let platform: Platform
    let answer: Answer
    let warnings: [String]

    init(_ params: JSON?, on platform: Platform = .ios, method: String = "plugin:frak-share|share_text", _ answer: Answer, warnings: [String] = []) {
        self.method = method
        self.params = params
        self.platform = platform
        self.answer = answer
        self.warnings = warnings
    }

    var testDescription: String { "\(method) \(params?.serialized() ?? "(no params)") on \(platform.rawValue)" }
}

/// Every row, from the plugin's `src/lib.rs`, its Swift and Kotlin `shareText`, and Tauri 2's
/// IPC (`webview/mod.rs` `on_message`, `ipc/authority.rs`, `ipc/command.rs`).
let specification: [Row] = [
    // The missing check of the Rust command (and of both native handlers).
    Row([:], .refused(-32602, "Missing 'url' or 'text' parameter")),
    Row(nil, .refused(-32602, "Missing 'url' or 'text' parameter")),
    Row(["url": "", "text": "", "title": "T"], .refused(-32602, "Missing 'url' or 'text' parameter")),
    Row(["url": nil, "text": nil], .refused(-32602, "Missing 'url' or 'text' parameter")),
    // serde: a wrong type is refused in both modes, in declaration order.
    Row(["text": 42], .refused(-32602, "invalid args `text` for command `share_text`: invalid type: integer `42`, expected a string")),
    Row(["url": true, "text": 1], .refused(-32602, "invalid args `url` for command `share_text`: invalid type: boolean `true`, expected a string")),
    // No URL rule in the plugin: its own deep links, mailto:, anything URL(string:) parses is shared.
    Row(["url": "frakwallet://invite/abc"], .shared),
    Row(["url": "mailto:someone@frak.id"], .shared),
    // Shared, but no receiving app opens such a link: a warning, a refusal under --strict.
    Row(["url": "javascript:alert(1)"], .shared, warnings: ["unopenable_url"]),
    Row(["url": "file:///var/mobile/Containers/Data/Application/x/Documents/a.pdf"], .shared, warnings: ["unopenable_url"]),
    Row(["url": "DATA:text/html,hi", "text": "t"], .shared, warnings: ["unopenable_url"]),
    Row(["url": "https://frak.id/i", "text": "Join", "title": "Frak", "imageUrl": "https://frak.id/l.png"], .shared),
    // What the device would get wrong: shared, with a warning.
    Row(["url": "https://frak.id/a b"], .shared, warnings: ["unparsable_url"]),
    Row(["url": "https://frak.id/é"], .shared, warnings: ["unparsable_url"]),
    Row(["url": "https://frak.id/100%"], .shared, warnings: ["unparsable_url"]),
    Row(["text": "hi", "image_url": "https://frak.id/l.png"], .shared, warnings: ["unknown_key"]),
    Row(["text": "hi", "colour": "red"], .shared, warnings: ["unknown_key"]),
    // serde_json keeps the last of duplicate keys (the args as the parser reads them: keep-last).
    Row(parsed(#"{"text":"","text":"hi"}"#), .shared, warnings: ["duplicate_key"]),
    Row(parsed(#"{"text":"hi","text":""}"#), .refused(-32602, "Missing 'url' or 'text' parameter"), warnings: ["duplicate_key"]),
    Row(["text": "hi", "imageUrl": "file:///etc/passwd"], .shared, warnings: ["unfetchable_url"]),
    Row(["text": "hi", "imageUrl": "//cdn.frak.id/l.png"], .shared, warnings: ["unfetchable_url"]),
    Row(["text": "hi", "imageUrl": "https://cdn/a b.png"], .shared, warnings: ["unparsable_url"]),
    // Positional params: Tauri finds no keys.
    Row([1, 2], .refused(-32602, "Missing 'url' or 'text' parameter"), warnings: ["positional_params"]),
    Row(["https://frak.id"], .refused(-32602, "Missing 'url' or 'text' parameter"), warnings: ["positional_params"]),
    // Desktop: the missing check first, then the desktop refusal, whatever the URL.
    Row([:], on: .linux, .refused(-32602, "Missing 'url' or 'text' parameter")),
    Row(["url": "javascript:x"], on: .linux, .refused(-32002, "frak-share is only available on iOS and Android"), warnings: ["unopenable_url"]),
    Row(["text": "hi"], on: .macos, .refused(-32002, "frak-share is only available on iOS and Android")),
    Row(["text": "hi", "imageUrl": "ftp://x/i.png"], on: .windows, .refused(-32002, "frak-share is only available on iOS and Android"),
        warnings: ["unfetchable_url"]),
    // Unknown plugin commands meet the ACL first.
    Row(["text": "hi"], method: "plugin:frak-share|share_txt", .refused(-32601, "frak-share.share_txt not allowed. Command not found")),
    Row(["text": "hi"], method: "plugin:frak-shar|share_text", .refused(-32601, "frak-shar.share_text not allowed. Plugin not found")),
]

/// `text` parsed as the transports parse call arguments (duplicate keys: the last kept, listed).
func parsed(_ text: String) -> JSON {
    (try? JSONParser.parse(text, duplicateKeys: .keepLast)) ?? .null
}

@Suite("share_text answers as Tauri and the real plugin do; warnings beside; --strict refuses them")
struct ShareTextSpecificationTests {
    static func router(_ backend: RecordingBackend) throws -> Router {
        let plugins: [any Plugin] = [FrakSharePlugin.plugin(backends: backend.backends)]
        let authority = try ACLSetup.authority(plugins: plugins, capabilitiesPath: nil, messages: .verbose) { _ in }
        return Router(registry: try CommandRegistry(plugins: plugins), authority: authority)
    }

    static func call(_ row: Row, strict: Bool, backend: RecordingBackend) async throws -> (Result<CommandOutput, ResponseError>, [CallWarning]) {
        let router = try router(backend)
        switch router.prepare(method: row.method, params: row.params, context: CallContext(platform: row.platform, strict: strict)) {
        case .success(let call): return (await router.run(call), call.warnings)
        case .failure(let error): return (.failure(error), [])
        }
    }

    @Test("by default: Tauri's answer, and the warnings", arguments: specification)
    func faithful(row: Row) async throws {
        let backend = RecordingBackend()
        let (outcome, warnings) = try await ShareTextSpecificationTests.call(row, strict: false, backend: backend)
        switch row.answer {
        case .shared:
            #expect(try outcome.get().result == ["shared": true])
            #expect(backend.count == 1)
        case .refused(let code, let message):
            #expect(outcome.failure?.code.rawValue == code)
            #expect(outcome.failure?.message == message)
            #expect(backend.count == 0)
            Contract.check(outcome.failure?.json ?? .null, "error")
        }
        #expect(warnings.map(\.code) == row.warnings)
        for warning in warnings { #expect(warning.message.contains("share_text")) }
    }

    @Test("under --strict: each warning is a -32602 refusal (a duplicate key -32700) with the same text and data.warning", arguments: specification)
    func strict(row: Row) async throws {
        let backend = RecordingBackend()
        let (faithful, warnings) = try await ShareTextSpecificationTests.call(row, strict: false, backend: RecordingBackend())
        let (outcome, _) = try await ShareTextSpecificationTests.call(row, strict: true, backend: backend)
        if let first = warnings.first {
            let duplicate = first.code == CallWarning.duplicateKey
            #expect(outcome.failure?.code == (duplicate ? .parseError : .invalidParams))
            #expect(outcome.failure?.message == first.message)
            #expect(outcome.failure?.data["warning"] == .string(first.code))
            #expect(outcome.failure?.data["kind"] == (duplicate ? "parse" : "invalid_args"))
            #expect(backend.count == 0)
            Contract.check(outcome.failure?.json ?? .null, "error")
        } else {
            #expect(outcome.failure?.message == faithful.failure?.message)
            #expect(outcome.failure?.code == faithful.failure?.code)
        }
    }

    @Test("the payload reaches shareText camelCase, absent and null fields omitted, __bridge and unknown keys stripped")
    func payload() async throws {
        let backend = RecordingBackend()
        let router = try ShareTextSpecificationTests.router(backend)
        let call = try router.prepare(method: "plugin:frak-share|share_text",
                                      params: ["imageUrl": "https://a.b/i.png", "text": "Join me", "title": nil, "image_url": "x", "__bridge": ["cancel": true]],
                                      context: CallContext()).get()
        _ = try await router.run(call).get()
        #expect(backend.calls.withLock { $0.first?.method } == "shareText")
        #expect(backend.calls.withLock { $0.first?.call.payload }?.serialized() == #"{"text":"Join me","imageUrl":"https://a.b/i.png"}"#)
    }

    @Test("the unknown-key warning names the parameter meant")
    func didYouMean() async throws {
        let (_, warnings) = try await ShareTextSpecificationTests.call(Row(["text": "hi", "image_url": "https://x/i.png"], .shared), strict: false,
                                                                      backend: RecordingBackend())
        #expect(warnings.first?.message == "invalid args `image_url` for command `share_text`: unknown key, which Tauri ignores (the value never reaches the device); did you mean `imageUrl`?")
        #expect(warnings.first?.field == "image_url")
    }

    @Test("an unknown command gets a did-you-mean")
    func unknownCommandSuggestion() async throws {
        let (outcome, _) = try await ShareTextSpecificationTests.call(Row([:], method: "plugin:frak-share|share_txt", .shared), strict: false,
                                                                     backend: RecordingBackend())
        #expect(outcome.failure?.data["suggestion"] == "plugin:frak-share|share_text")
    }
}

@Suite("share_text scopes: the real plugin reads none, so a scope the bridge would apply is a warning")
struct ShareScopeTests {
    func warnings(_ params: JSONObject, grant: CallGrant) throws -> [String] {
        let name = try #require(CommandName(plugin: "frak-share", command: "share_text"))
        let bound = try ArgumentBinder.bind(params, signature: ShareTextCommand.declaration.signature, command: "share_text",
                                            fullName: name.description).arguments
        return ShareScope.warnings(Invocation(name: name, arguments: params, bound: bound, context: CallContext(), grant: grant)).map(\.message)
    }

    @Test("a grant's scope entries are compiled once, not on every call (1,000 entries: 8 ms a call before)")
    func compiledOnce() throws {
        // Entries of this test alone (tests run in parallel).
        let tag = UUID().uuidString.lowercased()
        let entries: [JSON] = (0..<1000).map { ["url": .string("https://host\($0)-\(tag).frak.id/*")] }
        let grant = CallGrant(allow: entries)
        let first = try warnings(["url": "https://evil.example/i"], grant: grant)
        for _ in 0..<50 { _ = try warnings(["url": .string("https://host7-\(tag).frak.id/x")], grant: grant) }
        #expect(first.count == 1 && first[0].contains("is outside the scope"))
        #expect(ShareScope.compilations(of: entries) == 1, "51 calls of the same grant compile its entries once")
    }

    @Test("allow entries constrain each argument they name; deny entries win", arguments: [
        (["url": "https://wallet.frak.id/i"] as JSONObject, CallGrant(allow: [["url": "https://*.frak.id/*"]]), nil as String?),
        (["url": "https://evil.example/i"], CallGrant(allow: [["url": "https://*.frak.id/*"]]),
         "frak-share.share_text: url \"https://evil.example/i\" is outside the scope; allowed url patterns: https://*.frak.id/*"),
        (["text": "x", "imageUrl": "http://cdn.example/i.png"], CallGrant(globalDeny: [["imageUrl": "http://*"]]),
         "frak-share.share_text: imageUrl \"http://cdn.example/i.png\" is denied by the scope entry {\"imageUrl\": \"http://*\"}"),
        (["text": "x", "imageUrl": "https://cdn.example/i.png"], CallGrant(allow: [["url": "https://*.frak.id/*"]]), nil),
        (["url": "https://a.frak.id/"], CallGrant(allow: [["url": "https://*.frak.id/*"]], deny: [["url": "https://a.frak.id/*"]]),
         "frak-share.share_text: url \"https://a.frak.id/\" is denied by the scope entry {\"url\": \"https://a.frak.id/*\"}"),
    ] as [(JSONObject, CallGrant, String?)])
    func scope(params: JSONObject, grant: CallGrant, warning: String?) throws {
        let found = try warnings(params, grant: grant)
        if let warning {
            #expect(found == [warning + " (the real plugin reads no scope, so the device shares it anyway)"])
        } else {
            #expect(found.isEmpty)
        }
    }

    @Test("scope entries the plugin cannot read are start-up problems", arguments: [
        (["url": "https://*"] as JSON, nil as String?), (["imageUrl": "http://x.example/*"], nil),
        (["link": "x"], "a frak-share scope entry is {\"url\": PATTERN} or {\"imageUrl\": PATTERN}, found {\"link\":\"x\"}"),
        (["url": "frak.id"], "remote URL pattern \"frak.id\" needs a scheme, e.g. https://*.example.com/*"),
    ] as [(JSON, String?)])
    func problems(entry: JSON, problem: String?) {
        #expect(FrakSharePlugin.plugin().scopeProblem(entry) == problem)
    }
}

@Suite("The args schema is the contract of a correct call: what --strict accepts")
struct StrictContractTests {
    @Test("the generated schema accepts a row exactly when --strict lets it reach the device", arguments: specification.filter {
        // A schema sees the parsed value, in which a duplicate key is already gone.
        $0.platform == .ios && $0.method == "plugin:frak-share|share_text" && !$0.warnings.contains(CallWarning.duplicateKey)
    })
    func schemaAgreesWithStrict(row: Row) throws {
        let strictAccepts: Bool = if case .shared = row.answer { row.warnings.isEmpty } else { false }
        let validator = try SchemaCatalog.shared.validator("commands/frak-share/share_text.args")
        #expect(validator.isValid(row.params ?? [:]) == strictAccepts)
    }

    static let corpus: [String] = [
        "https://frak.id/i", "http://[::1]:8080/x?y=1#z", "HTTP://FRAK.ID", "frakwallet://invite/abc", "mailto:a@b.c", "javascript:x",
        "https://frak.id/a b", "https://frak.id/é", "https://frak.id/%zz", "https://frak.id/%4", "https://frak.id/%41", "a|b", "a{b}",
        "//cdn/x.png", "https://", "https://@", "http://user@:80/", "http://u@h/", "file:///etc/passwd", "ftp://a/b", "https:x",
        "https://h", "https://h:443", "https://a@b@c/d", "tel:+33", "data:image/png;base64,AA==", "\t", "https://a/\u{7F}", "JavaScript:alert(1)", "FILE:/x", "blob:https://a/b",
        "about:blank", "wss://h/s", "javascript", "x-javascript:a",
    ]

    @Test("each URL rule and its schema pattern agree on a corpus", arguments: [ShareTextCommand.unparsable, ShareTextCommand.unopenable, ShareTextCommand.unfetchable].map { ($0.code, $0) })
    func rulesAgree(code: String, check: ValueCheck) throws {
        let validator = try SchemaValidator(schema: ["type": "string", "pattern": .string(check.pattern)])
        for value in StrictContractTests.corpus {
            #expect(validator.isValid(.string(value)) == (check.problem(value) == nil), "\(code): \(value)")
        }
        #expect(validator.isValid(""))
    }
}
