import BridgeJSON
import BridgeTOML
import FoundationEssentials
import Glibc
import BridgeSystem

/// What `--app DIR` reads from a Tauri project: its configuration as Tauri's CLI reads it
/// (tauri-apps/tauri `crates/tauri-utils/src/config/parse.rs`: `tauri.conf.json`, else
/// `tauri.conf.json5`, else `Tauri.toml`, then the platform's `tauri.<platform>.conf.json` /
/// `.json5` / `Tauri.<platform>.toml` merged over it as an RFC 7396 merge patch, `json_patch::merge`).
public struct AppConfig: Sendable {
    /// A window of `app.windows`.
    public struct Window: Sendable, Equatable {
        public var label: String
        public var title: String
        public var width: Double
        public var height: Double
        public var visible: Bool
        public var resizable: Bool
        public var fullscreen: Bool
        public var maximized: Bool
        public var decorations: Bool
        public var focus: Bool

        /// A window as Tauri's `WindowConfig` defaults it (`crates/tauri-utils/src/config.rs`:
        /// label `main`, title `Tauri App`, 800 × 600, visible, resizable, decorated, focused).
        public init(label: String = "main", title: String = "Tauri App", width: Double = 800, height: Double = 600) {
            self.label = label
            self.title = title
            self.width = width
            self.height = height
            visible = true
            resizable = true
            fullscreen = false
            maximized = false
            decorations = true
            focus = true
        }
    }

    /// `src-tauri` (the folder holding the configuration).
    public let root: String
    /// The configuration file read, and the platform file merged over it, if any.
    public let files: [String]
    /// The merged configuration.
    public let json: JSON
    public let identifier: String
    public let productName: String?
    /// `version`, read from the `package.json` it names when it names one, as Tauri does.
    public let version: String?
    public let windows: [Window]
    public let withGlobalTauri: Bool
    /// `app.security.assetProtocol`: whether `convertFileSrc` URLs are served, and the scope.
    public let assetProtocolEnabled: Bool
    public let assetScope: AssetScope
    /// `build.frontendDist` as a folder (absolute), when it is one.
    public let frontendDist: String?
    /// `build.frontendDist` as a list of files (Tauri's examples: `["index.html"]`), absolute:
    /// only these are served.
    public let frontendFiles: [String]
    /// `build.devUrl`.
    public let devURL: String?
    /// `src-tauri/capabilities`, when it exists.
    public let capabilities: String?
    /// `app.windows[].useHttpsScheme` of the first window (Android and Windows: `https://tauri.localhost`).
    public let useHttpsScheme: Bool

    /// `productName`, else the identifier's last component: what `getName()` answers
    /// (`package_info().name`, from Cargo's package name when productName is unset: the bridge
    /// reads `Cargo.toml`'s `[package] name` for that).
    public let name: String

    /// Reads the project at `path` (a Tauri project, or its `src-tauri`) for `platform`
    /// (`linux`, `macos`, `windows`, `android`, `ios`).
    public static func load(_ path: String, platform: String) throws(AppSetupError) -> AppConfig {
        let fm = FileManager.default
        var isFolder = false
        guard fm.fileExists(atPath: path, isDirectory: &isFolder), isFolder else {
            throw AppSetupError("--app \(path): no such folder; give the Tauri project's folder (the one holding src-tauri) or its src-tauri")
        }
        let base = URL(fileURLWithPath: path).standardizedFileURL.path
        let nested = Paths.appending(base, "src-tauri")
        let root = fm.fileExists(atPath: Paths.appending(nested, "tauri.conf.json"))
            || fm.fileExists(atPath: Paths.appending(nested, "tauri.conf.json5"))
            || fm.fileExists(atPath: Paths.appending(nested, "Tauri.toml")) ? nested : base
        guard let (main, mainJSON) = try read(in: root, names: ["tauri.conf.json", "tauri.conf.json5", "Tauri.toml"]) else {
            throw AppSetupError("--app \(path): not a Tauri project: no tauri.conf.json, tauri.conf.json5 or Tauri.toml in \(root)")
        }
        var files = [main]
        var merged = mainJSON
        if let (file, patch) = try read(in: root, names: ["tauri.\(platform).conf.json", "tauri.\(platform).conf.json5", "Tauri.\(platform).toml"]) {
            files.append(file)
            merged = MergePatch.apply(patch, to: merged)
        }
        return try AppConfig(root: root, files: files, json: merged)
    }

