import BridgeACL
import BridgeApp
import BridgeBinding
import BridgeCall
import BridgeDevice
import BridgeEvents
import BridgeJSON
import BridgeKit
import BridgeProtocol
import BridgeSystem

/// The windows of the app on a desktop target: those of the config, with their state (title,
/// size, position, flags), changed by the setters, which emit the events the window system's
/// change would (`tauri://resize`, `tauri://move`, `tauri://focus`, `tauri://blur`,
/// `tauri://close-requested`, `tauri://destroyed`), as `crates/tauri/src/manager/window.rs`
/// forwards them. On iOS and Android every window and webview command is refused, as
/// `crates/tauri/src/window/plugin.rs` @ a8105ecc does under `#[cfg(mobile)]`.
final class WindowStates: Sendable {
    struct State: Sendable {
        var label: String
        var title: String
        /// Logical size and position.
        var width: Double, height: Double, x: Double, y: Double
        var flags: [String: Bool]
        var theme: String = "light"
        var zoom: Double = 1
    }

    let app: AppInfo
    let events: EventHub?
    private let windows: SharedLock<[State]>

    init(app: AppInfo, events: EventHub?) {
        self.app = app
        self.events = events
        windows = SharedLock(app.windows.map { w in
            State(label: w.label, title: w.title, width: w.width, height: w.height, x: 0, y: 0, flags: [
                "visible": w.visible, "resizable": w.resizable, "fullscreen": w.fullscreen, "maximized": w.maximized,
                "decorated": w.decorations, "focused": w.focus, "minimized": false, "maximizable": true, "minimizable": true,
                "closable": true, "enabled": true, "always_on_top": false,
            ])
        })
    }

    /// The scale factor of the platform's typical display: 2 on a Mac (Retina), 1 elsewhere.
    static func scale(_ platform: Platform) -> Double { platform == .macos ? 2 : 1 }

    var labels: [String] { windows.withLock { $0.map(\.label) } }

    /// The window a call names (`label`, else the calling window).
    func with<T>(_ label: String?, context: CallContext, _ body: (inout State) -> T) throws(ResponseError) -> T {
        let wanted = label.flatMap { $0.isEmpty ? nil : $0 } ?? context.window
        let result: T? = windows.withLock { list in
            guard let i = list.firstIndex(where: { $0.label == wanted }) else { return nil }
            return body(&list[i])
        }
        guard let result else { throw .rejected("window not found") }
        return result
    }

    func remove(_ label: String) { windows.withLock { $0.removeAll { $0.label == label } } }

    func add(_ state: State) throws(ResponseError) {
        let added = windows.withLock { list -> Bool in
            guard !list.contains(where: { $0.label == state.label }) else { return false }
            list.append(state)
            return true
        }
        if !added { throw .rejected("a window with label `\(state.label)` already exists") }
    }

    func emit(_ event: String, _ payload: JSON) { events?.emitAppEvent(event, payload: payload) }

    /// The monitor of the platform's typical desktop.
    static func monitor(_ platform: Platform) -> JSON {
        let f = scale(platform)
        return ["name": "Built-in Display", "scaleFactor": .double(f),
                "position": ["x": 0, "y": 0], "size": ["width": .double(1920 * f), "height": .double(1080 * f)]]
    }
}

/// `plugin:window|…`, answered from `WindowStates`.
struct WindowCorePlugin {
    let windows: WindowStates
    var name: String { "window" }
    /// The plugin, declared through the kit.
    var plugin: KitPlugin { KitPlugin(core: name, commandNames: CorePermissions.commandNames("core:" + name), commands: coreCommands) }

