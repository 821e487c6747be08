import BridgeACL
import BridgeApp
import BridgeBinding
import BridgeCall
import BridgeJSON
import BridgeKit
import BridgeProtocol
import BridgeSystem

/// `plugin:notification|…` (`@tauri-apps/plugin-notification` 2.0.1) as plugins-workspace@77149dc4
/// has it. Three commands are Rust (`src/commands.rs`): `notify(options: NotificationData)`
/// (mobile: the native `show`; desktop: a notify-rust banner), `request_permission` and
/// `is_permission_granted`; every other COMMANDS entry goes straight to the native method of its
/// lowerCamelCase name (`ios/Sources/NotificationPlugin.swift`, `android/src/main/java/
/// NotificationPlugin.kt`, `TauriNotificationManager.kt`, `ChannelManager.kt`) and does not
/// exist on desktop. The permission is the device's `notification` (POST_NOTIFICATIONS on
/// Android 13+, UNUserNotificationCenter authorisation on iOS). The pin's own defects are
/// kept, each said in the record: on iOS a `schedule` crashes the app (plugins-workspace#2902,
/// fixed after the pin by #2905); on Android `show` stores nothing, so `getPending` is always
/// empty (#3550); `cancelAll()` sends no ids and is rejected on both (#2341).
public enum NotificationPlugin {
    static let commandNames = ["notify", "request_permission", "is_permission_granted", "register_action_types", "register_listener", "cancel",
                               "get_pending", "remove_active", "get_active", "check_permissions", "show", "batch", "list_channels",
                               "delete_channel", "create_channel", "permission_state"]
    static let defaultDescription = """
        This permission set configures which
        notification features are by default exposed.

        #### Granted Permissions

        It allows all notification related features.

        """
    /// The runtime permission's name in `DevicePermissions` (`--permission notification=…`).
    static let permission = "notification"
    static let missing = "The data couldn’t be read because it is missing."
    static let malformed = "The data couldn’t be read because it isn’t in the correct format."

    /// What the session's notification centre holds: the delivered notifications, the action
    /// types, Android's channels.
    final class Center: Sendable {
        struct State {
            var active: [(id: Int, json: JSON)] = []
            var actionTypes: [JSON] = []
            /// Android: the plugin creates `default` at load (`TauriNotificationManager.kt`).
            var channels: [JSON] = [["id": "default", "name": "Default", "description": "Default", "sound": nil, "lights": false,
                                     "vibration": false, "importance": 3, "visibility": 0]]
        }
        let state = SharedLock(State())
        /// The app's name, which the banner shows.
        let appName: String
        init(appName: String) { self.appName = appName }
    }

