import BridgeBinding
import BridgeCall
import BridgeInbox
import BridgeJSON
import BridgeKit
import BridgeProtocol

/// The share-extension plugin: the app side of the share inbox, delivering each share at least
/// once (`InboxLeases`). `read` returns what share extensions stored, oldest first, and leases
/// it to the caller's session; `clear` removes items — by id, or, without ids, only those a read
/// delivered (or leased to the same session), so a share that arrives in between, or whose
/// reader died before receiving it, is never lost. Declared through the kit; its permissions are
/// `permissions/share-extension/`, compiled in by `bridge-generate`.
public enum ShareExtensionPlugin {
    /// Its `build.rs` `COMMANDS`.
    public static let commandNames = ["clear", "read"]

    /// - Parameter inbox: the inbox of `--app-group DIR`; `nil` without one.
    public static func plugin(inbox: ShareInbox?) -> KitPlugin {
        KitPlugin(name: "share-extension", origin: .product(source: "the bridge's share inbox"), commandNames: commandNames,
                  permissionFiles: embeddedPermissionFiles, setsReachOtherPlugins: setsReachOtherPlugins,
                  commands: commands(ShareExtensionInbox(inbox: inbox)))
    }

    private static func commands(_ inbox: ShareExtensionInbox) -> [KitCommand] {
        [ClearCommand.command(inbox), ReadCommand.command(inbox)]
    }
}

/// The inbox as the plugin's commands reach it: the store, and the readers of this process
/// (its own session, and one per browser page).
final class ShareExtensionInbox: Sendable {
    /// The inbox of `--app-group DIR`; `nil` without one.
    let inbox: ShareInbox?
    let sessions = InboxSessions()

    init(inbox: ShareInbox?) {
        self.inbox = inbox
    }

    /// Native-only commands exist where the plugin has native code: on desktop, Tauri finds no
    /// handler (`Command <name> not found`).
    func native(_ invocation: Invocation) throws(ResponseError) {
        guard !invocation.context.platform.isDesktop else {
            throw ResponseError.notFound("Command \(invocation.name.command) not found", details: [
                "command": .string(invocation.name.description), "platform": .string(invocation.context.platform.rawValue),
            ])
        }
    }

    func store(_ invocation: Invocation) throws(ResponseError) -> StoreCall {
        guard let inbox else {
            throw ResponseError.rejected("no App Group container: start the bridge with --app-group DIR",
                                         details: ["command": .string(invocation.name.description)])
        }
        return StoreCall(inbox: inbox, session: sessions.session(for: invocation.context.client), command: invocation.name)
    }
}

/// One call on the store, with inbox errors turned into wire errors.
struct StoreCall {
    let inbox: ShareInbox
    /// The reader: the process's session, or the browser page's.
    let session: InboxSession
    let command: CommandName

    func read() throws(ResponseError) -> ShareInbox.ReadResult {
        do { return try inbox.read(as: session) } catch { throw wire(error) }
    }

    func clear(ids: [String]?) throws(ResponseError) -> (removed: [String], notFound: [String]) {
        do { return try inbox.clear(ids: ids, as: session) } catch { throw wire(error) }
    }

    private func wire(_ error: InboxError) -> ResponseError {
        let details: JSONObject = ["command": .string(command.description), "reason": .string(error.kind.rawValue)]
        return error.kind == .invalidShare
            ? ResponseError.invalidParams(error.message, details: details).adding(["field": "ids"])
            : .rejected(error.message, details: details)
    }
}
