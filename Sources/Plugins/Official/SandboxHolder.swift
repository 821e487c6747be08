import BridgeKit
import BridgeDevice
import BridgeProtocol
import BridgeSandbox
import FoundationEssentials
import Glibc
import BridgeSystem

/// Where the fs plugin keeps the device's files: `--sandbox DIR`, or a fresh temporary folder
/// made on the first call that needs one (and named on stderr then, so its files can be looked at).
public final class SandboxHolder: Sendable {
    private let requested: String?
    private let made = SharedLock<Sandbox?>(nil)
    /// The platforms whose install-time folders are made (a holder serves one app).
    private let installed = SharedLock<Set<Platform>>([])
    private let announce: @Sendable (String) -> Void

    /// - Parameters:
    ///   - root: `--sandbox DIR`; `nil`: a temporary folder.
    ///   - announce: told the folder when it is made.
    public init(root: String? = nil, announce: @escaping @Sendable (String) -> Void = { _ in }) {
        requested = root
        self.announce = announce
    }

    /// The folder, once made (or the one `--sandbox` named); `nil` before a call needed it.
    public var root: String? { made.withLock { $0?.root } }

    /// The sandbox, made on first use.
    public func sandbox() throws(ResponseError) -> Sandbox {
        // The folder, and whether this call made a temporary one (then it is named, once).
        let result: Result<(Sandbox, made: Bool), SandboxError> = made.withLock { current in
            if let current { return .success((current, false)) }
            do throws(SandboxError) {
                let root: String
                if let requested { root = requested } else { root = try SandboxHolder.temporaryFolder() }
                let box = try Sandbox(root: root)
                current = box
                return .success((box, requested == nil))
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let (box, made)):
            if made { announce(box.root) }
            return box
        case .failure(let error):
            throw .rejected("the sandbox folder cannot be made: \(error.description); pass --sandbox DIR with a folder the bridge may write",
                            details: ["layer": "sandbox"])
        }
    }

    /// The sandbox, with the folders a freshly installed app finds on `paths`' device made once
    /// (`PlatformPaths.installFolders`): a file manager asked whether the app's own folder
    /// exists says yes, as the device does, before the app wrote anything.
    public func sandbox(installed paths: PlatformPaths) throws(ResponseError) -> Sandbox {
        let box = try sandbox()
        if installed.withLock({ $0.insert(paths.platform).inserted }) {
            for folder in paths.installFolders { try? box.makeFolder(paths.sandboxPath(folder), recursive: true, mode: 0o771) }
        }
        return box
    }

    private static func temporaryFolder() throws(SandboxError) -> String {
        var template = Array((Paths.temporaryDirectory + "bridge-sandbox-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw SandboxError(.system(errno), path: Paths.temporaryDirectory)
        }
        return String(cString: made)
    }
}

extension PlatformPaths {
    /// The folders that exist when the app first runs: Android's data folder and the cache
    /// folder `ActivityThread.handleBindApplication` makes (`getCacheDir()`, before any app code);
    /// an iOS container's Documents, Library, Library/Caches, Library/Preferences and tmp
    /// (Apple's File System Programming Guide, "The iOS app container"); a desktop's home.
    var installFolders: [String] {
        let s = syntax
        switch platform {
        case .android: return [home, s.push(home, "cache")]
        case .ios: return [home] + ["Documents", "Library", "Library/Caches", "Library/Preferences", "tmp"].map { s.push(home, $0) }
        default: return [home]
        }
    }

    /// Where the device path `path` lives in the sandbox: its components once `.` and `..` are
    /// resolved as the device resolves them (a Windows drive kept as the first one).
    func sandboxPath(_ path: String) -> Sandbox.Path {
        let (root, parts) = syntax.components(syntax.normalize(path, resolving: true))
        let components = platform == .windows && root.count >= 2 ? [String(root.prefix(2))] + parts : parts
        return Sandbox.Path(platform: platform.rawValue, components: components, display: path)
    }
}
