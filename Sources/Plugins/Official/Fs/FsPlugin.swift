import BridgeApp
import BridgeBinding
import BridgeCall
import BridgeHTTPServer
import BridgeKit
import BridgeDevice
import BridgeJSON
import BridgeProtocol
import BridgeSandbox
import FoundationEssentials
import Glibc
import BridgeSystem
import Synchronization

/// `plugin:fs|…` (`@tauri-apps/plugin-fs`) as plugins-workspace@77149dc4 `plugins/fs/src/commands.rs`
/// answers it, on the device's files in the sandbox: every path through `resolve_path` (the
/// `SafeFilePath` refusing `..`, the `baseDir` joined as `PathBuf::push` joins, the fs scope of
/// the call's grant, deny first), the operation as `std::fs` does it, and Tauri's error strings
/// (`forbidden path: …`, `failed to open file at path: … with error: …`). iOS takes the desktop
/// code (`desktop.rs`); Android's `content://` and `asset://` URLs go to its native side, which
/// the bridge does not simulate (named when called). `watch` and `unwatch` exist only with the
/// plugin's cargo feature `watch`, off by default.
public enum FsPlugin {
    /// The plugin's config (`plugins.fs`): `requireLiteralLeadingDot`.
    public struct Config: Sendable {
        public var requireLiteralLeadingDot: Bool?
        public init(requireLiteralLeadingDot: Bool? = nil) { self.requireLiteralLeadingDot = requireLiteralLeadingDot }

        /// `plugins.fs` of the app's configuration (`deny_unknown_fields`).
        public init(_ json: JSON?) throws(ResponseError) {
            guard let json, json != .null else { return }
            guard case .object(let o) = json else { throw .invalidParams("plugins.fs must be an object") }
            for member in o where member.key != "requireLiteralLeadingDot" && member.key != "require-literal-leading-dot" {
                throw .invalidParams("plugins.fs: unknown field `\(member.key)`, expected `requireLiteralLeadingDot`")
            }
            requireLiteralLeadingDot = (o["requireLiteralLeadingDot"] ?? o["require-literal-leading-dot"])?.boolValue
        }
    }

