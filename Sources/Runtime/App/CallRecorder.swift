import BridgeCall
import BridgeJSON
import BridgeProtocol
import BridgeRouter
import FoundationEssentials
import Glibc
import BridgeSystem

/// `--record FILE`: every call the router answered or refused, one JSON object per line
/// (NDJSON): `{"time", "command", "args", "context": {platform, window, webview, origin},
/// "result" | "error", "warnings"?}`. `bridge replay FILE` sends the same calls again and says
/// which answers differ, so a team keeps its front end's calls as a contract test.
public final class CallRecorder: CallRecording {
    private let fd: Int32
    private let lock = SharedLock(())
    public let path: String

    /// The mode of a recording the bridge creates: the owner's alone, since a recording holds
    /// call results (a file's contents, the clipboard's text).
    public static let mode: mode_t = 0o600

    /// Creates `path` with `mode` (whatever the umask), or truncates it when it exists.
    ///
    /// - Important: An existing file keeps its mode and owner: the bridge neither widens nor
    ///   tightens what the user chose (a FIFO, `/dev/stdout`, a file shared on purpose). It is
    ///   truncated in place, never replaced, so its mode cannot widen to the default either.
    /// - Throws: `AppSetupError` naming the file and the system's reason when it cannot be opened.
    public init(path: String) throws(AppSetupError) {
        let fd = CallRecorder.openTruncated(path)
        guard fd >= 0 else {
            throw AppSetupError("--record \(path): cannot be written (\(String(cString: strerror(errno)))); give a file in a folder that exists")
        }
        self.fd = fd
        self.path = path
    }

    /// A descriptor for writing `path` from its start, or -1 with `errno` set.
    private static func openTruncated(_ path: String) -> Int32 {
        // O_EXCL tells a new file from an existing one; only a file this call created is
        // chmod-ed, so the umask cannot take bits from it and an existing file is left alone.
        // Two tries: the file may appear or vanish between them.
        for _ in 0..<2 {
            let created = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
            if created >= 0 {
                guard fchmod(created, mode) == 0 else {
                    let error = errno
                    close(created)
                    unlink(path)
                    errno = error
                    return -1
                }
                return created
            }
            guard errno == EEXIST else { return -1 }
            let existing = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
            if existing >= 0 || errno != ENOENT { return existing }
        }
        return -1
    }

    public func record(_ command: String, params: JSON?, context: CallContext, outcome: Result<JSON, ResponseError>, warnings: [CallWarning]) {
        var line: JSONObject = [
            "time": .string(CallRecorder.timestamp()), "command": .string(command), "args": params ?? .object(JSONObject()),
            "context": CallRecorder.context(context),
        ]
        switch outcome {
        case .success(let value): line["result"] = value
        case .failure(let error): line["error"] = error.json
        }
        if !warnings.isEmpty { line["warnings"] = .array(warnings.map(\.json)) }
        let bytes = JSON.object(line).serializedBytes() + [0x0A]
        lock.withLock { _ in CallRecorder.writeAll(bytes, to: fd) }
    }

    static func context(_ c: CallContext) -> JSON {
        ["platform": .string(c.platform.rawValue), "window": .string(c.window), "webview": .string(c.webview), "origin": .string(c.origin)]
    }

    static func timestamp() -> String {
        Date().formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// Writes every byte, retrying short writes and `EINTR`; a failing write drops the rest
    /// (as `FileHandle.write` on a closed reader would end the line).
    private static func writeAll(_ bytes: [UInt8], to fd: Int32) {
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, base + offset, raw.count - offset)
                if n > 0 { offset += n } else if !(n < 0 && errno == EINTR) { return }
            }
        }
    }

    deinit { close(fd) }
}

/// One recorded call, read back for `bridge replay`.
public struct RecordedCall: Sendable {
    public let line: Int
    public let command: String
    public let args: JSON
    public let context: JSON
    /// `{"result": …}` or `{"error": …}` as recorded.
    public let answer: JSON

    /// Reads a recording; every problem names the line.
    public static func read(_ path: String) throws(AppSetupError) -> [RecordedCall] {
        guard let data = FileManager.default.contents(atPath: path) else { throw AppSetupError("\(path): no such file") }
        var calls: [RecordedCall] = []
        for (index, raw) in data.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            let bytes = [UInt8](raw)
            if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) { continue }
            let json: JSON
            do { json = try JSONParser.parse(bytes, duplicateKeys: .keepLast) } catch {
                throw AppSetupError("\(path):\(index + 1): not a JSON object: \(error)")
            }
            guard let command = json["command"]?.stringValue else {
                throw AppSetupError("\(path):\(index + 1): a recorded call needs \"command\" (as --record writes it)")
            }
            let answer: JSON
            if let result = json["result"] { answer = ["result": result] } else if let error = json["error"] { answer = ["error": error] } else {
                throw AppSetupError("\(path):\(index + 1): a recorded call needs \"result\" or \"error\"")
            }
            calls.append(RecordedCall(line: index + 1, command: command, args: json["args"] ?? .object(JSONObject()),
                                      context: json["context"] ?? .null, answer: answer))
        }
        return calls
    }

    /// What a replay compares: the result, or the error's code, message and rejection value
    /// (the rest of `data` — hints, suggestions — may change without the front end seeing it).
    public static func comparable(_ answer: JSON) -> JSON {
        guard let error = answer["error"] else { return answer }
        var kept: JSONObject = ["code": error["code"] ?? .null, "message": error["message"] ?? .null]
        if let rejection = error["data"]?["rejection"] { kept["rejection"] = rejection }
        return ["error": .object(kept)]
    }
}
