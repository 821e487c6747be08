import BridgeApp
import BridgeCall
import BridgeCorePlugins
import BridgeKit
import BridgeJSON
@testable import BridgeOfficialPlugins
import BridgeProtocol
import BridgeRouter
import Foundation
import Synchronization
import Testing

/// The store plugin on a fresh sandbox, its events kept.
private func storeRouter() throws -> (Router, root: String, events: Events) {
    let root = NSTemporaryDirectory() + "store-\(UUID().uuidString)"
    let events = Events()
    var settings = OfficialSettings()
    settings.sandbox = SandboxHolder(root: root)
    settings.emit = { name, payload in events.seen.withLock { $0.append((name, payload)) } }
    let plugins: [any Plugin] = OfficialPlugins.plugins(settings) + CorePlugins.plugins(AppInfo(), events: nil, surface: AppSurface(), resources: settings.resources)
    return (Router(registry: try CommandRegistry(plugins: plugins)), root, events)
}

private final class Events: Sendable {
    let seen = Mutex<[(String, JSON)]>([])
}

@Suite("store as plugins-workspace@77149dc4 (2.1.0) answers, its file in the sandbox's app data")
struct StorePluginTests {
    @Test("load, set, get ([value, exists]), save: serde_json's pretty file under $APPDATA; one rid per path")
    func roundTrip() async throws {
        let (r, root, _) = try storeRouter()
        let rid = try await call("plugin:store|load", ["path": "settings.json", "autoSave": false], on: .android, router: r).0.get()
        #expect(try await call("plugin:store|load", ["path": "settings.json"], on: .android, router: r).0.get() == rid, "a second load returns the first store")
        #expect(try await call("plugin:store|get_store", ["path": "settings.json"], on: .android, router: r).0.get() == rid)
        #expect(try await call("plugin:store|get_store", ["path": "other.json"], on: .android, router: r).0.get() == .null)
        _ = await call("plugin:store|set", ["rid": rid, "key": "theme", "value": ["dark": true]], on: .android, router: r)
        #expect(try await call("plugin:store|get", ["rid": rid, "key": "theme"], on: .android, router: r).0.get() == [["dark": true], true])
        #expect(try await call("plugin:store|get", ["rid": rid, "key": "nope"], on: .android, router: r).0.get() == [.null, false])
        #expect(try await call("plugin:store|length", ["rid": rid], on: .android, router: r).0.get() == 1)
        let file = root + "/android/data/user/0/com.example.app/settings.json"
        #expect(!FileManager.default.fileExists(atPath: file), "autoSave: false writes nothing until save")
        #expect(try await call("plugin:store|save", ["rid": rid], on: .android, router: r).0.get() == .null)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "{\n  \"theme\": {\n    \"dark\": true\n  }\n}")
    }

    /// Eight threads load each of 60 paths at once: every load of a path answers the same rid
    /// (plugin-store's `build_inner` holds its stores' lock from the lookup to the insert), and
    /// the resource table holds one store a path. Building outside that lock gave two loads of
    /// one path two stores, the first one's rid left dangling.
    @Test("loads of one path at once get one store and one rid")
    func concurrentLoads() throws {
        let (r, _, _) = try storeRouter()
        let paths = (0..<60).map { "race-\($0).json" }
        let threads = 8
        let rids = Mutex<[String: Set<Int>]>([:])
        let started = DispatchGroup()
        for _ in 0..<threads {
            started.enter()
            Thread.detachNewThread {
                for path in paths {
                    // A load answers on the caller's thread (no wait): driven here, not awaited.
                    let driven = r.drive(method: "plugin:store|load", params: ["path": .string(path)], context: CallContext(platform: .android))
                    if case .done(_, .success(let output)) = driven, let n = output.result.numberValue?.intValue {
                        rids.withLock { $0[path, default: []].insert(n) }
                    }
                }
                started.leave()
            }
        }
        started.wait()
        let seen = rids.withLock { $0 }
        #expect(seen.count == paths.count)
        let doubled = seen.filter { $0.value.count != 1 }
        #expect(doubled.isEmpty, "paths loaded as two stores: \(doubled.keys.sorted())")
        #expect(Set(seen.values.compactMap(\.first)).count == paths.count, "one rid a path")
    }

    @Test("set always emits store://change; delete only when the key existed; clear once per key")
    func events() async throws {
        let (r, _, events) = try storeRouter()
        let rid = try await call("plugin:store|load", ["path": "s.json", "autoSave": false], router: r).0.get()
        _ = await call("plugin:store|set", ["rid": rid, "key": "a", "value": 1], router: r)
        _ = await call("plugin:store|set", ["rid": rid, "key": "a", "value": 1], router: r)
        #expect(try await call("plugin:store|delete", ["rid": rid, "key": "missing"], router: r).0.get() == false)
        _ = await call("plugin:store|set", ["rid": rid, "key": "b", "value": 2], router: r)
        _ = await call("plugin:store|clear", ["rid": rid], router: r)
        let seen = events.seen.withLock { $0 }
        #expect(seen.map(\.0) == Array(repeating: "store://change", count: 5))
        #expect(seen.map { $0.1["key"] } == ["a", "a", "b", "a", "b"])
        #expect(seen[0].1["resourceId"] == rid && seen[0].1["exists"] == true && seen[0].1["value"] == 1)
        #expect(seen[4].1["exists"] == false && seen[4].1["value"] == .null)
        #expect(seen[0].1["path"]?.stringValue?.hasSuffix("/Library/Application Support/com.example.app/s.json") == true)
    }

