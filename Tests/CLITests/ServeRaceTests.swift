import BridgeJSON
import Dispatch
import Foundation
import Testing
import Synchronization
import TestSupport

/// The session's races, each on a spawned `bridge`, repeated: whatever the timing, every request
/// read gets exactly one response and the exit status is the one the rule says.
/// `BRIDGE_RACE_REPEATS` sets the repetitions (the issue's acceptance run uses 300).
@Suite("bridge serve: races, repeated")
struct ServeRaceTests {
    static let repeats = ProcessInfo.processInfo.environment["BRIDGE_RACE_REPEATS"].flatMap(Int.init) ?? 25

    static let shareText = request("1", "plugin:frak-share|share_text", #"{"text":"hi"}"#)

    /// Runs `body` `repeats` times, one after the other (spawning from several threads at once
    /// is what crashes Foundation's `Process.run` here); records which runs failed.
    func repeated(_ name: String, _ body: @escaping @Sendable (Int) throws -> String?) {
        let failures = Failures()
        for run in 0..<ServeRaceTests.repeats {
            do {
                if let problem = try body(run) { failures.add("run \(run): \(problem)") }
            } catch {
                failures.add("run \(run): \(error)")
            }
        }
        let all = failures.all
        #expect(all.isEmpty, "\(name): \(all.count) of \(ServeRaceTests.repeats) runs lost something; first: \(all.prefix(3))")
    }

    /// Every line of output parsed, after stdin closed and the process ended.
    static func finish(_ p: BridgeProcess) throws -> (status: Int32?, messages: [JSON]) {
        let out = p.remainingOutput(timeout: 60)
        let status = p.waitForExit(timeout: 60)
        let messages = try out.split(separator: "\n").map { try JSONParser.parse(String($0)) }
        return (status, messages)
    }

    @Test("share_text, shutdown and exit in one write: both answered, exit 0")
    func pipelinedShutdownExit() {
        repeated("pipelined shutdown+exit") { _ in
            let p = try BridgeProcess(["serve"], executable: Products.bridge)
            p.send([ServeRaceTests.shareText, request("2", "shutdown"), notification("exit")].joined(separator: "\n") + "\n")
            let (status, messages) = try ServeRaceTests.finish(p)
            guard status == 0 else { return "exit status \(String(describing: status))" }
            guard messages.count == 2, messages[0]["id"] == 1, messages[0]["result"] == ["shared": true],
                  messages[1] == ["jsonrpc": "2.0", "id": 2, "result": nil] else { return "got \(messages)" }
            return nil
        }
    }

    @Test("initialize, a call and EOF in one write: both answered, exit 0")
    func endOfInputRightAfterInitialize() {
        repeated("EOF after initialize") { _ in
            let p = try BridgeProcess(["serve"], executable: Products.bridge)
            p.send(request("0", "initialize") + "\n" + ServeRaceTests.shareText + "\n")
            p.closeInput()
            let (status, messages) = try ServeRaceTests.finish(p)
            guard status == 0 else { return "exit status \(String(describing: status))" }
            let ids = messages.compactMap { $0["id"]?.numberValue?.intValue }.sorted()
            guard ids == [0, 1], messages.allSatisfy({ $0["result"] != nil }) else { return "got \(messages)" }
            return nil
        }
    }

    @Test("a batch with shutdown and exit is answered whole, then exit 0; with exit alone, -32800 and exit 1")
    func batchWithExit() {
        repeated("batch with exit") { run in
            let p = try BridgeProcess(["serve"])
            let call = request("1", "plugin:bridge-test|sleep", #"{"ms":\#(run % 3 * 20)}"#)
            let afterShutdown = run % 2 == 0
            let members = afterShutdown ? [call, request("2", "shutdown"), notification("exit")] : [call, notification("exit")]
            p.sendLine("[" + members.joined(separator: ",") + "]")
            let (status, messages) = try ServeRaceTests.finish(p)
            if afterShutdown {
                guard status == 0 else { return "exit status \(String(describing: status))" }
                guard messages == [[["jsonrpc": "2.0", "id": 1, "result": ["slept": JSON.number(JSONNumber(run % 3 * 20))]],
                                    ["jsonrpc": "2.0", "id": 2, "result": nil]]] else { return "got \(messages)" }
            } else {
                guard status == 1 else { return "exit status \(String(describing: status))" }
                guard messages.count == 1, messages[0].arrayValue?.first?["error"]?["data"]?["reason"] == "exit" else { return "got \(messages)" }
            }
            return nil
        }
    }

    @Test("SIGTERM, SIGINT or SIGHUP mid-call: the call is answered -32800 (reason signal), exit 128+signal",
          arguments: [SIGTERM, SIGINT, SIGHUP])
    func signalMidCall(signal: Int32) {
        repeated("signal \(signal)") { run in
            let p = try BridgeProcess(["serve"])
            // The answer to the echo proves the sleep before it was read.
            p.sendLine(request("1", "plugin:bridge-test|sleep", #"{"ms":20000}"#))
            p.sendLine(request("0", "plugin:bridge-test|echo"))
            guard p.nextLine(timeout: 30) != nil else { return "no answer to the echo" }
            // Sometimes at once, sometimes a little later.
            if run % 2 == 1 { usleep(20_000) }
            kill(p.pid, signal)
            let (status, messages) = try ServeRaceTests.finish(p)
            guard status == 128 + signal else { return "exit status \(String(describing: status))" }
            guard messages.count == 1, messages[0]["id"] == 1, messages[0]["error"]?["code"] == -32800,
                  messages[0]["error"]?["data"]?["reason"] == "signal" else { return "got \(messages)" }
            return nil
        }
    }

    @Test("a second signal ends at once, even while output cannot drain")
    func secondSignal() throws {
        // stdout is never read: the bridge's writes block once the pipe is full.
        let process = try ChildProcess(Products.testHost, ["serve"])
        defer { process.send(signal: SIGKILL) }
        let pad = String(repeating: "x", count: 4000)
        var lines = ""
        for i in 0..<200 { lines += request("\(i)", "plugin:bridge-test|echo", #"{"pad":"\#(pad)"}"#) + "\n" }
        lines += request("\"slow\"", "plugin:bridge-test|sleep", #"{"ms":600000}"#) + "\n"
        // From another thread: once the pipe is full, the write blocks until the bridge ends.
        let bytes = Array(lines.utf8)
        Thread { process.write(bytes) }.start()
        usleep(500_000)
        process.send(signal: SIGTERM)
        usleep(200_000)
        process.send(signal: SIGTERM)
        let ended = process.wait(until: Date().addingTimeInterval(30)) != nil
        #expect(ended, "still running 30 s after the second signal")
        if ended { #expect(process.exitStatus == 143) }
    }

    @Test("8,000 running calls, each cancelled: 8,000 answers of -32800, each once, then EOF exits 0")
    func manyCancels() throws {
        let count = 8000
        let p = try BridgeProcess(["serve"])
        var calls = ""
        var cancels = ""
        for i in 0..<count {
            calls += request("\(i)", "plugin:bridge-test|sleep", #"{"ms":600000}"#) + "\n"
            cancels += notification("$/cancelRequest", #"{"id":\#(i)}"#) + "\n"
        }
        p.send(calls)
        p.send(cancels)
        p.closeInput()
        let (status, messages) = try ServeRaceTests.finish(p)
        #expect(status == 0)
        var seen = Set<Int>()
        for m in messages {
            #expect(m["error"]?["code"] == -32800)
            if let id = m["id"]?.numberValue?.intValue { #expect(seen.insert(id).inserted, "id \(id) answered twice") }
        }
        #expect(seen.count == count)
    }
}

/// Failures collected from concurrent runs.
final class Failures: Sendable {
    private let list = Mutex<[String]>([])
    func add(_ s: String) { list.withLock { $0.append(s) } }
    var all: [String] { list.withLock { $0 } }
}
