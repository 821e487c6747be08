import BridgeCall
import BridgeJSON
import BridgeTOML
import FoundationEssentials
import Glibc
import BridgeSystem

/// What an app pins, read from its files: the `tauri` crate and each `tauri-plugin-*` from
/// `Cargo.lock` (else the requirements of `Cargo.toml`), `@tauri-apps/api` and each
/// `@tauri-apps/plugin-*` from the front end's lockfile (`package-lock.json`, `pnpm-lock.yaml`,
/// `yarn.lock`, `bun.lock`, else `package.json`'s ranges). Each pin says which file it came from.
public enum AppVersions {
    /// The versions the app at `root` (its `src-tauri`) pins, over `base` (what is not pinned
    /// keeps `base`'s value). Looks for `Cargo.lock` in `root` and up to three folders above it
    /// (a Cargo workspace keeps one at its top), and for the front end's files in the project's
    /// folder (`root`'s parent) and `root`.
    public static func read(root: String, over base: ModelledVersions = .newest) -> ModelledVersions {
        var versions = base
        var crates: [(String, ReleaseVersion, String)] = []
        if let (file, found) = cargoLock(near: root) {
            crates = found.map { ($0.0, $0.1, file) }
        } else if let (file, found) = cargoToml(root) {
            crates = found.map { ($0.0, $0.1, file) }
        }
        for (name, version, file) in crates {
            if name == "tauri" {
                versions.tauri = version
                versions.sources["tauri"] = file
            } else if name.hasPrefix("tauri-plugin-") {
                let plugin = String(name.dropFirst("tauri-plugin-".count))
                versions.plugins[plugin] = version
                versions.sources[plugin] = file
            }
        }
        let project = Paths.deletingLastComponent(root)
        for folder in [project, root] {
            guard let (file, packages) = frontEnd(folder) else { continue }
            for (name, version) in packages {
                if name == "@tauri-apps/api" {
                    versions.api = version
                    versions.sources["@tauri-apps/api"] = file
                } else if name.hasPrefix("@tauri-apps/plugin-") {
                    // A plugin's Rust and JS versions match since plugins-workspace #2173; the
                    // crate's pin wins where both are read.
                    let plugin = String(name.dropFirst("@tauri-apps/plugin-".count))
                    if versions.sources[plugin] == nil || versions.sources[plugin] == file {
                        versions.plugins[plugin] = version
                        versions.sources[plugin] = file
                    }
                }
            }
            break
        }
        return versions
    }

    // MARK: Cargo

    /// `[[package]]`s named `tauri` or `tauri-plugin-*` of the nearest `Cargo.lock`.
    static func cargoLock(near root: String) -> (String, [(String, ReleaseVersion)])? {
        var folder = root
        for _ in 0..<4 {
            let file = Paths.appending(folder, "Cargo.lock")
            if let text = small(file), let table = try? TOMLParser.parse(text) {
                var found: [(String, ReleaseVersion)] = []
                if case .array(let packages)? = table["package"] {
                    for case .table(let package) in packages {
                        guard case .string(let name)? = package["name"], relevant(crate: name),
                              case .string(let v)? = package["version"], let version = ReleaseVersion(v) else { continue }
                        // Two versions of one crate (a plugin depending on an older tauri): the newest.
                        if let at = found.firstIndex(where: { $0.0 == name }) {
                            if found[at].1 < version { found[at].1 = version }
                        } else {
                            found.append((name, version))
                        }
                    }
                }
                return (file, found)
            }
            let parent = Paths.deletingLastComponent(folder)
            if parent == folder { break }
            folder = parent
        }
        return nil
    }

    /// The requirements of `[dependencies]` in `root/Cargo.toml` (`tauri = "2.8"`,
    /// `tauri = { version = "2" }`), read as their lowest version.
    static func cargoToml(_ root: String) -> (String, [(String, ReleaseVersion)])? {
        let file = Paths.appending(root, "Cargo.toml")
        guard let text = small(file), let table = try? TOMLParser.parse(text) else { return nil }
        var found: [(String, ReleaseVersion)] = []
        var sections: [TOMLTable] = []
        if case .table(let d)? = table["dependencies"] { sections.append(d) }
        // Mobile-only and desktop-only plugins: [target.'cfg(…)'.dependencies].
        if case .table(let targets)? = table["target"] {
            for entry in targets.entries { if case .table(let t) = entry.value, case .table(let d)? = t["dependencies"] { sections.append(d) } }
        }
        for section in sections {
            for entry in section.entries where relevant(crate: entry.key) {
                var requirement: String?
                switch entry.value {
                case .string(let s): requirement = s
                case .table(let t): if case .string(let s)? = t["version"] { requirement = s }
                default: break
                }
                if let requirement, let version = ReleaseVersion(requirement) { found.append((entry.key, version)) }
            }
        }
        return (file, found)
    }

    static func relevant(crate name: String) -> Bool { name == "tauri" || name.hasPrefix("tauri-plugin-") }

    static func relevant(package name: String) -> Bool { name == "@tauri-apps/api" || name.hasPrefix("@tauri-apps/plugin-") }

    // MARK: The front end

