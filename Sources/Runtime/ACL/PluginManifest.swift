import BridgeCall
import BridgeJSON

/// Everything a plugin's `permissions/` folder declares.
public struct PluginManifest: Sendable, Equatable {
    public let plugin: String
    public let defaultSet: PermissionSet?
    /// By identifier, in file order.
    public let sets: [PermissionSet]
    public let permissions: [Permission]

    /// The key of the app's own manifest (tauri-utils `acl::APP_ACL_KEY`): its permissions are
    /// granted without a prefix (`allow-greet`) and allow app commands (`greet`).
    public static let appKey = "__app-acl__"

    /// Whether this is the app's own manifest.
    public var isApp: Bool { plugin == PluginManifest.appKey }

    /// A permission or set of this manifest as a capability names it: `frak-share:default`, or
    /// `allow-greet` for the app's.
    public func qualified(_ id: String) -> String { isApp ? id : "\(plugin):\(id)" }

    public func set(_ id: String) -> PermissionSet? { sets.first { $0.identifier == id } }
    public func permission(_ id: String) -> Permission? { permissions.first { $0.identifier == id } }

    /// Every identifier a capability may grant from this plugin, sorted: `default`, the sets and
    /// the permissions.
    public var identifiers: [String] {
        ((defaultSet == nil ? [] : ["default"]) + sets.map(\.identifier) + permissions.map(\.identifier)).sorted()
    }

    static let targets = ["linux", "macOS", "windows", "android", "iOS"]

    /// The manifest of the files Tauri's build generates for `commands` (an `allow-` and a
    /// `deny-` permission each, `CommandPermissions`) and a `default` set, built as values: what
    /// loading those files gives, without parsing them at every start (a test checks they agree).
    public static func generated(plugin: String, commands: [String], defaultSet: PermissionSet?) -> PluginManifest {
        var permissions: [Permission] = []
        permissions.reserveCapacity(commands.count * 2)
        for command in commands {
            let slug = CommandPermissions.slug(command)
            permissions.append(Permission(generatedFor: command, slug: slug, allows: true))
            permissions.append(Permission(generatedFor: command, slug: slug, allows: false))
        }
        return PluginManifest(plugin: plugin, defaultSet: defaultSet, sets: [], permissions: permissions)
    }

    /// The manifest of `generated`: the command permissions and default set, then the declared
    /// permissions and sets (in their files' order).
    public static func generated(plugin: String, _ generated: GeneratedPermissions) -> PluginManifest {
        let base = PluginManifest.generated(plugin: plugin, commands: generated.commands, defaultSet: generated.defaultSet.map {
            PermissionSet(identifier: "default", description: $0.description, permissions: $0.permissions)
        })
        if generated.permissions.isEmpty && generated.sets.isEmpty { return base }
        return PluginManifest(plugin: plugin, defaultSet: base.defaultSet, sets: generated.sets, permissions: base.permissions + generated.permissions)
    }

    /// A permission file (TOML or JSON, by `path`) as the compact JSON that `load` reads in its
    /// place: what `bridge-generate` compiles in beside the text.
    public static func compiledForm(path: String, text: String) throws(ACLError) -> String {
        try StructuredFile.parse(text, path: path).serialized()
    }