    var coreCommands: [KitCommand] {
        let w = windows
        func getter(_ name: String, _ read: @escaping @Sendable (WindowStates.State, Platform) -> JSON) -> KitCommand {
            KitCommand(name, [("label", .option(.string))]) { payload, context throws(ResponseError) in
                try WindowCorePlugin.desktop(context)
                return try w.with(payload["label"]?.stringValue, context: context) { read($0, context.platform) }
            }
        }
        func setter(_ name: String, _ type: RustType?, _ change: @escaping @Sendable (inout WindowStates.State, JSON, Platform) -> [(String, JSON)]) -> KitCommand {
            KitCommand(name, [("label", .option(.string))] + (type.map { [("value", $0)] } ?? [])) { payload, context throws(ResponseError) in
                try WindowCorePlugin.desktop(context)
                let value = payload["value"] ?? .null
                let emitted = try w.with(payload["label"]?.stringValue, context: context) { change(&$0, value, context.platform) }
                for (event, body) in emitted { w.emit(event, body) }
                return .null
            }
        }
        func flag(_ name: String, _ key: String) -> KitCommand { getter(name) { s, _ in .bool(s.flags[key] ?? false) } }
        func setFlag(_ name: String, _ key: String) -> KitCommand {
            setter(name, .bool) { s, v, _ in s.flags[key] = v.boolValue ?? false; return [] }
        }
        @Sendable func physicalSize(_ s: WindowStates.State, _ p: Platform) -> JSON {
            let f = WindowStates.scale(p)
            return ["width": .integer(Int(s.width * f)), "height": .integer(Int(s.height * f))]
        }
        @Sendable func physicalPosition(_ s: WindowStates.State, _ p: Platform) -> JSON {
            let f = WindowStates.scale(p)
            return ["x": .integer(Int(s.x * f)), "y": .integer(Int(s.y * f))]
        }
        /// A `Size` / `Position` (`{"Logical": {…}}` or `{"Physical": {…}}`) in logical units.
        @Sendable func logical(_ v: JSON, _ a: String, _ b: String, _ p: Platform) -> (Double, Double)? {
            if let l = v["Logical"], let x = l[a]?.numberValue?.doubleValue, let y = l[b]?.numberValue?.doubleValue { return (x, y) }
            if let ph = v["Physical"], let x = ph[a]?.numberValue?.doubleValue, let y = ph[b]?.numberValue?.doubleValue {
                return (x / WindowStates.scale(p), y / WindowStates.scale(p))
            }
            return nil
        }
        var list: [KitCommand] = [
            KitCommand("get_all_windows") { _, context throws(ResponseError) in
                try WindowCorePlugin.desktop(context)
                return .array(w.labels.map(JSON.string))
            },
            getter("scale_factor") { _, p in .double(WindowStates.scale(p)) },
            getter("inner_position", physicalPosition), getter("outer_position", physicalPosition),
            getter("inner_size", physicalSize), getter("outer_size", physicalSize),
            getter("title") { s, _ in .string(s.title) }, getter("theme") { s, _ in .string(s.theme) },
            flag("is_fullscreen", "fullscreen"), flag("is_minimized", "minimized"), flag("is_maximized", "maximized"),
            flag("is_focused", "focused"), flag("is_decorated", "decorated"), flag("is_resizable", "resizable"),
            flag("is_maximizable", "maximizable"), flag("is_minimizable", "minimizable"), flag("is_closable", "closable"),
            flag("is_visible", "visible"), flag("is_enabled", "enabled"), flag("is_always_on_top", "always_on_top"),
            KitCommand("current_monitor", [("label", .option(.string))]) { _, c throws(ResponseError) in try WindowCorePlugin.desktop(c); return WindowStates.monitor(c.platform) },
            KitCommand("primary_monitor", [("label", .option(.string))]) { _, c throws(ResponseError) in try WindowCorePlugin.desktop(c); return WindowStates.monitor(c.platform) },
            KitCommand("available_monitors", [("label", .option(.string))]) { _, c throws(ResponseError) in try WindowCorePlugin.desktop(c); return [WindowStates.monitor(c.platform)] },
            KitCommand("monitor_from_point", [("label", .option(.string)), ("x", .float("f64")), ("y", .float("f64"))]) { _, c throws(ResponseError) in
                try WindowCorePlugin.desktop(c); return WindowStates.monitor(c.platform)
            },
            KitCommand("cursor_position", [("label", .option(.string))]) { _, c throws(ResponseError) in try WindowCorePlugin.desktop(c); return ["x": 0, "y": 0] },
            setter("set_title", .string) { s, v, _ in s.title = v.stringValue ?? s.title; return [] },
            setter("set_size", .any("Size")) { s, v, p in
                guard let (width, height) = logical(v, "width", "height", p) else { return [] }
                s.width = width; s.height = height
                return [("tauri://resize", physicalSize(s, p))]
            },
            setter("set_position", .any("Position")) { s, v, p in
                guard let (x, y) = logical(v, "x", "y", p) else { return [] }
                s.x = x; s.y = y
                return [("tauri://move", physicalPosition(s, p))]
            },
            setter("set_focus", nil) { s, _, _ in s.flags["focused"] = true; return [("tauri://focus", .null)] },
            setter("maximize", nil) { s, _, _ in s.flags["maximized"] = true; return [] },
            setter("unmaximize", nil) { s, _, _ in s.flags["maximized"] = false; return [] },
            setter("toggle_maximize", nil) { s, _, _ in s.flags["maximized"] = !(s.flags["maximized"] ?? false); return [] },
            setter("internal_toggle_maximize", nil) { s, _, _ in
                if s.flags["resizable"] == true { s.flags["maximized"] = !(s.flags["maximized"] ?? false) }
                return []
            },
            setter("minimize", nil) { s, _, _ in s.flags["minimized"] = true; return [("tauri://blur", .null)] },
            setter("unminimize", nil) { s, _, _ in s.flags["minimized"] = false; return [] },
            setter("show", nil) { s, _, _ in s.flags["visible"] = true; return [] },
            setter("hide", nil) { s, _, _ in s.flags["visible"] = false; return [] },
            setter("set_fullscreen", .bool) { s, v, _ in s.flags["fullscreen"] = v.boolValue ?? false; return [] },
            setter("set_theme", .option(.any("Theme"))) { s, v, _ in
                s.theme = v.stringValue ?? "light"
                return [("tauri://theme-changed", .string(s.theme))]
            },
            // Closing asks first (`tauri://close-requested`); the page's listener then calls destroy.
            setter("close", nil) { _, _, _ in [("tauri://close-requested", .null)] },
            KitCommand("destroy", [("label", .option(.string))]) { payload, context throws(ResponseError) in
                try WindowCorePlugin.desktop(context)
                let label = try w.with(payload["label"]?.stringValue, context: context) { $0.label }
                w.remove(label)
                w.emit("tauri://destroyed", .null)
                return .null
            },
            KitCommand("create", [("options", .any("WindowConfig"))]) { payload, context throws(ResponseError) in
                try WindowCorePlugin.desktop(context)
                let o = payload["options"] ?? .null
                let label = o["label"]?.stringValue ?? "main"
                try w.add(WindowStates.State(label: label, title: o["title"]?.stringValue ?? "Tauri App",
                                             width: o["width"]?.numberValue?.doubleValue ?? 800, height: o["height"]?.numberValue?.doubleValue ?? 600,
                                             x: 0, y: 0, flags: ["visible": true, "resizable": true, "focused": true, "decorated": true,
                                                                "maximizable": true, "minimizable": true, "closable": true, "enabled": true]))
                w.emit("tauri://window-created", ["label": .string(label)])
                return .null
            },
        ]
        for (cmd, key) in [("set_resizable", "resizable"), ("set_maximizable", "maximizable"), ("set_minimizable", "minimizable"),
                           ("set_closable", "closable"), ("set_decorations", "decorated"), ("set_always_on_top", "always_on_top"),
                           ("set_enabled", "enabled")] {
            list.append(setFlag(cmd, key))
        }
        // Setters with no state the bridge shows: accepted, as the window system would.
        for cmd in ["center", "request_user_attention", "set_shadow", "set_effects", "set_always_on_bottom", "set_visible_on_all_workspaces",
                    "set_content_protected", "set_min_size", "set_max_size", "set_size_constraints", "set_skip_taskbar", "set_cursor_grab",
                    "set_cursor_visible", "set_cursor_icon", "set_cursor_position", "set_ignore_cursor_events", "start_dragging",
                    "start_resize_dragging", "set_progress_bar", "set_icon", "set_title_bar_style", "set_badge_count", "set_badge_label",
                    "set_overlay_icon", "set_background_color"] {
            let takesValue = !["center", "start_dragging"].contains(cmd)
            list.append(setter(cmd, takesValue ? .any("value") : nil) { _, _, _ in [] })
        }
        return list
    }

