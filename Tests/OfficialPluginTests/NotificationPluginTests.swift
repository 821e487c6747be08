import BridgeCall
import BridgeDevice
import BridgeJSON
@testable import BridgeOfficialPlugins
import BridgeProtocol
import BridgeRouter
import Synchronization
import Testing

/// A router over the official plugins whose person answers `answer` about notifications, and
/// the plugin events it emits.
private func notificationRouter(_ answer: DevicePermissions.Answer = .allow) throws -> (Router, Emitted) {
    let emitted = Emitted()
    var settings = OfficialSettings(emit: { name, payload in emitted.add(name, payload) }, permissions: DevicePermissions(["notification": answer]))
    settings.app = .init(identifier: "id.frak.example", name: "Frak")
    return (Router(registry: try CommandRegistry(plugins: OfficialPlugins.plugins(settings))), emitted)
}

private final class Emitted: Sendable {
    private let events = Mutex<[String]>([])
    func add(_ name: String, _ payload: JSON) { events.withLock { $0.append(name) } }
    func count(_ name: String) -> Int { events.withLock { $0.filter { $0 == name }.count } }
}

@Suite("notification as plugins-workspace@77149dc4 answers on iOS, Android and desktop")
struct NotificationPluginTests {
    @Test("the permission: iOS asks once, Android asks again after a first denial; desktop is always granted", arguments: [Platform.ios, .android])
    func permission(platform: Platform) async throws {
        let (r, _) = try notificationRouter(.deny)
        #expect(try await call("plugin:notification|is_permission_granted", on: platform, router: r).0.get() == .null, "not asked yet: null")
        #expect(try await call("plugin:notification|check_permissions", on: platform, router: r).0.get() == ["permissionState": "prompt"])
        let (first, record) = await call("plugin:notification|request_permission", on: platform, router: r)
        #expect(try first.get() == "denied")
        #expect(record?["prompt"]?.stringValue != nil, "the prompt was shown")
        let state: JSON = platform == .ios ? "denied" : "prompt-with-rationale"
        #expect(try await call("plugin:notification|check_permissions", on: platform, router: r).0.get() == ["permissionState": state])
        let (_, again) = await call("plugin:notification|request_permission", on: platform, router: r)
        #expect((again?["prompt"] != nil) == (platform == .android), "iOS never asks twice; Android asks once more")
        #expect(try await call("plugin:notification|is_permission_granted", on: platform, router: r).0.get() == false)
        #expect(try await call("plugin:notification|request_permission", on: .linux, router: r).0.get() == "granted")
        #expect(try await call("plugin:notification|is_permission_granted", on: .macos, router: r).0.get() == true)
    }

    @Test("notify delivers once granted: getActive lists it in each platform's shape and the notification event fires", arguments: [Platform.ios, .android])
    func notifyDelivers(platform: Platform) async throws {
        let (r, events) = try notificationRouter()
        let options: JSON = ["options": ["id": 7, "title": "Paid", "body": "12 €"]]
        let (before, dropped) = await call("plugin:notification|notify", options, on: platform, router: r)
        #expect(try before.get() == .null)
        #expect(dropped?["delivered"] == false, "not granted yet: the system posts nothing, the call still resolves")
        #expect(try await call("plugin:notification|get_active", on: platform, router: r).0.get() == [])
        _ = await call("plugin:notification|request_permission", on: platform, router: r)
        let (_, shown) = await call("plugin:notification|notify", options, on: platform, router: r)
        #expect(shown?["delivered"] == true)
        #expect(shown?["banner"] == ["title": "Paid", "body": "12 €"])
        let active = try await call("plugin:notification|get_active", on: platform, router: r).0.get()
        #expect(active.arrayValue?.count == 1)
        #expect(active.arrayValue?[0]["id"] == 7 && active.arrayValue?[0]["title"] == "Paid")
        #expect(active.arrayValue?[0][platform == .ios ? "actionTypeId" : "groupSummary"] != nil, "iOS's ActiveNotification, Android's StatusBarNotification fields")
        let fired = events.count("notification://notification")
        #expect(fired == (platform == .ios ? 1 : 2), "iOS fires from willPresent (delivered only); Android after every notify")
        #expect(try await call("plugin:notification|remove_active", ["notifications": [["id": 7]]], on: platform, router: r).0.get() == .null)
        #expect(try await call("plugin:notification|get_active", on: platform, router: r).0.get() == [])
    }