    public static func plugin(sandbox: SandboxHolder, app: AppInfo, resources: ResourceTable, config: Config = Config(),
                              versions: ModelledVersions = .newest) -> KitPlugin {
        let fs = Files(holder: sandbox, app: app, resources: resources, config: config, textAsBytes: versions.has(UpstreamChanges.fsTextAsBytes))
        // `SafeFilePath`'s visitor (plugins/fs/src/file_path.rs) expects this.
        let safePath = RustType.stringVisitor("a string representing an file URL or a path")
        let path: (String, RustType) = ("path", safePath)
        let options: (String, RustType) = ("options", .option(.any("Options")))
        let rid: (String, RustType) = ("rid", .integer("u32"))
        @Sendable func scoped(_ name: String, _ arguments: [(String, RustType)], _ run: @escaping @Sendable (Files, Invocation) throws(ResponseError) -> JSON) -> KitCommand {
            KitCommand(name, arguments, readsScope: true, invocation: { (invocation) throws(ResponseError) in
                CommandOutput(result: try run(fs, invocation))
            })
        }
        @Sendable func handle(_ name: String, _ arguments: [(String, RustType)], _ run: @escaping @Sendable (Files, Invocation) throws(ResponseError) -> JSON) -> KitCommand {
            KitCommand(name, arguments, invocation: { (invocation) throws(ResponseError) in CommandOutput(result: try run(fs, invocation)) })
        }
        @Sendable func stepping(_ name: String, _ arguments: [(String, RustType)], readsScope: Bool, _ run: @escaping @Sendable (Files, Invocation) throws(ResponseError) -> CallStep) -> KitCommand {
            KitCommand(name, arguments, readsScope: readsScope, starting: { (invocation) throws(ResponseError) in try run(fs, invocation) })
        }
        let unwatched: @Sendable (String) -> KitCommand = { name in
            KitCommand(name, invocation: { (_) throws(ResponseError) -> CommandOutput in
                throw .commandNotFound("plugin:fs|\(name)", reason: "tauri-plugin-fs registers watch and unwatch only with its cargo feature `watch`, off by default; the bridge does not simulate file watching")
            })
        }
        // fs ≥ 2.1 has `size` (UpstreamChanges.fsSize): its COMMANDS, permissions and handler.
        let sized = versions.has(UpstreamChanges.fsSize)
        let sizeCommand = sized ? [scoped("size", [path, options]) { (fs, i) throws(ResponseError) in try fs.size(i) }] : []
        return KitPlugin(
            name: "fs", origin: .pluginsWorkspace(pin: PluginsWorkspacePin.commit), commandNames: FsPermissions.commands + (sized ? ["size"] : []),
            defaultSet: (FsPermissions.defaultDescription, FsPermissions.defaultPermissions),
            declaredPermissions: FsPermissions.declared, declaredSets: FsPermissions.sets,
            scopeProblem: FsScope.problem,
            commands: [
                scoped("mkdir", [path, options]) { (fs, i) throws(ResponseError) in try fs.mkdir(i) },
                scoped("create", [path, options]) { (fs, i) throws(ResponseError) in try fs.open(i, create: true) },
                scoped("copy_file", [("from_path", safePath), ("to_path", safePath), options]) { (fs, i) throws(ResponseError) in try fs.copy(i) },
                scoped("remove", [path, options]) { (fs, i) throws(ResponseError) in try fs.remove(i) },
                scoped("rename", [("old_path", safePath), ("new_path", safePath), options]) { (fs, i) throws(ResponseError) in try fs.rename(i) },
                scoped("truncate", [path, ("len", .option(.integer("u64"))), options]) { (fs, i) throws(ResponseError) in try fs.truncate(i) },
                handle("ftruncate", [rid, ("len", .option(.integer("u64")))]) { (fs, i) throws(ResponseError) in try fs.ftruncate(i) },
                handle("write", [rid, ("data", .sequence(.integer("u8")))]) { (fs, i) throws(ResponseError) in try fs.write(i) },
                KitCommand("write_file", readsScope: true, takesRequest: true, invocation: { (i) throws(ResponseError) in CommandOutput(result: try fs.writeFile(i)) }),
                KitCommand("write_text_file", readsScope: true, takesRequest: true, invocation: { (i) throws(ResponseError) in CommandOutput(result: try fs.writeFile(i)) }),
                scoped("read_dir", [path, options]) { (fs, i) throws(ResponseError) in try fs.readDir(i) },
                stepping("read_file", [path, options], readsScope: true) { (fs, i) throws(ResponseError) in try fs.readFile(i, text: false) },
                stepping("read", [rid, ("len", .integer("usize"))], readsScope: false) { (fs, i) throws(ResponseError) in try fs.read(i) },
                scoped("open", [path, options]) { (fs, i) throws(ResponseError) in try fs.open(i, create: false) },
                stepping("read_text_file", [path, options], readsScope: true) { (fs, i) throws(ResponseError) in try fs.readFile(i, text: true) },
                scoped("read_text_file_lines", [path, options]) { (fs, i) throws(ResponseError) in try fs.lines(i) },
                handle("read_text_file_lines_next", [rid]) { (fs, i) throws(ResponseError) in try fs.nextLine(i) },
                handle("seek", [rid, ("offset", .integer("i64")), ("whence", .integer("u16"))]) { (fs, i) throws(ResponseError) in try fs.seek(i) },
                scoped("stat", [path, options]) { (fs, i) throws(ResponseError) in try fs.stat(i, followLink: true) },
                scoped("lstat", [path, options]) { (fs, i) throws(ResponseError) in try fs.stat(i, followLink: false) },
                handle("fstat", [rid]) { (fs, i) throws(ResponseError) in try fs.fstat(i) },
                scoped("exists", [path, options]) { (fs, i) throws(ResponseError) in try fs.exists(i) },
                unwatched("watch"), unwatched("unwatch"),
            ] + sizeCommand)
    }
}

/// Set once when a waiting call is cancelled; read by the thread that waits.
final class CancelFlag: Sendable {
    private let value = Atomic<Bool>(false)
    func set() { value.store(true, ordering: .relaxed) }
    var isSet: Bool { value.load(ordering: .relaxed) }
}

/// An open file of the resource table.
final class FileResource: @unchecked Sendable {
    let file: Sandbox.File
    let lock = Condition()
    init(_ file: Sandbox.File) { self.file = file }
}

/// A lines reader of the resource table (`read_text_file_lines`): the bytes not yet handed out.
final class LinesResource: @unchecked Sendable {
    let file: Sandbox.File
    var pending: [UInt8] = []
    var ended = false
    let lock = Condition()
    init(_ file: Sandbox.File) { self.file = file }
}

/// The commands' work.
struct Files: Sendable {
    let holder: SandboxHolder
    let app: AppInfo
    let resources: ResourceTable
    let config: FsPlugin.Config
    /// `UpstreamChanges.fsTextAsBytes`: text answered as raw bytes, lines with a flag byte.
    let textAsBytes: Bool

    // MARK: Paths

