import BridgeCall
import BridgeJSON
import BridgeProtocol
@testable import BridgeRouter
import BridgeSimulation
import TestSupport
import Testing

@Suite("Router")
struct RouterTests {
    let router: Router

    init() throws {
        router = Router(registry: try CommandRegistry(plugins: [TestPlugin()]))
    }

    func call(_ method: String, _ params: JSON?) async -> Result<JSON, ResponseError> {
        switch router.prepare(method: method, params: params, context: CallContext()) {
        case .success(let c): return await router.run(c).map(\.result)
        case .failure(let e): return .failure(e)
        }
    }

    @Test("named params reach the command; omitted and null params are {}")
    func namedParams() async throws {
        #expect(try await call("plugin:bridge-test|echo", ["a": 1]).get() == ["a": 1])
        #expect(try await call("plugin:bridge-test|echo", nil).get() == [:])
        #expect(try await call("plugin:bridge-test|echo", .null).get() == [:])
    }

    @Test("positional params carry no keys (Tauri reads every argument as absent): a warning")
    func positional() async throws {
        #expect(try await call("plugin:bridge-test|echo", [1, 2]).get() == [:])
        let router = Router(registry: try CommandRegistry(plugins: [TestPlugin()]))
        let call = try router.prepare(method: "plugin:bridge-test|echo", params: [1, 2], context: CallContext()).get()
        #expect(call.warnings.map(\.code) == ["positional_params"])
    }

    @Test("the reserved __bridge key is stripped before the command and sets the call's simulated user")
    func reservedKey() throws {
        let call = try router.prepare(method: "plugin:bridge-test|echo",
                                      params: ["text": "hi", "__bridge": ["cancel": true, "activity": "com.apple.UIKit.activity.Mail"]],
                                      context: CallContext()).get()
        #expect(call.invocation.arguments == ["text": "hi"])
        #expect(call.invocation.context.simulation == Simulation(activity: "com.apple.UIKit.activity.Mail", cancel: true))
        let never = try router.prepare(method: "plugin:bridge-test|echo", params: ["__bridge": ["outcome": "never"]],
                                       context: CallContext()).get()
        #expect(never.invocation.context.simulation == Simulation(outcome: .never))
        let untouched = try router.prepare(method: "plugin:bridge-test|echo", params: ["text": "hi"],
                                           context: CallContext(simulation: Simulation(cancel: true))).get()
        #expect(untouched.invocation.context.simulation == Simulation(cancel: true))
    }

    @Test("the reserved __tauri key is the call's request: headers lowercased, the body decoded, neither among the arguments")
    func tauriRequest() throws {
        let call = try router.prepare(method: "plugin:bridge-test|echo",
                                      params: ["__tauri": ["headers": ["Path": "a%2Fb.txt"], "body": "aGk="]], context: CallContext()).get()
        #expect(call.invocation.arguments == [:])
        #expect(call.invocation.request == TauriRequest(headers: ["path": "a%2Fb.txt"], body: Array("hi".utf8)))
        #expect(try router.prepare(method: "plugin:bridge-test|echo", params: ["a": 1], context: CallContext()).get().invocation.request == nil)
        let bad = router.prepare(method: "plugin:bridge-test|echo", params: ["__tauri": ["body": 1]], context: CallContext())
        #expect(bad.failure?.message.hasPrefix("__tauri of plugin:bridge-test|echo: body must be a base64 string") == true)
        // tauri ipc/command.rs: a named argument cannot come from a bytes payload.
        let bytes = router.prepare(method: "plugin:bridge-test|fail", params: ["__tauri": ["body": "aGk="]], context: CallContext())
        #expect(bytes.failure?.message == "invalid args `message` for command `fail`: command fail expected a value for key message but the IPC call used a bytes payload")
    }

    @Test("a malformed __bridge is -32602 naming the key", arguments: [
        (JSON.number(JSONNumber(1)), "invalid args `__bridge` for command `echo`: expected an object"),
        (["cancel": "yes"], "invalid args `__bridge.cancel` for command `echo`: expected a boolean"),
        (["activity": ""], "invalid args `__bridge.activity` for command `echo`: expected a non-empty string"),
        (["outcome": "later"], "invalid args `__bridge.outcome` for command `echo`: expected one of complete, never, busy, unanchored, no-key-window"),
        (["device": "ipad"], "invalid args `__bridge.device` for command `echo`: unknown key, expected `activity`, `cancel`, `outcome`, `biometric` or `permission`"),
    ] as [(JSON, String)])
    func badReservedKey(reserved: JSON, message: String) {
        let bad = router.prepare(method: "plugin:bridge-test|echo", params: ["__bridge": reserved], context: CallContext())
        #expect(bad.failure?.code == .invalidParams)
        #expect(bad.failure?.message == message)
    }

    @Test("commands that declare parameters are bound before they run")
    func binding() async {
        let missing = await call("plugin:bridge-test|sleep", [:]).failure
        #expect(missing?.message == "invalid args `ms` for command `sleep`: command sleep missing required key ms")
        let wrong = await call("plugin:bridge-test|sleep", ["ms": "10"]).failure
        #expect(wrong?.message == "invalid args `ms` for command `sleep`: invalid type: string \"10\", expected i64")
    }

    @Test("handler errors become wire errors at the router", arguments: [
        ("plugin:bridge-test|fail", ErrorCode.rejected, "no"),
        ("plugin:bridge-test|crash", .internalError, "Internal error in plugin:bridge-test|crash: deliberate bug in bridge-test"),
    ])
    func errors(method: String, code: ErrorCode, message: String) async {
        let error = await call(method, ["message": "no"]).failure
        #expect(error?.code == code)
        #expect(error?.message == message)
    }

    @Test("a cancelled handler answers -32800")
    func cancellation() async {
        let task = Task { await call("plugin:bridge-test|sleep", ["ms": 10_000]) }
        try? await Task.sleep(nanoseconds: 20_000_000)
        task.cancel()
        #expect(await task.value.failure == .cancelled)
    }

    @Test("the call context travels with the invocation")
    func context() async throws {
        let c = CallContext(window: "settings", origin: "https://app.example", platform: .android)
        let call = try router.prepare(method: "plugin:bridge-test|context", params: nil, context: c).get()
        #expect(try await router.run(call).get().result == [
            "window": "settings", "webview": "settings", "origin": "https://app.example",
            "platform": "android", "device": "iphone",
        ])
    }
}

extension Result {
    fileprivate var failure: Failure? { if case .failure(let f) = self { return f }; return nil }
}
