import BridgeJSON
import BridgeMatching

/// One capability: which permissions it grants, to which windows and webviews, from which
/// origins, on which platforms.
public struct Capability: Sendable, Equatable {
    /// A permission a capability grants, with inline scope entries merged into that permission's.
    public struct Entry: Sendable, Equatable {
        public let identifier: Identifier
        public let allow: [JSON]?
        public let deny: [JSON]?
    }

    public let identifier: String
    public let description: String
    /// Whether local (bundled) content may use it.
    public let local: Bool
    public let remote: [URLPattern]
    /// Sorted, as Tauri sorts them.
    public let windows: [GlobPattern]
    public let webviews: [GlobPattern]
    public let permissions: [Entry]
    /// Tauri target names; `nil` = all.
    public let platforms: [String]?
    /// The file it came from (`built-in` for the default capability).
    public let file: String

    /// The same capability granting `permissions` only.
    func with(permissions: [Entry]) -> Capability {
        Capability(identifier: identifier, description: description, local: local, remote: remote, windows: windows, webviews: webviews,
                   permissions: permissions, platforms: platforms, file: file)
    }

    /// Whether it applies on `target` (a Tauri target name).
    public func isActive(on target: String) -> Bool { platforms.map { $0.contains(target) } ?? true }

    /// The most permission entries one capability may list, and all capabilities in force
    /// together: real apps list tens, and a hostile file of millions must not cost seconds and
    /// gigabytes at start-up.
    public static let maxPermissions = 10_000

    /// The capability as a capability file writes it (`Schemas/acl/capability-file.schema.json`).
    public var json: JSON {
        var o: JSONObject = ["identifier": .string(identifier), "local": .bool(local)]
        if !description.isEmpty { o["description"] = .string(description) }
        if !remote.isEmpty { o["remote"] = ["urls": .array(remote.map { .string($0.text) })] }
        if !windows.isEmpty { o["windows"] = .array(windows.map { .string($0.text) }) }
        if !webviews.isEmpty { o["webviews"] = .array(webviews.map { .string($0.text) }) }
        o["permissions"] = .array(permissions.map { entry in
            guard entry.allow != nil || entry.deny != nil else { return .string(entry.identifier.text) }
            var e: JSONObject = ["identifier": .string(entry.identifier.text)]
            if let allow = entry.allow { e["allow"] = .array(allow) }
            if let deny = entry.deny { e["deny"] = .array(deny) }
            return .object(e)
        })
        if let platforms { o["platforms"] = .array(platforms.map(JSON.string)) }
        return .object(o)
    }

    /// Reads one capability object.
    static func decode(_ value: JSON, file: String, text: String?) throws(ACLError) -> Capability {
        let r = try ObjectReader(value, what: "a capability", file: file, text: text)
        try r.onlyKeys(["$schema", "identifier", "description", "local", "remote", "windows", "webviews", "permissions", "platforms"])
        guard let identifier = try r.string("identifier", required: true), !identifier.isEmpty else {
            throw ACLError("a capability needs a non-empty 'identifier'", file: file)
        }
        var remote: [URLPattern] = []
        if let value = try r.object("remote") {
            let rr = try ObjectReader(value, what: "remote of '\(identifier)'", file: file, text: text)
            try rr.onlyKeys(["urls"])
            for url in try rr.strings("urls") ?? [] {
                do { remote.append(try URLPattern(url)) } catch { throw rr.fail(error.message, near: url) }
            }
        }
        func globs(_ key: String) throws(ACLError) -> [GlobPattern] {
            var out: [GlobPattern] = []
            for label in (try r.strings(key) ?? []).sorted() {
                do { out.append(try GlobPattern(label)) } catch { throw r.fail(error.message, near: label) }
            }
            return out
        }
        var entries: [Entry] = []
        let items = try r.array("permissions") ?? []
        guard items.count <= Capability.maxPermissions else {
            throw r.fail("capability '\(identifier)' lists \(items.count) permissions; a capability may list at most \(Capability.maxPermissions)", near: "permissions")
        }
        for item in items {
            let raw: String
            var allow: [JSON]? = nil, deny: [JSON]? = nil
            switch item {
            case .string(let s):
                raw = s
            case .object:
                let e = try ObjectReader(item, what: "a permission entry of '\(identifier)'", file: file, text: text)
                try e.onlyKeys(["identifier", "allow", "deny"])
                raw = try e.string("identifier", required: true) ?? ""
                allow = try e.array("allow")
                deny = try e.array("deny")
            default:
                throw r.fail("permissions of '\(identifier)' must be identifiers or {\"identifier\", \"allow\", \"deny\"} objects, found \(item.typeName)", near: "permissions")
            }
            do {
                entries.append(Entry(identifier: try Identifier(raw), allow: allow, deny: deny))
            } catch {
                throw r.fail("invalid permission identifier '\(raw)' in capability '\(identifier)': \(error)", near: raw)
            }
        }
        let platforms = try r.strings("platforms")
        for target in platforms ?? [] where !PluginManifest.targets.contains(target) {
            throw r.fail("unknown platform '\(target)' in capability '\(identifier)'; expected one of \(PluginManifest.targets.joined(separator: ", "))", near: target)
        }
        let windows = try globs("windows"), webviews = try globs("webviews")
        return Capability(identifier: identifier, description: try r.string("description") ?? "", local: try r.bool("local") ?? true,
                          remote: remote, windows: windows, webviews: webviews, permissions: entries, platforms: platforms, file: file)
    }

    /// Reads a capability file: one capability, an array of them, or `{"capabilities": [...]}`.
    public static func decodeFile(_ text: String, path: String) throws(ACLError) -> [Capability] {
        let value = try StructuredFile.parse(text, path: path)
        switch value {
        case .array(let items):
            var out: [Capability] = []
            for item in items { out.append(try decode(item, file: path, text: text)) }
            return out
        case .object(let o) where o["capabilities"] != nil && o["identifier"] == nil:
            let r = try ObjectReader(value, what: "a capability file", file: path, text: text)
            try r.onlyKeys(["$schema", "capabilities"])
            var out: [Capability] = []
            for item in try r.array("capabilities") ?? [] { out.append(try decode(item, file: path, text: text)) }
            return out
        default:
            return [try decode(value, file: path, text: text)]
        }
    }
}