    public static func plugin(app: AppInfo, permissions: DevicePermissions, emit: (@Sendable (String, JSON) -> Void)?,
                              listen: (@Sendable (String, String, String?, UInt32) -> Void)? = nil) -> KitPlugin {
        let center = Center(appName: app.name)
        return KitPlugin(name: "notification", origin: .pluginsWorkspace(pin: PluginsWorkspacePin.commit), commandNames: commandNames,
                              defaultSet: (defaultDescription, commandNames.map { "allow-" + CommandPermissions.slug($0) }), commands: [
            KitCommand("notify", [("options", .any("NotificationData"))], recording: { (payload, context) throws(ResponseError) in
                var options = try data(payload["options"], command: "notify")
                if options["id"] == nil { options["id"] = .integer(Int(Int32.random(in: .min ... .max))) }
                if context.platform.isDesktop {
                    let banner: JSONObject = ["title": options["title"] ?? .string(app.name), "body": options["body"] ?? .null, "icon": options["icon"] ?? "auto_icon()"]
                    let record = officialRecord("notification", context, "notify", ["banner": .object(banner), "effect": "notify-rust: the system shows the banner now (schedule, sound and actions are ignored on desktop)"])
                    return CommandOutput(result: .null, presentation: { .object(record) })
                }
                let shown = try show(.object(options), center: center, permissions: permissions, emit: emit, context, rust: true)
                return CommandOutput(result: .null, presentation: { .object(shown.record) })
            }),
            KitCommand("request_permission", waiting: { (i) async throws(ResponseError) in
                let context = i.context
                if context.platform.isDesktop { return CommandOutput(result: "granted") }
                let before = permissions.state(permission, context)
                let ios = context.platform == .ios
                let text = ios ? "“the app” Would Like to Send You Notifications (requestAuthorization [.badge, .alert, .sound])"
                    : "Allow the app to send you notifications? (POST_NOTIFICATIONS)"
                let buttons: JSON = ios ? ["Don't Allow", "Allow"] : ["Don't allow", "Allow"]
                let (state, prompted) = await permissions.request(permission, context, prompt: {
                    .object(officialRecord("notification", context, "requestPermissions", ["prompt": .string(text), "buttons": buttons]))
                })
                var fields: JSONObject = [:]
                if prompted { fields["prompt"] = .string(text + ": " + (buttons.arrayValue ?? []).compactMap(\.stringValue).joined(separator: " / ")) }
                if context.platform == .android && before == .granted {
                    fields["defect"] = "Android 13+: when POST_NOTIFICATIONS is already granted the plugin never resolves this call (NotificationPlugin.kt requestPermissions); the bridge answers granted"
                }
                let record = officialRecord("notification", context, "requestPermissions", fields)
                return CommandOutput(result: .string(state == .granted ? "granted" : "denied"), presentation: { .object(record) })
            }),
            KitCommand("is_permission_granted") { (_, context) throws(ResponseError) -> JSON in
                if context.platform.isDesktop { return true }
                switch permissions.state(permission, context) {
                case .granted: return true
                case .denied: return false
                case .prompt, .promptWithRationale: return .null
                }
            },
            KitCommand("check_permissions") { (_, context) throws(ResponseError) -> JSON in
                try native("check_permissions", context)
                return ["permissionState": .string(permissions.state(permission, context).rawValue)]
            },
            KitCommand("permission_state") { (_, context) throws(ResponseError) -> JSON in
                try native("permission_state", context)
                guard context.platform == .android else {
                    throw ResponseError.nativeObject("No command permissionState found for plugin notification", layer: "ios",
                                                   reason: "only the Kotlin plugin has permissionState; Tauri's iOS runner finds no such method")
                }
                return ["permissionState": permissions.state(permission, context) == .granted ? "granted" : "denied"]
            },
            KitCommand("register_listener", [("event", .string), ("handler", .channel)]) { (payload, context) throws(ResponseError) -> JSON in
                // The base Plugin's registerListener: the Channel hears the plugin's `trigger`s.
                // (Browser mode registers a page's before this runs.)
                try native("register_listener", context)
                if let event = payload["event"]?.stringValue, let channel = ChannelArgument.id(payload["handler"]) {
                    listen?("notification", event, context.client, channel)
                }
                return .null
            },
            KitCommand("register_action_types") { (payload, context) throws(ResponseError) -> JSON in
                try native("register_action_types", context)
                guard let types = payload["types"]?.arrayValue else { throw parseRefusal(context, "ActionTypes", "types") }
                // iOS replaces every category; Android keeps one group per type id.
                center.state.withLock { s in
                    if context.platform == .ios { s.actionTypes = types; return }
                    for t in types { s.actionTypes.removeAll { $0["id"] == t["id"] }; s.actionTypes.append(t) }
                }
                return .null
            },
            KitCommand("show", invocation: { (i) throws(ResponseError) in
                try native("show", i.context)
                let shown = try show(.object(i.arguments), center: center, permissions: permissions, emit: emit, i.context, rust: false)
                return CommandOutput(result: .integer(shown.id), presentation: { .object(shown.record) })
            }),
            KitCommand("batch", recording: { (payload, context) throws(ResponseError) in
                try native("batch", context)
                guard let list = payload["notifications"]?.arrayValue else { throw parseRefusal(context, "BatchArgs", "notifications") }
                var ids: [JSON] = [], records: [JSON] = []
                for n in list {
                    let shown = try show(n, center: center, permissions: permissions, emit: emit, context, rust: false)
                    ids.append(.integer(shown.id))
                    records.append(.object(shown.record))
                }
                let record = officialRecord("notification", context, "batch", ["notifications": .array(records)])
                return CommandOutput(result: .array(ids), presentation: { .object(record) })
            }),
            KitCommand("cancel", invocation: { (i) throws(ResponseError) in
                try native("cancel", i.context)
                guard i.arguments["notifications"]?.arrayValue != nil else { throw cancelAllRefusal(i.context) }
                let record = officialRecord("notification", i.context, "cancel", ["effect": "nothing was pending: at this pin no notification is ever scheduled (see getPending)"])
                return CommandOutput(result: .null, presentation: { .object(record) })
            }),
            KitCommand("get_pending", recording: { (_, context) throws(ResponseError) in
                try native("get_pending", context)
                let why = context.platform == .ios
                    ? "on iOS a notification with a schedule crashes the app before UNUserNotificationCenter holds it (plugins-workspace#2902)"
                    : "on Android show never stores what it schedules, so getPending finds nothing (plugins-workspace#3550)"
                let record = officialRecord("notification", context, "getPending", ["reason": .string(why)])
                return CommandOutput(result: [], presentation: { .object(record) })
            }),
            KitCommand("get_active") { (_, context) throws(ResponseError) -> JSON in
                try native("get_active", context)
                return .array(center.state.withLock { $0.active.map(\.json) })
            },
            KitCommand("remove_active") { (payload, context) throws(ResponseError) -> JSON in
                try native("remove_active", context)
                let ids = payload["notifications"]?.arrayValue?.compactMap { $0["id"]?.numberValue?.intValue }
                center.state.withLock { s in
                    // No list (or an empty one on Android): every delivered notification goes.
                    guard let ids, !ids.isEmpty else { s.active.removeAll(); return }
                    s.active.removeAll { ids.contains($0.id) }
                }
                return .null
            },
            KitCommand("list_channels") { (_, context) throws(ResponseError) -> JSON in
                try androidOnly("list_channels", context)
                return .array(center.state.withLock { $0.channels })
            },
            KitCommand("create_channel", invocation: { (i) throws(ResponseError) in
                try androidOnly("create_channel", i.context)
                for key in ["id", "name"] where i.arguments[key]?.stringValue == nil { throw parseRefusal(i.context, "Channel", key) }
                // listChannels answers the Kotlin Channel's fields; the light colour JS sends as
                // `lightColor` is read as `lightsColor`, so it is never kept.
                var channel = JSONObject()
                for (key, fallback) in [("id", JSON.null), ("name", .null), ("description", .null), ("sound", .null), ("lights", false), ("vibration", false),
                                        ("importance", 3), ("visibility", 0)] {
                    let given = i.arguments[key] ?? .null
                    channel[key] = given.isNull ? fallback : given
                }
                let made = JSON.object(channel)
                center.state.withLock { s in s.channels.removeAll { $0["id"] == made["id"] }; s.channels.append(made) }
                return CommandOutput(result: .null)
            }),
            KitCommand("delete_channel") { (payload, context) throws(ResponseError) -> JSON in
                try androidOnly("delete_channel", context)
                guard payload["id"]?.stringValue != nil else { throw parseRefusal(context, "DeleteChannelArgs", "id") }
                center.state.withLock { s in s.channels.removeAll { $0["id"] == payload["id"] } }
                return .null
            },
        ])
    }

