import BridgeACL
import BridgeJSON
import BridgeKit
import BridgeProtocol
import Synchronization

/// `plugin:resources|close` (tauri `resources/plugin.rs`): closes a resource by id.
struct ResourcesCorePlugin {
    let table: ResourceTable
    var name: String { "resources" }
    /// The plugin, declared through the kit.
    var plugin: KitPlugin { KitPlugin(core: name, commandNames: CorePermissions.commandNames("core:" + name), commands: coreCommands) }

    var coreCommands: [KitCommand] {
        let table = self.table
        // tauri `resources/plugin.rs`: the webview's table, then the app's.
        return [KitCommand("close", [("rid", .integer("u32"))]) { (payload, context) throws(ResponseError) in
            let rid = payload["rid"]?.numberValue?.intValue.flatMap { UInt32(exactly: $0) } ?? 0
            do {
                try table.webview(context.webview).close(rid)
            } catch {
                try table.close(rid)
            }
            return .null
        }]
    }
}
