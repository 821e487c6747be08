import BridgeCall
import BridgeDevice
@testable import BridgeRouter
import BridgeSimulation
import Testing

/// `CallContext` is one shared reference inside: a copy must still behave as a value.
@Suite("CallContext")
struct CallContextTests {
    @Test("setting a property of a copy leaves the original as it was")
    func copyOnWrite() {
        let original = CallContext(window: "main", origin: "local", platform: .ios)
        var copy = original
        copy.window = "settings"
        copy.platform = .android
        copy.client = "page:1"
        copy.simulation = Simulation(activity: "com.apple.UIKit.activity.Mail", cancel: true)
        copy.strict = true
        #expect(original.window == "main" && original.webview == "main")
        #expect(original.platform == .ios && original.client == nil && !original.strict)
        #expect(original.simulation == Simulation())
        #expect(copy.window == "settings" && copy.webview == "main" && copy.platform == .android)
        #expect(copy.client == "page:1" && copy.strict && copy.simulation.cancel)
        #expect(copy != original)
    }

    @Test("contexts built apart with the same settings are equal; any one setting tells them apart")
    func equality() {
        let a = CallContext(window: "w", webview: "v", origin: "https://a.example", platform: .android, device: .ipad)
        let b = CallContext(window: "w", webview: "v", origin: "https://a.example", platform: .android, device: .ipad)
        #expect(a == b)
        var c = b
        c.origin = "https://b.example"
        #expect(a != c)
        var d = b
        d.screen = Screen()
        #expect(a != d)
        d.screen = nil
        #expect(a == d)
    }
}
