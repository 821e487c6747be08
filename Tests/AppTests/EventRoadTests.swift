import BridgeApp
import BridgeCall
import BridgeCorePlugins
import BridgeKit
import BridgeEvents
import BridgeJSON
import BridgeProtocol
import BridgeRouter
import Synchronization
import Testing

/// A plugin with a native side and no commands of its own (its listeners are the base class's).
private struct NativePlugin: Plugin {
    let name: String
    var commands: [Command] { [] }
    var permissionFiles: [PermissionFile] { [] }
}

/// The core plugins and a native plugin on the one road, behind `authority`, with `hub` keeping
/// the listeners, as browser mode and serve build it.
private func road(_ authority: (any CallAuthority)?, hub: EventHub) throws -> Router {
    let plugins: [any Plugin] = CorePlugins.plugins(AppInfo(), events: hub, surface: AppSurface()) + [NativePlugin(name: "share-extension")]
    return Router(registry: try CommandRegistry(plugins: plugins), authority: authority, listeners: hub)
}

private func send(_ router: Router, _ method: String, _ payload: JSON) async -> Result<JSON, ResponseError> {
    switch router.drive(method: method, params: payload, context: CallContext(platform: .android)) {
    case .refused(let error): return .failure(error)
    case .done(_, let outcome): return outcome.map(\.result)
    case .waiting(_, let rest): return await rest().map(\.result)
    case .resuming(_, let resumed): return await resumed.awaited().map(\.result)
    }
}

/// Moved from BrowserPolicyTests when events and listeners joined the one road: browser mode
/// answers them through the router, as stdio does.
@Suite("Events and plugin listeners: commands on the one road")
struct EventRoadTests {
    @Test("event names follow Tauri's rule")
    func eventNames() async throws {
        let hub = EventHub()
        let r = try road(nil, hub: hub)
        #expect(await send(r, "plugin:event|listen", ["event": "a b", "target": ["kind": "Any"], "handler": 1]).isFailure)
        #expect(!(await send(r, "plugin:event|listen", ["event": "share-extension://shareReceived", "target": ["kind": "Any"], "handler": 1]).isFailure))
        // Either spelling reaches the base class's listener (api 2.0–2.8 sends the camelCase one).
        #expect(try await send(r, "plugin:share-extension|registerListener", ["event": "shared", "handler": "__CHANNEL__:1"]).get() == .null)
        #expect(try await send(r, "plugin:share-extension|register_listener", ["event": "shared", "handler": "__CHANNEL__:2"]).get() == .null)
        #expect(hub.listenerCount(plugin: "share-extension", event: "shared") == 2)
        #expect(try await send(r, "plugin:share-extension|remove_listener", ["event": "shared", "channelId": 1]).get() == .null)
        #expect(hub.listenerCount(plugin: "share-extension", event: "shared") == 1)
        // Tauri's core plugins have no native side: no listener command of their own is invented.
        #expect(await send(r, "plugin:path|register_listener", ["event": "x", "handler": "__CHANNEL__:3"]).isFailure)
    }

    @Test("event commands pass the ACL under the name sent before they act; a refusal is the ACL's")
    func eventCommandsPassTheACL() async throws {
        let hub = EventHub()
        let refuseAll = RecordingAuthority(allow: [])
        let refused = await send(try road(refuseAll, hub: hub), "plugin:event|listen", ["event": "ping", "target": ["kind": "Any"], "handler": 1])
        guard case .failure(let refusal) = refused else {
            Issue.record("listen went through an ACL that allows nothing: \(refused)")
            return
        }
        #expect(refusal.message == "refused plugin:event|listen")
        #expect(refuseAll.asked == ["plugin:event|listen"])
        // Refused before the arguments are read, as Tauri checks the ACL first.
        _ = await send(try road(refuseAll, hub: hub), "plugin:event|emit_to", [:])
        _ = await send(try road(refuseAll, hub: hub), "plugin:event|listenAll", [:])
        #expect(refuseAll.asked == ["plugin:event|listen", "plugin:event|emit_to", "plugin:event|listenAll"])
        let listenOnly = RecordingAuthority(allow: ["plugin:event|listen"])
        #expect(!(await send(try road(listenOnly, hub: hub), "plugin:event|listen", ["event": "ping", "target": ["kind": "Any"], "handler": 1]).isFailure))
        #expect(await send(try road(listenOnly, hub: hub), "plugin:event|emit", ["event": "ping"]).isFailure)
        // A listener command is checked under the name as sent, camelCase included.
        let camel = RecordingAuthority(allow: [])
        #expect(await send(try road(camel, hub: hub), "plugin:share-extension|registerListener", ["event": "e", "handler": "__CHANNEL__:1"]).isFailure)
        #expect(camel.asked == ["plugin:share-extension|registerListener"])
        #expect(hub.listenerCount(plugin: "share-extension", event: "e") == 0)
    }

    @Test("a listener call whose plugin name the ACL cannot key is refused, never registered unchecked")
    func unkeyableListenerRefused() async throws {
        let hub = EventHub()
        let allowAll = RecordingAuthority(allow: ["plugin:Bad Name|register_listener"])
        let answer = await send(try road(allowAll, hub: hub), "plugin:Bad Name|register_listener", ["event": "e", "handler": "__CHANNEL__:1"])
        #expect(answer.isFailure)
        #expect(hub.listenerCount(plugin: "Bad Name", event: "e") == 0)
    }
}

extension Result {
    fileprivate var isFailure: Bool {
        if case .failure = self { return true }
        return false
    }
}

/// An ACL that allows the commands listed and records what it was asked.
private final class RecordingAuthority: CallAuthority {
    private let allow: Set<String>
    private let names = Mutex<[String]>([])
    var asked: [String] { names.withLock { $0 } }

    init(allow: Set<String>) { self.allow = allow }

    func authorize(_ name: CommandName, context: CallContext) -> Result<CallGrant, ResponseError> {
        names.withLock { $0.append(name.description) }
        return allow.contains(name.description) ? .success(CallGrant()) : .failure(.notAllowed("refused \(name)"))
    }
}
