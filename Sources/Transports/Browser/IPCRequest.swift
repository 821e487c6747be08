import BridgeCall
import BridgeHTTPServer
import BridgeJSON
import FoundationEssentials
import Glibc
import BridgeSystem

/// A Tauri 2 IPC custom-protocol request, read as Tauri's `protocol.rs` `parse_invoke_request`
/// reads it: the command from the percent-decoded path, `Tauri-Callback` / `Tauri-Error` (numeric),
/// `Tauri-Invoke-Key`, and a body that is JSON (`application/json`; empty means `{}`) or raw bytes
/// (`application/octet-stream`, also when there is no `Content-Type`).
struct IPCRequest: Sendable {
    let command: String
    let callback: UInt32?
    let error: UInt32?
    /// The arguments: the JSON body, or the raw bytes as an array of numbers (what a command
    /// with named arguments refuses, as Tauri does for a bytes payload).
    let payload: JSON

    /// The headers a page's `invoke()` set: all but the browser's own, the IPC's and the bridge script's.
    static func custom(_ headers: HTTPHeaders) -> [String: String] {
        var out: [String: String] = [:]
        // The names are checked as bytes: a String is made only for the fields kept.
        for field in headers.fields(whereName: { !hasOwnPrefix($0) && !isStandard($0) }) {
            out[field.name.lowercased()] = field.value
        }
        return out
    }

    /// Whether a field name is one of `standard`, in any ASCII case.
    private static func isStandard(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = name.first.map({ $0 | 0x20 }), name.count < standardByLength.count else { return false }
        // Only the names of its length: a walk of all 24 cost ~110 instructions a field.
        for index in standardByLength[name.count] where standard[index].utf8Start[0] == first {
            if hasPrefix(name, standard[index]) { return true }
        }
        return false
    }

    /// The indices in `standard` of the names of each length.
    private static let standardByLength: [[Int]] = {
        var table = [[Int]](repeating: [], count: (standard.map(\.utf8CodeUnitCount).max() ?? 0) + 1)
        for (index, name) in standard.enumerated() { table[name.utf8CodeUnitCount].append(index) }
        return table
    }()

    /// Whether a field name starts with `sec-`, `tauri-`, `access-control-` or `bridge-` (the
    /// browser's, the IPC's and the bridge script's own fields: `Bridge-Page`, `Bridge-Window`
    /// and `Bridge-Webview` say which page calls, and no Tauri webview sends them to a command),
    /// in any ASCII case; one look at the first byte for most names.
    private static func hasOwnPrefix(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        switch name.first.map({ $0 | 0x20 }) {
        case UInt8(ascii: "s"): return hasPrefix(name, "sec-")
        case UInt8(ascii: "t"): return hasPrefix(name, "tauri-")
        case UInt8(ascii: "b"): return hasPrefix(name, "bridge-")
        case UInt8(ascii: "a"): return hasPrefix(name, "access-control-")
        default: return false
        }
    }

    /// Whether `text` starts with `prefix` (lowercase ASCII), ignoring ASCII case.
    private static func hasPrefix(_ text: UnsafeBufferPointer<UInt8>, _ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard text.count >= count else { return false }
        let expected = prefix.utf8Start
        for i in 0..<count {
            let b = text[i]
            let lower = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(b) ? b | 0x20 : b
            guard lower == expected[i] else { return false }
        }
        return true
    }

    /// The fields every browser or HTTP client sends on its own, never a page's `invoke()`
    /// (lowercase; compared in any ASCII case, as static text: no `String` per field).
    static let standard: [StaticString] = [
        "host", "origin", "referer", "user-agent", "accept", "accept-encoding", "accept-language", "connection", "content-type",
        "content-length", "cache-control", "pragma", "cookie", "dnt", "priority", "upgrade-insecure-requests", "keep-alive", "te",
        "transfer-encoding", "expect", "range", "if-none-match", "if-modified-since", "authorization",
    ]

    /// A request that is not an IPC call: Tauri's words for it (answered `500 text/plain`, as
    /// `protocol.rs` answers a request `parse_invoke_request` refuses), and what to do.
    struct Malformed: Error {
        let message: String
        let hint: String
    }

