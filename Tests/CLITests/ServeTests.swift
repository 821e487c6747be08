import Synchronization
import BridgeJSON
import Foundation
import Testing
import TestSupport

/// A request line for `method` with `id` (raw JSON) and `params` (raw JSON).
func request(_ id: String, _ method: String, _ params: String? = nil) -> String {
    let p = params.map { #","params":\#($0)"# } ?? ""
    return #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)"\#(p)}"#
}

func notification(_ method: String, _ params: String? = nil) -> String {
    let p = params.map { #","params":\#($0)"# } ?? ""
    return #"{"jsonrpc":"2.0","method":"\#(method)"\#(p)}"#
}

extension BridgeProcess {
    /// The next message, parsed and checked against its envelope schema (a response or a
    /// `bridge/presentation` notification).
    func nextJSON(timeout: TimeInterval = 10) throws -> JSON {
        let line = try #require(nextLine(timeout: timeout), "no message within \(timeout) s; stderr: \(stderr)")
        let message = try JSONParser.parse(line)
        Contract.check(message, message["method"] == nil ? "jsonrpc/response" : "jsonrpc/notification")
        return message
    }
}

@Suite("bridge serve (spawned)")
struct ServeTests {
    @Test("initialize names the server, its version, the context and the commands; settings stick")
    func initialize() throws {
        let p = try BridgeProcess(["serve", "--capabilities", try openCapabilities()])
        p.sendLine(request("1", "initialize", #"{"window":"w2","platform":"android","processId":42}"#))
        let r = try p.nextJSON()
        #expect(r["id"] == 1)
        let result = try #require(r["result"])
        Contract.check(result, "jsonrpc/initialize-result")
        #expect(result["capabilities"] == [:])
        #expect(result["serverInfo"] == ["name": "bridge", "version": "0.1.0"])
        #expect(result["platform"] == "android")
        #expect(result["device"] == "phone", "an Android session runs on no iPhone")
        #expect(result["window"] == "w2")
        #expect(result["webview"] == "w2")
        #expect(result["commands"]?.arrayValue?.contains("plugin:bridge-test|echo") == true)
        p.sendLine(request("2", "plugin:bridge-test|context"))
        #expect(try p.nextJSON()["result"]?["platform"] == "android")
        p.sendLine(request("3", "initialize", #"{"platform":"linux"}"#))
        #expect(try p.nextJSON()["result"]?["device"] == "desktop")
        p.sendLine(request("4", "initialize", #"{"platform":"ios","device":"ipad"}"#))
        #expect(try p.nextJSON()["result"]?["device"] == "ipad")
        p.closeInput()
        #expect(p.waitForExit() == 0)
    }

    @Test("initialize: a near-miss of a key it reads is -32602 with a did-you-mean; other unknown keys are ignored")
    func initializeNearMiss() throws {
        let p = try BridgeProcess(["serve"])
        p.sendLine(request("1", "initialize", #"{"platfrom":"android"}"#))
        #expect(try p.nextJSON()["error"] == ["code": -32602,
                                              "message": "unknown key `platfrom` for `initialize`: did you mean `platform`?",
                                              "data": ["kind": "invalid_args", "field": "platfrom", "suggestion": "platform"]])
        p.sendLine(request("2", "initialize", #"{"processId":1,"rootUri":null,"capabilities":{},"trace":"off","locale":"en"}"#))
        #expect(try p.nextJSON()["result"]?["platform"] == "ios")
        p.closeInput()
        #expect(p.waitForExit() == 0)
    }

    @Test("\"params\": null is the same as absent, for protocol methods and plugin commands (as pygls sends it)")
    func nullParams() throws {
        let p = try BridgeProcess(["serve"])
        p.sendLine(request("1", "plugin:bridge-test|echo", "null"))
        #expect(try p.nextJSON() == ["jsonrpc": "2.0", "id": 1, "result": [:]])
        p.sendLine(request("2", "shutdown", "null"))
        #expect(try p.nextJSON() == ["jsonrpc": "2.0", "id": 2, "result": nil])
        p.sendLine(notification("exit", "null"))
        #expect(p.waitForExit() == 0)
    }

    @Test("Content-Length: after a malformed header, every later frame is served (the next header follows a body)")
    func contentLengthResync() throws {
        let p = try BridgeProcess(["serve"])
        var input = "Content-Length: 10\r\nX-Bad\r\n\r\n{\"a\":1234}"
        for i in 1...5 {
            let body = request("\(i)", "plugin:bridge-test|echo")
            input += "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
        }
        p.send(input)
        p.closeInput()
        let out = p.remainingOutput()
        #expect(out.components(separatedBy: "Content-Length: ").count - 1 == 6)
        #expect(out.contains(#""code":-32700"#))
        for i in 1...5 { #expect(out.contains(#"{"jsonrpc":"2.0","id":\#(i),"result":{}}"#)) }
        #expect(p.waitForExit() == 0)
    }

    @Test("a frame truncated by EOF is answered in Content-Length framing")
    func truncatedFrame() throws {
        let p = try BridgeProcess(["serve"])
        p.send("Content-Length: 40\r\n\r\n{\"jsonrpc\"")
        p.closeInput()
        let out = p.remainingOutput()
        #expect(out.hasPrefix("Content-Length: "))
        #expect(out.contains("input ended inside a message"))
        #expect(p.waitForExit() == 0)
    }

    @Test("requests run concurrently: a fast call answers before a slow one started earlier")
    func concurrency() throws {
        let p = try BridgeProcess(["serve"])
        p.sendLine(request("\"slow\"", "plugin:bridge-test|sleep", #"{"ms":1500}"#))
        p.sendLine(request("\"fast\"", "plugin:bridge-test|echo", #"{"x":1}"#))
        #expect(try p.nextJSON(timeout: 1.2)["id"] == "fast")
        #expect(try p.nextJSON()["id"] == "slow")
        p.closeInput()
        #expect(p.waitForExit() == 0)
    }

    @Test("$/cancelRequest answers the running request with -32800, once, and stops its work")
    func cancel() throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-cancel-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: marker) }
        let p = try BridgeProcess(["serve"])
        p.sendLine(request("7", "plugin:bridge-test|sleep", #"{"ms":20000,"marker":"\#(marker)"}"#))
        let started = Date().addingTimeInterval(10)
        while (try? String(contentsOfFile: marker, encoding: .utf8)) != "started" && Date() < started { usleep(10_000) }
        p.sendLine(notification("$/cancelRequest", #"{"id":7}"#))
        let r = try p.nextJSON(timeout: 2)
        #expect(r == ["jsonrpc": "2.0", "id": 7, "error": ["code": -32800, "message": "Request cancelled", "data": ["kind": "cancelled"]]])
        // The command saw the cancellation and stopped (its task writes the mark as it unwinds).
        let deadline = Date().addingTimeInterval(5)
        while (try? String(contentsOfFile: marker, encoding: .utf8)) != "cancelled" && Date() < deadline { usleep(10_000) }
        #expect(try String(contentsOfFile: marker, encoding: .utf8) == "cancelled")
        // Cancelling again, or an unknown id, sends nothing.
        p.sendLine(notification("$/cancelRequest", #"{"id":7}"#))
        p.sendLine(notification("$/cancelRequest", #"{"id":"nope"}"#))
        p.sendLine(request("8", "plugin:bridge-test|echo"))
        #expect(try p.nextJSON()["id"] == 8)
        p.closeInput()
        #expect(p.waitForExit() == 0)
        #expect(p.remainingOutput() == "")
    }

    @Test("EOF: in-flight requests are answered, then exit 0")
    func eofDrains() throws {
        let p = try BridgeProcess(["serve"])
        p.sendLine(request("1", "plugin:bridge-test|sleep", #"{"ms":300}"#))
        p.closeInput()
        #expect(try p.nextJSON()["result"] == ["slept": 300])
        #expect(p.waitForExit() == 0)
    }

    @Test("shutdown waits for running calls, refuses new requests, and exit then ends with 0")
    func shutdownThenExit() throws {
        let p = try BridgeProcess(["serve"])
        p.sendLine(request("1", "plugin:bridge-test|sleep", #"{"ms":300}"#))
        p.sendLine(request("2", "shutdown"))
        #expect(try p.nextJSON()["id"] == 1)
        #expect(try p.nextJSON() == ["jsonrpc": "2.0", "id": 2, "result": nil])
        p.sendLine(request("3", "plugin:bridge-test|echo"))
        let refused = try p.nextJSON()
        #expect(refused["error"]?["code"] == -32600)
        #expect(refused["error"]?["message"] == "Invalid request: the server is shutting down; only `exit` is accepted")
        p.sendLine(notification("exit"))
        #expect(p.waitForExit() == 0)
    }

    @Test("exit without shutdown ends with status 1, as in LSP")
    func exitWithoutShutdown() throws {
        let p = try BridgeProcess(["serve"])
        p.sendLine(notification("exit"))
        #expect(p.waitForExit() == 1)
    }

    @Test("batches follow JSON-RPC 2.0", arguments: [
        ("[]", #"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid request: empty batch","data":{"kind":"invalid_request"}}}"#),
        ("[1]", #"[{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid request: expected a JSON-RPC object, got number","data":{"kind":"invalid_request"}}}]"#),
        ("[1,2]", #"[{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid request: expected a JSON-RPC object, got number","data":{"kind":"invalid_request"}}},{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid request: expected a JSON-RPC object, got number","data":{"kind":"invalid_request"}}}]"#),
        ("[" + notification("plugin:bridge-test|echo") + "," + notification("initialized") + "]", nil),
        ("[" + request("1", "plugin:bridge-test|sleep", #"{"ms":200}"#) + "," + notification("plugin:bridge-test|echo") + "," + request("\"b\"", "plugin:bridge-test|echo", #"{"v":true}"#) + ",{\"jsonrpc\":\"2.0\",\"id\":3},"  + request("4", "plugin:nope|x") + "]",
         #"[{"jsonrpc":"2.0","id":1,"result":{"slept":200}},{"jsonrpc":"2.0","id":"b","result":{"v":true}},{"jsonrpc":"2.0","id":3,"error":{"code":-32600,"message":"Invalid request: missing \"method\"","data":{"kind":"invalid_request"}}},{"jsonrpc":"2.0","id":4,"error":{"code":-32601,"message":"nope.x not allowed. Plugin not found","data":{"kind":"not_found","command":"plugin:nope|x"}}}]"#),
    ] as [(String, String?)])
    func batches(batch: String, expected: String?) throws {
        let p = try BridgeProcess(["serve"])
        p.sendLine(batch)
        p.sendLine(request("\"after\"", "plugin:bridge-test|echo"))
        // Responses come in any order: the batch may finish after the request that follows it.
        // A call of a plugin the bridge does not host is also announced (bridge/unhandled).
        var lines: [String] = [], notices: [String] = []
        while lines.count < (expected == nil ? 1 : 2) {
            let line = try #require(p.nextLine())
            if line.contains(#""method":"bridge/unhandled""#) { notices.append(line) } else { lines.append(line) }
        }
        if let expected { #expect(lines.contains(expected)) }
        #expect(notices.count == (batch.contains("plugin:nope|x") ? 1 : 0), "\(notices)")
        #expect(lines.contains(#"{"jsonrpc":"2.0","id":"after","result":{}}"#))
        p.closeInput()
        #expect(p.waitForExit() == 0)
    }

    @Test("bad input gets an error and the next message is served", arguments: [
        ("{bad", "-32700", "null"),
        ("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"x\"} trailing", "-32700", "null"),
        (request("1", "plugin:bridge-test|echo", #"{"s":"\ud800"}"#), "-32700", "null"),
        (String(repeating: "[", count: 100_000), "-32700", "null"),
        (request("5", "plugin:bridge-test|ecko"), "-32601", "5"),
        (request("\"x\"", "share_text"), "-32601", "\"x\""),
        (request("6", "plugin:bridge-test|echo", #"{"__bridge":1}"#), "-32602", "6"),
        (request("null", "plugin:bridge-test|crash"), "-32603", "null"),
        (request("9", "plugin:bridge-test|echo", "3"), "-32600", "9"),
        (#"{"jsonrpc":"2.0","id":[1],"method":"x"}"#, "-32600", "null"),
    ])
    func badInput(line: String, code: String, id: String) throws {
        let p = try BridgeProcess(["serve"])
        p.sendLine(line)
        p.sendLine(request("\"next\"", "plugin:bridge-test|echo", #"{"ok":true}"#))
        let error = try p.nextJSON()
        #expect(error["error"]?["code"]?.serialized() == code)
        #expect(error["id"]?.serialized() == id)
        #expect(try p.nextJSON() == ["jsonrpc": "2.0", "id": "next", "result": ["ok": true]])
        p.closeInput()
        #expect(p.waitForExit() == 0)
    }

    @Test("a warning is a bridge/warning notification before the response; initialize {\"strict\": true} refuses it")
    func warnings() throws {
        let p = try BridgeProcess(["serve"])
        p.sendLine(request("1", "plugin:frak-share|share_text", #"{"text":"hi","image_url":"https://x/i.png"}"#))
        let warning = try p.nextJSON()
        #expect(warning["method"] == "bridge/warning")
        #expect(warning["params"]?["id"] == 1)
        #expect(warning["params"]?["warnings"]?.arrayValue?.first?["code"] == "unknown_key")
        #expect(warning["params"]?["warnings"]?.arrayValue?.first?["field"] == "image_url")
        #expect(try p.nextJSON() == ["jsonrpc": "2.0", "id": 1, "result": ["shared": true]])
        p.sendLine(request("2", "initialize", #"{"strict":true}"#))
        #expect(try p.nextJSON()["result"]?["strict"] == true)
        p.sendLine(request("3", "plugin:frak-share|share_text", #"{"text":"hi","image_url":"https://x/i.png"}"#))
        let refused = try p.nextJSON()
        #expect(refused["error"]?["code"] == -32602)
        #expect(refused["error"]?["data"]?["warning"] == "unknown_key")
        #expect(refused["error"]?["message"] == warning["params"]?["warnings"]?.arrayValue?.first?["message"])
        p.closeInput()
        #expect(p.waitForExit() == 0)
    }

    @Test("a duplicate key: the last value wins with a duplicate_key warning; under strict a -32700 refusal")
    func duplicateKeys() throws {
        let p = try BridgeProcess(["serve"])
        p.sendLine(request("1", "plugin:frak-share|share_text", #"{"text":"","text":"hi"}"#))
        let warning = try p.nextJSON()
        #expect(warning["method"] == "bridge/warning")
        #expect(warning["params"]?["warnings"] == [["code": "duplicate_key", "field": "text",
            "message": "invalid args `text` for command `share_text`: the key appears more than once; Tauri keeps the last value"]])
        #expect(try p.nextJSON() == ["jsonrpc": "2.0", "id": 1, "result": ["shared": true]])
        p.sendLine(request("2", "initialize", #"{"strict":true}"#))
        #expect(try p.nextJSON()["result"]?["strict"] == true)
        p.sendLine(request("3", "plugin:frak-share|share_text", #"{"text":"","text":"hi"}"#))
        let refused = try p.nextJSON()
        #expect(refused["id"] == 3)
        #expect(refused["error"]?["code"] == -32700)
        #expect(refused["error"]?["data"]?["warning"] == "duplicate_key")
        p.closeInput()
        #expect(p.waitForExit() == 0)
    }

    @Test("a key twice in the request envelope (id, method, params): the last wins with a duplicate_key warning; under strict a -32700 refusal")
    func envelopeDuplicateKeys() throws {
        let p = try BridgeProcess(["serve"])
        p.sendLine(#"{"jsonrpc":"2.0","id":1,"id":2,"method":"plugin:frak-share|share_txt","method":"plugin:frak-share|share_text","params":{"text":"hi"}}"#)
        let warning = try p.nextJSON()
        #expect(warning["method"] == "bridge/warning")
        #expect(warning["params"]?["id"] == 2)
        #expect(warning["params"]?["warnings"] == [
            ["code": "duplicate_key", "message": #"invalid request: the key "id" appears more than once in the request object; the last value is used, as serde_json keeps it"#],
            ["code": "duplicate_key", "message": #"invalid request: the key "method" appears more than once in the request object; the last value is used, as serde_json keeps it"#],
        ])
        #expect(try p.nextJSON() == ["jsonrpc": "2.0", "id": 2, "result": ["shared": true]])
        // `params` twice: the last object is the arguments; the warning comes with a refusal too.
        p.sendLine(#"{"jsonrpc":"2.0","id":3,"method":"plugin:frak-share|share_text","params":{"text":"hi"},"params":{"title":"T"}}"#)
        let second = try p.nextJSON()
        #expect(second["params"]?["warnings"]?.arrayValue?.map { $0["message"]?.stringValue?.contains(#"the key "params""#) } == [true])
        #expect(try p.nextJSON()["error"]?["message"] == "Missing 'url' or 'text' parameter")
        p.sendLine(request("4", "initialize", #"{"strict":true}"#))
        #expect(try p.nextJSON()["result"]?["strict"] == true)
        p.sendLine(#"{"jsonrpc":"2.0","id":5,"method":"plugin:frak-share|share_text","jsonrpc":"2.0","params":{"text":"hi"}}"#)
        let refused = try p.nextJSON()
        #expect(refused["id"] == 5)
        #expect(refused["error"]?["code"] == -32700)
        #expect(refused["error"]?["data"]?["warning"] == "duplicate_key")
        #expect(refused["error"]?["message"]?.stringValue?.contains(#"the key "jsonrpc""#) == true)
        p.closeInput()
        #expect(p.waitForExit() == 0)
    }

    @Test("invalid UTF-8 is a parse error and the session goes on")
    func invalidUTF8() throws {
        let p = try BridgeProcess(["serve"])
        p.send(Array(#"{"jsonrpc":"2.0","id":1,"method":"plugin:bridge-test|echo","params":{"s":""#.utf8) + [0xC3, 0x28] + Array("\"}}\n".utf8))
        p.sendLine(request("2", "plugin:bridge-test|echo"))
        let error = try p.nextJSON()
        #expect(error["error"]?["code"] == -32700)
        #expect(error["error"]?["message"]?.stringValue?.hasPrefix("Parse error: invalid UTF-8 in string") == true)
        #expect(try p.nextJSON()["id"] == 2)
        p.closeInput()
        #expect(p.waitForExit() == 0)
    }

    @Test("ids are echoed exactly as given")
    func idEcho() throws {
        let p = try BridgeProcess(["serve"])
        for id in ["1.0", "-0", "\"é\\\"x\"", "null", "12345678901234567890123"] {
            p.sendLine(request(id, "plugin:bridge-test|echo"))
            let line = try #require(p.nextLine())
            #expect(line == #"{"jsonrpc":"2.0","id":\#(id),"result":{}}"#)
        }
        p.closeInput()
        #expect(p.waitForExit() == 0)
    }

    @Test("a message over --max-message-bytes is -32600 and the next one is served")
    func oversized() throws {
        let p = try BridgeProcess(["serve", "--max-message-bytes", "1024"])
        p.sendLine(request("1", "plugin:bridge-test|echo", #"{"pad":""# + String(repeating: "x", count: 4096) + #""}"#))
        p.sendLine(request("2", "plugin:bridge-test|echo"))
        #expect(p.nextLine() == #"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid request: message larger than 1024 bytes (raise it with --max-message-bytes)","data":{"kind":"invalid_request","limit":1024}}}"#)
        #expect(try p.nextJSON()["id"] == 2)
        p.closeInput()
        #expect(p.waitForExit() == 0)
    }

    @Test("a notification runs its command and gets no response")
    func notificationsAreNotAnswered() throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-notify-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: marker) }
        let p = try BridgeProcess(["serve"])
        p.sendLine(notification("plugin:bridge-test|sleep", #"{"ms":1,"marker":"\#(marker)"}"#))
        p.sendLine(notification("plugin:bridge-test|nope"))
        p.closeInput()
        #expect(p.waitForExit() == 0)
        #expect(p.remainingOutput() == "")
        #expect(try String(contentsOfFile: marker, encoding: .utf8) == "completed")
    }

    @Test("Content-Length framing in, Content-Length framing out")
    func contentLengthSession() throws {
        let p = try BridgeProcess(["serve"])
        let body = request("1", "plugin:bridge-test|echo", #"{"text":"héllo"}"#)
        p.send("Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
        let expected = #"{"jsonrpc":"2.0","id":1,"result":{"text":"héllo"}}"#
        let header = "Content-Length: \(expected.utf8.count)\r\n\r\n"
        let got = try #require(p.nextBytes(header.utf8.count + expected.utf8.count))
        #expect(String(decoding: got, as: UTF8.self) == header + expected)
        p.closeInput()
        #expect(p.waitForExit() == 0)
    }

    @Test("stray prints from a command never reach the protocol stream")
    func strayPrint() throws {
        let p = try BridgeProcess(["serve"])
        p.sendLine(request("1", "plugin:bridge-test|print"))
        #expect(p.nextLine() == #"{"jsonrpc":"2.0","id":1,"result":{"printed":true}}"#)
        p.closeInput()
        #expect(p.waitForExit() == 0)
        #expect(p.stderr.contains("stray output from a plugin"))
    }

    @Test("a closed stdout ends the process cleanly: no SIGPIPE death, no hang")
    func closedStdout() throws {
        let p = try BridgeProcess(["serve"], closeStdout: true)
        for i in 0..<50 { p.sendLine(request("\(i)", "plugin:bridge-test|echo", #"{"pad":"\#(String(repeating: "x", count: 2000))"}"#)) }
        #expect(p.waitForExit(timeout: 60) == 0)
        #expect(p.completeStderr().contains("the output stream closed"))
    }

    @Test("responses sent to the bridge are logged and ignored")
    func responsesIgnored() throws {
        let p = try BridgeProcess(["serve"])
        p.sendLine(#"{"jsonrpc":"2.0","id":99,"result":true}"#)
        p.sendLine(request("1", "plugin:bridge-test|echo"))
        #expect(try p.nextJSON()["id"] == 1)
        p.closeInput()
        #expect(p.waitForExit() == 0)
        #expect(p.stderr.contains("ignored a response (id 99)"))
    }

    @Test("many pipelined requests: exactly one response per id")
    func pipelined() throws {
        let p = try BridgeProcess(["serve"])
        let count = 2000
        var input = ""
        for i in 0..<count { input += request("\(i)", "plugin:bridge-test|echo", #"{"i":\#(i)}"#) + "\n" }
        p.send(input)
        p.closeInput()
        var seen = Set<Int>()
        for _ in 0..<count {
            let r = try p.nextJSON()
            let id = try #require(r["id"]?.numberValue?.intValue)
            #expect(r["result"]?["i"]?.numberValue?.intValue == id)
            #expect(seen.insert(id).inserted)
        }
        #expect(seen.count == count)
        #expect(p.waitForExit() == 0)
        #expect(p.remainingOutput() == "")
    }
}

@Suite("serve: a peer that stops reading")
struct BackpressureTests {
    @Test("a peer that reads no answers stops the session reading its requests; each request it did send is then answered")
    func backpressure() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Products.bridge)
        process.arguments = ["serve"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let fd = input.fileHandleForWriting.fileDescriptor
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        let line = Array(#"{"jsonrpc":"2.0","id":1,"method":"plugin:frak-share|share_text","params":{"text":"hi"}}"#.utf8) + [0x0A]
        let total = 100_000
        var data: [UInt8] = []
        data.reserveCapacity(line.count * total)
        for _ in 0..<total { data += line }
        var offset = 0
        var lastProgress = Date()
        let deadline = Date().addingTimeInterval(120)
        // Write without reading a single answer, until the bridge stops taking requests for 2 s.
        while offset < data.count && Date() < deadline && Date().timeIntervalSince(lastProgress) < 2 {
            let n = data.withUnsafeBytes { write(fd, $0.baseAddress! + offset, min(65536, data.count - offset)) }
            if n > 0 { offset += n; lastProgress = Date() } else { usleep(10_000) }
        }
        let written = offset / line.count
        #expect(written < 50_000, "the bridge took \(written) of \(total) requests while no answer was read")
        // Now read: every complete request sent is answered, and the rest of the input flows.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        let reader = Thread {
            let bytes = output.fileHandleForReading.readDataToEndOfFile()
            let answers = bytes.split(separator: 0x0A).count
            BackpressureTests.answers.withLock { $0 = answers }
        }
        reader.start()
        data.withUnsafeBytes { raw in
            var o = offset
            while o < raw.count { let n = write(fd, raw.baseAddress! + o, raw.count - o); if n > 0 { o += n } else { break } }
        }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        while BackpressureTests.answers.withLock({ $0 }) == nil { usleep(10_000) }
        #expect(BackpressureTests.answers.withLock { $0 } == total, "every request answered once the peer reads")
        #expect(process.terminationStatus == 0)
    }

    static let answers = Mutex<Int?>(nil)
}

@Suite("the event plugin over stdio (spawned)")
struct StdioEventTests {
    @Test("listen, emit and unlisten answer over stdio as in a page: a handler's events come as bridge/callback")
    func listenEmitUnlisten() throws {
        let p = try BridgeProcess(["serve"], executable: Products.bridge)
        p.sendLine(request("1", "plugin:event|listen", #"{"event":"ping","target":{"kind":"Any"},"handler":7}"#))
        p.sendLine(request("2", "plugin:event|emit", #"{"event":"ping","payload":{"n":1}}"#))
        var got: [String: JSON] = [:], callbacks: [JSON] = []
        while got.count < 2 {
            let m = try JSONParser.parse(try #require(p.nextLine(), "stderr: \(p.stderr)"))
            if m["method"] == "bridge/callback" { callbacks.append(m["params"] ?? .null) } else if let id = m["id"] { got[id.serialized()] = m }
        }
        #expect(got["1"]?["result"] == 0, "listen answers the event id, the first 0 as in Tauri")
        #expect(got["2"]?["result"] == .null)
        #expect(callbacks == [["callback": 7, "payload": ["event": "ping", "id": 0, "payload": ["n": 1]]]])
        p.sendLine(request("3", "plugin:event|unlisten", #"{"event":"ping","eventId":0}"#))
        p.sendLine(request("4", "plugin:event|emit", #"{"event":"ping","payload":{"n":2}}"#))
        p.sendLine(request("5", "plugin:event|listen", #"{"event":"a b","target":{"kind":"Any"},"handler":8}"#))
        var rest: [JSON] = []
        while rest.filter({ $0["id"] != nil }).count < 3 { rest.append(try JSONParser.parse(try #require(p.nextLine(), "stderr: \(p.stderr)"))) }
        #expect(!rest.contains { $0["method"] == "bridge/callback" }, "nothing after unlisten")
        #expect(rest.last?["error"]?["message"] == "invalid args `event` for command `listen`: Event name must include only alphanumeric characters, `-`, `/`, `:` and `_`.")
    }

    @Test("addPluginListener over stdio: notification's register_listener registers the Channel, which hears the plugin's trigger")
    func pluginListener() throws {
        let caps = FileManager.default.currentDirectoryPath + "/Tests/Fixtures/capabilities/guest-js"
        let p = try BridgeProcess(["serve", "--capabilities", caps, "--platform", "android", "--permission", "notification=granted"], executable: Products.bridge)
        p.sendLine(request("1", "plugin:notification|register_listener", #"{"event":"notification","handler":"__CHANNEL__:9"}"#))
        p.sendLine(request("2", "plugin:notification|notify", #"{"options":{"id":3,"title":"Paid"}}"#))
        var answered = 0, callbacks: [JSON] = []
        while answered < 2 || callbacks.isEmpty {
            let m = try JSONParser.parse(try #require(p.nextLine(), "stderr: \(p.stderr)"))
            if m["method"] == "bridge/callback" { callbacks.append(m["params"] ?? .null) }
            if m["id"] != nil { answered += 1 }
        }
        #expect(callbacks.first?["callback"] == 9 && callbacks.first?["payload"]?["message"]?["title"] == "Paid", "\(callbacks)")
    }
}
