import BridgeJSON
import Foundation
import Testing
import TestSupport

/// The whole of a `/proc` file (its size reads as 0, so it is read to the end).
private func procFile(_ path: String) throws -> String {
    let handle = try #require(FileHandle(forReadingAtPath: path), "cannot open \(path)")
    defer { try? handle.close() }
    return String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
}

/// The shared objects mapped into a running process (`/proc/<pid>/maps`).
private func mappedLibraries(_ pid: Int32) throws -> [String] {
    let maps = try procFile("/proc/\(pid)/maps")
    #expect(maps.hasSuffix("\n"))
    return maps.split(separator: "\n").compactMap { line in
        line.split(separator: " ", omittingEmptySubsequences: true).last.map(String.init)
    }.filter { $0.contains(".so") }
}

/// `Threads:` of `/proc/<pid>/status`.
private func threadCount(_ pid: Int32) -> Int? {
    guard let status = try? procFile("/proc/\(pid)/status") else { return nil }
    return status.split(separator: "\n").first { $0.hasPrefix("Threads:") }
        .flatMap { Int($0.dropFirst("Threads:".count).trimmingCharacters(in: .whitespaces)) }
}

@Suite("One executable that downloads (spawned bridge)", .serialized)
struct DownloadProcessTests {
    let peer: HTTPPeer

    init() throws { peer = try HTTPPeer() }