    @Test("two bridges saving one store never tear it: every load in between reads one writer's whole file")
    func concurrentSavesDoNotTear() async throws {
        let (a, root, _) = try storeRouter()
        var settings = OfficialSettings()
        settings.sandbox = SandboxHolder(root: root)
        let b = Router(registry: try CommandRegistry(plugins: OfficialPlugins.plugins(settings)))
        let ra = try await call("plugin:store|load", ["path": "s.json", "autoSave": false], router: a).0.get()
        let rb = try await call("plugin:store|load", ["path": "s.json", "autoSave": false], router: b).0.get()
        // One writer's file is much longer than the other's: a torn save leaves the long one's tail.
        _ = await call("plugin:store|set", ["rid": ra, "key": "long", "value": .string(String(repeating: "x", count: 20_000))], router: a)
        _ = await call("plugin:store|set", ["rid": rb, "key": "short", "value": 1], router: b)
        _ = await call("plugin:store|save", ["rid": ra], router: a)
        let found = FileManager.default.enumerator(atPath: root)?.allObjects.compactMap { $0 as? String }.first { $0.hasSuffix("/s.json") }
        let file = root + "/" + (try #require(found))
        await withTaskGroup(of: Void.self) { group in
            for (router, rid) in [(a, ra), (b, rb)] {
                group.addTask {
                    for _ in 0..<150 { _ = await call("plugin:store|save", ["rid": rid], router: router) }
                }
            }
            group.addTask {
                for _ in 0..<300 {
                    guard let data = FileManager.default.contents(atPath: file) else { continue }
                    let parsed = try? JSONParser.parse(Array(data), duplicateKeys: .keepLast)
                    #expect(parsed?["long"] != nil || parsed?["short"] == 1, "a load saw a torn file of \(data.count) bytes")
                }
            }
        }
        let entries = try FileManager.default.contentsOfDirectory(atPath: (file as NSString).deletingLastPathComponent)
        #expect(entries == ["s.json"], "no temporary file is left behind: \(entries)")
    }

    @Test("auto-save is a trailing debounce: the file appears after the delay, not at once")
    func autoSave() async throws {
        let (r, root, _) = try storeRouter()
        let rid = try await call("plugin:store|load", ["path": "auto.json", "autoSave": 300], on: .android, router: r).0.get()
        _ = await call("plugin:store|set", ["rid": rid, "key": "k", "value": "v"], on: .android, router: r)
        let file = root + "/android/data/user/0/com.example.app/auto.json"
        #expect(!FileManager.default.fileExists(atPath: file))
        for _ in 0..<100 where !FileManager.default.fileExists(atPath: file) { try await Task.sleep(for: .milliseconds(50)) }
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "{\n  \"k\": \"v\"\n}")
        let bad = await call("plugin:store|load", ["path": "x.json", "autoSave": -1], router: r).0
        #expect(bad.failure?.message == "invalid args `autoSave` for command `load`: data did not match any variant of untagged enum AutoSave")
    }

    @Test("a corrupt file loads as an empty store; reload says why; close saves what is pending and frees the rid")
    func corruptAndClose() async throws {
        let (r, root, _) = try storeRouter()
        let dir = root + "/android/data/user/0/com.example.app"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try "not json".write(toFile: dir + "/c.json", atomically: true, encoding: .utf8)
        let rid = try await call("plugin:store|load", ["path": "c.json", "autoSave": 60_000], on: .android, router: r).0.get()
        #expect(try await call("plugin:store|length", ["rid": rid], on: .android, router: r).0.get() == 0)
        #expect(await call("plugin:store|reload", ["rid": rid], on: .android, router: r).0.failure?.message.hasPrefix("Failed to deserialize store. ") == true)
        _ = await call("plugin:store|set", ["rid": rid, "key": "k", "value": 1], on: .android, router: r)
        #expect(try await call("plugin:resources|close", ["rid": rid], on: .android, router: r).0.get() == .null)
        #expect(try String(contentsOfFile: dir + "/c.json", encoding: .utf8) == "{\n  \"k\": 1\n}", "closing saves the pending auto-save")
        #expect(await call("plugin:store|length", ["rid": rid], on: .android, router: r).0.failure?.message == "The resource id \(rid) is invalid.")
        #expect(try await call("plugin:store|get_store", ["path": "c.json"], on: .android, router: r).0.get() == .null)
    }
}