    @Test("options are bound as serde binds NotificationData; iOS refuses a missing title, Android a bad colour")
    func options() async throws {
        let (r, _) = try notificationRouter(.granted)
        let badID = await call("plugin:notification|notify", ["options": ["id": 3_000_000_000]], router: r).0
        #expect(badID.failure?.message == "invalid args `options` for command `notify`: invalid value: integer `3000000000`, expected i32")
        let badTitle = await call("plugin:notification|notify", ["options": ["title": 1]], router: r).0
        #expect(badTitle.failure?.message == "invalid args `options` for command `notify`: invalid type: integer `1`, expected a string")
        let noTitle = await call("plugin:notification|notify", ["options": ["body": "b"]], on: .ios, router: r).0
        #expect(noTitle.failure?.message == "The data couldn’t be read because it is missing.")
        #expect(try await call("plugin:notification|notify", ["options": ["body": "b"]], on: .android, router: r).0.get() == .null)
        let color = await call("plugin:notification|notify", ["options": ["title": "t", "iconColor": "blueish"]], on: .android, router: r).0
        #expect(color.failure?.message == "Invalid color provided. Must be a hex string (ex: #ff0000")
        let every = await call("plugin:notification|notify", ["options": ["title": "t", "schedule": ["every": ["interval": "fortnight", "count": 1]]]], router: r).0
        #expect(every.failure?.message == "invalid args `options` for command `notify`: unknown every kind 'fortnight'")
    }

    @Test("the pin's defects: a schedule crashes iOS and is never pending on Android; cancelAll is rejected on both")
    func defects() async throws {
        let (r, _) = try notificationRouter(.granted)
        let scheduled: JSON = ["options": ["id": 1, "title": "Later", "schedule": ["at": ["date": "2030-01-01T00:00:00.000Z"]]]]
        let (_, ios) = await call("plugin:notification|notify", scheduled, on: .ios, router: r)
        #expect(ios?["effect"]?.stringValue?.contains("NSInvalidArgumentException") == true)
        let (_, android) = await call("plugin:notification|notify", scheduled, on: .android, router: r)
        #expect(android?["effect"]?.stringValue?.contains("AlarmManager") == true)
        #expect(try await call("plugin:notification|get_pending", on: .android, router: r).0.get() == [])
        #expect(await call("plugin:notification|cancel", on: .ios, router: r).0.failure?.message == "The data couldn’t be read because it is missing.")
        #expect(await call("plugin:notification|cancel", on: .android, router: r).0.failure?.message == "lateinit property notifications has not been initialized")
        #expect(try await call("plugin:notification|cancel", ["notifications": [1]], on: .android, router: r).0.get() == .null)
    }