    /// A command with no Rust code: the native method of its lowerCamelCase name, none on desktop.
    static func native(_ command: String, _ context: CallContext) throws(ResponseError) {
        try MobileOnly.require(CaseConversion.lowerCamelCase(command), context)
    }

    /// Channels are Android's (`ChannelManager.kt`); iOS rejects `not implemented`.
    static func androidOnly(_ command: String, _ context: CallContext) throws(ResponseError) {
        try MobileOnly.require(CaseConversion.lowerCamelCase(command), context)
        guard context.platform == .android else {
            throw ResponseError.nativeObject("not implemented", layer: "ios", reason: "NotificationPlugin.swift answers \(CaseConversion.lowerCamelCase(command)) with invoke.reject(\"not implemented\"): channels are Android's")
        }
    }

    /// A native method's arguments that do not parse: Swift's DecodingError as iOS words it,
    /// Jackson's missing-creator-property on Android.
    static func parseRefusal(_ context: CallContext, _ type: String, _ field: String) -> ResponseError {
        context.platform == .ios
            ? .nativeObject(missing, layer: "ios", reason: "parseArgs(\(type).self) throws: `\(field)` is required")
            : .nativeObject("Instantiation of [simple type, class app.tauri.notification.\(type)] value failed for JSON property \(field) due to missing (therefore NULL) value for creator parameter \(field) which is a non-nullable type",
                            layer: "android", reason: "invoke.parseArgs(\(type)::class.java): `\(field)` is required")
    }