    @Test("a call that downloads nothing maps neither libcurl nor FoundationNetworking; the first download maps libcurl")
    func nothingMappedUntilNeeded() throws {
        let p = try BridgeProcess(["serve"], executable: Products.bridge)
        p.sendLine(request("1", "plugin:frak-share|share_text", #"{"url":"https://frak.id/i","text":"hi"}"#))
        #expect(try p.nextJSON()["result"] == ["shared": true])
        let before = try mappedLibraries(p.pid)
        #expect(!before.isEmpty)
        #expect(!before.contains { $0.contains("libcurl") }, "\(before)")
        #expect(!before.contains { $0.contains("FoundationNetworking") }, "\(before)")
        p.sendLine(request("2", "plugin:frak-share|share_text", #"{"text":"hi","imageUrl":"\#(peer.url("/image.png"))"}"#))
        #expect(try p.nextJSON()["result"] == ["shared": true])
        #expect(try peer.hits("/image.png") == 1)
        let after = try mappedLibraries(p.pid)
        #expect(after.contains { $0.contains("libcurl") }, "\(after)")
        #expect(!after.contains { $0.contains("FoundationNetworking") })
        p.closeInput()
        #expect(p.waitForExit() == 0)
    }

    @Test("a copy of the bridge executable, alone in another folder, still downloads")
    func copiedBinaryDownloads() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-copy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("bridge").path
        // Copied by a child process: a file this process held open for writing could be inherited
        // by a concurrent test's fork, and exec would then fail with ETXTBSY ("Text file busy").
        #expect(try runBridge([Products.bridge, copy], executable: "/bin/cp").status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["bridge"])
        let args = #"{"text":"hi","imageUrl":"\#(peer.url("/image.png"))"}"#
        let r = try runBridge(["invoke", "share_text", args, "--platform", "android", "--inspect",
                               "--cache-dir", folder.appendingPathComponent("cache").path], executable: copy)
        #expect(r.status == 0, "\(r.stderr)")
        let thumbnail = try JSONParser.parse(r.stdout)["presentation"]?["thumbnail"]
        #expect(thumbnail?["outcome"] == "downloaded", "\(thumbnail ?? .null)")
    }

    @Test("without libcurl the share still presents, and the record says why there is no thumbnail")
    func withoutLibcurl() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-nocurl-\(UUID().uuidString)").path
        let r = try runBridge(["invoke", "share_text", #"{"text":"hi","imageUrl":"\#(peer.url("/image.png"))"}"#,
                               "--platform", "android", "--inspect", "--cache-dir", cache],
                              executable: Products.bridge, environment: ["BRIDGE_LIBCURL": "/nonexistent/libcurl.so.4"])
        #expect(r.status == 0)
        let doc = try JSONParser.parse(r.stdout)
        #expect(doc["result"] == ["shared": true])
        #expect(doc["presentation"]?["thumbnail"]?["outcome"] == "failed")
        let reason = doc["presentation"]?["thumbnail"]?["reason"]?.stringValue ?? ""
        #expect(reason.hasPrefix("/nonexistent/libcurl.so.4 could not be loaded ("), "\(reason)")
        #expect(try peer.hits("/image.png") == 0)
    }

    /// The former URLSession engine deadlocked here: with 260 or more in flight no request was
    /// answered within 120 s, and each download held a thread.
    @Test("1,000 concurrent slow thumbnails in serve are each answered near the 2.0 s bound, on a bounded number of threads",
          arguments: ["android", "ios"])
    func thousandSlowThumbnails(platform: String) throws {
        let p = try BridgeProcess(["serve"], executable: Products.bridge)
        p.sendLine(request("0", "initialize", #"{"platform":"\#(platform)"}"#))
        _ = try p.nextJSON()
        let count = 1000
        let lines = (1...count).map { i in
            request("\(i)", "plugin:frak-share|share_text", #"{"text":"x","imageUrl":"\#(peer.url("/slow?ms=5000"))"}"#)
        }
        let sent = ContinuousClock.now
        p.send(lines.joined(separator: "\n") + "\n")
        var answered = Set<Int>()
        var slowest = Duration.zero
        var threads = 0
        while answered.count < count {
            let message = try p.nextJSON(timeout: 30)
            threads = max(threads, threadCount(p.pid) ?? 0)
            #expect(message["result"] == ["shared": true], "\(message)")
            if let id = message["id"]?.numberValue?.intValue { answered.insert(id) }
            slowest = max(slowest, ContinuousClock.now - sent)
        }
        #expect(answered == Set(1...count))
        // The 2.0 s bound, with generous slack for a loaded 2-core machine.
        #expect(slowest < .seconds(15), "slowest answer after \(slowest)")
        // Downloads cost no thread each: the cooperative pool, the session's threads, one loop.
        #expect(threads <= ProcessInfo.processInfo.activeProcessorCount + 32, "\(threads) threads")
        p.closeInput()
        #expect(p.waitForExit(timeout: 30) == 0)
    }

    @Test("1,500 stalled downloads under ulimit -n 256: admitted against the descriptor limit, every call answered, no crash")
    func descriptorLimit() throws {
        // The shell lowers the soft limit, then becomes the bridge.
        let p = try BridgeProcess(["-c", "ulimit -n 256 && exec \"$0\" serve", Products.bridge], executable: "/bin/sh")
        let count = 1500
        var batch = ""
        for i in 0..<count {
            batch += request("\(i)", "plugin:frak-share|share_text", #"{"text":"hi","imageUrl":"\#(peer.url("/stall?n=\(i)"))"}"#) + "\n"
        }
        p.send(batch)
        var answered = Set<String>()
        let deadline = Date().addingTimeInterval(120)
        while answered.count < count && Date() < deadline {
            guard let line = p.nextLine(timeout: 60) else { break }
            let message = try JSONParser.parse(line)
            if let id = message["id"], message["result"] == ["shared": true] { answered.insert(id.serialized()) }
        }
        #expect(answered.count == count, "every call answered (the icon race lost, the sheet presented)")
        // At most (256 - 96) / 3 = 53 downloads ran at once (a few more may overlap while the
        // peer notices a closed one); without admission every descriptor left was a download.
        let peak = try peer.peak("/stall")
        #expect(peak > 0 && peak <= 53 + 10, "\(peak) stalled downloads were open at once")
        p.closeInput()
        #expect(p.waitForExit(timeout: 60) == 0, "the bridge ended normally: \(p.stderr.suffix(400))")
    }
}

