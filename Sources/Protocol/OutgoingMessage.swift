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

    /// Appends the response to `out` (a writer's buffer: no array of its own).
    public static func response(id: RequestID, _ outcome: Result<JSON, ResponseError>, into out: inout [UInt8]) {
        out.append(contentsOf: #"{"jsonrpc":"2.0","id":"#.utf8)
        id.json.write(to: &out)
        switch outcome {
        case .success(let result):
            out.append(contentsOf: #","result":"#.utf8)
            result.write(to: &out)
        case .failure(let error):
            out.append(contentsOf: #","error":"#.utf8)
            error.json.write(to: &out)
        }
        out.append(UInt8(ascii: "}"))
    }

    /// `{"jsonrpc":"2.0","method":…,"params":…}`.
    public static func notification(method: String, params: JSON) -> [UInt8] {
        var out: [UInt8] = []
        out.append(contentsOf: #"{"jsonrpc":"2.0","method":"#.utf8)
        JSON.writeString(method, to: &out)
        out.append(contentsOf: #","params":"#.utf8)
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