    /// A path argument, resolved and checked: what `resolve_path` returns, and where it lives.
    struct Resolved {
        let display: String
        let path: Sandbox.Path
    }

    /// `SafeFilePath` from `key`, joined to the base directory `baseKey` of `options`, checked
    /// against the call's fs scope.
    func resolve(_ i: Invocation, _ key: String, raw: String? = nil, baseKey: String = "baseDir", options: JSONObject? = nil) throws(ResponseError) -> Resolved {
        let command = i.name.command
        let platform = i.context.platform
        let paths = PlatformPaths(platform: platform, app: app)
        let text = raw ?? i.arguments[key]?.stringValue ?? ""
        var path = try Files.safePath(text, key: key, command: command, platform: platform)
        let opts = options ?? i.arguments["options"]?.objectValue
        if let number = opts?[baseKey], number != .null {
            // `BaseDirectory` is serde_repr's `u16`: read as one, then matched to a variant.
            let n: Int
            switch RustInteger.read(number, as: "u16") {
            case .failure(let refusal): throw Files.invalid(command, "options", refusal.message)
            case .success(let value): n = Int(value)
            }
            guard let directory = paths.directory(n) else { throw Files.invalid(command, "options", paths.unknownDirectory(n)) }
            guard let base = paths.resolve(directory) else { throw .native("unknown path", layer: "fs") }
            path = paths.syntax.push(base, directory == .resource ? PathSyntax.resourceRelative(path, paths.syntax) : path)
        }
        let scope = try i.grant.scope("fs \(paths.platform.rawValue)") { () throws(ResponseError) in
            try FsScope(i.grant, paths: paths, requireLiteralLeadingDot: config.requireLiteralLeadingDot)
        }
        let normal = paths.syntax.collected(path)
        guard scope.allows(normal) else {
            throw .native("forbidden path: \(path)", layer: "fs", reason: Files.forbiddenReason(i, path: normal))
        }
        // A relative path is relative to the app's working directory: the root on a device.
        return Resolved(display: path, path: paths.sandboxPath(path))
    }

    /// Why a path was forbidden, for the bridge's reason: what the grant held.
    static func forbiddenReason(_ i: Invocation, path: String) -> String {
        let allow = i.grant.allAllow.compactMap { $0.stringValue ?? $0["path"]?.stringValue }
        if allow.isEmpty {
            return "the call's grant holds no fs scope, so no path is allowed; fs:default at plugins-workspace@77149dc4 grants none (its create-app-specific-dirs and read-app-specific-dirs-recursive list scope-app-index and scope-app-recursive as commands), so add a scope such as fs:scope-app-recursive or fs:allow-appdata-read-recursive, or an {\"identifier\": \"fs:allow-…\", \"allow\": [{\"path\": \"$APPDATA/**\"}]} entry"
        }
        return "\(path) matches no allowed pattern of the grant (\(allow.joined(separator: ", "))), or matches a denied one; `*` stays within a folder, `**` takes folders, and neither reaches a name starting with a dot unless plugins.fs.requireLiteralLeadingDot is false"
    }

    /// `SafeFilePath::from_str`: a URL (a scheme longer than one letter) or a path without `..`.
    static func safePath(_ text: String, key: String, command: String, platform: Platform) throws(ResponseError) -> String {
        // `Url::from_str` succeeds for a scheme; one letter is a Windows drive.
        if let scheme = URLScheme.of(text), scheme.count > 1 {
            let colon = text.firstIndex(of: ":")!
            guard scheme == "file" else {
                if platform == .android, scheme == "content" || scheme == "asset" {
                    throw .notFound("plugin:fs|\(command) with a \(scheme):// URL goes to the Android plugin's getFileDescriptor (ContentResolver), which the bridge does not simulate; use a path under a base directory",
                                    details: ["command": .string("plugin:fs|\(command)"), "unhandled": true])
                }
                throw .native("URL is not a valid path", layer: "fs")
            }
            // `Url::to_file_path`: a local host only, percent-decoded.
            var rest = text[text.index(after: colon)...]
            guard rest.hasPrefix("//") else { throw .native("URL is not a valid path", layer: "fs") }
            rest = rest.dropFirst(2)
            let slash = rest.firstIndex(of: "/") ?? rest.endIndex
            let host = rest[..<slash]
            guard host.isEmpty || host == "localhost", let decoded = PercentEncoding.decode(String(rest[slash...])), !decoded.isEmpty else {
                throw .native("URL is not a valid path", layer: "fs")
            }
            // The URL parser resolves `..` and `.` itself.
            let syntax = PathSyntax(platform)
            return syntax.normalize(decoded, resolving: true)
        }
        let (_, parts) = PathSyntax(platform).components(text)
        if parts.contains("..") {
            throw invalid(command, key, "invalid value: string \(JSON.string(text).serialized()), expected Unsafe PathBuf: cannot traverse directory, rewrite the path without the use of `../`")
        }
        return text
    }

