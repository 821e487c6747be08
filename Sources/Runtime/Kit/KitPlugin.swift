import BridgeACL
import BridgeCall
import BridgeJSON
import BridgeProtocol
import BridgeSystem

/// A plugin declared the one way — every plugin the bridge hosts is one: its name and where its
/// code comes from, the `COMMANDS` of its `build.rs` (whose per-command permissions Tauri's build
/// generates, as `CommandPermissions` does here), its `permissions/default.toml` and declared
/// permissions (or its permission files: a product plugin's compiled in, a `--plugin-dir` one's
/// as read), and one `KitCommand` per command, declared by the Rust signature of its
/// `src/commands.rs` or by its contract, and answered as its native code answers on the call's
/// platform. Tauri's core plugins are declared so too, their permissions being Tauri's own
/// (`CorePermissions`). One object per plugin: what a start pays for a plugin it does not call.
public final class KitPlugin: Plugin, Sendable {
    /// Where a plugin's code comes from.
    public enum Origin: Sendable, Equatable {
        /// Tauri's core plugins (`plugin:app|…`): permissions from `crates/tauri/build.rs`.
        case tauriCore
        /// A plugin of tauri-apps/plugins-workspace at `pin`.
        case pluginsWorkspace(pin: String)
        /// One of the product's own plugins (frak-share, share, share-extension): `source` names
        /// where its code is read from, for listings.
        case product(source: String)
        /// A `--plugin-dir` plugin: its folder, its commands answered by a handler or a fixture.
        case folder(String)
    }

    public let name: String
    public let origin: Origin
    /// `build.rs`'s `COMMANDS`, in its order.
    public let commandNames: [String]
    /// `permissions/default.toml`'s description and members; `nil` when the plugin has none.
    public let defaultSet: (description: String, permissions: [String])?
    public let sessionMethods: [SessionMethod]
    /// The permissions and sets its files declare beyond the generated ones (fs's scopes).
    var declaredPermissions: [Permission] { once(\.permissions, makePermissions) }
    var declaredSets: [PermissionSet] { once(\.sets, makeSets) }

    /// How its parts are made, on first use, each once: a plugin costs a start this one object
    /// (its name and `COMMANDS`); the rest is paid by the first call that reaches it.
    private enum Maker: Sendable {
        case commands(@Sendable () -> [KitCommand], raw: (@Sendable () -> [Command])?)
        /// Its commands and the ones that wait made together (barcode-scanner's shared table).
        case building(@Sendable () -> (commands: [KitCommand], raw: [Command]))
    }
    private let maker: Maker
    private let makePermissions: @Sendable () -> [Permission]
    private let makeSets: @Sendable () -> [PermissionSet]
    private typealias Made = (commands: [Command]?, permissions: [Permission]?, sets: [PermissionSet]?)
    private let made = SharedLock<Made>((nil, nil, nil))

    /// The part at `slot`, made by `make` the first time it is asked for.
    private func once<Value: Sendable>(_ slot: WritableKeyPath<Made, Value?>, _ make: () -> Value) -> Value {
        made.withLock { made in
            if let value = made[keyPath: slot] { return value }
            let value = make()
            made[keyPath: slot] = value
            return value
        }
    }

    /// Its commands as registered: every `COMMANDS` entry declared, once.
    private func makeCommands() -> [Command] {
        let summary = switch origin {
        case .tauriCore: "Tauri's core \(name) plugin"
        case .pluginsWorkspace(let pin): "\(name) (plugins-workspace@\(pin.prefix(8)))"
        case .product(let source): "\(name) (\(source))"
        case .folder(let folder): "\(name) (--plugin-dir \(folder)): answered by a handler or a fixture"
        }
        let declared: [KitCommand], waiting: [Command]
        switch maker {
        case .commands(let commands, let raw): (declared, waiting) = (commands(), raw?() ?? [])
        case .building(let building): (declared, waiting) = building()
        }
        precondition(Set(declared.map(\.name) + waiting.map(\.name)) == Set(commandNames) && declared.count + waiting.count == commandNames.count,
                     "\(name): every COMMANDS entry is declared, once")
        // Compiled in, its names are not checked at each start (`namesCheckedAtBuild`): an
        // invalid one is the declaration's error, said here rather than its command vanishing.
        for command in commandNames where !CommandName.isValidCommand(command) {
            preconditionFailure("\(name): the command name '\(command)' is not one Tauri accepts (snake_case)")
        }
        let name = self.name
        return declared.map { $0.command(plugin: name, summary: summary) } + waiting
    }