    init(root: String, files: [String], json: JSON) throws(AppSetupError) {
        self.root = root
        self.files = files
        self.json = json
        let where_ = files.first ?? root
        guard let identifier = json["identifier"]?.stringValue, !identifier.isEmpty else {
            throw AppSetupError("\(where_): `identifier` is missing; Tauri requires it (e.g. \"com.example.app\")")
        }
        self.identifier = identifier
        productName = json["productName"]?.stringValue
        version = AppConfig.version(json["version"]?.stringValue, root: root)
        name = productName ?? AppConfig.cargoPackageName(root: root) ?? identifier.split(separator: ".").last.map(String.init) ?? identifier
        let app = json["app"] ?? .null
        var windows: [Window] = []
        for (index, entry) in (app["windows"]?.arrayValue ?? []).enumerated() {
            guard case .object = entry else { throw AppSetupError("\(where_): app.windows[\(index)] is not an object") }
            var window = Window(label: entry["label"]?.stringValue ?? "main")
            if let title = entry["title"]?.stringValue { window.title = title }
            if let w = entry["width"]?.numberValue?.doubleValue { window.width = w }
            if let h = entry["height"]?.numberValue?.doubleValue { window.height = h }
            if let v = entry["visible"]?.boolValue { window.visible = v }
            if let v = entry["resizable"]?.boolValue { window.resizable = v }
            if let v = entry["fullscreen"]?.boolValue { window.fullscreen = v }
            if let v = entry["maximized"]?.boolValue { window.maximized = v }
            if let v = entry["decorations"]?.boolValue { window.decorations = v }
            if let v = entry["focus"]?.boolValue { window.focus = v }
            if windows.contains(where: { $0.label == window.label }) {
                throw AppSetupError("\(where_): app.windows has two windows labelled '\(window.label)'; Tauri refuses a duplicate label")
            }
            windows.append(window)
        }
        self.windows = windows
        useHttpsScheme = app["windows"]?.arrayValue?.first?["useHttpsScheme"]?.boolValue ?? false
        withGlobalTauri = app["withGlobalTauri"]?.boolValue ?? false
        let asset = app["security"]?["assetProtocol"] ?? .null
        assetProtocolEnabled = asset["enable"]?.boolValue ?? false
        assetScope = try AssetScope(asset["scope"] ?? .null, file: where_)
        let build = json["build"] ?? .null
        func absolute(_ p: String) -> String {
            URL(fileURLWithPath: p.hasPrefix("/") ? p : Paths.appending(root, p)).standardizedFileURL.path
        }
        if let dist = build["frontendDist"]?.stringValue, !dist.contains("://") {
            frontendDist = absolute(dist)
            frontendFiles = []
        } else {
            frontendDist = nil
            frontendFiles = build["frontendDist"]?.arrayValue?.compactMap(\.stringValue).map(absolute) ?? []
        }
        devURL = build["devUrl"]?.stringValue
        let caps = Paths.appending(root, "capabilities")
        capabilities = FileManager.default.fileExists(atPath: caps) ? caps : nil
    }

    /// The windows the app opens at start-up: `app.windows`, or Tauri's one `main` window when
    /// the list is empty (`tauri dev` with no windows opens none; front ends assume `main`).
    public var startupWindows: [Window] { windows.isEmpty ? [Window()] : windows }

    /// The origin the app's pages have on `platform`, as Tauri's `manager/webview.rs` builds it:
    /// `tauri://localhost` on iOS, macOS and Linux; `http://tauri.localhost` on Android and
    /// Windows (`https://` with `useHttpsScheme`).
    public func origin(platform: String) -> String {
        switch platform {
        case "android", "windows": return useHttpsScheme ? "https://tauri.localhost" : "http://tauri.localhost"
        default: return "tauri://localhost"
        }
    }

