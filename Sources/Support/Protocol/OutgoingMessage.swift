import BridgeJSON

/// Serialises the messages the bridge sends, straight to bytes.
public enum OutgoingMessage {
    /// `{"jsonrpc":"2.0","id":…,"result":…}` or `{"jsonrpc":"2.0","id":…,"error":…}`.
    public static func response(id: RequestID, _ outcome: Result<JSON, ResponseError>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(96)
        response(id: id, outcome, into: &out)
        return out
    }

    /// Appends the response to `out` (a writer's buffer: no array of its own); a large byte
    /// result goes to `drain` in parts as it is written (see `JSONDrain`).
    public static func response(id: RequestID, _ outcome: Result<JSON, ResponseError>, into out: inout [UInt8],
                                drain: JSONDrain? = nil) {
        out.append(literal: #"{"jsonrpc":"2.0","id":"#)
        id.json.write(to: &out)
        switch outcome {
        case .success(let result):
            out.append(literal: #","result":"#)
            result.write(to: &out, drain: drain)
        case .failure(let error):
            out.append(literal: #","error":"#)
            error.json.write(to: &out)
        }
        out.append(UInt8(ascii: "}"))
    }

    /// The length of `response(id:_:)`, counted without writing a byte result's text.
    public static func responseCount(id: RequestID, _ outcome: Result<JSON, ResponseError>) -> Int {
        let head = #"{"jsonrpc":"2.0","id":"#.utf8.count + id.json.compactSerializedCount + 1
        switch outcome {
        case .success(let result): return head + #","result":"#.utf8.count + result.compactSerializedCount
        case .failure(let error): return head + #","error":"#.utf8.count + error.json.compactSerializedCount
        }
    }

    /// `{"jsonrpc":"2.0","method":…,"params":…}`.
    public static func notification(method: String, params: JSON) -> [UInt8] {
        var out: [UInt8] = []
        out.append(literal: #"{"jsonrpc":"2.0","method":"#)
        JSON.writeString(method, to: &out)
        out.append(literal: #","params":"#)
        params.write(to: &out)
        out.append(UInt8(ascii: "}"))
        return out
    }

    /// A batch response: the serialized responses joined in a JSON array.
    public static func batch(_ responses: [[UInt8]]) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "[")]
        for (k, r) in responses.enumerated() {
            if k > 0 { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: r)
        }
        out.append(UInt8(ascii: "]"))
        return out
    }
}
