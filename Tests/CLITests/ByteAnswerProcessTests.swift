import BridgeJSON
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// A spawned `bridge serve --platform linux` with fs granted on its app data folder, in a fresh
/// sandbox, and a sparse file of `size` bytes there: `P`, `K`, zeros, 255 in the middle, 7 last.
private struct ByteSession {
    let process: BridgeProcess
    let size: Int
    static let appData = "linux/home/user/.local/share/com.example.app"

    init(size: Int, options: [String] = []) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bytes-\(UUID().uuidString)").path
        let caps = root + "/caps"
        try FileManager.default.createDirectory(atPath: caps + "/", withIntermediateDirectories: true)
        try #"{"identifier":"main","windows":["main"],"permissions":["fs:allow-appdata-read-recursive","fs:allow-appdata-write-recursive"]}"#
            .write(toFile: caps + "/main.json", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: root + "/sandbox/" + Self.appData, withIntermediateDirectories: true)
        let path = root + "/sandbox/" + Self.appData + "/big.bin"
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try file.truncate(atOffset: UInt64(size))
        for (offset, bytes) in [(0, [80, 75]), (size / 2, [255]), (size - 1, [7])] as [(Int, [UInt8])] {
            try file.seek(toOffset: UInt64(offset))
            try file.write(contentsOf: Data(bytes))
        }
        try file.close()
        process = try BridgeProcess(["serve", "--platform", "linux", "--capabilities", caps, "--sandbox", root + "/sandbox"] + options,
                                    executable: Products.bridge)
        self.size = size
    }

    /// The largest resident set the process has had so far (`VmHWM`), in bytes.
    var peakResident: Int {
        get throws {
            let status = try String(contentsOfFile: "/proc/\(process.pid)/status", encoding: .utf8)
            let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") })
            return try #require(Int(line.split(separator: " ").dropFirst().first ?? "")) * 1024
        }
    }

    /// The text of `read_file`'s answer to request `id`: the file's numbers, zeros as `0`.
    func expectedAnswer(id: Int) -> (length: Int, prefix: String, middle: (offset: Int, text: String), suffix: String) {
        let prefix = #"{"jsonrpc":"2.0","id":\#(id),"result":[80,75,0,"#
        let head = prefix.utf8.count - "80,75,0,".utf8.count
        // `80,75,` then a `0,` per zero before the middle byte.
        let middle = head + 6 + (size / 2 - 2) * 2
        let length = head + (size - 4) * 2 + "80,75,255,7".utf8.count + "]}\n".utf8.count
        return (length, prefix, (middle, "255,0,0,"), ",0,0,7]}\n")
    }
}

/// Growth of a peak resident set allowed for a call holding `bytes`: 3 times them, and 24 MB of slack.
private func allowed(_ bytes: Int) -> Int { 3 * bytes + 24 << 20 }