    static func invalid(_ command: String, _ key: String, _ message: String) -> ResponseError {
        .invalidParams("invalid args `\(key)` for command `\(command)`: \(message)", details: ["command": .string("plugin:fs|\(command)"), "field": .string(key)])
    }

    /// The sandbox, with the folders the app finds at install on the call's device.
    func box(_ i: Invocation) throws(ResponseError) -> Sandbox { try holder.sandbox(installed: PlatformPaths(platform: i.context.platform, app: app)) }

    func io(_ prefix: String, _ error: SandboxError, _ i: Invocation) -> ResponseError {
        .native("\(prefix) with error: \(error.display(platform: i.context.platform.rawValue))", layer: "fs")
    }

    /// `body` on the sandbox; its failure is the plugin's `<what> with error: <io::Error>`.
    func attempt<T>(_ what: @autoclosure () -> String, _ i: Invocation, _ body: (Sandbox) throws(SandboxError) -> T) throws(ResponseError) -> T {
        let sandbox = try box(i)
        do {
            return try body(sandbox)
        } catch {
            throw io(what(), error, i)
        }
    }

    /// `body` on the open file `rid`, under its lock; its failure is `<what> with error: …`.
    func onHandle<T>(_ what: String, _ i: Invocation, _ body: (Sandbox.File) throws(SandboxError) -> T) throws(ResponseError) -> T {
        let h = try resources.webview(i.context.webview).get(try rid(i), as: FileResource.self)
        h.lock.lock()
        defer { h.lock.unlock() }
        do {
            return try body(h.file)
        } catch {
            throw io(what, error, i)
        }
    }

    func options(_ i: Invocation) -> JSONObject { i.arguments["options"]?.objectValue ?? JSONObject() }

    /// The integer `value` of the argument `argument` as the Rust type `rust` (`mode: Option<u32>`
    /// of the options struct, `len: Option<u64>`), `nil` when absent or null; out of range is
    /// serde's refusal of the whole argument, as Tauri words it.
    func integer<T: FixedWidthInteger>(_ i: Invocation, _ argument: String, _ value: JSON?, _ rust: String, as: T.Type) throws(ResponseError) -> T? {
        guard let value, value != .null else { return nil }
        switch RustInteger.read(value, as: rust, into: T.self) {
        case .success(let v): return v
        case .failure(let refusal): throw Files.invalid(i.name.command, argument, refusal.message)
        }
    }

    /// `options.mode` (`Option<u32>`), or `fallback`.
    func mode(_ i: Invocation, _ options: JSONObject?, default fallback: UInt32) throws(ResponseError) -> UInt32 {
        try integer(i, "options", options?["mode"], "u32", as: UInt32.self) ?? fallback
    }

    /// The `rid` argument (`u32`, bound before the command runs).
    func rid(_ i: Invocation) throws(ResponseError) -> UInt32 {
        try integer(i, "rid", i.arguments["rid"], "u32", as: UInt32.self) ?? 0
    }

    // MARK: Commands

    func mkdir(_ i: Invocation) throws(ResponseError) -> JSON {
        let r = try resolve(i, "path")
        let o = options(i)
        let mode = try self.mode(i, o, default: 0o777) & 0o777
        try attempt("failed to create directory at path: \(r.display)", i) { (box) throws(SandboxError) in
            try box.makeFolder(r.path, recursive: o["recursive"]?.boolValue ?? false, mode: mode)
        }
        return .null
    }

    /// `create` (`File::create`) and `open` (the options, read-only without them).
    func open(_ i: Invocation, create: Bool) throws(ResponseError) -> JSON {
        let r = try resolve(i, "path")
        let o = i.arguments["options"]?.objectValue
        let opts: Sandbox.OpenOptions
        let mode = try self.mode(i, o, default: 0o666)
        if create {
            opts = Sandbox.OpenOptions(write: true, truncate: true, create: true)
        } else if let o {
            opts = Sandbox.OpenOptions(read: o["read"]?.boolValue ?? true, write: o["write"]?.boolValue ?? false, append: o["append"]?.boolValue ?? false,
                                       truncate: o["truncate"]?.boolValue ?? false, create: o["create"]?.boolValue ?? false,
                                       createNew: o["createNew"]?.boolValue ?? false, mode: mode)
        } else {
            opts = Sandbox.OpenOptions(read: true)
        }
        let file = try attempt((create ? "failed to create file at path: " : "failed to open file at path: ") + r.display, i) { (box) throws(SandboxError) in
            try box.open(r.path, opts)
        }
        return .number(JSONNumber(Int(try resources.webview(i.context.webview).add(FileResource(file)))))
    }

