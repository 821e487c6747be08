import BridgeBinding
import BridgeApp
import BridgeCall
import BridgeKit
import BridgeDevice
import BridgeJSON
import BridgeProtocol
import FoundationEssentials
import Glibc
import BridgeSystem

/// One position of the scripted track (`--location LAT,LON[,ACCURACY]`).
public struct TrackPoint: Sendable, Equatable {
    public let latitude: Double
    public let longitude: Double
    public let accuracy: Double

    public init(latitude: Double, longitude: Double, accuracy: Double = 10) {
        self.latitude = latitude
        self.longitude = longitude
        self.accuracy = accuracy
    }

    /// `LAT,LON[,ACCURACY]`, or `nil`.
    public init?(_ text: String) {
        let parts = text.split(separator: ",").map { Double($0.trimmingWhitespace()) }
        guard parts.count == 2 || parts.count == 3, let lat = parts[0], let lon = parts[1], (-90...90).contains(lat), (-180...180).contains(lon) else { return nil }
        let accuracy = parts.count == 3 ? parts[2] : 10
        guard let accuracy, accuracy >= 0 else { return nil }
        self.init(latitude: lat, longitude: lon, accuracy: accuracy)
    }

    /// Where the device is without `--location`: the Eiffel Tower, 10 m.
    public static let defaultPoint = TrackPoint(latitude: 48.8584, longitude: 2.2945, accuracy: 10)
}

/// `plugin:geolocation|…` (`@tauri-apps/plugin-geolocation`) as plugins-workspace@77149dc4 has
/// it: `src/commands.rs` binds `options: Option<PositionOptions>` (`enableHighAccuracy`,
/// `timeout`, `maximumAge`, all required once given), `watch_position(options, channel)`,
/// `clear_watch(channel_id)`, `request_permissions(permissions?)`; iOS
/// (`ios/Sources/GeolocationPlugin.swift`, CLLocationManager) asks for when-in-use authorisation
/// on the first position request and fails `kCLErrorDomain error 1` once denied; Android
/// (`GeolocationPlugin.kt`, `Geolocation.kt`, the fused provider) reads the position without
/// asking, so a missing permission is the provider's SecurityException; the desktop build
/// answers defaults (`src/desktop.rs`). Positions come from the scripted track; a watch sends
/// them on its Channel, one a second.
public enum GeolocationPlugin {
    static let commandNames = ["get_current_position", "watch_position", "clear_watch", "check_permissions", "request_permissions"]
    static let iosDenied = "The operation couldn’t be completed. (kCLErrorDomain error 1.)"
    static let androidMissing = "Client must have ACCESS_COARSE_LOCATION or ACCESS_FINE_LOCATION permission to perform any location operations."

    /// The watches running, by channel.
    final class Watches: Sendable {
        let tasks = SharedLock<[UInt32: Task<Void, Never>]>([:])
        func stop(_ channel: UInt32) { tasks.withLock { $0.removeValue(forKey: channel) }?.cancel() }
    }

