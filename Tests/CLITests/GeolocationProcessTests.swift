import BridgeJSON
import Foundation
import Testing

@Suite("geolocation's watch sends the track on the call's Channel (spawned serve, bridge/callback)")
struct GeolocationProcessTests {
    @Test("the track arrives in order on the channel, numbered; clear_watch stops it")
    func watch() throws {
        let caps = try OfficialPluginProcessTests.capabilities(["geolocation:allow-watch-position", "geolocation:allow-clear-watch"])
        let p = try BridgeProcess(["serve", "--capabilities", caps, "--location", "1,2", "--location", "3,4,5", "--location", "5,6"],
                                  executable: Products.bridge)
        p.sendLine(request("1", "plugin:geolocation|watch_position",
                           #"{"options":{"enableHighAccuracy":true,"timeout":10000,"maximumAge":0},"channel":"__CHANNEL__:7"}"#))
        var messages: [JSON] = []
        var answered = false
        while messages.count < 2 {
            let m = try p.nextJSON()
            if m["id"] == 1 { answered = true; #expect(m["result"] == .null); continue }
            #expect(m["method"] == "bridge/callback", "\(m)")
            #expect(m["params"]?["callback"] == 7)
            messages.append(m["params"]?["payload"] ?? .null)
        }
        #expect(answered)
        #expect(messages.map { $0["index"] } == [0, 1])
        #expect(messages.map { $0["message"]?["coords"]?["latitude"] } == [1, 3])
        #expect(messages[1]["message"]?["coords"]?["accuracy"] == 5)
        p.sendLine(request("2", "plugin:geolocation|clear_watch", #"{"channelId":7}"#))
        #expect(try p.nextJSON()["id"] == 2)
        #expect(p.nextLine(timeout: 1.5) == nil, "no position after clear_watch")
        p.closeInput()
        #expect(p.waitForExit() == 0)
    }
}