    func copy(_ i: Invocation) throws(ResponseError) -> JSON {
        let from = try resolve(i, "fromPath", baseKey: "fromPathBaseDir")
        let to = try resolve(i, "toPath", baseKey: "toPathBaseDir")
        _ = try attempt("failed to copy file from path: \(from.display), to path: \(to.display)", i) { (box) throws(SandboxError) in
            try box.copy(from.path, to: to.path)
        }
        return .null
    }

    func remove(_ i: Invocation) throws(ResponseError) -> JSON {
        let r = try resolve(i, "path")
        _ = try attempt("failed to get metadata of path: \(r.display)", i) { (box) throws(SandboxError) in try box.info(r.path, followLink: false) }
        try attempt("failed to remove path: \(r.display)", i) { (box) throws(SandboxError) in
            try box.remove(r.path, recursive: options(i)["recursive"]?.boolValue ?? false)
        }
        return .null
    }

    func rename(_ i: Invocation) throws(ResponseError) -> JSON {
        let old = try resolve(i, "oldPath", baseKey: "oldPathBaseDir")
        let new = try resolve(i, "newPath", baseKey: "newPathBaseDir")
        try attempt("failed to rename old path: \(old.display) to new path: \(new.display)", i) { (box) throws(SandboxError) in
            try box.rename(old.path, to: new.path)
        }
        return .null
    }

    func truncate(_ i: Invocation) throws(ResponseError) -> JSON {
        let r = try resolve(i, "path")
        let file = try attempt("failed to open file at path: \(r.display)", i) { (box) throws(SandboxError) in
            try box.open(r.path, Sandbox.OpenOptions(write: true))
        }
        let len = try integer(i, "len", i.arguments["len"], "u64", as: UInt64.self) ?? 0
        try attempt("failed to truncate file at path: \(r.display)", i) { (_) throws(SandboxError) in try file.truncate(len) }
        return .null
    }

    func ftruncate(_ i: Invocation) throws(ResponseError) -> JSON {
        let len = try integer(i, "len", i.arguments["len"], "u64", as: UInt64.self) ?? 0
        try onHandle("failed to truncate file", i) { (file) throws(SandboxError) in try file.truncate(len) }
        return .null
    }

    func write(_ i: Invocation) throws(ResponseError) -> JSON {
        let data = (i.arguments["data"]?.arrayValue ?? []).map { UInt8(truncatingIfNeeded: $0.numberValue?.intValue ?? 0) }
        return .number(JSONNumber(try onHandle("failed to write bytes to file", i) { (file) throws(SandboxError) in try file.write(data) }))
    }

    /// `write_file_inner`: the bytes from the raw body, the path and options from the headers;
    /// options that do not parse are the defaults, as upstream silently has it.
    func writeFile(_ i: Invocation) throws(ResponseError) -> JSON {
        guard let data = i.request?.body else {
            throw .native("unexpected invoke body", layer: "fs", reason: "write_file reads a raw body (invoke(cmd, Uint8Array, {headers: {path, options}})); named arguments are not its body")
        }
        guard let header = i.request?.headers["path"] else {
            throw .native("missing file path", layer: "fs", reason: "the request has no `path` header (writeFile sends encodeURIComponent(path) in it)")
        }
        guard let decoded = PercentEncoding.decode(header) else { throw .native("path is not a valid UTF-8", layer: "fs") }
        var options: JSONObject?
        if let text = i.request?.headers["options"], let parsed = try? JSONParser.parse(Array(text.utf8), duplicateKeys: .keepLast) {
            options = parsed.objectValue
        }
        let r = try resolve(i, "path", raw: decoded, options: options ?? JSONObject())
        let append = options?["append"]?.boolValue ?? false
        // Options that do not parse are the defaults (above); a mode out of range too.
        let mode = (try? self.mode(i, options, default: 0o666)) ?? 0o666
        let opts = options.map {
            Sandbox.OpenOptions(write: true, append: append, truncate: !append, create: $0["create"]?.boolValue ?? true,
                                createNew: $0["createNew"]?.boolValue ?? false, mode: mode)
        } ?? Sandbox.OpenOptions(write: true, truncate: true, create: true)
        let file = try attempt("failed to open file at path: \(r.display)", i) { (box) throws(SandboxError) in try box.open(r.path, opts) }
        try attempt("failed to write bytes to file at path: \(r.display)", i) { (_) throws(SandboxError) in _ = try file.write(data) }
        return .null
    }

