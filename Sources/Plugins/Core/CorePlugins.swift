import BridgeACL
import BridgeApp
import BridgeBinding
import BridgeCall
import BridgeEvents
import BridgeJSON
import BridgeKit
import BridgeProtocol

/// Tauri's core plugins as a front end reaches them (`plugin:app|version`,
/// `plugin:path|resolve_directory`, `plugin:window|set_title`, …), answered as Tauri answers on
/// the call's platform. The pins are in `TauriPin`; each plugin's file names the upstream code
/// it follows. Their permissions (`core:app:…`, with Tauri's ids and default sets) are
/// `CorePermissions`'; the router checks them before any command here runs.
public enum CorePlugins {
    /// The core plugins for the app `app` describes.
    /// - Parameters:
    ///   - events: where window events (`tauri://resize`, …) are emitted; `nil` where nobody listens.
    ///   - surface: what answers what the bridge does not simulate (menus and trays on desktop).
    ///   - resources: the session's resource table (fs's file handles), which `close` empties.
    ///   - versions: which later core commands exist (`UpstreamChanges`), and which listeners
    ///     `emit_to` reaches: set on `events`, which browser mode's event commands share.
    public static func plugins(_ app: AppInfo, events: EventHub?, surface: AppSurface, resources: ResourceTable = ResourceTable(),
                               versions: ModelledVersions = .newest) -> [any Plugin] {
        let windows = WindowStates(app: app, events: events)
        let hub = events ?? EventHub()
        hub.targetMatching = versions.has(UpstreamChanges.eventAnyLabelListeners) ? .labelAware : .exact
        // Each declared through the kit (`KitPlugin(core:…)`); menu and tray are named only, their
        // calls answered by what answers the unsimulated (`UnsimulatedCorePlugin`).
        return [AppCorePlugin(app: app, hub: hub, versions: versions).plugin, PathCorePlugin(app: app).plugin,
                WindowCorePlugin(windows: windows).plugin, WebviewCorePlugin(windows: windows).plugin,
                UnsimulatedCorePlugin.plugin(name: "menu", surface: surface), UnsimulatedCorePlugin.plugin(name: "tray", surface: surface),
                ImageCorePlugin(table: resources, surface: surface).plugin, ResourcesCorePlugin(table: resources).plugin,
                EventCorePlugin(hub: hub).plugin]
    }
}

/// A core plugin built from its commands.