    /// `cancelAll()` sends no ids: iOS fails to parse CancelArgs, Android reads an unset lateinit.
    static func cancelAllRefusal(_ context: CallContext) -> ResponseError {
        context.platform == .ios
            ? .nativeObject(missing, layer: "ios", reason: "cancelAll() sends no `notifications`: parseArgs(CancelArgs.self) throws keyNotFound (plugins-workspace#2341)")
            : .nativeObject("lateinit property notifications has not been initialized", layer: "android",
                            reason: "cancelAll() sends no `notifications`: CancelArgs.notifications is never set (plugins-workspace#2341)")
    }

    /// `NotificationData` as serde reads it: an object whose fields have their Rust types.
    static func data(_ value: JSON?, command: String) throws(ResponseError) -> JSONObject {
        func refuse(_ problem: String) -> ResponseError { TauriArguments.invalid("options", command: command, problem) }
        guard let value else { throw refuse("command \(command) missing required key options") }
        guard case .object(let o) = value else { throw refuse("invalid type: \(SerdeEnum.describe(value)), expected struct NotificationData") }
        for member in o.members {
            let key = member.key, v = member.value
            switch key {
            case "id":
                guard let n = v.numberValue?.intValue, Int32(exactly: n) != nil else {
                    throw refuse(v.numberValue == nil ? "invalid type: \(SerdeEnum.describe(v)), expected i32" : "invalid value: \(SerdeEnum.describe(v)), expected i32")
                }
            case "channelId", "title", "body", "largeBody", "summary", "actionTypeId", "group", "sound", "icon", "largeIcon", "iconColor":
                if !v.isNull, v.stringValue == nil { throw refuse("invalid type: \(SerdeEnum.describe(v)), expected a string") }
            case "groupSummary", "ongoing", "autoCancel", "silent":
                if v.boolValue == nil { throw refuse("invalid type: \(SerdeEnum.describe(v)), expected a boolean") }
            case "inboxLines":
                guard let lines = v.arrayValue, lines.allSatisfy({ $0.stringValue != nil }) else { throw refuse("invalid type: \(SerdeEnum.describe(v)), expected a sequence of strings") }
            case "extra":
                guard case .object = v else { throw refuse("invalid type: \(SerdeEnum.describe(v)), expected a map") }
            case "schedule":
                if !v.isNull { try schedule(v, refuse) }
            default: continue  // serde ignores unknown fields (`visibility`, `number` are dropped)
            }
        }
        return o
    }

    /// `Schedule`: externally tagged `at` / `interval` / `every`.
    static func schedule(_ v: JSON, _ refuse: (String) -> ResponseError) throws(ResponseError) {
        guard case .object(let o) = v, o.count == 1, let kind = o.members.first else {
            throw refuse("invalid type: \(SerdeEnum.describe(v)), expected enum Schedule")
        }
        guard ["at", "interval", "every"].contains(kind.key) else { throw refuse("unknown variant `\(kind.key)`, expected one of `at`, `interval`, `every`") }
        if kind.key == "every", let every = kind.value["interval"]?.stringValue,
           !["year", "month", "twoweeks", "week", "day", "hour", "minute", "second"].contains(every.lowercased()) {
            throw refuse("unknown every kind '\(every)'")
        }
    }

    struct Shown { let id: Int; let record: JSONObject }

