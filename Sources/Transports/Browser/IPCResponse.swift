import BridgeHTTPServer
import BridgeJSON
import BridgeProtocol

/// The answer to an IPC request, as Tauri's `protocol.rs` writes it: `Tauri-Response: ok|error`,
/// `Content-Type: application/json`, and the body the result, or the value `invoke()` rejects with
/// (a byte result: `application/octet-stream` and the bytes themselves)
/// (the error's message string). The bridge's whole error object `{code, message, data}` travels
/// in `Bridge-Error` (JSON, non-ASCII escaped) for tools.
enum IPCResponse {
    static func make(_ result: Result<JSON, ResponseError>, headers h: consuming HTTPHeaders) -> HTTPResponse {
        h[.contentType] = "application/json"
        h[.cacheControl] = "no-store"
        switch result {
        case .success(.bytes(let raw)):
            // A byte answer (`tauri::ipc::Response`) travels raw, as `protocol.rs` sends
            // `InvokeResponseBody::Raw`: the page's invoke() gets an ArrayBuffer.
            h[.contentType] = "application/octet-stream"
            h[.tauriResponse] = "ok"
            return HTTPResponse(status: .ok, headers: h, body: raw.bytes)
        case .success(let value):
            h[.tauriResponse] = "ok"
            return HTTPResponse(status: .ok, headers: h, body: value.serializedBytes())
        case .failure(let error):
            h[.tauriResponse] = "error"
            h[.bridgeError] = ASCIIJSON.serialize(error.json)
            // A handler's or fixture's error value is what invoke() rejects with, as a Rust
            // command's `Err` serialises; the bridge's own errors reject with their message.
            let value = error.data["rejection"] ?? .string(error.message)
            return HTTPResponse(status: .ok, headers: h, body: value.serializedBytes())
        }
    }
}

/// Compact JSON with every non-ASCII character escaped, so it fits in a header field.
enum ASCIIJSON {
    static func serialize(_ value: JSON) -> String {
        var out = ""
        for scalar in value.serialized().unicodeScalars {
            if scalar.isASCII {
                out.unicodeScalars.append(scalar)
            } else {
                for unit in String(scalar).utf16 {
                    let hex = String(unit, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
            }
        }
        return out
    }
}
