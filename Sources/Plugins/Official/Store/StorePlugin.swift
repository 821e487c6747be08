import BridgeACL
import BridgeApp
import BridgeBinding
import BridgeCall
import BridgeKit
import BridgeJSON
import BridgeProtocol
import BridgeSandbox
import Dispatch
import FoundationEssentials
import Glibc
import BridgeSystem

/// `plugin:store|…` (`@tauri-apps/plugin-store`) as plugins-workspace@77149dc4 `plugins/store`
/// (2.1.0) answers, its files in the sandbox: `load` resolves the path against `$APPDATA`
/// (`store.rs` `resolve_store_path`: `PathBuf::push`, nothing refused), one store and one
/// resource id per resolved path (a second `load` returns the first, its options ignored), the
/// file read leniently at load (a missing or corrupt file is an empty store) and written as
/// serde_json's pretty JSON; `set` always emits `store://change {path, resourceId, key, value,
/// exists}`, `delete` when the key existed, `clear` and `reset` once per key; auto-save is a
/// trailing debounce of 100 ms unless `autoSave` says otherwise (`false`: never, a number: that
/// many ms, `0`: at once), and what is pending is saved when the store is closed or the bridge exits.
///
/// Store 2.4.0 (`UpstreamChanges.storeDefaults`, plugins-workspace 5ac8fbb1 #2857): `load` takes
/// `defaults` (the store starts from them and the file's members go over them) and
/// `overrideDefaults` (a file that loads replaces them whole); `reset` goes back to the defaults;
/// `reload` takes `ignoreDefaults` (the file replaces the cache instead of going over it).
public enum StorePlugin {
    static let commands = ["load", "get_store", "set", "get", "has", "delete", "clear", "reset", "keys", "values", "entries", "length",
                           "reload", "save"]
    static let defaultDescription = """
        This permission set configures what kind of
        operations are available from the store plugin.

        #### Granted Permissions

        All operations are enabled by default.


        """

    public static func plugin(sandbox: SandboxHolder, app: AppInfo, resources: ResourceTable,
                              emit: (@Sendable (String, JSON) -> Void)?, versions: ModelledVersions = .newest) -> KitPlugin {
        let defaults = versions.has(UpstreamChanges.storeDefaults)
        let stores = Stores(holder: sandbox, app: app, resources: resources, emit: emit, defaults: defaults)
        let rid: (String, RustType) = ("rid", .integer("u32"))
        let key: (String, RustType) = ("key", .string)
        @Sendable func on(_ name: String, _ args: [(String, RustType)], _ run: @escaping @Sendable (Store, JSONObject) throws(ResponseError) -> JSON) -> KitCommand {
            KitCommand(name, [rid] + args) { (payload, _) throws(ResponseError) in
                try run(try stores.store(payload), payload)
            }
        }
        return KitPlugin(name: "store", origin: .pluginsWorkspace(pin: PluginsWorkspacePin.commit), commandNames: commands, defaultSet: (defaultDescription, commands.map { "allow-" + CommandPermissions.slug($0) }), commands: [
            KitCommand("load", [("path", .path)] + (defaults ? [("defaults", .option(.any("HashMap<String, JsonValue>")))] : [])
                                + [("auto_save", .option(.any("AutoSave"))), ("serialize_fn_name", .option(.string)),
                                   ("deserialize_fn_name", .option(.string)), ("create_new", .option(.bool))]
                                + (defaults ? [("override_defaults", .option(.bool))] : [])) { (payload, context) throws(ResponseError) in
                .number(JSONNumber(Int(try stores.load(payload, context))))
            },
            KitCommand("get_store", [("path", .path)]) { (payload, context) throws(ResponseError) in
                guard let rid = stores.loaded(payload["path"]?.stringValue ?? "", context) else { return .null }
                return .number(JSONNumber(Int(rid)))
            },
            on("set", [key, ("value", .any("JsonValue"))]) { (store, p) throws(ResponseError) in
                store.set(p["key"]?.stringValue ?? "", p["value"] ?? .null)
                return .null
            },
            on("get", [key]) { store, p in
                let value = store.cache.withLock { $0[p["key"]?.stringValue ?? ""] }
                return .array([value ?? .null, .bool(value != nil)])
            },
            on("has", [key]) { store, p in .bool(store.cache.withLock { $0[p["key"]?.stringValue ?? ""] } != nil) },
            on("delete", [key]) { store, p in .bool(store.delete(p["key"]?.stringValue ?? "")) },
            on("clear", []) { store, _ in
                store.clear()
                return .null
            },
            // No defaults can be given from JavaScript before 2.4.0: reset is clear.
            on("reset", []) { store, _ in
                store.reset()
                return .null
            },
            on("keys", []) { store, _ in .array(store.cache.withLock { $0.map { .string($0.key) } }) },
            on("values", []) { store, _ in .array(store.cache.withLock { $0.map(\.value) }) },
            on("entries", []) { store, _ in .array(store.cache.withLock { $0.map { .array([.string($0.key), $0.value]) } }) },
            on("length", []) { store, _ in .number(JSONNumber(store.cache.withLock { $0.count })) },
            on("reload", defaults ? [("ignore_defaults", .option(.bool))] : []) { (store, p) throws(ResponseError) in
                try store.reload(ignoringDefaults: defaults && p["ignoreDefaults"]?.boolValue == true)
                return .null
            },
            on("save", []) { (store, _) throws(ResponseError) in
                try store.save()
                return .null
            },
        ])
    }
}