    /// Tauri refuses every window command on a phone.
    static func desktop(_ context: CallContext) throws(ResponseError) {
        if !context.platform.isDesktop { throw .rejected("Window API not available on mobile") }
    }
}

/// `plugin:webview|…`: each window's one webview (same label), refused on a phone.
struct WebviewCorePlugin {
    let windows: WindowStates
    var name: String { "webview" }
    /// The plugin, declared through the kit: its commands Tauri's list and `close`, which the bridge answers as a no-op
    /// though no permission names it.
    var plugin: KitPlugin { KitPlugin(core: name, commandNames: CorePermissions.commandNames("core:" + name) + ["close"], commands: coreCommands) }

    var coreCommands: [KitCommand] {
        let w = windows
        @Sendable func desktop(_ c: CallContext) throws(ResponseError) {
            if !c.platform.isDesktop { throw .rejected("Webview API not available on mobile") }
        }
        func on(_ name: String, _ extra: [(String, RustType)] = [], _ read: @escaping @Sendable (inout WindowStates.State, JSON, Platform) -> JSON) -> KitCommand {
            KitCommand(name, [("label", .option(.string))] + extra) { payload, context throws(ResponseError) in
                try desktop(context)
                do {
                    return try w.with(payload["label"]?.stringValue, context: context) { read(&$0, payload["value"] ?? .null, context.platform) }
                } catch {
                    throw .rejected("webview not found")
                }
            }
        }
        var list: [KitCommand] = [
            KitCommand("get_all_webviews") { _, context throws(ResponseError) in
                try desktop(context)
                // tauri 2.0.6 `crates/tauri/src/webview/plugin.rs` `WebviewRef` derives Serialize
                // without `rename_all`: its field is `window_label` on the wire.
                return .array(w.labels.map { ["label": .string($0), "window_label": .string($0)] })
            },
            on("webview_position") { _, _, _ in ["x": 0, "y": 0] },
            on("webview_size") { s, _, p in
                ["width": .integer(Int(s.width * WindowStates.scale(p))), "height": .integer(Int(s.height * WindowStates.scale(p)))]
            },
            on("set_webview_zoom", [("value", .float("f64"))]) { s, v, _ in s.zoom = v.numberValue?.doubleValue ?? 1; return .null },
            on("webview_hide") { s, _, _ in s.flags["visible"] = false; return .null },
            on("webview_show") { s, _, _ in s.flags["visible"] = true; return .null },
            on("set_webview_focus") { s, _, _ in s.flags["focused"] = true; return .null },
        ]
        for cmd in ["webview_close", "close", "set_webview_size", "set_webview_position", "set_webview_auto_resize", "print",
                    "clear_all_browsing_data", "set_webview_background_color", "internal_toggle_devtools"] {
            list.append(on(cmd) { _, _, _ in .null })
        }
        list.append(KitCommand("reparent", [("label", .option(.string)), ("window", .string)]) { _, context throws(ResponseError) in
            try desktop(context); return .null
        })
        for cmd in ["create_webview", "create_webview_window"] {
            list.append(KitCommand(cmd, []) { payload, context throws(ResponseError) in
                try desktop(context)
                let o = payload["options"] ?? .null
                let label = payload["label"]?.stringValue ?? o["label"]?.stringValue ?? "main"
                try w.add(WindowStates.State(label: label, title: o["title"]?.stringValue ?? "Tauri App", width: o["width"]?.numberValue?.doubleValue ?? 800,
                                             height: o["height"]?.numberValue?.doubleValue ?? 600, x: 0, y: 0, flags: ["visible": true, "focused": true]))
                w.emit(cmd == "create_webview" ? "tauri://webview-created" : "tauri://window-created", ["label": .string(label)])
                return .null
            })
        }
        return list
    }
}

/// A core plugin the bridge does not simulate (`menu`, `tray`): on a phone its calls are
/// refused (Tauri builds them for desktop only); every other call goes to the handlers and
/// fixtures, its payload as sent, and is named when nothing answers it.
enum UnsimulatedCorePlugin {
    static func plugin(name: String, surface: AppSurface) -> KitPlugin {
        let names = CorePermissions.commandNames("core:\(name)")
        return KitPlugin(core: name, commandNames: names, commands: names.map { command in
            let method = "plugin:\(name)|\(command)"
            return KitCommand(command, [], summary: "Tauri's core \(name) plugin: \(command) (answered by a handler or fixture)",
                              takesRequest: true) { invocation throws(ResponseError) in
                if !invocation.context.platform.isDesktop {
                    throw ResponseError.rejected("\(name == "menu" ? "Menu" : "Tray") API not available on mobile: Tauri registers the \(name) plugin on desktop targets only",
                                                 details: ["command": .string(method)])
                }
                return try await KitPlugin.answered(surface, method, kind: "core plugin \(name), not simulated", invocation)
            }
        })
    }
}