    /// - Parameters:
    ///   - send: sends a message on a Channel of a client (serve's hub); `nil` where nobody listens.
    ///   - intervalSeconds: between two positions of a watch.
    public static func plugin(track: [TrackPoint], permissions: DevicePermissions,
                              send: (@Sendable (UInt32, String?, JSON) -> Void)?, intervalSeconds: Double = 1,
                              versions: ModelledVersions = .newest) -> KitPlugin {
        let track = track.isEmpty ? [TrackPoint.defaultPoint] : track
        let watches = Watches()
        // `geolocation:default` (UpstreamChanges.geolocationDefaultSet): none at 77149dc4.
        let defaultSet = versions.has(UpstreamChanges.geolocationDefaultSet)
            ? ("Default permissions for the plugin", ["allow-request-permissions", "allow-check-permissions", "allow-clear-watch",
                                                      "allow-watch-position", "allow-get-current-position"])
            : nil
        return KitPlugin(name: "geolocation", origin: .pluginsWorkspace(pin: PluginsWorkspacePin.commit), commandNames: commandNames, defaultSet: defaultSet, commands: [
            KitCommand("get_current_position", [("options", .option(.any("PositionOptions")))], waiting: { (i) async throws(ResponseError) -> CommandOutput in
                let payload = i.arguments, context = i.context
                try options(payload["options"], required: false, command: "get_current_position")
                if context.platform.isDesktop { return CommandOutput(result: desktopPosition) }
                let prompted = try await authorise(permissions, context)
                return CommandOutput(result: position(track[0], context.platform), presentation: { record(context, "getCurrentPosition", prompted) })
            }),
            KitCommand("watch_position", [("options", .any("PositionOptions")), ("channel", .channel)], waiting: { (i) async throws(ResponseError) -> CommandOutput in
                let payload = i.arguments, context = i.context
                try options(payload["options"], required: true, command: "watch_position")
                guard !context.platform.isDesktop else { return CommandOutput(result: .null) }
                guard let channel = ChannelArgument.id(payload["channel"]) else {
                    throw TauriArguments.invalid("channel", command: "watch_position", "invalid channel value, expected a string in the `__CHANNEL__:ID` format")
                }
                let client = context.client
                // iOS asks first and, once denied, sends its error on the channel; Android's
                // provider throws for the command itself.
                var prompted = false
                if context.platform == .ios {
                    let (state, asked) = await permissions.request("location", context, prompt: { record(context, "watchPosition", true, buttons: true) })
                    prompted = asked
                    if state != .granted {
                        send?(channel, client, .string(iosDenied))
                        let shown = prompted
                        return CommandOutput(result: .null, presentation: { record(context, "watchPosition", shown) })
                    }
                } else if permissions.state("location", context) != .granted && permissions.state("coarseLocation", context) != .granted {
                    throw .native(androidMissing, layer: "android", reason: "the fused location provider throws SecurityException: the plugin requests no permission before watching")
                }
                if let send {
                    let platform = context.platform
                    let task = Task {
                        for (i, point) in track.enumerated() {
                            if i > 0 { try? await Task.sleep(nanoseconds: UInt64(intervalSeconds * 1_000_000_000)) }
                            if Task.isCancelled { return }
                            send(channel, client, position(point, platform))
                        }
                    }
                    watches.tasks.withLock { $0[channel]?.cancel(); $0[channel] = task }
                }
                let shown = prompted
                return CommandOutput(result: .null, presentation: { record(context, "watchPosition", shown) })
            }),
            KitCommand("clear_watch", [("channel_id", .integer("u32"))]) { (payload, _) throws(ResponseError) -> JSON in
                if let id = payload["channelId"]?.numberValue?.intValue, let channel = UInt32(exactly: id) { watches.stop(channel) }
                return .null
            },
            KitCommand("check_permissions") { (_, context) throws(ResponseError) -> JSON in
                if context.platform.isDesktop { return ["location": "prompt", "coarseLocation": "prompt"] }
                return status(permissions, context)
            },
            KitCommand("request_permissions", [("permissions", .option(.sequence(.any("PermissionType"))))], waiting: { (i) async throws(ResponseError) -> CommandOutput in
                let payload = i.arguments, context = i.context
                if context.platform.isDesktop { return CommandOutput(result: ["location": "prompt", "coarseLocation": "prompt"]) }
                let asked = payload["permissions"]?.arrayValue?.compactMap(\.stringValue) ?? ["location", "coarseLocation"]
                for name in asked where !["location", "coarseLocation"].contains(name) {
                    throw TauriArguments.invalid("permissions", command: "request_permissions", "unknown variant `\(name)`, expected `location` or `coarseLocation`")
                }
                var prompted = false
                let prompt: @Sendable () -> JSON = { record(context, "requestPermissions", true, buttons: true) }
                if context.platform == .ios {
                    prompted = await permissions.request("location", context, prompt: prompt).prompted
                } else {
                    // The location alias asks for ACCESS_FINE_LOCATION and ACCESS_COARSE_LOCATION together.
                    let names = asked.contains("location") ? Array(Set(asked + ["coarseLocation"])).sorted() : asked
                    for name in names { prompted = await permissions.request(name, context, prompt: prompt).prompted || prompted }
                }
                let result = status(permissions, context)
                let shown = prompted
                return CommandOutput(result: result, presentation: { record(context, "requestPermissions", shown) })
            }),
        ])
    }

    /// `PositionOptions` as serde reads it: every field required once `options` is given.
    static func options(_ value: JSON?, required: Bool, command: String) throws(ResponseError) {
        func refuse(_ problem: String) -> ResponseError { TauriArguments.invalid("options", command: command, problem) }
        guard let value, !value.isNull else {
            if required { throw refuse(value == nil ? "command \(command) missing required key options" : "invalid type: null, expected struct PositionOptions") }
            return
        }
        guard case .object(let o) = value else { throw refuse("invalid type: \(SerdeEnum.describe(value)), expected struct PositionOptions") }
        for (field, kind) in [("enableHighAccuracy", "bool"), ("timeout", "u32"), ("maximumAge", "u32")] {
            guard let v = o[field] else { throw refuse("missing field `\(field)`") }
            if kind == "bool", v.boolValue == nil { throw refuse("invalid type: \(SerdeEnum.describe(v)), expected a boolean") }
            if kind == "u32" {
                guard let n = v.numberValue?.intValue, n >= 0, n <= Int(UInt32.max) else {
                    throw refuse(v.numberValue == nil ? "invalid type: \(SerdeEnum.describe(v)), expected u32" : "invalid value: \(SerdeEnum.describe(v)), expected u32")
                }
            }
        }
    }