    func readDir(_ i: Invocation) throws(ResponseError) -> JSON {
        let r = try resolve(i, "path")
        let entries = try attempt("failed to read directory at path: \(r.display)", i) { (box) throws(SandboxError) in try box.list(r.path) }
        return .array(entries.map { e in
            .object(["name": .string(e.name), "isDirectory": .bool(e.kind == .directory), "isFile": .bool(e.kind == .file),
                     "isSymlink": .bool(e.kind == .symlink)])
        })
    }

    /// `read_file` answers the raw bytes (`tauri::ipc::Response`): a number array, as Tauri's
    /// postMessage IPC delivers it and guest-js reads it (`Uint8Array.from`); `read_text_file` a string.
    /// A FIFO (or socket, or device) is read as `std::fs::read` reads it, to its writer's end, on
    /// its own thread: that call waits, no other call waits behind it, and cancelling it ends it.
    func readFile(_ i: Invocation, text: Bool) throws(ResponseError) -> CallStep {
        let r = try resolve(i, "path")
        let file = try attempt("failed to open file at path: \(r.display)", i) { (box) throws(SandboxError) in
            try box.open(r.path, Sandbox.OpenOptions(read: true))
        }
        let what = "failed to read file as text at path: \(r.display)"
        let platform = i.context.platform.rawValue
        let textAsBytes = self.textAsBytes
        let budget = i.context.byteBudget
        let reading = "\(i.name.command) of \(r.display)"
        @Sendable func answer(_ bytes: [UInt8], _ lease: ByteBudget.Lease) throws(ResponseError) -> CommandOutput {
            // fs ≥ 2.1 reads text as read_file does (`read_text_file` calls `read_file`); guest-js
            // decodes it with a TextDecoder, which replaces what is not UTF-8.
            if text, !textAsBytes {
                guard let s = String(validating: bytes, as: UTF8.self) else {
                    throw .native("\(what) with error: stream did not contain valid UTF-8", layer: "fs")
                }
                return CommandOutput(result: .string(s))
            }
            return CommandOutput(result: Files.bytes(bytes, owner: lease))
        }
        guard file.waits else {
            // Reserved before it is read: a read past the session's bound costs nothing.
            let lease = try budget.reserve((try? file.info().size) ?? 0, for: reading)
            let bytes = try attempt(what, i) { (_) throws(SandboxError) in try file.readToEnd() }
            return .done(try answer(bytes, lease))
        }
        return .waiting {
            let bytes = try await Files.waiting { (cancelled) throws(SandboxError) in try file.readToEndWaiting(cancelled: cancelled) }
            switch bytes {
            case .success(let b): return try answer(b, try budget.reserve(b.count, for: reading))
            case .failure(let e): throw ResponseError.native("\(what) with error: \(e.display(platform: platform))", layer: "fs")
            }
        }
    }

    /// Runs `body` on a thread of its own (it blocks on one file), told to stop when the call is
    /// cancelled; `CancellationError` then.
    static func waiting<T: Sendable>(_ body: @escaping @Sendable (_ cancelled: () -> Bool) throws(SandboxError) -> T?) async throws -> Result<T, SandboxError> {
        let flag = CancelFlag()
        return try await withTaskCancellationHandler {
            let outcome: Result<T, SandboxError>? = await withCheckedContinuation { continuation in
                let started = Threads.tryDetach {
                    do throws(SandboxError) {
                        let value = try body { flag.isSet }
                        continuation.resume(returning: value.map { .success($0) })
                    } catch {
                        continuation.resume(returning: .failure(error))
                    }
                }
                // No thread to be had: the call fails with the system's reason, the bridge stays up.
                if !started { continuation.resume(returning: .failure(SandboxError(.system(EAGAIN), path: ""))) }
            }
            guard let outcome else { throw CancellationError() }
            return outcome
        } onCancel: {
            flag.set()
        }
    }

    /// A byte answer (`tauri::ipc::Response`): held as bytes, written as an array of numbers,
    /// raw where the transport carries raw bodies (browser mode).
    /// `owner` (a `ByteBudget.Lease`) is released with the bytes.
    static func bytes(_ b: [UInt8], owner: ByteBudget.Lease? = nil) -> JSON { .bytes(JSONBytes(b, owner: owner)) }

