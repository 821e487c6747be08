import BridgeJSON
import Foundation
import Testing

/// plugin-process's `exit(code)` and `restart()` end the app the bridge runs, as a test runner
/// sees it: the session's notification, its exit status, a fresh app state after a restart.
@Suite("process: exit and restart end the app, as a test runner sees it")
struct ProcessPluginProcessTests {
    /// The next message that is not `bridge/…` noise the test does not wait for.
    func next(_ p: BridgeProcess) throws -> JSON { try p.nextJSON() }

    @Test("exit(code): bridge/exit, the call answered -32800 app_exit, the session ends with the code", arguments: [0, 7, 255])
    func exitEndsServe(_ code: Int) throws {
        let caps = try OfficialPluginProcessTests.capabilities(["process:default"])
        let p = try BridgeProcess(["serve", "--capabilities", caps], executable: Products.bridge)
        p.sendLine(request("1", "plugin:process|exit", #"{"code":\#(code)}"#))
        let told = try next(p)
        #expect(told["method"] == "bridge/exit" && told["params"]?["code"] == .integer(code), "\(told)")
        let answer = try next(p)
        #expect(answer["id"] == 1 && answer["error"]?["code"] == -32800 && answer["error"]?["data"]?["reason"] == "app_exit", "\(answer)")
        #expect(p.waitForExit() == Int32(code))
        #expect(p.stderr.contains("the app exited with code \(code)"), "\(p.stderr)")
    }

    @Test("restart(): the bridge starts again on the same sandbox, its app state fresh and its files kept")
    func restartServe() throws {
        let caps = try OfficialPluginProcessTests.capabilities(["process:default", "store:default", "core:event:default"])
        // No --sandbox: the temporary folder the first run made is the one the restart uses.
        let p = try BridgeProcess(["serve", "--capabilities", caps, "--platform", "android"], executable: Products.bridge)
        func answer(_ id: Int) throws -> JSON {
            while true {
                let m = try next(p)
                if m["id"] == .integer(id) { return m }
            }
        }
        let listen = #"{"event":"ping","target":{"kind":"Any"},"handler":7}"#
        p.sendLine(request("1", "plugin:event|listen", listen))
        #expect(try answer(1)["result"] == 0)
        p.sendLine(request("2", "plugin:event|listen", listen))
        #expect(try answer(2)["result"] == 1)
        p.sendLine(request("3", "plugin:store|load", #"{"path":"prefs.json"}"#))
        let rid = try answer(3)["result"]!
        p.sendLine(request("4", "plugin:store|set", #"{"rid":\#(rid.serialized()),"key":"lang","value":"fr"}"#))
        _ = try answer(4)
        p.sendLine(request("5", "plugin:store|save", #"{"rid":\#(rid.serialized())}"#))
        #expect(try answer(5)["result"] == .null)
        p.sendLine(request("6", "plugin:process|restart"))
        #expect(try next(p)["method"] == "bridge/restart")
        let cancelled = try next(p)
        #expect(cancelled["id"] == 6 && cancelled["error"]?["data"]?["reason"] == "app_restart", "\(cancelled)")
        // The new session says when it reads again.
        #expect(try next(p)["method"] == "bridge/restarted")
        p.sendLine(request("7", "plugin:event|listen", listen))
        #expect(try answer(7)["result"] == 0, "the listeners of the first run are gone")
        p.sendLine(request("8", "plugin:store|load", #"{"path":"prefs.json"}"#))
        let again = try answer(8)["result"]!
        p.sendLine(request("9", "plugin:store|get", #"{"rid":\#(again.serialized()),"key":"lang"}"#))
        #expect(try answer(9)["result"] == ["fr", true], "the saved store is still on the device")
        p.closeInput()
        #expect(p.waitForExit() == 0)
    }

    @Test("restart(): no socket of the first run outlives it, so a page's idle connection ends")
    func restartClosesConnections() throws {
        let caps = try OfficialPluginProcessTests.capabilities(["process:default"])
        let p = try BridgeProcess(["serve", "--http", "0", "--capabilities", caps], executable: Products.bridge)
        let listening = try next(p)
        let url = try #require(listening["params"]?["url"]?.stringValue, "\(listening)")
        let port = try #require(UInt16(url.split(separator: ":").last?.filter(\.isNumber) ?? ""))
        // A keep-alive connection, as a browser keeps one after fetching the page's script.
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(port.bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(connected == 0)
        var limit = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        let get = Array("GET /__bridge/ipc.js HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8)
        _ = get.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let first = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        #expect(first > 0, "the script was served")
        p.sendLine(request("1", "plugin:process|restart"))
        while try next(p)["method"] != "bridge/restarted" {}
        // The rest of the script, then the end: the first run's connection closed with it.
        var n = 0
        repeat { n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) } } while n > 0
        #expect(n == 0 || errno == ECONNRESET, "the connection outlived the restart (errno \(errno))")
        p.closeInput()
        #expect(p.waitForExit() == 0)
    }

    @Test("bridge invoke: exit ends with the app's code, restart with 0, each said on stderr; a missing code is serde's error")
    func invoke() throws {
        let exit = try runBridge(["invoke", "plugin:process|exit", #"{"code":3}"#], executable: Products.bridge)
        #expect(exit.status == 3 && exit.stdout.isEmpty)
        #expect(exit.stderr.contains("plugin:process|exit: the app exited with code 3"), "\(exit.stderr)")
        let restart = try runBridge(["invoke", "plugin:process|restart"], executable: Products.bridge)
        #expect(restart.status == 0 && restart.stderr.contains("the app restarted"), "\(restart.stderr)")
        let missing = try runBridge(["invoke", "plugin:process|exit", "{}"], executable: Products.bridge)
        #expect(missing.status == 1 && missing.stdout.contains("command exit missing required key code"), "\(missing.stdout)")
        let wide = try runBridge(["invoke", "plugin:process|exit", #"{"code":2147483648}"#], executable: Products.bridge)
        #expect(wide.status == 1 && wide.stdout.contains("expected i32"), "\(wide.stdout)")
    }

    @Test("without process:allow-exit the call is refused by the ACL and the app runs on")
    func refused() throws {
        let caps = try OfficialPluginProcessTests.capabilities(["process:allow-restart"])
        let p = try BridgeProcess(["serve", "--capabilities", caps], executable: Products.bridge)
        p.sendLine(request("1", "plugin:process|exit", #"{"code":1}"#))
        let refused = try next(p)
        #expect(refused["error"]?["message"]?.stringValue?.contains("process:allow-exit") == true, "\(refused)")
        p.closeInput()
        #expect(p.waitForExit() == 0)
    }
}
