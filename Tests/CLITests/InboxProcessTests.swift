import BridgeJSON
import Foundation
import Synchronization
import Testing
import TestSupport

/// A PNG of `size` bytes (a real header, then padding).
func pngFile(size: Int = 64) -> String {
    let bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 7, count: max(0, size - 8))
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-img-\(UUID().uuidString).png").path
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    return path
}

func appGroup() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-appgroup-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// `bridge extension receive` once; the accepted id, or nil when refused.
func receive(_ group: String, _ extra: [String]) throws -> String? {
    let r = try runBridge(["extension", "receive", "--app-group", group] + extra, executable: Products.bridge)
    guard r.status == 0 else { return nil }
    return try JSONParser.parse(r.stdout)["id"]?.stringValue
}

/// The app's `read`, through `bridge invoke`.
func readInbox(_ group: String) throws -> JSON {
    let r = try runBridge(["invoke", "plugin:share-extension|read", "--app-group", group], executable: Products.bridge)
    #expect(r.status == 0, "\(r.stderr)")
    let result = try JSONParser.parse(r.stdout)
    Contract.check(result, "commands/share-extension/read.result")
    return result
}

func itemIDs(_ read: JSON) -> [String] { read["items"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? [] }

/// The app's `clear` with `args`, through `bridge invoke` (a session of its own).
func clearInbox(_ group: String, _ args: String = "{}") throws -> JSON {
    let r = try runBridge(["invoke", "plugin:share-extension|clear", args, "--app-group", group], executable: Products.bridge)
    #expect(r.status == 0, "\(r.stderr)")
    return try JSONParser.parse(r.stdout)
}

/// The `deliveryCount` of each item a read returned.
func deliveryCounts(_ read: JSON) -> [Int] {
    read["items"]?.arrayValue?.compactMap { $0["deliveryCount"]?.numberValue?.intValue } ?? []
}

/// Sends a request to a `bridge serve` session and returns its result (nil on an error or none).
func call(_ session: BridgeProcess, id: Int, _ method: String, _ params: String = "{}") throws -> JSON? {
    session.sendLine(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#)
    while let line = session.nextLine(timeout: 30) {
        let message = try JSONParser.parse(line)
        if message["id"] == .integer(id) { return message["result"] }
    }
    return nil
}

@Suite("Share inbox with real processes", .serialized)
struct InboxProcessTests {
    @Test("8 concurrent writers × 25 items: exactly 200 items, unique ids, oldest first")
    func concurrentWriters() throws {
        let group = try appGroup()
        let image = pngFile()
        let accepted = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { writer in
            for n in 0..<25 {
                let extra = n % 5 == 0 ? ["--text", "w\(writer)-\(n)", "--image", image] : ["--text", "w\(writer)-\(n)"]
                if let id = try? receive(group, extra) { accepted.withLock { $0.append(id) } }
            }
        }
        let ids = accepted.withLock { $0 }
        #expect(ids.count == 200)
        #expect(Set(ids).count == 200)
        let stored = itemIDs(try readInbox(group))
        #expect(stored.count == 200)
        #expect(Set(stored) == Set(ids))
        #expect(stored == stored.sorted())
    }

    @Test("read and clear racing with writers lose nothing and duplicate nothing")
    func readClearRace() throws {
        let group = try appGroup()
        let accepted = Mutex<[String]>([])
        let seen = Mutex<[String]>([])
        let writersDone = Atomic<Int>(0)
        let app = Thread {
            var round = 0
            while true {
                let finished = writersDone.load(ordering: .relaxed) == 4
                guard let read = try? readInbox(group) else { continue }
                let ids = itemIDs(read)
                seen.withLock { $0 += ids }
                // Alternate: clear by ids, and clear "everything read so far".
                let args = round % 2 == 0 && !ids.isEmpty
                    ? JSON.object(["ids": .array(ids.map(JSON.string))]).serialized() : "{}"
                _ = try? runBridge(["invoke", "plugin:share-extension|clear", args, "--app-group", group], executable: Products.bridge)
                round += 1
                if finished { break }
            }
        }
        app.start()
        DispatchQueue.concurrentPerform(iterations: 4) { writer in
            for n in 0..<25 {
                if let id = try? receive(group, ["--text", "w\(writer)-\(n)"]) { accepted.withLock { $0.append(id) } }
            }
            writersDone.add(1, ordering: .relaxed)
        }
        while !app.isFinished { usleep(20_000) }
        let remaining = itemIDs(try readInbox(group))
        let all = seen.withLock { $0 } + remaining
        #expect(accepted.withLock { $0.count } == 100)
        #expect(Set(all) == Set(accepted.withLock { $0 }))
        #expect(all.count == Set(all).count, "an item was returned by two reads")
    }

    @Test("kill -9 at each instant of a write leaves a readable store with every earlier item",
          arguments: ["media-staged", "media-stored", "item-stored"])
    func killDuringWrite(stage: String) throws {
        let group = try appGroup()
        let earlier = try (0..<3).compactMap { try receive(group, ["--text", "earlier \($0)", "--image", pngFile()]) }
        #expect(earlier.count == 3)
        let p = try BridgeProcess(["extension", "receive", "--app-group", group, "--text", "victim", "--image", pngFile(size: 4096)],
                                  executable: Products.bridge, environment: ["BRIDGE_INBOX_PAUSE_AT": stage])
        let deadline = Date().addingTimeInterval(30)
        while !p.stderr.contains("paused at \(stage)") && p.child.isRunning && Date() < deadline { usleep(5_000) }
        kill(p.pid, SIGKILL)
        _ = p.child.wait()
        #expect(p.child.terminatingSignal == SIGKILL)

        let read = try readInbox(group)
        let ids = itemIDs(read)
        #expect(Array(ids.prefix(3)) == earlier)
        if stage == "item-stored" {
            #expect(ids.count == 4)
            let victim = read["items"]?.arrayValue?.last
            #expect(victim?["text"] == "victim")
            #expect(victim?["attachments"]?.arrayValue?.first?["present"] == true)
        } else {
            #expect(ids.count == 3)
        }
        #expect(read["quarantined"] == nil)
        // The lock died with the writer; the next share lands and sweeps the leftovers.
        #expect(try receive(group, ["--text", "after"]) != nil)
        let inbox = group + "/ShareInbox"
        #expect(try FileManager.default.contentsOfDirectory(atPath: inbox + "/tmp").isEmpty)
        let media = Set(try FileManager.default.contentsOfDirectory(atPath: inbox + "/media"))
        #expect(media.isSubset(of: Set(itemIDs(try readInbox(group)))))
    }

    @Test("a full disk stores nothing, says so, and leaves earlier items intact")
    func diskFull() throws {
        let group = try appGroup()
        let first = try receive(group, ["--text", "before"])
        let big = pngFile(size: 256 * 1024)
        let r = try runBridge(["-c", "ulimit -f 64; exec \"$0\" extension receive --app-group \"$1\" --text big --image \"$2\"",
                               Products.bridge, group, big], executable: "/bin/sh")
        #expect(r.status == 1)
        let answer = try JSONParser.parse(r.stdout)
        #expect(answer["accepted"] == false)
        #expect(answer["kind"] == "storage")
        #expect(answer["reason"]?.stringValue?.contains("full") == true, "\(answer)")
        #expect(itemIDs(try readInbox(group)) == [first].compactMap { $0 })
        #expect(try FileManager.default.contentsOfDirectory(atPath: group + "/ShareInbox/tmp").isEmpty)
    }

    @Test("refused shares store nothing, exit 1 and say why; TRUEPREDICATE warns")
    func refusals() throws {
        let group = try appGroup()
        let rule = FileManager.default.temporaryDirectory.appendingPathComponent("rule-\(UUID().uuidString).json").path
        try #"{"NSExtensionActivationSupportsImageWithMaxCount": 1}"#.write(toFile: rule, atomically: true, encoding: .utf8)
        let refused = try runBridge(["extension", "receive", "--app-group", group, "--text", "hi", "--activation-rule", rule], executable: Products.bridge)
        #expect(refused.status == 1)
        #expect(try JSONParser.parse(refused.stdout)["kind"] == "refused")
        #expect(refused.stderr == "bridge: share not stored: the activation rule refuses this share: it has text, and NSExtensionActivationSupportsText is absent or false\n")
        let anything = FileManager.default.temporaryDirectory.appendingPathComponent("rule-\(UUID().uuidString).json").path
        try #""TRUEPREDICATE""#.write(toFile: anything, atomically: true, encoding: .utf8)
        let warned = try runBridge(["extension", "receive", "--app-group", group, "--text", "hi", "--activation-rule", anything], executable: Products.bridge)
        #expect(warned.status == 0)
        #expect(warned.stderr.contains("TRUEPREDICATE, which accepts anything; App Store uploads refuse it"))
        #expect(itemIDs(try readInbox(group)).count == 1)
        let badRule = try runBridge(["extension", "receive", "--app-group", group, "--text", "hi", "--activation-rule", "/nonexistent"], executable: Products.bridge)
        #expect(badRule.status == 2)
        let noGroup = try runBridge(["extension", "receive", "--text", "hi"], executable: Products.bridge)
        #expect(noGroup.status == 2)
    }

    @Test("read, clear and extension receive refuse a mistyped --app-group alike, creating nothing")
    func missingContainer() throws {
        let group = try appGroup() + "/mistyped"
        let expected = "the App Group container \(group) does not exist; create it or pass the right --app-group"
        let stored = try runBridge(["extension", "receive", "--app-group", group, "--text", "hi"], executable: Products.bridge)
        #expect(stored.status == 1)
        #expect(try JSONParser.parse(stored.stdout) == ["accepted": false, "kind": "container", "reason": .string(expected)])
        for command in ["plugin:share-extension|read", "plugin:share-extension|clear"] {
            let r = try runBridge(["invoke", command, "--app-group", group], executable: Products.bridge)
            #expect(r.status == 1, "\(command)")
            let error = try JSONParser.parse(r.stdout)
            #expect(error["code"] == -32003)
            #expect(error["message"] == .string(expected))
            #expect(error["data"]?["reason"] == "container")
        }
        #expect(!FileManager.default.fileExists(atPath: group))
    }

    @Test("extension receive with ShareInbox/tmp a link to another folder refuses and deletes nothing there")
    func temporaryFolderLink() throws {
        let group = try appGroup()
        #expect(try receive(group, ["--text", "first"]) != nil)
        let outside = try appGroup()
        try Data("keep".utf8).write(to: URL(fileURLWithPath: outside + "/keep.txt"))
        try FileManager.default.removeItem(atPath: group + "/ShareInbox/tmp")
        try FileManager.default.createSymbolicLink(atPath: group + "/ShareInbox/tmp", withDestinationPath: outside)
        let r = try runBridge(["extension", "receive", "--app-group", group, "--text", "second"], executable: Products.bridge)
        #expect(r.status == 1)
        #expect(try JSONParser.parse(r.stdout)["kind"] == "container")
        #expect(r.stderr.contains("ShareInbox/tmp is a symbolic link"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside) == ["keep.txt"])
    }

    @Test("a reader killed after its read leased a share: another session's clear {} keeps it; the next read returns it with deliveryCount 2")
    func killedReader() throws {
        let group = try appGroup()
        let id = try #require(try receive(group, ["--text", "unseen"]))
        let reader = try BridgeProcess(["invoke", "plugin:share-extension|read", "--app-group", group], executable: Products.bridge,
                                       environment: ["BRIDGE_INBOX_PAUSE_AT": "read-leased"])
        let deadline = Date().addingTimeInterval(30)
        while !reader.stderr.contains("paused at read-leased") && reader.child.isRunning && Date() < deadline { usleep(5_000) }
        #expect(reader.stderr.contains("paused at read-leased"))
        kill(reader.pid, SIGKILL)
        _ = reader.child.wait()
        #expect(try clearInbox(group) == ["removed": [], "notFound": []])
        let again = try readInbox(group)
        #expect(itemIDs(again) == [id])
        #expect(deliveryCounts(again) == [2])
        // That read's answer reached its reader, whose session has ended: clear {} may remove it now.
        #expect(try clearInbox(group)["removed"] == [.string(id)])
        #expect(itemIDs(try readInbox(group)).isEmpty)
    }

    @Test("a read whose answer cannot be written (its stdout closed) leaves the share to the next read")
    func closedOutput() throws {
        let group = try appGroup()
        let id = try #require(try receive(group, ["--text", "unseen"]))
        let reader = try BridgeProcess(["invoke", "plugin:share-extension|read", "--app-group", group], executable: Products.bridge,
                                       closeStdout: true)
        _ = reader.waitForExit(timeout: 30)
        #expect(try clearInbox(group)["removed"] == [])
        let again = try readInbox(group)
        #expect(itemIDs(again) == [id])
        #expect(deliveryCounts(again) == [2])
    }

    @Test("two live readers never get the same share; a killed reader's share goes to the other with deliveryCount 2")
    func twoLiveReaders() throws {
        let group = try appGroup()
        let id = try #require(try receive(group, ["--text", "once at a time"]))
        let a = try BridgeProcess(["serve", "--app-group", group], executable: Products.bridge)
        let b = try BridgeProcess(["serve", "--app-group", group], executable: Products.bridge)
        let first = try #require(try call(a, id: 1, "plugin:share-extension|read"))
        #expect(itemIDs(first) == [id])
        #expect(deliveryCounts(first) == [1])
        #expect(try call(b, id: 1, "plugin:share-extension|read").map(itemIDs) == [])
        // Another session's clear {} leaves what a live reader holds.
        #expect(try clearInbox(group)["removed"] == [])
        kill(a.pid, SIGKILL)
        _ = a.waitForExit(timeout: 30)
        let second = try #require(try call(b, id: 2, "plugin:share-extension|read"))
        #expect(itemIDs(second) == [id])
        #expect(deliveryCounts(second) == [2])
        #expect(try call(b, id: 3, "plugin:share-extension|clear")?["removed"] == [.string(id)])
        b.closeInput()
        #expect(b.waitForExit(timeout: 30) == 0)
    }

    @Test("a live reader's lease lapses after --inbox-lease: the share goes to another reader")
    func leaseTimeout() throws {
        let group = try appGroup()
        let id = try #require(try receive(group, ["--text", "slow reader"]))
        let a = try BridgeProcess(["serve", "--app-group", group, "--inbox-lease", "1"], executable: Products.bridge)
        #expect(try call(a, id: 1, "plugin:share-extension|read").map(itemIDs) == [id])
        usleep(1_500_000)
        let r = try runBridge(["invoke", "plugin:share-extension|read", "--app-group", group, "--inbox-lease", "1"], executable: Products.bridge)
        let taken = try JSONParser.parse(r.stdout)
        #expect(itemIDs(taken) == [id])
        #expect(deliveryCounts(taken) == [2])
        a.closeInput()
        #expect(a.waitForExit(timeout: 30) == 0)
    }

    @Test("the plugin without --app-group, and with malformed ids")
    func pluginErrors() throws {
        let r = try runBridge(["invoke", "plugin:share-extension|read"], executable: Products.bridge)
        #expect(r.status == 1)
        #expect(try JSONParser.parse(r.stdout)["message"] == "no App Group container: start the bridge with --app-group DIR")
        let bad = try runBridge(["invoke", "plugin:share-extension|clear", #"{"ids":["../x"]}"#, "--app-group", try appGroup()], executable: Products.bridge)
        #expect(try JSONParser.parse(bad.stdout)["code"] == -32602)
    }
}