@Suite("Byte answers in a spawned session: memory within 3 times their size, and a bound per session")
struct ByteAnswerProcessTests {
    @Test("read_file of a 32 MB file over stdio: the answer is the number array, and the peak grew by at most 3 times the file")
    func readFileOverStdio() throws {
        let session = try ByteSession(size: 32 << 20)
        let p = session.process
        p.sendLine(request("1", "plugin:fs|exists", #"{"path":"big.bin","options":{"baseDir":14}}"#))
        #expect(try p.nextJSON()["result"] == true)
        let before = try session.peakResident
        p.sendLine(request("2", "plugin:fs|read_file", #"{"path":"big.bin","options":{"baseDir":14}}"#))
        let expected = session.expectedAnswer(id: 2)
        let answer = try #require(p.nextBytes(expected.length, timeout: 300), "no answer of \(expected.length) bytes; stderr: \(p.stderr)")
        let after = try session.peakResident
        #expect(answer.starts(with: Array(expected.prefix.utf8)))
        #expect(Array(answer[expected.middle.offset..<expected.middle.offset + expected.middle.text.utf8.count]) == Array(expected.middle.text.utf8))
        #expect(answer.suffix(expected.suffix.utf8.count).elementsEqual(expected.suffix.utf8))
        #expect(after - before <= allowed(session.size), "peak grew by \((after - before) >> 20) MB for a \(session.size >> 20) MB file")
        p.closeInput()
        #expect(p.waitForExit() == 0)
    }

    @Test("read_file of a 32 MB file in browser mode: the raw bytes as application/octet-stream, the peak grew by at most 3 times the file")
    func readFileOverHTTP() throws {
        let session = try ByteSession(size: 32 << 20, options: ["--http", "0"])
        let p = session.process
        let listening = try JSONParser.parse(try #require(p.nextLine(), "bridge/listening; stderr: \(p.stderr)"))
        let url = try #require(listening["params"]?["url"]?.stringValue)
        let key = try #require(listening["params"]?["key"]?.stringValue)
        let port = try #require(UInt16(url.split(separator: ":").last?.filter(\.isNumber) ?? ""))
        let call = { (body: String) throws -> (head: String, body: [UInt8]) in
            try post(port: port, path: "/plugin%3Afs%7Cread_file", headers: ["Tauri-Invoke-Key": key, "Tauri-Callback": "0", "Tauri-Error": "1", "Content-Type": "application/json"], body: body)
        }
        let small = try post(port: port, path: "/plugin%3Afs%7Cexists", headers: ["Tauri-Invoke-Key": key, "Tauri-Callback": "0", "Tauri-Error": "1", "Content-Type": "application/json"],
                             body: #"{"path":"big.bin","options":{"baseDir":14}}"#)
        #expect(small.body == Array("true".utf8), "\(small.head)")
        let before = try session.peakResident
        let (head, body) = try call(#"{"path":"big.bin","options":{"baseDir":14}}"#)
        let after = try session.peakResident
        #expect(head.lowercased().contains("content-type: application/octet-stream"), "\(head)")
        #expect(head.contains("Tauri-Response: ok"), "\(head)")
        #expect(body.count == session.size)
        #expect(body.prefix(3) == [80, 75, 0] && body[session.size / 2] == 255 && body.last == 7)
        #expect(after - before <= allowed(session.size), "peak grew by \((after - before) >> 20) MB for a \(session.size >> 20) MB file")
        p.closeInput()
        _ = p.waitForExit()
    }

    @Test("read_file of a 32 MB file through bridge invoke: the whole number array on stdout, the peak at most 3 times the file")
    func readFileThroughInvoke() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bytes-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/caps", withIntermediateDirectories: true)
        try #"{"identifier":"main","windows":["main"],"permissions":["fs:allow-appdata-read-recursive"]}"#
            .write(toFile: root + "/caps/main.json", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: root + "/sandbox/" + ByteSession.appData, withIntermediateDirectories: true)
        let size = 32 << 20
        let path = root + "/sandbox/" + ByteSession.appData + "/big.bin"
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try file.truncate(atOffset: UInt64(size))
        try file.seek(toOffset: UInt64(size - 1))
        try file.write(contentsOf: Data([7]))
        try file.close()
        // The bridge run alone under a Python parent, whose only child it is: its peak is that
        // parent's RUSAGE_CHILDREN maximum (kilobytes on Linux).
        let out = root + "/answer.json"
        let script = "import resource, subprocess, sys; r = subprocess.run(sys.argv[2:], stdout=open(sys.argv[1], 'wb')); "
            + "print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
        let r = try runBridge(["-c", script, out, Products.bridge, "invoke", "plugin:fs|read_file", #"{"path":"big.bin","options":{"baseDir":14}}"#,
                               "--platform", "linux", "--capabilities", root + "/caps", "--sandbox", root + "/sandbox"],
                              executable: "/usr/bin/python3", timeout: 120)
        let fields = r.stdout.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        try #require(fields.count == 2, "python: \(r.stdout) \(r.stderr)")
        #expect(fields[0] == 0)
        let answer = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(answer.count == 2 * size + 2, "N digits, N - 1 commas, the brackets and a newline")
        #expect(answer.prefix(7) == Data("[0,0,0,".utf8) && answer.suffix(6) == Data(",0,7]\n".utf8))
        #expect(fields[1] * 1024 <= allowed(size), "the invoke peaked at \(fields[1] >> 10) MB for a \(size >> 20) MB file")
    }

    @Test("past --max-session-bytes a read is refused with what to do; answers written free their share")
    func sessionBound() throws {
        let session = try ByteSession(size: 2 << 20, options: ["--max-session-bytes", "1048576"])
        let p = session.process
        p.sendLine(request("1", "plugin:fs|read_file", #"{"path":"big.bin","options":{"baseDir":14}}"#))
        let refused = try p.nextJSON()
        #expect(refused["error"]?["code"] == -32003)
        #expect(refused["error"]?["message"] == "read_file of /home/user/.local/share/com.example.app/big.bin would hold 2 MiB, past the bridge's limit of 1 MiB a session: read in smaller parts (open, then read) or raise --max-session-bytes",
                "\(refused)")
        #expect(refused["error"]?["data"]?["limit"] == 1048576)
        // Read in parts, each asked once the one before is answered: every part fits. (Two
        // do at once: the last answer's share is given back just after it is written.)
        p.sendLine(request("2", "plugin:fs|open", #"{"path":"big.bin","options":{"baseDir":14,"read":true}}"#))
        let rid = try #require(try p.nextJSON()["result"]?.numberValue?.intValue)
        for id in 3..<9 {
            p.sendLine(request("\(id)", "plugin:fs|read", #"{"rid":\#(rid),"len":400000}"#))
            var part = try p.nextJSON(timeout: 60)
            // fs's read reads no scope: the capability's scope is a warning first.
            while part["method"] == "bridge/warning" { part = try p.nextJSON(timeout: 60) }
            #expect(part["result"]?.arrayValue?.count == 400000 + 8, "part \(id - 2): \(part["error"] ?? .null)")
        }
        p.closeInput()
        #expect(p.waitForExit() == 0)
    }
}
