import BridgeJSON
import BridgeMatching
import FoundationEssentials
import Glibc
import BridgeSystem

/// Where capabilities come from: the built-in default, or `--capabilities FILE|DIR` with the
/// selection of a Tauri app's `tauri.conf.json`.
public enum CapabilitySource {
    /// The built-in capability: every hosted plugin's `default` set, for window `main`, local.
    /// Of the core permissions, it grants the hosted core plugins' sets (`core:event:default`,
    /// which a real app's `core:default` includes) rather than `core:default`, whose other
    /// members the bridge does not host.
    /// - Parameter windows: the window labels it is for (an `--app` project's windows) [main].
    public static func builtIn(plugins: [PluginManifest], windows: [String] = ["main"]) -> Capability {
        builtIn(plugins: plugins.filter { $0.defaultSet != nil }.map(\.plugin), windows: windows)
    }

    /// The built-in capability for the plugins named (those with a default set).
    static func builtIn(plugins: [String], windows: [String]) -> Capability {
        // A plugin name Tauri's identifiers refuse (`pong-`) gets no entry, as a capability could
        // not name it.
        let entries = plugins.filter { $0 != CorePermissions.setKey }.sorted().compactMap {
            Identifier.defaultSet(of: $0).map { Capability.Entry(identifier: $0, allow: nil, deny: nil) }
        }
        let labels = windows.compactMap { try? GlobPattern($0) }
        let named = windows == ["main"] ? "window main" : "windows " + windows.joined(separator: ", ")
        return Capability(identifier: "default", description: "The bridge's built-in capability: each hosted plugin's default permissions for \(named), local content.",
                          local: true, remote: [], windows: labels, webviews: [], permissions: entries, platforms: nil, file: "built-in")
    }