    /// Before a position: iOS asks when the state is `prompt` (and fails once denied); Android
    /// does not ask — without a grant the provider throws.
    static func authorise(_ permissions: DevicePermissions, _ context: CallContext) async throws(ResponseError) -> Bool {
        if context.platform == .ios {
            let (state, prompted) = await permissions.request("location", context, prompt: { record(context, "getCurrentPosition", true, buttons: true) })
            guard state == .granted else {
                throw .native(iosDenied, layer: "ios", reason: "CLLocationManager fails with CLError.denied: the person did not allow location")
            }
            return prompted
        }
        guard permissions.state("location", context) == .granted || permissions.state("coarseLocation", context) == .granted else {
            throw .native(androidMissing, layer: "android", reason: "the fused location provider throws SecurityException: the plugin requests no permission before reading the position; call requestPermissions() first")
        }
        return false
    }

    /// `{location, coarseLocation}`: iOS reports one state for both.
    static func status(_ permissions: DevicePermissions, _ context: CallContext) -> JSON {
        if context.platform == .ios {
            let state = JSON.string(permissions.state("location", context).rawValue)
            return ["location": state, "coarseLocation": state]
        }
        return ["location": .string(permissions.state("location", context).rawValue), "coarseLocation": .string(permissions.state("coarseLocation", context).rawValue)]
    }

    /// A position as each platform converts it: iOS reports -1 for an unknown speed and course,
    /// Android 0.
    static func position(_ point: TrackPoint, _ platform: Platform) -> JSON {
        let unknown: JSON = platform == .ios ? -1 : 0
        return ["timestamp": .integer(Int(Date().timeIntervalSince1970 * 1000)),
                "coords": ["latitude": .double(point.latitude), "longitude": .double(point.longitude), "accuracy": .double(point.accuracy),
                           "altitude": 0, "altitudeAccuracy": .double(platform == .ios ? -1 : 0), "speed": unknown, "heading": unknown]]
    }

    /// `Position::default()`: what the desktop build answers.
    static let desktopPosition: JSON = ["timestamp": 0, "coords": ["latitude": 0, "longitude": 0, "accuracy": 0,
                                                                    "altitudeAccuracy": nil, "altitude": nil, "speed": nil, "heading": nil]]

    static func record(_ context: CallContext, _ method: String, _ prompted: Bool, buttons: Bool = false) -> JSON {
        var r = officialRecord("geolocation", context, method)
        if buttons {
            r["buttons"] = context.platform == .ios ? ["Allow Once", "Allow While Using App", "Don't Allow"] : ["While using the app", "Only this time", "Don't allow"]
        }
        if prompted {
            r["prompt"] = context.platform == .ios
                ? "Allow “the app” to use your location? (requestWhenInUseAuthorization: Allow Once / Allow While Using App / Don't Allow)"
                : "Allow the app to access this device's location? (ACCESS_FINE_LOCATION and ACCESS_COARSE_LOCATION: Precise / Approximate)"
        }
        return .object(r)
    }
}

extension GeolocationPlugin: CatalogPlugin {
    public typealias Settings = OfficialSettings

    /// The scripted track (`--location`).
    public struct Track: OfficialSetting {
        public var points: [TrackPoint] = []
        public static var standard: Track { Track() }
    }

    public static let options = [
        PluginOption("location", help: """
              --location LAT,LON[,ACCURACY]
                                      geolocation: where the device is; repeated, the track a
                                      watch follows, one a second [48.8584,2.2945,10]
            """),
    ]

    public static func configure(_ given: PluginOptionValues, _ settings: inout OfficialSettings) throws(PluginOptionError) {
        var track: [TrackPoint] = []
        for value in given.values("location") {
            guard let point = TrackPoint(value) else {
                throw PluginOptionError("option '--location' takes LAT,LON[,ACCURACY] in degrees and metres, such as 48.8584,2.2945,10, got '\(value)'")
            }
            track.append(point)
        }
        settings.track = track
    }

    public static func plugin(_ s: OfficialSettings) -> KitPlugin {
        plugin(track: s.track, permissions: s.permissions, send: s.send, versions: s.versions)
    }
}

extension OfficialSettings {
    /// The scripted track (`--location`).
    public var track: [TrackPoint] {
        get { self[GeolocationPlugin.Track.self].points }
        set { self[GeolocationPlugin.Track.self].points = newValue }
    }
}