    /// The native `show`: what the device does with one notification.
    static func show(_ value: JSON, center: Center, permissions: DevicePermissions, emit: (@Sendable (String, JSON) -> Void)?,
                     _ context: CallContext, rust: Bool) throws(ResponseError) -> Shown {
        let o = value.objectValue ?? JSONObject()
        let ios = context.platform == .ios
        func reject(_ message: String, _ reason: String) -> ResponseError {
            rust ? .native(message, layer: context.platform.rawValue, reason: reason) : .nativeObject(message, layer: context.platform.rawValue, reason: reason)
        }
        guard let id = o["id"]?.numberValue?.intValue ?? (ios ? nil : 0) else {
            throw reject(missing, "parseArgs(Notification.self): `id` is required by the iOS plugin")
        }
        if ios {
            guard o["title"]?.stringValue != nil else {
                throw reject(missing, "the iOS Notification's title is a non-optional String: a notification without a title cannot be decoded")
            }
            if let extra = o["extra"]?.objectValue, extra.members.contains(where: { $0.value.stringValue == nil }) {
                throw reject(malformed, "the iOS Notification's extra is [String: String]: every value must be a string")
            }
        } else if let color = o["iconColor"]?.stringValue, !AndroidColor.parses(color) {
            throw reject("Invalid color provided. Must be a hex string (ex: #ff0000", "Color.parseColor(\(color)) throws IllegalArgumentException")
        }
        var banner: JSONObject = [:]
        for key in ["title", "body", "largeBody", "summary", "group", "sound", "icon", "channelId", "actionTypeId"] { if let v = o[key], !v.isNull { banner[key] = v } }
        var record = officialRecord("notification", context, "show", ["id": .integer(id), "app": .string(center.appName), "banner": .object(banner)])
        if let schedule = o["schedule"], !schedule.isNull {
            record["schedule"] = schedule
            record["delivered"] = false
            record["effect"] = .string(ios
                ? "the app crashes: UNUserNotificationCenter.add raises NSInvalidArgumentException (userInfo[\"__SCHEDULE__\"] holds a Swift enum, not a property list; plugins-workspace#2902, fixed after the pin by #2905)"
                : "AlarmManager schedules it; the plugin stores nothing, so getPending will not list it (plugins-workspace#3550)")
            return Shown(id: id, record: record)
        }
        let granted = permissions.state(permission, context) == .granted
        let channel = o["channelId"]?.stringValue ?? "default"
        let hasChannel = ios || center.state.withLock { $0.channels.contains { $0["id"]?.stringValue == channel } }
        let delivered = granted && hasChannel
        record["delivered"] = .bool(delivered)
        if !granted {
            record["reason"] = .string(ios ? "notifications are not authorised: UNUserNotificationCenter.add fails and the plugin drops the error (requestPermission() first)"
                : "POST_NOTIFICATIONS is not granted: NotificationManagerCompat.notify posts nothing (requestPermission() first)")
        } else if !hasChannel {
            record["reason"] = .string("no channel \(channel): Android posts nothing to a channel that does not exist (createChannel first)")
        }
        if o["silent"]?.boolValue == true, ios { record["presentation"] = "silent: willPresent answers [] (no banner, no sound, no badge)" }
        let active: JSON = ios
            ? ["id": .integer(id), "title": o["title"] ?? "", "body": o["body"] ?? "", "sound": o["sound"] ?? "", "actionTypeId": o["actionTypeId"] ?? "",
               "attachments": o["attachments"] ?? []]
            : ["id": .integer(id), "tag": .null, "title": o["title"] ?? .null, "body": o["body"] ?? .null, "group": o["group"] ?? .null,
               "groupSummary": o["groupSummary"] ?? false, "data": ["android.title": o["title"] ?? .null, "android.text": o["body"] ?? .null]]
        if delivered { center.state.withLock { s in s.active.removeAll { $0.id == id }; s.active.append((id, active)) } }
        // iOS triggers `notification` from willPresent (delivered, app in the foreground); Android
        // right after notify, whether or not the system showed it.
        if delivered || !ios { emit?("notification://notification", ios ? active : value) }
        return Shown(id: id, record: record)
    }
}

/// `android.graphics.Color.parseColor`: `#RRGGBB`, `#AARRGGBB`, or a colour name it knows.
enum AndroidColor {
    static let names: Set<String> = ["red", "blue", "green", "black", "white", "gray", "cyan", "magenta", "yellow", "lightgray", "darkgray",
                                     "grey", "lightgrey", "darkgrey", "aqua", "fuchsia", "lime", "maroon", "navy", "olive", "purple", "silver", "teal"]

    static func parses(_ s: String) -> Bool {
        if s.hasPrefix("#") {
            let hex = s.dropFirst()
            return (hex.count == 6 || hex.count == 8) && hex.allSatisfy(\.isHexDigit)
        }
        return names.contains(s.lowercased())
    }
}

extension NotificationPlugin: CatalogPlugin {
    public typealias Settings = OfficialSettings

    public static func plugin(_ s: OfficialSettings) -> KitPlugin {
        plugin(app: s.app, permissions: s.permissions, emit: s.emit, listen: s.listen)
    }
}