    @Test("channels are Android's: listed with the default one, created, deleted; iOS answers not implemented, desktop has no such command")
    func channels() async throws {
        let (r, _) = try notificationRouter(.granted)
        let created = await call("plugin:notification|create_channel", ["id": "pay", "name": "Payments", "importance": 4, "lightColor": "#ff0000"], on: .android, router: r).0
        #expect(try created.get() == .null)
        let list = try await call("plugin:notification|list_channels", on: .android, router: r).0.get()
        #expect(list.arrayValue?.compactMap { $0["id"]?.stringValue } == ["default", "pay"])
        #expect(list.arrayValue?[1]["importance"] == 4 && list.arrayValue?[1]["lightColor"] == nil, "the colour sent as lightColor is never read")
        let (_, onPay) = await call("plugin:notification|notify", ["options": ["title": "t", "channelId": "pay"]], on: .android, router: r)
        #expect(onPay?["delivered"] == true)
        _ = await call("plugin:notification|delete_channel", ["id": "pay"], on: .android, router: r)
        let (_, gone) = await call("plugin:notification|notify", ["options": ["title": "t", "channelId": "pay"]], on: .android, router: r)
        #expect(gone?["delivered"] == false, "a deleted channel gets nothing")
        #expect(await call("plugin:notification|list_channels", on: .ios, router: r).0.failure?.message == "not implemented")
        #expect(await call("plugin:notification|get_active", on: .linux, router: r).0.failure?.message == "Command getActive not found")
        let (desktop, banner) = await call("plugin:notification|notify", ["options": ["body": "b"]], on: .linux, router: r)
        #expect(try desktop.get() == .null)
        #expect(banner?["banner"]?["title"] == "Frak", "notify-rust falls back to the product name")
    }

    @Test("__bridge.permission answers one call's prompt, or sets the permission as Settings would")
    func perCallPermission() async throws {
        let (r, _) = try notificationRouter(.allow)
        let denied = await call("plugin:notification|request_permission", ["__bridge": ["permission": "deny"]], on: .android, router: r)
        #expect(try denied.0.get() == "denied" && denied.1?["prompt"] != nil, "the person denies this prompt, whatever --permission says")
        #expect(try await call("plugin:notification|request_permission", on: .android, router: r).0.get() == "granted", "the next call: --permission's allow")
        let settings = await call("plugin:notification|check_permissions", ["__bridge": ["permission": ["notification": "denied"]]], on: .android, router: r)
        #expect(try settings.0.get() == ["permissionState": "denied"], "denied in Settings before the call")
        #expect(try await call("plugin:notification|is_permission_granted", on: .android, router: r).0.get() == false, "and it stays so")
        let bad = await call("plugin:notification|request_permission", ["__bridge": ["permission": "maybe"]], router: r).0
        #expect(bad.failure?.message.hasPrefix("invalid args `__bridge.permission` for command `request_permission`: expected allow, deny, granted or denied") == true)
    }

    @Test("--user interactive: the call waits for the person's click; a second request while the alert is up grants nothing")
    func interactivePrompt() async throws {
        let (r, _) = try notificationRouter(.allow)
        var context = CallContext(platform: .ios)
        let screen = Screen(user: .interactive)
        context.screen = screen
        let asking = context
        @Sendable func ask() async -> JSON? {
            guard case .success(let call) = r.prepare(method: "plugin:notification|request_permission", params: [:], context: asking) else { return nil }
            return try? await r.run(call).get().result
        }
        let first = Task { await ask() }
        while screen.sheetsUp.isEmpty { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(await ask() == "denied", "the alert is up: the second request is answered as things stand, not granted")
        #expect(screen.answer(screen.sheetsUp[0], .activity("Allow")))
        #expect(await first.value == "granted", "Allow grants")
    }

    @Test("show and batch answer the native ids; permissionState is Android's")
    func nativeCommands() async throws {
        let (r, _) = try notificationRouter(.granted)
        #expect(try await call("plugin:notification|show", ["id": 5, "title": "a"], on: .ios, router: r).0.get() == 5)
        #expect(try await call("plugin:notification|show", ["title": "a"], on: .android, router: r).0.get() == 0, "the Kotlin id defaults to 0")
        #expect(await call("plugin:notification|show", ["title": "a"], on: .ios, router: r).0.failure?.message == "The data couldn’t be read because it is missing.")
        let ids = try await call("plugin:notification|batch", ["notifications": [["id": 1, "title": "a"], ["id": 2, "title": "b"]]], on: .ios, router: r).0.get()
        #expect(ids == [1, 2])
        #expect(try await call("plugin:notification|permission_state", on: .android, router: r).0.get() == ["permissionState": "granted"])
        #expect(await call("plugin:notification|permission_state", on: .ios, router: r).0.failure?.message == "No command permissionState found for plugin notification")
    }
}
