import BridgeJSON
import BridgeProtocol
import Testing
import TestSupport
@testable import BridgeRouter

@Suite("Router")
struct RouterTests {
    let router: Router

    init() throws {
        router = Router(registry: try CommandRegistry(plugins: [TestPlugin()]))
    }

    func call(_ method: String, _ params: JSON?) async -> Result<JSON, ResponseError> {
        switch router.prepare(method: method, params: params, context: CallContext()) {
        case .success(let c): return await router.run(c)
        case .failure(let e): return .failure(e)
        }
    }

    @Test("named params reach the command; omitted and null params are {}")
    func namedParams() async throws {
        #expect(try await call("plugin:bridge-test|echo", ["a": 1]).get() == ["a": 1])
        #expect(try await call("plugin:bridge-test|echo", nil).get() == [:])
        #expect(try await call("plugin:bridge-test|echo", .null).get() == [:])
    }

    @Test("positional params are refused with -32602")
    func positional() async {
        let error = await call("plugin:bridge-test|echo", [1, 2]).failure
        #expect(error?.code == .invalidParams)
        #expect(error?.message == "invalid args for command `echo`: expected an object of named arguments, got array")
        #expect(error?.data["layer"] == "command")
    }

    @Test("the reserved __bridge key is stripped before the command and kept for the simulation")
    func reservedKey() throws {
        let call = try router.prepare(method: "plugin:bridge-test|echo",
                                      params: ["text": "hi", "__bridge": ["cancel": true]],
                                      context: CallContext()).get()
        #expect(call.invocation.arguments == ["text": "hi"])
        #expect(call.simulation == ["cancel": true])
        let bad = router.prepare(method: "plugin:bridge-test|echo", params: ["__bridge": 1], context: CallContext())
        #expect(bad.failure?.code == .invalidParams)
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
        #expect(try await router.run(call).get() == [
            "window": "settings", "webview": "settings", "origin": "https://app.example",
            "platform": "android", "device": "iphone",
        ])
    }
}