    // MARK: Reading

    /// The largest configuration file read (real ones are a few kB).
    static let maxFileBytes = 4 * 1024 * 1024

    /// The first of `names` that exists in `folder`, parsed.
    private static func read(in folder: String, names: [String]) throws(AppSetupError) -> (String, JSON)? {
        for name in names {
            let file = Paths.appending(folder, name)
            guard FileManager.default.fileExists(atPath: file) else { continue }
            guard let data = FileManager.default.contents(atPath: file) else { throw AppSetupError("\(file): cannot be read") }
            guard data.count <= maxFileBytes else { throw AppSetupError("\(file): larger than \(maxFileBytes) bytes; not a Tauri configuration") }
            let bytes = [UInt8](data)
            do {
                if name.hasSuffix(".toml") {
                    return (file, try TOMLParser.parse(bytes: bytes).json)
                }
                if name.hasSuffix(".json5") {
                    return (file, try JSONParser.parse(JSON5.toJSON(bytes), duplicateKeys: .keepLast))
                }
                return (file, try JSONParser.parse(bytes, duplicateKeys: .keepLast))
            } catch {
                throw AppSetupError("\(file): \(error)")
            }
        }
        return nil
    }

    /// `version` as Tauri reads it: a version, or the path of a `package.json` whose version it takes.
    static func version(_ value: String?, root: String) -> String? {
        guard let value else { return nil }
        guard value.hasSuffix(".json") else { return value }
        let file = value.hasPrefix("/") ? value : Paths.appending(root, value)
        guard let data = FileManager.default.contents(atPath: file), data.count <= maxFileBytes,
              let json = try? JSONParser.parse([UInt8](data), duplicateKeys: .keepLast) else { return nil }
        return json["version"]?.stringValue
    }

    /// `[package] name` of `src-tauri/Cargo.toml`.
    static func cargoPackageName(root: String) -> String? {
        let file = Paths.appending(root, "Cargo.toml")
        guard let data = FileManager.default.contents(atPath: file), data.count <= maxFileBytes,
              let table = try? TOMLParser.parse(bytes: [UInt8](data)) else { return nil }
        return table.json["package"]?["name"]?.stringValue
    }
}

/// `app.security.assetProtocol.scope`: a list of globs, or `{allow, deny, requireLiteralLeadingDot}`.
public struct AssetScope: Sendable, Equatable {
    public var allow: [String]
    public var deny: [String]
    public var requireLiteralLeadingDot: Bool?

    init(_ json: JSON, file: String) throws(AppSetupError) {
        switch json {
        case .null:
            allow = []; deny = []; requireLiteralLeadingDot = nil
        case .array(let items):
            allow = items.compactMap(\.stringValue); deny = []; requireLiteralLeadingDot = nil
        case .object:
            allow = json["allow"]?.arrayValue?.compactMap(\.stringValue) ?? []
            deny = json["deny"]?.arrayValue?.compactMap(\.stringValue) ?? []
            requireLiteralLeadingDot = json["requireLiteralLeadingDot"]?.boolValue
        default:
            throw AppSetupError("\(file): app.security.assetProtocol.scope must be a list of paths or {allow, deny}")
        }
    }
}

/// A problem with the project `--app` names, or a file it points to.
public struct AppSetupError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// RFC 7396 JSON merge patch, as `json_patch::merge` applies a platform configuration.
public enum MergePatch {
    public static func apply(_ patch: JSON, to target: JSON) -> JSON {
        guard case .object(let p) = patch else { return patch }
        var out: JSONObject
        if case .object(let t) = target { out = t } else { out = JSONObject() }
        for member in p {
            // JSONObject's subscript removes a member for nil and replaces one in place (JSON?.none:
            // a bare nil literal would be JSON.null here).
            out[member.key] = member.value.isNull ? JSON?.none : apply(member.value, to: out[member.key] ?? .null)
        }
        return .object(out)
    }
}

