@testable import BridgeACL
import BridgeApp
import BridgeCall
import BridgeCorePlugins
import BridgeDevice
import BridgeEvents
import BridgeJSON
import BridgeKit
import BridgePlugins
@testable import BridgeOfficialPlugins
import BridgeRouter
import Foundation
import Testing

/// An authority resolved per plugin at its first call decides every call as one resolved whole
/// at start: the rule that lets a cold start skip the plugins it does not call, checked on the
/// built-in capability at several versions and on random capabilities (sets that reach other
/// plugins, denials, platforms, windows, remote origins).
@Suite("the ACL resolved per plugin decides as the ACL resolved whole")
struct LazyResolutionTests {
    static func plugins(_ versions: ModelledVersions) -> [any Plugin] {
        var settings = OfficialSettings()
        settings.versions = versions
        settings.sandbox = SandboxHolder(root: NSTemporaryDirectory() + "lazy-acl-\(UUID().uuidString)")
        // The product plugins too: their permissions are compiled-in files, not values.
        return ProductPlugins.plugins() + OfficialPlugins.plugins(settings)
            + CorePlugins.plugins(AppInfo(), events: EventHub(), surface: AppSurface(), resources: settings.resources, versions: versions)
    }

    /// Every registered command and a few that are not, under contexts that differ in each part
    /// a grant matches on.
    static func compare(_ lazy: Authority, _ whole: Authority, names: [CommandName]) {
        let unknown = [CommandName(plugin: "fs", command: "nope"), CommandName(plugin: "event", command: "nope"),
                       CommandName(plugin: "nothing", command: "here"), CommandName(app: "greet")].compactMap { $0 }
        var compared = 0
        for platform in Platform.allCases {
            let contexts = [CallContext(platform: platform), CallContext(window: "other", platform: platform),
                            CallContext(origin: "https://app.example/page", platform: platform)]
            for context in contexts {
                for name in names + unknown {
                    let a = String(describing: lazy.decide(name, context: context))
                    let b = String(describing: whole.decide(name, context: context))
                    #expect(a == b, "\(name) on \(platform), window \(context.window), origin \(context.origin)")
                    compared += 1
                }
            }
        }
        #expect(compared > 1000)
    }

    /// A kit plugin declares whether its sets reach another plugin, so a start reads none: the
    /// declaration must be what its sets say, at every version.
    @Test("a plugin's declared reach is what its sets name", arguments: ["2.0.6", "2.8.5", "2.11.1"])
    func declaredReach(tauri: String) throws {
        let versions = ModelledVersions(tauri: try #require(ReleaseVersion(tauri)))
        for plugin in Self.plugins(versions) {
            guard let source = plugin.generatedPermissions, let declared = source.setsReachOtherPlugins else { continue }
            let sets = [source.defaultSet?.permissions ?? []] + source.sets.map(\.permissions)
            #expect(declared == sets.contains { $0.contains { $0.contains(":") } }, "\(plugin.name) declares setsReachOtherPlugins: \(declared)")
        }
    }

    @Test("the built-in capability", arguments: ["2.0.6", "2.8.5", "2.11.1"])
    func builtIn(_ tauri: String) throws {
        let versions = ModelledVersions(tauri: try #require(ReleaseVersion(tauri)))
        let plugins = Self.plugins(versions)
        let lazy = try ACLSetup.authority(plugins: plugins, capabilitiesPath: nil, messages: .verbose, versions: versions, warn: { _ in })
        let whole = try Authority(validating: try ACLSetup.store(plugins, versions: versions), capabilities: lazy.capabilities)
        Self.compare(lazy, whole, names: try CommandRegistry(plugins: plugins).commandNames)
        // It names nothing unhosted, which the lazy authority answers without looking.
        #expect(lazy.unhosted == [] && ACLSetup.unhostedPlugins(lazy).isEmpty)
        let reached = lazy.capabilities.flatMap(\.permissions).reduce(into: Set<String>()) { $0.formUnion(ACLSetup.unhosted($1.identifier, manifests: whole.store)) }
        #expect(reached.isEmpty, "\(reached)")
    }

    @Test("random capabilities", arguments: 1...4)
    func random(_ seed: UInt64) throws {
        var rng = SplitMix(seed)
        let plugins = Self.plugins(.newest)
        let store = try ACLSetup.store(plugins, versions: .newest)
        let identifiers = store.keys.sorted().flatMap { key in (store[key]?.identifiers ?? []).map { store[key]!.qualified($0) } }
        let platforms = ["iOS", "android", "linux", "macOS", "windows"]
        var capabilities: [String] = []
        for i in 0..<(1 + rng.next(3)) {
            var entries = (0..<(1 + rng.next(12))).map { _ in JSON.string(identifiers[rng.next(identifiers.count)]) }
            entries.append("core:default")
            var o: JSONObject = ["identifier": .string("cap-\(i)"), "windows": rng.next(2) == 0 ? ["main"] : ["main", "other"],
                                "permissions": .array(entries)]
            if rng.next(3) == 0 { o["platforms"] = .array((0..<(1 + rng.next(3))).map { _ in .string(platforms[rng.next(platforms.count)]) }) }
            if rng.next(3) == 0 { o["remote"] = ["urls": ["https://app.example/*"]] }
            capabilities.append(JSON.object(o).serialized())
        }
        let parsed = try capabilities.flatMap { try Capability.decodeFile($0, path: "caps.json") }
        let lazy = Authority(store: store, capabilities: parsed)
        let whole = try Authority(validating: store, capabilities: parsed)
        Self.compare(lazy, whole, names: try CommandRegistry(plugins: plugins).commandNames)
    }
}

/// A seeded generator: the same tables on every run.
private struct SplitMix {
    var state: UInt64
    init(_ seed: UInt64) { state = seed }
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
