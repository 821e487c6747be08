import BridgeBackends
import BridgeBinding
import BridgeJSON
import BridgeProtocol
import BridgeRouter
import Synchronization
import Testing
import TestSupport
@testable import BridgeFrakShare

/// A backend that records what reaches it.
final class RecordingBackend: PlatformBackend {
    let layer = "recording"
    let calls = Mutex<[(method: String, payload: JSON)]>([])

    func run(method: String, payload: JSON, context: CallContext) async throws(ResponseError) -> CommandOutput {
        calls.withLock { $0.append((method, payload)) }
        return CommandOutput(result: ["shared": true], presentation: ["recorded": true])
    }

    var count: Int { calls.withLock { $0.count } }
}

@Suite("share_text, layer 1")
struct ShareTextCommandTests {
    let backend = RecordingBackend()
    let router: Router

    init() throws {
        let backends = PlatformBackends(ios: backend, android: backend, desktop: backend)
        router = Router(registry: try CommandRegistry(plugins: [FrakSharePlugin(backends: backends)]))
    }

    func call(_ params: JSON, platform: Platform = .ios) async -> Result<CommandOutput, ResponseError> {
        switch router.prepare(method: "plugin:frak-share|share_text", params: params, context: CallContext(platform: platform)) {
        case .success(let c): return await router.run(c)
        case .failure(let e): return .failure(e)
        }
    }

    @Test("the payload reaches shareText camelCase, absent and null fields omitted, __bridge stripped")
    func payload() async throws {
        _ = try await call(["imageUrl": "https://a.b/i.png", "text": "Join me", "title": nil, "__bridge": ["cancel": true]]).get()
        let recorded = try #require(backend.calls.withLock { $0.first })
        #expect(recorded.method == "shareText")
        #expect(recorded.payload.serialized() == #"{"text":"Join me","imageUrl":"https://a.b/i.png"}"#)
    }

    @Test("refusals answer with their code and message and never reach a backend", arguments: [
        ([:] as JSON, -32602, "Missing 'url' or 'text' parameter"),
        (["url": "", "text": "", "title": "T"], -32602, "Missing 'url' or 'text' parameter"),
        (["url": nil, "text": nil], -32602, "Missing 'url' or 'text' parameter"),
        (["url": "javascript:alert(1)"], -32602, "invalid args `url` for command `share_text`: must be an http or https URL, not javascript:, got \"javascript:alert(1)\""),
        (["url": "file:///etc/passwd"], -32602, "invalid args `url` for command `share_text`: must be an http or https URL, not file:, got \"file:///etc/passwd\""),
        (["url": "data:text/plain,hi"], -32602, "invalid args `url` for command `share_text`: must be an http or https URL, not data:, got \"data:text/plain,hi\""),
        (["url": "/relative/path"], -32602, "invalid args `url` for command `share_text`: must be an absolute http or https URL, got \"/relative/path\""),
        (["url": "https://"], -32602, "invalid args `url` for command `share_text`: must be an absolute http or https URL with a host, got \"https://\""),
        (["text": "hi", "imageUrl": "ftp://a.b/i.png"], -32602, "invalid args `imageUrl` for command `share_text`: must be an http or https URL, not ftp:, got \"ftp://a.b/i.png\""),
        (["text": "hi", "image_url": "https://a.b/i.png"], -32602, "invalid args `image_url` for command `share_text`: unknown key; did you mean `imageUrl`?"),
        (["text": 42], -32602, "invalid args `text` for command `share_text`: invalid type: integer `42`, expected a string"),
        ([1, 2] as JSON, -32602, "invalid args for command `share_text`: expected an object of named arguments, got array"),
    ] as [(JSON, Int, String)])
    func refusals(params: JSON, code: Int, message: String) async {
        let error = await call(params).failure
        #expect(error?.code.rawValue == code)
        #expect(error?.message == message)
        #expect(backend.count == 0)
        Contract.check(error?.json ?? .null, "error")
    }