    /// Why a granted scope entry is malformed, for a plugin whose commands read their scope.
    let scopeCheck: (@Sendable (JSON) -> String?)?
    /// Whether its default set or a declared set names another plugin's permission: declared,
    /// so a start reads no set (`KitPluginReachTests` checks it against the sets).
    public let setsReachOtherPlugins: Bool?
    /// Its permission files as files (a product plugin's `permissions/<name>/`, compiled in by
    /// `bridge-generate`; a `--plugin-dir` plugin's, read from its folder); `nil`: made from the
    /// declared values.
    private let files: (@Sendable () -> [PermissionFile])?

    public convenience init(name: String, origin: Origin, commandNames: [String], defaultSet: (description: String, permissions: [String])?,
                sessionMethods: [SessionMethod] = [],
                declaredPermissions: @autoclosure @escaping @Sendable () -> [Permission] = [],
                declaredSets: @autoclosure @escaping @Sendable () -> [PermissionSet] = [],
                scopeProblem: (@Sendable (JSON) -> String?)? = nil, setsReachOtherPlugins: Bool = false,
                commands: @autoclosure @escaping @Sendable () -> [KitCommand], raw: @autoclosure @escaping @Sendable () -> [Command] = []) {
        self.init(name: name, origin: origin, commandNames: commandNames, defaultSet: defaultSet, sessionMethods: sessionMethods,
                  declaredPermissions: declaredPermissions, declaredSets: declaredSets, files: nil, scopeProblem: scopeProblem,
                  setsReachOtherPlugins: origin == .tauriCore ? nil : setsReachOtherPlugins, maker: .commands(commands, raw: raw))
    }

    /// The same, its commands and the ones that wait made together by `building` at the first
    /// call (barcode-scanner's `scan` and `cancel` share the table of waiting scans).
    public convenience init(name: String, origin: Origin, commandNames: [String], defaultSet: (description: String, permissions: [String])?,
                sessionMethods: [SessionMethod] = [],
                declaredPermissions: @autoclosure @escaping @Sendable () -> [Permission] = [],
                declaredSets: @autoclosure @escaping @Sendable () -> [PermissionSet] = [],
                scopeProblem: (@Sendable (JSON) -> String?)? = nil, setsReachOtherPlugins: Bool = false,
                building: @escaping @Sendable () -> (commands: [KitCommand], raw: [Command])) {
        self.init(name: name, origin: origin, commandNames: commandNames, defaultSet: defaultSet, sessionMethods: sessionMethods,
                  declaredPermissions: declaredPermissions, declaredSets: declaredSets, files: nil, scopeProblem: scopeProblem,
                  setsReachOtherPlugins: origin == .tauriCore ? nil : setsReachOtherPlugins, maker: .building(building))
    }

    /// A plugin whose permissions are files: compiled in from `permissions/<name>/` by
    /// `bridge-generate` (which says whether a set reaches another plugin), or read from a
    /// `--plugin-dir` folder (`setsReachOtherPlugins` `nil`: the ACL reads the sets).
    public convenience init(name: String, origin: Origin, commandNames: [String], permissionFiles: @autoclosure @escaping @Sendable () -> [PermissionFile],
                setsReachOtherPlugins: Bool?, sessionMethods: [SessionMethod] = [], scopeProblem: (@Sendable (JSON) -> String?)? = nil,
                commands: @autoclosure @escaping @Sendable () -> [KitCommand]) {
        self.init(name: name, origin: origin, commandNames: commandNames, defaultSet: nil, sessionMethods: sessionMethods,
                  declaredPermissions: { [] }, declaredSets: { [] }, files: permissionFiles, scopeProblem: scopeProblem,
                  setsReachOtherPlugins: setsReachOtherPlugins, maker: .commands(commands, raw: nil))
    }

