import BridgeJSON
import Foundation
import Testing

private let typed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/apps/typed").path

private func temporary(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("bridge-auto-\(UUID().uuidString)-\(name)").path
}

@Suite("--auto-answer in invoke and serve")
struct AutoAnswerProcessTests {
    @Test("invoke: the same answer on every run, flagged auto_answer; --auto-answer-seed changes it")
    func invoke() throws {
        let first = try runBridge(["invoke", "get_note", #"{"noteId":1}"#, "--app", typed, "--auto-answer"], executable: Products.bridge)
        let second = try runBridge(["invoke", "get_note", #"{"noteId":1}"#, "--app", typed, "--auto-answer"], executable: Products.bridge)
        #expect(first.status == 0)
        #expect(first.stdout == second.stdout)
        #expect(first.stdout.hasPrefix("{\"noteId\":"))
        #expect(first.stderr.contains("bridge: warning: get_note: auto: answered by --auto-answer (seed 1)"))
        let seeded = try runBridge(["invoke", "get_note", #"{"noteId":1}"#, "--app", typed, "--auto-answer-seed", "9"], executable: Products.bridge)
        #expect(seeded.status == 0 && seeded.stdout != first.stdout)
    }

    @Test("the arguments are still bound as Tauri binds them")
    func stillBound() throws {
        let r = try runBridge(["invoke", "get_note", "{}", "--app", typed, "--auto-answer"], executable: Products.bridge)
        #expect(r.status == 1)
        #expect(r.stdout.contains("invalid args `noteId` for command `get_note`"))
    }

    @Test("a result of a type the sources do not declare: the usual no-answer error, naming it")
    func unresolved() throws {
        let r = try runBridge(["invoke", "deadline", "--app", typed, "--auto-answer"], executable: Products.bridge)
        #expect(r.status == 1)
        #expect(r.stdout.contains("deadline (app command) has no answer (--auto-answer does not guess it: its result names chrono::DateTime<chrono::Utc>, not declared in the app's sources)"))
        #expect(r.stdout.contains(#""unresolved":["chrono::DateTime<chrono::Utc>"]"#))
    }

    @Test("without --app: a usage error; a seed must be a whole number")
    func usage() throws {
        let bare = try runBridge(["invoke", "greet", "--auto-answer"], executable: Products.bridge)
        #expect(bare.status == 2 && bare.stderr.contains("--auto-answer needs --app DIR"))
        let seed = try runBridge(["invoke", "greet", "--app", typed, "--auto-answer-seed", "x"], executable: Products.bridge)
        #expect(seed.status == 2 && seed.stderr.contains("option '--auto-answer-seed' takes a whole number"))
    }

    @Test("serve: the answer carries an auto_answer warning, bridge/unhandled says auto, and so does the summary")
    func serve() throws {
        let p = try BridgeProcess(["serve", "--app", typed, "--auto-answer"], executable: Products.bridge)
        p.sendLine(#"{"jsonrpc":"2.0","id":1,"method":"pick_color"}"#)
        p.sendLine(#"{"jsonrpc":"2.0","id":2,"method":"deadline"}"#)
        p.closeInput()
        let out = p.remainingOutput()
        #expect(out.contains(#""method":"bridge/warning""#) && out.contains(#""code":"auto_answer""#))
        #expect(out.contains(#""method":"bridge/unhandled","params":{"command":"pick_color""#) && out.contains(#""auto":true"#))
        #expect(out.contains(#"{"jsonrpc":"2.0","id":1,"result":"#))
        #expect(out.contains(#""id":2,"error":{"code":-32601"#))
        #expect(p.waitForExit() == 0)
        let err = p.stderr
        #expect(err.contains("bridge: 1 call of 1 command had no answer:\n  deadline (app command, 1 call): nothing answers it"))
        #expect(err.contains("bridge: 1 call of 1 command were answered by --auto-answer:\n  pick_color (app command, 1 call): auto: a made-up value of its declared type"))
    }

    @Test("a --record of an auto-answered session is a --fixtures file: the same answers, without --auto-answer")
    func recordAsFixtures() throws {
        let record = temporary("record.ndjson")
        defer { try? FileManager.default.removeItem(atPath: record) }
        let auto = try runBridge(["invoke", "list_notes", #"{"pageSize":2}"#, "--app", typed, "--auto-answer", "--record", record], executable: Products.bridge)
        #expect(auto.status == 0)
        let replayed = try runBridge(["invoke", "list_notes", #"{"pageSize":2}"#, "--app", typed, "--fixtures", record], executable: Products.bridge)
        #expect(replayed.status == 0)
        #expect(replayed.stdout == auto.stdout)
        #expect(!replayed.stderr.contains("auto_answer") && !replayed.stderr.contains("auto:"))
        // Other arguments were not recorded: nothing answers them.
        let other = try runBridge(["invoke", "list_notes", #"{"pageSize":3}"#, "--app", typed, "--fixtures", record], executable: Products.bridge)
        #expect(other.status == 1)
    }
}