    @Test("desktop targets refuse after the argument checks, as the plugin does", arguments: [Platform.linux, .macos, .windows])
    func desktop(platform: Platform) async {
        #expect(await call([:], platform: platform).failure?.message == "Missing 'url' or 'text' parameter")
        let refused = await call(["text": "hi"], platform: platform).failure
        #expect(refused?.code == .unsupportedPlatform)
        #expect(refused?.message == "frak-share is only available on iOS and Android")
        #expect(refused?.data["platform"] == .string(platform.rawValue))
        #expect(backend.count == 0)
    }

    @Test("a good call returns the backend's result and its presentation")
    func forwards() async throws {
        let out = try await call(["url": "https://frak.id/i"], platform: .android).get()
        #expect(out == CommandOutput(result: ["shared": true], presentation: ["recorded": true]))
    }
}

@Suite("share_text scopes")
struct ShareScopeTests {
    let backend = RecordingBackend()

    func call(_ params: JSON, grant: CallGrant) async -> Result<CommandOutput, ResponseError> {
        let backends = PlatformBackends(ios: backend, android: backend, desktop: backend)
        let plugin = FrakSharePlugin(backends: backends)
        guard let command = plugin.commands.first, let name = CommandName(plugin: "frak-share", command: "share_text"),
              case .object(let args) = params,
              let bound = try? ArgumentBinder.bind(args, parameters: ShareTextCommand.parameters, keyStyle: .camelCase,
                                                   command: "share_text", fullName: name.description) else {
            return .failure(.internalError("test setup"))
        }
        do {
            return .success(try await command.handler(Invocation(name: name, arguments: args, bound: bound, context: CallContext(), grant: grant)))
        } catch let error as ResponseError {
            return .failure(error)
        } catch {
            return .failure(.internalError("\(error)"))
        }
    }

    @Test("allow entries constrain each argument they name; deny entries win", arguments: [
        (["url": "https://wallet.frak.id/i"] as JSON, CallGrant(allow: [["url": "https://*.frak.id/*"]]), nil as String?),
        (["url": "https://evil.example/i"], CallGrant(allow: [["url": "https://*.frak.id/*"]]),
         "frak-share.share_text: url \"https://evil.example/i\" is outside the scope; allowed url patterns: https://*.frak.id/*"),
        (["text": "x", "imageUrl": "http://cdn.example/i.png"], CallGrant(globalDeny: [["imageUrl": "http://*"]]),
         "frak-share.share_text: imageUrl \"http://cdn.example/i.png\" is denied by the scope entry {\"imageUrl\": \"http://*\"}"),
        (["text": "x", "imageUrl": "https://cdn.example/i.png"], CallGrant(allow: [["url": "https://*.frak.id/*"]]), nil),
        (["url": "https://a.frak.id/"], CallGrant(allow: [["url": "https://*.frak.id/*"]], deny: [["url": "https://a.frak.id/*"]]),
         "frak-share.share_text: url \"https://a.frak.id/\" is denied by the scope entry {\"url\": \"https://a.frak.id/*\"}"),
    ] as [(JSON, CallGrant, String?)])
    func scope(params: JSON, grant: CallGrant, refusal: String?) async {
        let outcome = await call(params, grant: grant)
        #expect(outcome.failure?.message == refusal)
        if refusal != nil {
            #expect(outcome.failure?.code == .notAllowed)
            #expect(backend.count == 0)
        }
    }

    @Test("scope entries the plugin cannot read are start-up problems", arguments: [
        (["url": "https://*"] as JSON, nil as String?), (["imageUrl": "http://x.example/*"], nil),
        (["link": "x"], "a frak-share scope entry is {\"url\": PATTERN} or {\"imageUrl\": PATTERN}, found {\"link\":\"x\"}"),
        (["url": "frak.id"], "remote URL pattern \"frak.id\" needs a scheme, e.g. https://*.example.com/*"),
    ] as [(JSON, String?)])
    func problems(entry: JSON, problem: String?) {
        #expect(FrakSharePlugin().scopeProblem(entry) == problem)
    }
}