/// The loaded stores, by resolved path.
final class Stores: Sendable {
    let holder: SandboxHolder
    let app: AppInfo
    let resources: ResourceTable
    let emit: (@Sendable (String, JSON) -> Void)?
    /// Whether `load` reads `defaults` and `overrideDefaults` (store ≥ 2.4.0).
    let takesDefaults: Bool
    let byPath = SharedLock<[String: (rid: UInt32, store: Store)]>([:])

    init(holder: SandboxHolder, app: AppInfo, resources: ResourceTable, emit: (@Sendable (String, JSON) -> Void)?, defaults: Bool) {
        self.holder = holder
        self.app = app
        self.resources = resources
        self.emit = emit
        self.takesDefaults = defaults
        Stores.registerExitSave(self)
    }

    /// `resolve_store_path`: `$APPDATA` pushed with the path; `..` resolved as the device would.
    func resolve(_ path: String, _ context: CallContext) throws(ResponseError) -> (display: String, location: Sandbox.Path) {
        let paths = PlatformPaths(platform: context.platform, app: app)
        guard let base = paths.resolve(.appData) else { throw .native("unknown path", layer: "store") }
        let joined = paths.syntax.push(base, path)
        return (joined, paths.sandboxPath(joined))
    }

    func loaded(_ path: String, _ context: CallContext) -> UInt32? {
        guard let resolved = try? resolve(path, context) else { return nil }
        return byPath.withLock { $0[resolved.location.components.joined(separator: "/") + "@" + context.platform.rawValue]?.rid }
    }