    /// `read(rid, len)`: `len` bytes (zeros past what was read) and the count read as 8 big-endian bytes.
    /// On a FIFO it waits for something to read (or its writer's end), cancellable.
    func read(_ i: Invocation) throws(ResponseError) -> CallStep {
        let asked = try integer(i, "len", i.arguments["len"], "usize", as: UInt64.self) ?? 0
        guard asked <= UInt64(Sandbox.maxReadBytes) else {
            throw .native("the bridge reads at most \(Sandbox.maxReadBytes) bytes at once, asked \(asked): read in smaller buffers", layer: "fs",
                          reason: "upstream allocates vec![0; len], which would abort the app on a device for a length this large")
        }
        let len = Int(asked)
        let handle = try resources.webview(i.context.webview).get(try rid(i), as: FileResource.self)
        let files = self
        let lease = try i.context.byteBudget.reserve(len + 8, for: "read of \(len) bytes")
        @Sendable func answer() throws(ResponseError) -> CommandOutput {
            var data = try files.onHandle("faied to read bytes from file", i) { (file) throws(SandboxError) in
                file.waits ? try file.readAvailable(upTo: len) : try file.read(upTo: len)
            }
            let n = UInt64(data.count)
            data += [UInt8](repeating: 0, count: len - data.count)
            for shift in stride(from: 56, through: 0, by: -8) { data.append(UInt8(truncatingIfNeeded: n >> UInt64(shift))) }
            return CommandOutput(result: Files.bytes(data, owner: lease))
        }
        guard handle.file.waits else { return .done(try answer()) }
        return .waiting {
            _ = try await Files.waiting { (cancelled) throws(SandboxError) -> Bool? in handle.file.waitReadable(cancelled: cancelled) ? true : nil }
            return try answer()
        }
    }

    func lines(_ i: Invocation) throws(ResponseError) -> JSON {
        let r = try resolve(i, "path")
        let file = try attempt("failed to open file at path: \(r.display)", i) { (box) throws(SandboxError) in
            try box.open(r.path, Sandbox.OpenOptions(read: true))
        }
        return .number(JSONNumber(Int(try resources.webview(i.context.webview).add(LinesResource(file)))))
    }

    /// `[line, false]` per line (`\n`, and a `\r` before it, stripped; `null` for one that is not
    /// UTF-8), then `[null, true]`, closing the reader. fs ≥ 2.1 (`UpstreamChanges.fsTextAsBytes`):
    /// the line's bytes and a last byte `0`, then `[1]`.
    func nextLine(_ i: Invocation) throws(ResponseError) -> JSON {
        let rid = try self.rid(i)
        let lines = try resources.webview(i.context.webview).get(rid, as: LinesResource.self)
        lines.lock.lock()
        while !lines.ended, !lines.pending.contains(UInt8(ascii: "\n")) {
            let chunk = (try? lines.file.read(upTo: 64 << 10)) ?? []
            if chunk.isEmpty { lines.ended = true } else { lines.pending += chunk }
            if lines.pending.count > Sandbox.maxReadBytes { lines.ended = true }
        }
        var line: [UInt8]
        if let newline = lines.pending.firstIndex(of: UInt8(ascii: "\n")) {
            line = Array(lines.pending[..<newline])
            lines.pending.removeFirst(newline + 1)
        } else if !lines.pending.isEmpty {
            line = lines.pending
            lines.pending = []
        } else {
            lines.lock.unlock()
            try? resources.webview(i.context.webview).close(rid)
            return textAsBytes ? Files.bytes([1]) : .array([.null, .bool(true)])
        }
        lines.lock.unlock()
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        if textAsBytes { return Files.bytes(line + [0]) }
        return .array([String(validating: line, as: UTF8.self).map(JSON.string) ?? .null, .bool(false)])
    }

    func seek(_ i: Invocation) throws(ResponseError) -> JSON {
        let offset = Int(try integer(i, "offset", i.arguments["offset"], "i64", as: Int64.self) ?? 0)
        guard let whence = i.arguments["whence"]?.numberValue?.intValue, (0...2).contains(whence) else {
            throw Files.invalid("seek", "whence", "invalid value: \(i.arguments["whence"]?.serialized() ?? "null"), expected one of `0`, `1`, `2`")
        }
        return .number(JSONNumber(try onHandle("failed to seek file", i) { (file) throws(SandboxError) in try file.seek(offset, whence: Int32(whence)) }))
    }

    func stat(_ i: Invocation, followLink: Bool) throws(ResponseError) -> JSON {
        let r = try resolve(i, "path")
        let info = try attempt("failed to get metadata of path: \(r.display)", i) { (box) throws(SandboxError) in try box.info(r.path, followLink: followLink) }
        return fileInfo(info, i.context.platform)
    }

    func fstat(_ i: Invocation) throws(ResponseError) -> JSON {
        fileInfo(try onHandle("failed to get metadata of file", i) { (file) throws(SandboxError) in try file.info() }, i.context.platform)
    }