    /// Reads a plugin's permission files (TOML or JSON) and checks them as a whole: identifiers
    /// valid and unique, set members that exist, no set cycles.
    /// - Parameters:
    ///   - files: `(path, text)` pairs; paths appear in messages.
    ///   - compiled: by path, a file's `compiledForm`, read instead of parsing its text (the
    ///     same checks run on it; the text still places messages).
    public static func load(plugin: String, files: [(path: String, text: String)],
                            compiled: [String: String] = [:]) throws(ACLError) -> PluginManifest {
        var defaultSet: PermissionSet? = nil
        var sets: [PermissionSet] = []
        var permissions: [Permission] = []
        var origin: [String: String] = [:]
        var texts: [String: String] = [:]
        for (path, text) in files {
            texts[path] = text
            let json: JSON
            if let form = compiled[path], let read = try? JSONParser.parse(form) {
                json = read
            } else {
                json = try StructuredFile.parse(text, path: path)
            }
            let file = try ObjectReader(json, what: "a permission file", file: path, text: text)
            try file.onlyKeys(["$schema", "default", "set", "permission"])
            if let value = try file.object("default") {
                let d = try ObjectReader(value, what: "[default]", file: path, text: text)
                try d.onlyKeys(["description", "permissions"])
                guard defaultSet == nil else { throw ACLError("a second [default] set; the first is in \(origin["default"] ?? "?")", file: path) }
                let description = try d.string("description") ?? ""
                defaultSet = PermissionSet(identifier: "default", description: description, permissions: try d.strings("permissions") ?? [])
                origin["default"] = path
            }
            for value in try file.array("set") ?? [] {
                let s = try ObjectReader(value, what: "a [[set]]", file: path, text: text)
                try s.onlyKeys(["identifier", "description", "permissions"])
                let id = try validBase(try s.string("identifier", required: true) ?? "", reader: s)
                if let first = origin[id] { throw s.fail("identifier '\(id)' is declared twice (first in \(first))", near: id) }
                origin[id] = path
                let description = try s.string("description", required: true) ?? ""
                sets.append(PermissionSet(identifier: id, description: description, permissions: try s.strings("permissions") ?? []))
            }
            for value in try file.array("permission") ?? [] {
                let p = try ObjectReader(value, what: "a [[permission]]", file: path, text: text)
                try p.onlyKeys(["identifier", "description", "commands", "scope", "platforms", "version"])
                let id = try validBase(try p.string("identifier", required: true) ?? "", reader: p)
                if let first = origin[id] { throw p.fail("identifier '\(id)' is declared twice (first in \(first))", near: id) }
                origin[id] = path
                var allow: [String] = [], deny: [String] = []
                if let commands = try p.object("commands") {
                    let c = try ObjectReader(commands, what: "commands of '\(id)'", file: path, text: text)
                    try c.onlyKeys(["allow", "deny"])
                    allow = try c.strings("allow") ?? []
                    deny = try c.strings("deny") ?? []
                }
                var scopeAllow: [JSON]? = nil, scopeDeny: [JSON]? = nil
                if let scope = try p.object("scope") {
                    let s = try ObjectReader(scope, what: "scope of '\(id)'", file: path, text: text)
                    try s.onlyKeys(["allow", "deny"])
                    scopeAllow = try s.array("allow")
                    scopeDeny = try s.array("deny")
                }
                let platforms = try p.strings("platforms")
                for target in platforms ?? [] where !targets.contains(target) {
                    throw p.fail("unknown platform '\(target)' in '\(id)'; expected one of \(targets.joined(separator: ", "))", near: target)
                }
                permissions.append(Permission(identifier: id, description: try p.string("description"), allow: allow, deny: deny,
                                              scopeAllow: scopeAllow, scopeDeny: scopeDeny, platforms: platforms))
            }
        }
        let manifest = PluginManifest(plugin: plugin, defaultSet: defaultSet, sets: sets, permissions: permissions)
        try manifest.checkSets(origin: origin, texts: texts)
        return manifest
    }

    private static func validBase(_ id: String, reader: ObjectReader) throws(ACLError) -> String {
        let identifier: Identifier
        do {
            identifier = try Identifier(id)
        } catch {
            throw reader.fail("invalid identifier '\(id)': \(error)", near: id)
        }
        guard identifier.prefix == nil else { throw reader.fail("identifier '\(id)' must not carry a plugin prefix here", near: id) }
        return id
    }

    /// Set members must exist (in this plugin, or as `other:permission`), and sets must not
    /// include themselves through any chain.
    private func checkSets(origin: [String: String], texts: [String: String]) throws(ACLError) {
        let all = (defaultSet.map { [$0] } ?? []) + sets
        for set in all {
            for member in set.permissions {
                let file = origin[set.identifier]
                if member.utf8.contains(UInt8(ascii: ":")) {
                    do { _ = try Identifier(member) } catch {
                        throw ACLError("invalid identifier '\(member)' in set '\(set.identifier)': \(error)", file: file)
                            .located(in: file.flatMap { texts[$0] }, at: member)
                    }
                    continue
                }
                guard member == "default" ? defaultSet != nil : (self.set(member) != nil || permission(member) != nil) else {
                    throw ACLError("set '\(set.identifier)' includes '\(member)', which \(isApp ? "the app manifest" : plugin) does not declare; expected one of \(identifiers.joined(separator: ", "))",
                                   file: file).located(in: file.flatMap { texts[$0] }, at: member)
                }
            }
        }
        // Depth-first search for a cycle among this plugin's sets.
        var state: [String: Int] = [:]  // 1 visiting, 2 done
        func visit(_ id: String, _ path: [String]) throws(ACLError) {
            if state[id] == 2 { return }
            if state[id] == 1 {
                let cycle = (path.drop { $0 != id } + [id]).joined(separator: " → ")
                throw ACLError("permission sets of \(plugin) form a cycle: \(cycle)", file: origin[id])
            }
            state[id] = 1
            let members = id == "default" ? defaultSet?.permissions ?? [] : set(id)?.permissions ?? []
            for member in members where !member.utf8.contains(UInt8(ascii: ":")) && (member == "default" || set(member) != nil) {
                try visit(member, path + [id])
            }
            state[id] = 2
        }
        for set in all { try visit(set.identifier, []) }
    }
}
