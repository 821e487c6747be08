import BridgeJSON
import BridgeProtocol
import FoundationEssentials
import Glibc
import BridgeSystem

/// What a Tauri IPC request carries beside named arguments: its headers (`invoke(cmd, args,
/// {headers})`) and, when `invoke` was given bytes (`Uint8Array`, `ArrayBuffer`, `number[]`),
/// the raw body (`InvokeBody::Raw`) — what a command that takes `tauri::ipc::Request` reads
/// (fs's `write_file` takes its path from the `path` header and its bytes from the body).
///
/// On the wire it is the reserved key `__tauri` of `params`: `{"headers": {NAME: VALUE},
/// "body": BASE64}`; browser mode builds it from the HTTP request, the Node client from
/// `invoke()`'s arguments and options.
public struct TauriRequest: Sendable, Equatable {
    /// Header names lowercased, as `http::HeaderMap` compares them.
    public let headers: [String: String]
    /// The raw body; `nil` for a JSON body (the named arguments).
    public let body: [UInt8]?

    public init(headers: [String: String] = [:], body: [UInt8]? = nil) {
        var lowered: [String: String] = [:]
        for (name, value) in headers { lowered[name.lowercased()] = value }
        self.headers = lowered
        self.body = body
    }

    /// The reserved key.
    public static let key = "__tauri"

    /// The reserved value, for a transport that builds it.
    public var json: JSON {
        var h = JSONObject()
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { h[name] = .string(value) }
        var o: JSONObject = ["headers": .object(h)]
        if let body { o["body"] = .string(Data(body).base64EncodedString()) }
        return .object(o)
    }

    /// Reads `params.__tauri`; a malformed one is refused with what it should be.
    public static func parse(_ value: JSON, command: String) throws(ResponseError) -> TauriRequest {
        func bad(_ what: String) -> ResponseError {
            .invalidParams("\(key) of \(command): \(what); it is {\"headers\": {NAME: VALUE}, \"body\": BASE64} (both optional)",
                           details: ["command": .string(command), "field": .string(key)])
        }
        guard case .object(let o) = value else { throw bad("expected an object, got \(value.typeName)") }
        var headers: [String: String] = [:]
        if let h = o["headers"] {
            guard case .object(let entries) = h else { throw bad("headers must be an object of strings") }
            for member in entries {
                guard let s = member.value.stringValue else { throw bad("header \(member.key) must be a string") }
                headers[member.key] = s
            }
        }
        var body: [UInt8]?
        if let b = o["body"] {
            guard let s = b.stringValue, let data = Data(base64Encoded: s) else { throw bad("body must be a base64 string") }
            body = [UInt8](data)
        }
        return TauriRequest(headers: headers, body: body)
    }
}
