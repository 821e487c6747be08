import BridgeKit
import BridgeDevice
import BridgeJSON
import BridgeProtocol
import BridgeSandbox

/// The asset protocol's files: the device's files in the fs sandbox, within
/// `app.security.assetProtocol.scope`. Tauri builds that scope as it builds the fs plugin's
/// (`tauri::scope::fs::Scope::new` from the config: each entry's leading `$APPDATA`-style variable
/// resolved for the platform, compiled as a glob; deny first) and checks a request's path with
/// `is_allowed` (tauri `crates/tauri/src/protocol/asset.rs` @ 009341e4).
public struct FsAssetFiles: AssetFiles {
    private let scope: FsScope?
    private let problem: String?
    private let paths: PlatformPaths
    private let sandbox: SandboxHolder

    /// - Parameters:
    ///   - allow, deny: the scope's globs as the config writes them.
    ///   - requireLiteralLeadingDot: the scope's setting; `nil`, the platform's default.
    public init(allow: [String], deny: [String], requireLiteralLeadingDot: Bool?, paths: PlatformPaths, sandbox: SandboxHolder) {
        self.paths = paths
        self.sandbox = sandbox
        do throws(ResponseError) {
            scope = try FsScope(allow: allow.map(JSON.string), deny: deny.map(JSON.string), paths: paths,
                                requireLiteralLeadingDot: requireLiteralLeadingDot)
            problem = nil
        } catch {
            scope = nil
            problem = "app.security.assetProtocol.scope: \(error.message)"
        }
    }

    public func lookUp(_ path: String) -> AssetLookup {
        guard let scope else { return .forbidden(reason: problem ?? "no asset scope") }
        let normal = paths.syntax.collected(path)
        guard paths.syntax.isAbsolute(path), scope.allows(normal) else {
            return .forbidden(reason: "asset protocol not configured to allow the path: \(path) (app.security.assetProtocol.scope of tauri.conf.json decides; add a glob such as \"$APPDATA/**\")")
        }
        let box: Sandbox
        do {
            box = try sandbox.sandbox(installed: paths)
        } catch {
            return .failed(reason: error.message)
        }
        let where_ = paths.sandboxPath(path)
        let file: Sandbox.File
        do {
            file = try box.open(where_, Sandbox.OpenOptions(read: true))
        } catch {
            if case .system(let code) = error.reason, code == 2 || code == 20 {
                return .notFound(reason: "File does not exist at path: \(path)")
            }
            return .failed(reason: "\(error.display(platform: paths.platform.rawValue))")
        }
        guard !file.waits, let info = try? file.info(), info.kind == .file else {
            return .failed(reason: "\(path) is not a regular file: the asset protocol serves files")
        }
        return .file(size: info.size) { offset, count in
            guard (try? file.seek(offset, whence: 0)) != nil else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(count)
            while out.count < count {
                guard let part = try? file.read(upTo: count - out.count), !part.isEmpty else { break }
                out += part
            }
            return out
        }
    }
}