    /// The `@tauri-apps/*` versions of the front end in `folder`: its lockfile's resolved
    /// versions, else `package.json`'s ranges (their lowest version).
    static func frontEnd(_ folder: String) -> (String, [(String, ReleaseVersion)])? {
        func at(_ name: String) -> String { Paths.appending(folder, name) }
        if let text = small(at("package-lock.json")), let json = try? JSONParser.parse(Array(text.utf8), duplicateKeys: .keepLast) {
            var found: [(String, ReleaseVersion)] = []
            for member in json["packages"]?.objectValue ?? JSONObject() {
                let name = member.key.hasPrefix("node_modules/") ? String(member.key.dropFirst("node_modules/".count)) : member.key
                guard relevant(package: name), let v = member.value["version"]?.stringValue, let version = ReleaseVersion(v) else { continue }
                found.append((name, version))
            }
            if !found.isEmpty { return (at("package-lock.json"), found) }
        }
        if let text = small(at("pnpm-lock.yaml")) { return (at("pnpm-lock.yaml"), pnpm(text)) }
        if let text = small(at("yarn.lock")) { return (at("yarn.lock"), yarn(text, ranges: ranges(at("package.json")))) }
        if let text = small(at("bun.lock")) { return (at("bun.lock"), bun(text)) }
        let asked = ranges(at("package.json"))
        let found = asked.sorted { $0.key < $1.key }.compactMap { entry in ReleaseVersion(entry.value).map { (entry.key, $0) } }
        if !found.isEmpty { return (at("package.json"), found) }
        return nil
    }

    /// pnpm's `importers` entries: `'@tauri-apps/api':` then `specifier:` and `version: 2.8.0`
    /// (lockfile v6–v9; a version may carry `(peer@…)` suffixes).
    static func pnpm(_ text: String) -> [(String, ReleaseVersion)] {
        var found: [(String, ReleaseVersion)] = []
        var current: String?
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingWhitespace()
            if line.hasSuffix(":"), !line.hasPrefix("version") {
                let key = String(line.dropLast()).trimming("'\"")
                current = relevant(package: key) ? key : nil
            } else if let name = current, line.hasPrefix("version:") {
                let value = line.dropFirst("version:".count).trimmingWhitespace()
                let plain = value.split(separator: "(").first.map(String.init) ?? value
                if let version = ReleaseVersion(plain), !found.contains(where: { $0.0 == name }) { found.append((name, version)) }
                current = nil
            }
        }
        return found
    }

    /// The ranges `package.json` in the same folder asks for, by package (`~2.10`).
    static func ranges(_ packageJSON: String) -> [String: String] {
        guard let text = small(packageJSON), let json = try? JSONParser.parse(Array(text.utf8), duplicateKeys: .keepLast) else { return [:] }
        var out: [String: String] = [:]
        for section in ["dependencies", "devDependencies"] {
            for member in json[section]?.objectValue ?? JSONObject() where relevant(package: member.key) {
                if let range = member.value.stringValue { out[member.key] = range }
            }
        }
        return out
    }

    /// yarn's entries: `"@tauri-apps/api@^2.8.0", "@tauri-apps/api@~2.10":` then
    /// `  version "2.8.0"` (v1) or `  version: 2.8.0` (berry). A package resolved more than once
    /// (the app's own range and its plugins' ranges) is the entry whose specifiers hold the range
    /// `package.json` asks for; without one, the first.
    static func yarn(_ text: String, ranges: [String: String] = [:]) -> [(String, ReleaseVersion)] {
        var found: [(String, ReleaseVersion)] = []
        var chosen: Set<String> = []
        var current: (name: String, ranges: [String])?
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if !raw.hasPrefix(" "), raw.hasSuffix(":") {
                current = nil
                for spec in raw.dropLast().split(separator: ",") {
                    let entry = spec.trimming(" \"")
                    // `@scope/name@range` (berry: `@scope/name@npm:range`).
                    guard let at = entry.dropFirst().firstIndex(of: "@") else { continue }
                    let name = String(entry[..<at])
                    guard relevant(package: name) else { continue }
                    var range = String(entry[entry.index(after: at)...])
                    if range.hasPrefix("npm:") { range.removeFirst(4) }
                    if current == nil { current = (name, []) }
                    current?.ranges.append(range)
                }
            } else if let entry = current {
                let line = raw.trimmingWhitespace()
                guard line.hasPrefix("version") else { continue }
                let value = line.dropFirst("version".count).trimming(" :\"")
                current = nil
                guard let version = ReleaseVersion(value), !chosen.contains(entry.name) else { continue }
                let asked = ranges[entry.name].map { entry.ranges.contains($0) } ?? false
                if let index = found.firstIndex(where: { $0.0 == entry.name }) {
                    if asked { found[index].1 = version; chosen.insert(entry.name) }
                } else {
                    found.append((entry.name, version))
                    if asked { chosen.insert(entry.name) }
                }
            }
        }
        return found
    }

    /// bun's text lockfile: `"@tauri-apps/api": ["@tauri-apps/api@2.8.0", …]`.
    static func bun(_ text: String) -> [(String, ReleaseVersion)] {
        var found: [(String, ReleaseVersion)] = []
        for raw in text.split(separator: "\n") {
            let line = raw.trimmingWhitespace()
            guard line.hasPrefix("\"@tauri-apps/"), let open = line.firstIndex(of: "[") else { continue }
            let name = line.dropFirst().prefix { $0 != "\"" }
            guard relevant(package: String(name)) else { continue }
            let rest = line[line.index(after: open)...].drop { $0 == "\"" }
            let spec = rest.prefix { $0 != "\"" }
            guard let at = spec.lastIndex(of: "@"), let version = ReleaseVersion(String(spec[spec.index(after: at)...])) else { continue }
            if !found.contains(where: { $0.0 == name }) { found.append((String(name), version)) }
        }
        return found
    }

    /// A file's text, when it exists and is at most 16 MiB (a lockfile of a large monorepo).
    static func small(_ path: String) -> String? {
        // Disk, not FileManager's attributes: without Foundation its size is no `Int` to cast
        // to, and every lockfile was skipped as unreadable.
        guard let size = Disk.size(path), size <= 16 << 20, let bytes = Disk.read(path, upTo: 16 << 20) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