    func load(_ p: JSONObject, _ context: CallContext) throws(ResponseError) -> UInt32 {
        let resolved = try resolve(p["path"]?.stringValue ?? "", context)
        let mapKey = resolved.location.components.joined(separator: "/") + "@" + context.platform.rawValue
        // `autoSave`: a number of ms, or a bool (`true`: the default 100 ms).
        var delay: Int? = 100
        switch p["autoSave"] {
        case nil, .null?, .bool(true)?: break
        case .bool(false)?: delay = nil
        case .number(let n)? where n.intValue.map { $0 >= 0 } == true: delay = n.intValue
        case let other?:
            throw .invalidParams("invalid args `autoSave` for command `load`: data did not match any variant of untagged enum AutoSave",
                                 details: ["command": "plugin:store|load", "field": "autoSave", "given": other])
        }
        for name in ["serializeFnName", "deserializeFnName"] {
            if let fn = p[name]?.stringValue {
                throw .native("\(name.hasPrefix("serialize") ? "Serialize" : "Deserialize") Function \"\(fn)\" not found", layer: "store",
                              reason: "the app registers its functions in Rust (Builder::register_serialize_fn); the bridge has none")
            }
        }
        let createNew = p["createNew"]?.boolValue ?? false
        var defaults: JSONObject?
        if takesDefaults, let given = p["defaults"], given != .null {
            guard case .object(let members) = given else {
                throw .invalidParams("invalid args `defaults` for command `load`: invalid type: \(ArgumentBinder.describe(given)), expected a map",
                                     details: ["command": "plugin:store|load", "field": "defaults", "given": given])
            }
            defaults = members
        }
        let sandbox = try holder.sandbox(installed: PlatformPaths(platform: context.platform, app: app))
        let overrideDefaults = takesDefaults && p["overrideDefaults"]?.boolValue == true
        // `StoreBuilder::build_inner` (plugins-workspace `plugins/store/src/store.rs`) holds the
        // stores' lock from the lookup to the insert ("so a path is never loaded twice"): two
        // loads of one path at once get one store and one rid. (Lock order: the stores, then the
        // resource table; closing a store takes them the other way round only one at a time.)
        return try byPath.withLock { map throws(ResponseError) -> UInt32 in
            if createNew, let old = map.removeValue(forKey: mapKey) {
                resources.take(old.rid)
            } else if let existing = map[mapKey] {
                return existing.rid
            }
            let store = Store(path: resolved.display, location: resolved.location, sandbox: sandbox, delay: delay, emit: emit, stores: self,
                              key: mapKey, defaults: defaults)
            // `build_inner`: the cache starts from the defaults, then the file loads over them, or
            // (overrideDefaults) in their place; a missing or unreadable file leaves the defaults.
            if !createNew { try? store.read(replacing: overrideDefaults) }
            let rid = try resources.add(store)
            store.rid.withLock { $0 = rid }
            map[mapKey] = (rid, store)
            return rid
        }
    }

    func store(_ p: JSONObject) throws(ResponseError) -> Store {
        try resources.get(UInt32(p["rid"]?.numberValue?.intValue ?? 0), as: Store.self)
    }

    func forget(_ key: String) { _ = byPath.withLock { $0.removeValue(forKey: key) } }

    // MARK: Exit

    /// `RunEvent::Exit`: every store saved. The stores of the process, for the exit hook.
    private static let live = SharedLock<[Stores]>([])
    private static let hooked = SharedLock(false)

    private static func registerExitSave(_ stores: Stores) {
        live.withLock { $0.append(stores) }
        let first = hooked.withLock { was -> Bool in
            defer { was = true }
            return !was
        }
        if first { atexit { Stores.saveAll() } }
    }

    static func saveAll() {
        for stores in live.withLock({ $0 }) {
            for entry in stores.byPath.withLock({ Array($0.values) }) { try? entry.store.save() }
        }
    }
}

/// One store: its cache, its file, its pending auto-save.
final class Store: ClosableResource, @unchecked Sendable {
    let path: String
    let location: Sandbox.Path
    let sandbox: Sandbox
    let delay: Int?
    let emit: (@Sendable (String, JSON) -> Void)?
    weak var stores: Stores?
    let key: String
    /// The defaults `load` was given (store ≥ 2.4.0), what `reset` goes back to.
    let defaults: JSONObject?
    let cache: SharedLock<JSONObject>
    let rid = SharedLock<UInt32>(0)
    /// Bumped by each change; a debounced save runs only if none came after it.
    private let generation = SharedLock(0)
    private let pending = SharedLock(false)

    init(path: String, location: Sandbox.Path, sandbox: Sandbox, delay: Int?, emit: (@Sendable (String, JSON) -> Void)?, stores: Stores, key: String,
         defaults: JSONObject? = nil) {
        self.defaults = defaults
        self.cache = SharedLock(defaults ?? JSONObject())
        self.path = path
        self.location = location
        self.sandbox = sandbox
        self.delay = delay
        self.emit = emit
        self.stores = stores
        self.key = key
    }