    private init(name: String, origin: Origin, commandNames: [String], defaultSet: (description: String, permissions: [String])?,
                 sessionMethods: [SessionMethod], declaredPermissions: @escaping @Sendable () -> [Permission],
                 declaredSets: @escaping @Sendable () -> [PermissionSet], files: (@Sendable () -> [PermissionFile])?,
                 scopeProblem: (@Sendable (JSON) -> String?)?, setsReachOtherPlugins: Bool?, maker: Maker) {
        self.origin = origin
        self.files = files
        self.setsReachOtherPlugins = setsReachOtherPlugins
        self.scopeCheck = scopeProblem
        self.name = name
        self.commandNames = commandNames
        self.defaultSet = defaultSet
        self.sessionMethods = sessionMethods
        self.maker = maker
        makePermissions = declaredPermissions
        makeSets = declaredSets
    }

    /// One of Tauri's core plugins by its command names (`crates/tauri/build.rs`'s `PLUGINS`, as
    /// `CorePermissions` lists them), its commands built at its first call; its permissions are
    /// Tauri's (`CorePermissions`).
    public convenience init(core name: String, commandNames: [String], commands: @autoclosure @escaping @Sendable () -> [KitCommand],
                sessionMethods: [SessionMethod] = []) {
        self.init(name: name, origin: .tauriCore, commandNames: commandNames, defaultSet: nil, sessionMethods: sessionMethods,
                  commands: commands())
    }

    public var isCore: Bool { origin == .tauriCore }

    /// Compiled in, its names are checked by `OneKitTests`; read from a folder, at registration.
    public var namesCheckedAtBuild: Bool {
        if case .folder = origin { false } else { true }
    }

    public var commands: [Command] { once(\.commands, makeCommands) }

    public var generatedPermissions: GeneratedPermissions? {
        guard !isCore, files == nil else { return nil }
        return GeneratedPermissions(commands: commandNames, defaultSet: defaultSet, permissions: self.declaredPermissions, sets: self.declaredSets,
                                    setsReachOtherPlugins: setsReachOtherPlugins)
    }

    public func scopeProblem(_ entry: JSON) -> String? { scopeCheck?(entry) }

    /// The files Tauri's build writes under `permissions/`, with the plugin's `default.toml`: what
    /// `generatedPermissions` builds as values (a test checks they agree).
    public var permissionFiles: [PermissionFile] {
        if let files { return files() }
        guard !isCore else { return [] }
        var files = commandNames.map { PermissionFile(path: CommandPermissions.path(command: $0), text: CommandPermissions.text(command: $0)) }
        if let set = defaultSet {
            let members = set.permissions.map { "\"\($0)\"" }.joined(separator: ", ")
            // A TOML multi-line string drops the newline after its opening quotes, none other.
            files.append(PermissionFile(path: "default.toml", text: "[default]\ndescription = \"\"\"\n\(set.description)\"\"\"\npermissions = [\(members)]\n"))
        }
        if !declaredPermissions.isEmpty || !declaredSets.isEmpty {
            files.append(PermissionFile(path: "declared.toml", text: KitPlugin.toml(declaredPermissions, declaredSets)))
        }
        return files
    }
}

extension KitPlugin {
    /// The declared permissions and sets as one TOML file, for `permissionFiles`.
    static func toml(_ permissions: [Permission], _ sets: [PermissionSet]) -> String {
        func q(_ s: String) -> String { JSON.string(s).serialized() }
        func list(_ a: [String]) -> String { "[" + a.map(q).joined(separator: ", ") + "]" }
        var out = ""
        for p in permissions {
            out += "[[permission]]\nidentifier = \(q(p.identifier))\ndescription = \(q(p.description ?? ""))\n"
            if !p.allow.isEmpty || !p.deny.isEmpty {
                out += "commands.allow = \(list(p.allow))\ncommands.deny = \(list(p.deny))\n"
            }
            func members(_ entry: JSON) -> String {
                (entry.objectValue ?? JSONObject()).map { "\($0.key) = \($0.value.serialized())\n" }.joined()
            }
            for entry in p.scopeAllow ?? [] { out += "[[permission.scope.allow]]\n" + members(entry) }
            for entry in p.scopeDeny ?? [] { out += "[[permission.scope.deny]]\n" + members(entry) }
            out += "\n"
        }
        for s in sets { out += "[[set]]\nidentifier = \(q(s.identifier))\ndescription = \(q(s.description))\npermissions = \(list(s.permissions))\n\n" }
        return out
    }
}
