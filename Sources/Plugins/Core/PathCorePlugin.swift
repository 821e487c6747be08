import BridgeACL
import BridgeApp
import BridgeBinding
import BridgeDevice
import BridgeJSON
import BridgeKit
import BridgeProtocol

/// `plugin:path|…` (`@tauri-apps/api/path`), as tauri-apps/tauri `crates/tauri/src/path/`
/// (`plugin.rs`, `mod.rs`, `desktop.rs`, `android.rs` @ a8105ecc) answers: every
/// `BaseDirectory` resolved as the call's platform resolves it (`PlatformPaths`), and the path
/// functions with `std::path::Path`'s rules and Tauri's errors (`path does not have a parent`, …).
struct PathCorePlugin {
    let app: AppInfo
    var name: String { "path" }
    /// The plugin, declared through the kit.
    var plugin: KitPlugin { KitPlugin(core: name, commandNames: CorePermissions.commandNames("core:" + name), commands: coreCommands) }

    var coreCommands: [KitCommand] {
        let app = self.app
        return [
            KitCommand("resolve_directory", [("directory", .integer("u16")), ("path", .option(.path))]) { payload, context throws(ResponseError) in
                let number = payload["directory"]?.numberValue?.intValue ?? 0
                let paths = PlatformPaths(platform: context.platform, app: app)
                guard let directory = paths.directory(number) else {
                    throw .invalidParams("invalid args `directory` for command `resolve_directory`: \(paths.unknownDirectory(number))",
                                         details: ["command": "plugin:path|resolve_directory", "field": "directory"])
                }
                guard let base = paths.resolve(directory) else { throw .rejected("unknown path") }
                guard let sub = payload["path"]?.stringValue else { return .string(base) }
                return .string(paths.syntax.push(base, directory == .resource ? PathSyntax.resourceRelative(sub, paths.syntax) : sub))
            },
            KitCommand("resolve", [("paths", .sequence(.string))]) { payload, context in
                let syntax = PathSyntax(context.platform)
                var path = syntax.root
                for p in payload["paths"]?.arrayValue?.compactMap(\.stringValue) ?? [] { path = syntax.push(path, p) }
                return .string(syntax.normalize(path, resolving: true))
            },
            KitCommand("normalize", [("path", .string)]) { payload, context in
                .string(PathSyntax(context.platform).normalizeCommand(payload["path"]?.stringValue ?? ""))
            },
            KitCommand("join", [("paths", .sequence(.string))]) { payload, context in
                let syntax = PathSyntax(context.platform)
                let parts = (payload["paths"]?.arrayValue?.compactMap(\.stringValue) ?? []).filter { !$0.isEmpty }
                let joined = syntax.normalize(parts.joined(separator: String(syntax.separator)), resolving: false)
                return .string(joined.isEmpty ? "." : joined)
            },
            KitCommand("dirname", [("path", .string)]) { payload, context throws(ResponseError) in
                guard let parent = PathSyntax(context.platform).parent(payload["path"]?.stringValue ?? "") else {
                    throw .rejected("path does not have a parent")
                }
                return .string(parent)
            },
            KitCommand("extname", [("path", .string)]) { payload, context throws(ResponseError) in
                guard let ext = PathSyntax(context.platform).fileName(payload["path"]?.stringValue ?? "").flatMap(PathSyntax.extension) else {
                    throw .rejected("path does not have an extension")
                }
                return .string(ext)
            },
            // tauri 2.0.6 `crates/tauri/src/path/plugin.rs`: `basename(path: &str, ext: Option<&str>)`.
            KitCommand("basename", [("path", .borrowedString), ("ext", .option(.borrowedString))]) { payload, context throws(ResponseError) in
                guard var name = PathSyntax(context.platform).fileName(payload["path"]?.stringValue ?? "") else {
                    throw .rejected("path does not have a basename")
                }
                if let ext = payload["ext"]?.stringValue, name.hasSuffix(ext) { name = String(name.dropLast(ext.count)) }
                return .string(name)
            },
            KitCommand("is_absolute", [("path", .string)]) { payload, context in
                .bool(PathSyntax(context.platform).isAbsolute(payload["path"]?.stringValue ?? ""))
            },
        ]
    }
}