    func changed(_ key: String, _ value: JSON?) {
        let rid = self.rid.withLock { $0 }
        emit?("store://change", .object(["path": .string(path), "resourceId": .number(JSONNumber(Int(rid))), "key": .string(key),
                                         "value": value ?? .null, "exists": .bool(value != nil)]))
    }

    func set(_ key: String, _ value: JSON) {
        cache.withLock { $0[key] = value }
        changed(key, value)
        autoSave()
    }

    func delete(_ key: String) -> Bool {
        let existed = cache.withLock { c -> Bool in
            guard c[key] != nil else { return false }
            c[key] = nil
            return true
        }
        if existed {
            changed(key, nil)
            autoSave()
        }
        return existed
    }

    func clear() {
        let keys = cache.withLock { c -> [String] in
            let keys = c.map(\.key)
            c = JSONObject()
            return keys
        }
        for key in keys { changed(key, nil) }
        autoSave()
    }

    /// `reset`: back to the defaults, each key that changed told; without defaults, `clear`.
    func reset() {
        guard let defaults else { return clear() }
        let changes = cache.withLock { c -> [(String, JSON?)] in
            var changes: [(String, JSON?)] = c.compactMap { defaults[$0.key] == nil ? ($0.key, nil) : nil }
            for member in defaults where c[member.key] != member.value { changes.append((member.key, member.value)) }
            c = defaults
            return changes
        }
        for (key, value) in changes { changed(key, value) }
        autoSave()
    }

    /// `trigger_auto_save`: nothing when disabled, at once for 0, else after the delay unless
    /// another change comes first.
    private func autoSave() {
        guard let delay else { return }
        if delay == 0 {
            try? save()
            return
        }
        let mine = generation.withLock { g -> Int in
            g += 1
            return g
        }
        pending.withLock { $0 = true }
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(delay)) { [weak self] in
            guard let self, self.generation.withLock({ $0 }) == mine else { return }
            try? self.save()
        }
    }

    /// `load()`: the file's members over the cache (`extend`); `replacing`, in its place.
    func read(replacing: Bool = false) throws(ResponseError) {
        let bytes: [UInt8]
        do {
            bytes = try sandbox.read(location)
        } catch {
            throw .native(error.display(platform: location.platform), layer: "store")
        }
        let parsed: JSON
        do {
            parsed = try JSONParser.parse(bytes, duplicateKeys: .keepLast)
        } catch {
            throw .native("Failed to deserialize store. \(error)", layer: "store")
        }
        guard case .object(let members) = parsed else {
            throw .native("Failed to deserialize store. invalid type: \(parsed.typeName), expected a map at line 1 column 1", layer: "store")
        }
        cache.withLock { c in
            if replacing { c = members } else { for member in members { c[member.key] = member.value } }
        }
    }

    func reload(ignoringDefaults: Bool = false) throws(ResponseError) { try read(replacing: ignoringDefaults) }

    /// `save()`: the parent folders made, the pretty JSON written (no trailing newline), whole:
    /// a temporary file renamed over the store under a lock.
    func save() throws(ResponseError) {
        pending.withLock { $0 = false }
        generation.withLock { $0 += 1 }
        let bytes = JSON.object(cache.withLock { $0 }).serializedBytes(JSONFormat(pretty: true))
        do {
            try sandbox.makeFolder(location.folder, recursive: true, mode: 0o777)
            // Upstream truncates and writes in place (`std::fs::write`); two writers then tear the
            // file and the next load is silently empty, so the bridge saves whole (issue #39).
            try sandbox.replace(location, with: bytes)
        } catch {
            throw .native(error.display(platform: location.platform), layer: "store")
        }
    }

    /// `Store::close` and the last handle's drop: forgotten, and a pending auto-save saved.
    func close() {
        stores?.forget(key)
        if pending.withLock({ $0 }) { try? save() }
    }
}

extension StorePlugin: CatalogPlugin {
    public typealias Settings = OfficialSettings

    public static func plugin(_ s: OfficialSettings) -> KitPlugin {
        plugin(sandbox: s.sandbox, app: s.app, resources: s.resources, emit: s.emit, versions: s.versions)
    }
}