    /// Reads a capability file, or every `.json`/`.toml` file of a folder and its subfolders, as
    /// Tauri's build reads `./capabilities/**/*` (files in a subfolder named `schemas`, Tauri's
    /// generated schemas, are skipped), then keeps those a `tauri.conf.json` beside or above the
    /// folder selects.
    /// - Throws: `ACLError` naming the file for unreadable or malformed files, duplicate
    ///   identifiers, or a selection naming a capability no file defines.
    public static func load(_ path: String) throws(ACLError) -> [Capability] {
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ACLError("no such file or directory", file: path)
        }
        let files = isDirectory ? try capabilityFiles(in: path) : [path]
        var capabilities: [Capability] = []
        var seen: [String: String] = [:]
        var permissions = 0
        for file in files {
            let text = try read(file)
            for capability in try Capability.decodeFile(text, path: file) {
                capabilities.append(capability)
                permissions += capability.permissions.count
                try checkLimits(capabilities: capabilities.count, permissions: permissions, file: file)
                if let first = seen[capability.identifier] {
                    throw ACLError("capability identifier '\(capability.identifier)' is also defined in \(first)", file: file)
                        .located(in: text, at: capability.identifier)
                }
                seen[capability.identifier] = file
            }
        }
        let folder = isDirectory ? path : Paths.deletingLastComponent(path)
        return try select(capabilities, configuration: findConfiguration(above: folder))
    }

    /// The capability files under `root`, depth first, each folder's entries sorted by name.
    /// Folders are followed through links, as Tauri's glob does, but each real folder is read
    /// once (a link cycle ends there).
    public static func capabilityFiles(in root: String) throws(ACLError) -> [String] {
        var files: [String] = []
        var visited: Set<String> = []
        var pending = [(path: root, depth: 0)]
        while let (folder, depth) = pending.popLast() {
            guard visited.insert(Paths.resolvingSymlinks(folder)).inserted else { continue }
            guard depth <= maxFolderDepth else {
                throw ACLError("capability folders nest deeper than \(maxFolderDepth) levels", file: folder)
            }
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
            } catch {
                throw ACLError("cannot read the folder: \(describe(error))", file: folder)
            }
            var subfolders: [String] = []
            for name in names {
                let entry = Paths.appending(folder, name)
                var isDirectory = false
                if FileManager.default.fileExists(atPath: entry, isDirectory: &isDirectory), isDirectory {
                    subfolders.append(entry)
                } else if name.hasSuffix(".json") || name.hasSuffix(".toml"),
                          depth == 0 || Paths.lastComponent(folder) != "schemas" {
                    files.append(entry)
                }
            }
            // Popped last first: the first subfolder by name is read next.
            pending += subfolders.reversed().map { ($0, depth + 1) }
        }
        return files
    }

    /// The `.json5` files under a capabilities folder: a capability author's likely format
    /// (beside a `tauri.conf.json5`) that Tauri's build skips, as `load` does. Empty for a file.
    public static func unreadFiles(in path: String) -> [String] {
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory else { return [] }
        var out: [String] = []
        var pending = [path]
        var visited: Set<String> = []
        while let folder = pending.popLast(), out.count < 100 {
            guard visited.insert(Paths.resolvingSymlinks(folder)).inserted, visited.count <= 1000,
                  let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for name in names.sorted() {
                let entry = Paths.appending(folder, name)
                var sub = false
                if FileManager.default.fileExists(atPath: entry, isDirectory: &sub), sub {
                    if name != "schemas" { pending.append(entry) }
                } else if name.lowercased().hasSuffix(".json5") {
                    out.append(entry)
                }
            }
        }
        return out.sorted()
    }

    /// The deepest subfolder of a capabilities folder that is read.
    public static let maxFolderDepth = 32

    /// The largest capability file or `tauri.conf.json` read, in bytes (real ones are a few kB).
    public static let maxFileBytes = 4 << 20

    /// The most capabilities the bridge loads (a real app has a handful).
    public static let maxCapabilities = 10_000

    /// Fails past `maxCapabilities` capabilities or `Capability.maxPermissions` permissions in all.
    static func checkLimits(capabilities: Int, permissions: Int, file: String) throws(ACLError) {
        guard capabilities <= maxCapabilities else {
            throw ACLError("more than \(maxCapabilities) capabilities, the most the bridge loads", file: file)
        }
        guard permissions <= Capability.maxPermissions else {
            throw ACLError("the capabilities list \(permissions) permissions in all; the bridge loads at most \(Capability.maxPermissions)", file: file)
        }
    }

    /// A regular file's text, at most `maxFileBytes`.
    static func read(_ file: String) throws(ACLError) -> String {
        guard Disk.kind(file, followingLinks: false) == .file else {
            throw ACLError("cannot read the file: not a regular file", file: file)
        }
        let size = Disk.size(file) ?? 0
        guard size <= maxFileBytes else {
            throw ACLError("the file has \(size) bytes; the bridge reads capability files of at most \(maxFileBytes >> 20) MiB", file: file)
        }
        guard let bytes = Disk.read(file, upTo: maxFileBytes + 1) else {
            throw ACLError("cannot read the file", file: file)
        }
        guard bytes.count <= maxFileBytes else {
            throw ACLError("the file grew past \(maxFileBytes >> 20) MiB while being read", file: file)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw ACLError("the file is not UTF-8", file: file) }
        return text
    }

    /// The nearest `tauri.conf.json` in `folder` or an ancestor (a capabilities folder usually
    /// sits in `src-tauri/`, beside it).
    public static func findConfiguration(above folder: String) -> String? {
        var dir = URL(fileURLWithPath: folder).standardizedFileURL
        for _ in 0..<8 {
            let candidate = dir.appendingPathComponent("tauri.conf.json").path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            let parent = dir.deletingLastPathComponent()
            if parent.path == dir.path { break }
            dir = parent
        }
        return nil
    }

    /// Applies `app.security.capabilities`: identifiers select loaded capabilities, objects add
    /// inline ones; an absent or empty list keeps them all, as Tauri does.
    static func select(_ capabilities: [Capability], configuration: String?) throws(ACLError) -> [Capability] {
        guard let configuration else { return capabilities }
        let text = try read(configuration)
        let conf: JSON
        do {
            conf = try JSONParser.parse(text)
        } catch {
            throw ACLError("invalid JSON: \(error.sentence)", file: configuration, line: error.line, column: error.column)
        }
        guard let list = conf["app"]?["security"]?["capabilities"]?.arrayValue, !list.isEmpty else { return capabilities }
        var selected: [Capability] = []
        let byIdentifier = Dictionary(capabilities.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        for item in list {
            switch item {
            case .string(let id):
                guard let capability = byIdentifier[id] else {
                    throw ACLError("app.security.capabilities names '\(id)', which no capability file defines; known: \(capabilities.map(\.identifier).sorted().joined(separator: ", "))",
                                   file: configuration).located(in: text, at: id)
                }
                selected.append(capability)
            case .object:
                selected.append(try Capability.decode(item, file: configuration, text: text))
            default:
                throw ACLError("app.security.capabilities must hold identifiers or capability objects", file: configuration)
            }
        }
        try checkLimits(capabilities: selected.count, permissions: selected.reduce(0) { $0 + $1.permissions.count }, file: configuration)
        return selected
    }
}