    /// Whether a number of `value` is beyond an `f64` (only a number with an exponent or of more
    /// than 300 digits can be).
    static func hasInfiniteNumber(_ value: JSON) -> Bool {
        switch value {
        case .number(let n):
            let text = n.text
            guard text.utf8.count > 300 || text.utf8.contains(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) else { return false }
            return !(Double(text)?.isFinite ?? true)
        case .array(let items): return items.contains(where: hasInfiniteNumber)
        case .object(let o): return o.contains { hasInfiniteNumber($0.value) }
        default: return false
        }
    }

    /// What every `invoke()` sends, for a request made by hand.
    static let callbackHint = "every invoke() sends Tauri-Callback and Tauri-Error, the ids of its two callbacks; a request made by hand sends any numbers (curl -H 'Tauri-Callback: 0' -H 'Tauri-Error: 1')"

    /// Parses `request` as Tauri's `parse_invoke_request` does (tauri `crates/tauri/src/ipc/protocol.rs`
    /// @ 2.8.5): both callback headers required and numeric, then the body as its content type says.
    /// - Parameter ownScript: a call of the bridge's own page scripts (`POST /__bridge/call/<command>`,
    ///   `window.__BRIDGE__.call`): no `invoke()`, so no callback headers; `rawCommand` its command.
    static func parse(_ request: HTTPRequest, ownScript rawCommand: String? = nil) -> Result<IPCRequest, Malformed> {
        let ownScript = rawCommand != nil
        let rawCommand = rawCommand ?? String(request.path.dropFirst())
        guard let command = PercentEncoding.decode(rawCommand), !command.isEmpty else {
            return .failure(Malformed(message: "the path must be a percent-encoded command, e.g. /plugin%3Afrak-share%7Cshare_text",
                                      hint: "POST /<percent-encoded command>, as invoke() sends it"))
        }
        var callback: UInt32? = nil, error: UInt32? = nil
        if !ownScript {
            guard let callbackText = request.headers[.tauriCallback] else {
                return .failure(Malformed(message: "missing Tauri-Callback header", hint: callbackHint))
            }
            guard let c = UInt32(callbackText) else {
                return .failure(Malformed(message: "Tauri callback header value must be a numeric string", hint: callbackHint))
            }
            guard let errorText = request.headers[.tauriError] else {
                return .failure(Malformed(message: "missing Tauri-Error header", hint: callbackHint))
            }
            guard let e = UInt32(errorText) else {
                return .failure(Malformed(message: "Tauri error header value must be a numeric string", hint: callbackHint))
            }
            (callback, error) = (c, e)
        }
        let declared = request.headers[.contentType] ?? "application/octet-stream"
        // What every invoke() sends, as it is, before the general reading of the field.
        let contentType = declared == "application/json" ? declared
            : declared.split(separator: ";").first.map { $0.trimmingWhitespace().lowercased() } ?? ""
        var payload: JSON
        switch contentType {
        case "application/json":
            if request.body.isEmpty {
                payload = .object(JSONObject())
            } else {
                do {
                    payload = try JSONParser.parse(request.body, duplicateKeys: .keepLast)
                    // serde_json refuses a number too large for an f64 (`1e400`), which JSON allows.
                    if IPCRequest.hasInfiniteNumber(payload), let words = SerdeJSONError.message(request.body) {
                        return .failure(Malformed(message: words, hint: "a number of the body is too large for an f64, which serde_json refuses"))
                    }
                } catch let problem {
                    // serde_json's words, as Tauri answers them.
                    return .failure(Malformed(message: SerdeJSONError.message(request.body) ?? "\(problem)",
                                              hint: "the body is not valid JSON (\(problem)); invoke() sends JSON.stringify of its arguments"))
                }
            }
        case "application/octet-stream":
            // `InvokeBody::Raw`: the bytes and the headers travel as the request (`__tauri`).
            return .success(IPCRequest(command: command, callback: callback, error: error,
                                       payload: .object([TauriRequest.key: TauriRequest(headers: custom(request.headers), body: request.body).json])))
        default:
            return .failure(Malformed(message: "content type \(contentType) is not implemented",
                                      hint: "invoke() sends application/json, or application/octet-stream for bytes"))
        }
        // Headers `invoke(cmd, args, {headers})` set beside named arguments reach the command too.
        let headers = custom(request.headers)
        if !headers.isEmpty, case .object(var o) = payload {
            o[TauriRequest.key] = TauriRequest(headers: headers).json
            payload = .object(o)
        }
        return .success(IPCRequest(command: command, callback: callback, error: error, payload: payload))
    }
}