    /// `size` (fs ≥ 2.1, plugins/fs/src/commands.rs @ 456a0f51): the path's `metadata()` (links
    /// followed; its failure the io error alone), a file's length, else `get_dir_size`: every
    /// file under the folder summed, depth first, an entry's own `metadata` (links not followed,
    /// so a link or a FIFO counts nothing); its failure `failed to get size at path: …`.
    func size(_ i: Invocation) throws(ResponseError) -> JSON {
        let r = try resolve(i, "path")
        let sandbox = try box(i)
        let info: Sandbox.Info
        do {
            info = try sandbox.info(r.path, followLink: true)
        } catch {
            throw .native(error.display(platform: i.context.platform.rawValue), layer: "fs")
        }
        if info.kind == .file { return .number(JSONNumber(info.size)) }
        // Neither a file nor a folder (a FIFO): `read_dir` fails.
        if info.kind != .directory { throw io("failed to get size at path: \(r.display)", SandboxError(.system(ENOTDIR), path: r.display), i) }
        var total = 0
        var folders = [r.path]
        do throws(SandboxError) {
            while let folder = folders.popLast() {
                for entry in try sandbox.list(folder) {
                    let child = Sandbox.Path(platform: folder.platform, components: folder.components + [entry.name], display: folder.display + "/" + entry.name)
                    switch entry.kind {
                    case .file: total += try sandbox.info(child, followLink: false).size
                    case .directory: folders.append(child)
                    default: continue
                    }
                }
            }
        } catch {
            throw io("failed to get size at path: \(r.display)", error, i)
        }
        return .number(JSONNumber(total))
    }

    /// `exists`: the scope first (a forbidden path is an error, not `false`).
    func exists(_ i: Invocation) throws(ResponseError) -> JSON {
        let r = try resolve(i, "path")
        return .bool(try box(i).exists(r.path))
    }

    /// `FileInfo` (deno's shape, `fileAttribues` misspelt upstream): the unix fields on every
    /// platform but Windows; the owner as the device's app (iOS `mobile` 501, an Android app uid).
    func fileInfo(_ info: Sandbox.Info, _ platform: Platform) -> JSON {
        func n(_ v: Int) -> JSON { .number(JSONNumber(v)) }
        let unix = platform != .windows
        let (uid, gid): (Int, Int) = switch platform {
        case .ios: (501, 501)
        case .android: (10123, 10123)
        default: (Int(info.uid), Int(info.gid))
        }
        return .object([
            "isFile": .bool(info.kind == .file), "isDirectory": .bool(info.kind == .directory), "isSymlink": .bool(info.kind == .symlink),
            "size": n(info.size), "mtime": n(Int(info.modified)), "atime": n(Int(info.accessed)),
            // std's `created()`: Android's bionic has none; Linux reads statx's btime (Rust ≥ 1.40).
            "birthtime": platform == .android ? .null : n(Int(info.changed)),
            "readonly": .bool(info.mode & 0o222 == 0), "fileAttribues": platform == .windows ? n(32) : .null,
            "dev": unix ? n(Int(info.dev)) : .null, "ino": unix ? n(Int(truncatingIfNeeded: info.ino)) : .null,
            "mode": unix ? n(Int(info.mode)) : .null, "nlink": unix ? n(info.nlink) : .null,
            "uid": unix ? n(uid) : .null, "gid": unix ? n(gid) : .null, "rdev": unix ? n(Int(info.rdev)) : .null,
            "blksize": unix ? n(info.blksize) : .null, "blocks": unix ? n(info.blocks) : .null,
        ])
    }
}

extension FsPlugin.Config: OfficialSetting {
    public static var standard: FsPlugin.Config { FsPlugin.Config() }
}

extension OfficialSettings {
    /// `plugins.fs` of the app's configuration.
    public var fs: FsPlugin.Config {
        get { self[FsPlugin.Config.self] }
        set { self[FsPlugin.Config.self] = newValue }
    }
}

extension FsPlugin: CatalogPlugin {
    public typealias Settings = OfficialSettings

    /// `plugins.fs` of the app (`deny_unknown_fields`).
    public static func configure(app: PluginAppSetup, _ settings: inout OfficialSettings) throws(PluginOptionError) {
        do {
            settings.fs = try Config(app.config("fs"))
        } catch {
            throw PluginOptionError("--app \(app.root ?? ""): \(error.message)", pointsToHelp: false)
        }
    }

    public static func plugin(_ s: OfficialSettings) -> KitPlugin {
        plugin(sandbox: s.sandbox, app: s.app, resources: s.resources, config: s.fs, versions: s.versions)
    }
}