/// What JSON5 adds to JSON, turned back into JSON: comments, trailing commas, unquoted keys,
/// single-quoted strings, hexadecimal numbers, a leading `+` or `.`. The rest is JSON's.
enum JSON5 {
    static func toJSON(_ bytes: [UInt8]) throws(AppSetupError) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        func isIdent(_ b: UInt8) -> Bool {
            (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b == 0x24
        }
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "/") where i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "/"):
                while i < bytes.count && bytes[i] != 0x0A { i += 1 }
            case UInt8(ascii: "/") where i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "*"):
                i += 2
                while i + 1 < bytes.count && !(bytes[i] == UInt8(ascii: "*") && bytes[i + 1] == UInt8(ascii: "/")) { i += 1 }
                guard i + 1 < bytes.count else { throw AppSetupError("JSON5: a /* comment is not closed") }
                i += 2
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                let quote = b
                out.append(UInt8(ascii: "\""))
                i += 1
                while i < bytes.count && bytes[i] != quote {
                    if bytes[i] == UInt8(ascii: "\\"), i + 1 < bytes.count {
                        if bytes[i + 1] == UInt8(ascii: "'") { out.append(UInt8(ascii: "'")) } else if bytes[i + 1] == 0x0A {
                            // A line continuation.
                        } else { out.append(bytes[i]); out.append(bytes[i + 1]) }
                        i += 2
                        continue
                    }
                    if quote == UInt8(ascii: "'") && bytes[i] == UInt8(ascii: "\"") { out += Array("\\\"".utf8) } else { out.append(bytes[i]) }
                    i += 1
                }
                guard i < bytes.count else { throw AppSetupError("JSON5: a string is not closed") }
                out.append(UInt8(ascii: "\""))
                i += 1
            case UInt8(ascii: ","):
                var j = i + 1
                while j < bytes.count {
                    if [0x20, 0x09, 0x0A, 0x0D].contains(bytes[j]) { j += 1; continue }
                    if bytes[j] == UInt8(ascii: "/"), j + 1 < bytes.count, bytes[j + 1] == UInt8(ascii: "/") {
                        while j < bytes.count && bytes[j] != 0x0A { j += 1 }
                        continue
                    }
                    if bytes[j] == UInt8(ascii: "/"), j + 1 < bytes.count, bytes[j + 1] == UInt8(ascii: "*") {
                        j += 2
                        while j + 1 < bytes.count && !(bytes[j] == UInt8(ascii: "*") && bytes[j + 1] == UInt8(ascii: "/")) { j += 1 }
                        j += 2
                        continue
                    }
                    break
                }
                if j < bytes.count && (bytes[j] == UInt8(ascii: "}") || bytes[j] == UInt8(ascii: "]")) { i += 1 } else { out.append(b); i += 1 }
            case UInt8(ascii: "+"):
                i += 1
            case _ where isIdent(b) && !(b >= 0x30 && b <= 0x39):
                var j = i
                while j < bytes.count && isIdent(bytes[j]) { j += 1 }
                let word = String(decoding: bytes[i..<j], as: UTF8.self)
                var k = j
                while k < bytes.count && [0x20, 0x09, 0x0A, 0x0D].contains(bytes[k]) { k += 1 }
                if k < bytes.count && bytes[k] == UInt8(ascii: ":") && !["true", "false", "null"].contains(word) {
                    out += Array("\"\(word)\"".utf8)
                } else if word == "Infinity" || word == "NaN" {
                    throw AppSetupError("JSON5: \(word) has no JSON form; Tauri's configuration never needs it")
                } else {
                    out += bytes[i..<j]
                }
                i = j
            case UInt8(ascii: "0") where i + 1 < bytes.count && (bytes[i + 1] == UInt8(ascii: "x") || bytes[i + 1] == UInt8(ascii: "X")):
                var j = i + 2
                var value = 0
                while j < bytes.count, let digit = Int(String(UnicodeScalar(bytes[j])), radix: 16) { value = value * 16 + digit; j += 1 }
                out += Array(String(value).utf8)
                i = j
            case UInt8(ascii: ".") where !(out.last.map { $0 >= 0x30 && $0 <= 0x39 } ?? false):
                out.append(UInt8(ascii: "0")); out.append(b); i += 1
            default:
                out.append(b)
                i += 1
            }
        }
        return out
    }
}
