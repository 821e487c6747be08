import BridgeJSON

/// A JSON-RPC request: it has an `id` and gets exactly one response.
public struct Request: Sendable, Equatable {
    public let id: RequestID
    public let method: String
    /// The `params` member: an object, an array, or `nil` when omitted or `null`.
    public let params: JSON?
    /// The envelope's keys written more than once (`id`, `method`, `params`, …; not the keys
    /// inside `params`, which binding reports): the parser kept the last value of each.
    public let duplicateKeys: [String]

    public init(id: RequestID, method: String, params: JSON?, duplicateKeys: [String] = []) {
        self.id = id
        self.method = method
        self.params = params
        self.duplicateKeys = duplicateKeys
    }

    /// A `duplicate_key` warning per envelope key written more than once: the request runs with
    /// the last value, as serde_json reads it; `--strict` refuses it as a parse error (`-32700`).
    public var warnings: [CallWarning] {
        duplicateKeys.map {
            CallWarning(code: CallWarning.duplicateKey,
                        message: "invalid request: the key \(JSON.string($0).serialized()) appears more than once in the request object; the last value is used, as serde_json keeps it")
        }
    }
}

/// A JSON-RPC notification: no `id`, never answered.
public struct Notification: Sendable, Equatable {
    public let method: String
    public let params: JSON?

    public init(method: String, params: JSON?) {
        self.method = method
        self.params = params
    }
}

/// One decoded JSON-RPC message (or one element of a batch).
public enum IncomingMessage: Sendable, Equatable {
    case request(Request)
    case notification(Notification)
    /// A response object sent to us: the answer to a request the bridge sent (`bridge/answer`,
    /// asking a client that handles a command), else logged.
    case response(id: RequestID, outcome: Result<JSON, ResponseError>)
    /// Not a valid message; answer `error` with `id` (`null` when the id could not be read).
    case invalid(id: RequestID, error: ResponseError)

    /// A response's outcome: its `result`, or its `error` object (`{code, message, data}`).
    static func outcome(_ object: JSONObject) -> Result<JSON, ResponseError> {
        guard let error = object["error"] else { return .success(object["result"] ?? .null) }
        let code = error["code"]?.numberValue?.intValue ?? ErrorCode.internalError.rawValue
        let message = error["message"]?.stringValue ?? error.serialized()
        return .failure(ResponseError(code: ErrorCode(rawValue: code), message: message, details: error["data"]?.objectValue ?? JSONObject()))
    }

    /// Classifies one JSON value by the rules of JSON-RPC 2.0 §4–§5.
    public init(_ json: JSON) {
        guard case .object(let object) = json else {
            self = .invalid(id: .null, error: .invalidRequest("expected a JSON-RPC object, got \(json.typeName)"))
            return
        }
        // The envelope's members in one walk (keys are unique: the parser kept the last of a
        // duplicate): a lookup each cost a scan of the members and a copy of the value.
        var rawID: JSON?, version: JSON?, methodValue: JSON?, rawParams: JSON?, hasResult = false, hasError = false
        object.members.withUnsafeBufferPointer { members in
            for index in members.indices {
                // The length and first byte pick the one name a key can be, so a key is compared
                // once (a failed `==` of two short strings costs a slow comparison).
                let key = members[index].key
                switch (key.utf8.count, key.utf8.first) {
                case (2, UInt8(ascii: "i")?) where key == "id": rawID = members[index].value
                case (7, UInt8(ascii: "j")?) where key == "jsonrpc": version = members[index].value
                case (6, UInt8(ascii: "m")?) where key == "method": methodValue = members[index].value
                case (6, UInt8(ascii: "p")?) where key == "params": rawParams = members[index].value
                case (6, UInt8(ascii: "r")?) where key == "result": hasResult = true
                case (5, UInt8(ascii: "e")?) where key == "error": hasError = true
                default: break
                }
            }
        }
        // The id is echoed whenever it can be read, even if something else is wrong.
        var id = RequestID.null
        if let rawID {
            guard let parsed = RequestID(json: rawID) else {
                self = .invalid(id: .null, error: .invalidRequest("\"id\" must be a string, a number or null, got \(rawID.typeName)"))
                return
            }
            id = parsed
        }
        guard case .string("2.0")? = version else {
            let got = version.map { $0.serialized() } ?? "nothing"
            self = .invalid(id: id, error: .invalidRequest("\"jsonrpc\" must be \"2.0\", got \(got)"))
            return
        }
        guard let methodValue else {
            if rawID != nil && (hasResult || hasError) {
                self = .response(id: id, outcome: IncomingMessage.outcome(object))
            } else {
                self = .invalid(id: id, error: .invalidRequest("missing \"method\""))
            }
            return
        }
        guard case .string(let method) = methodValue else {
            self = .invalid(id: id, error: .invalidRequest("\"method\" must be a string, got \(methodValue.typeName)"))
            return
        }
        // `null` is the same as absent: real clients (pygls) send it for `shutdown` and `exit`.
        let params: JSON? = rawParams.flatMap { $0.isNull ? JSON?.none : $0 }
        if let params {
            switch params {
            case .object, .array: break
            default:
                self = .invalid(id: id, error: .invalidRequest("\"params\" must be an object or an array, got \(params.typeName)"))
                return
            }
        }
        if rawID == nil {
            self = .notification(Notification(method: method, params: params))
        } else {
            // A key inside `params` is the binding's business; the envelope's own keys are ours.
            let duplicates = object.duplicateKeyPaths.isEmpty ? [] : object.duplicateKeyPaths.filter { path in
                path == "params" || !(path.hasPrefix("params.") || path.hasPrefix("params["))
            }
            self = .request(Request(id: id, method: method, params: params, duplicateKeys: duplicates))
        }
    }
}

extension IncomingMessage {
    /// The common message read straight from its bytes: an object with `"jsonrpc": "2.0"`, a
    /// string `method`, at most a number or string `id` and an object or array `params` (or
    /// `null`), each once, nothing else. Only `params` becomes a `JSON` value; the envelope costs
    /// no object, no `String` for its keys and no value for its version. `nil` for any other
    /// text, which `init(_:)` classifies after a whole parse: the same message either way.
    static func plain(_ bytes: [UInt8], maxDepth: Int) -> IncomingMessage? {
        JSONMemberReader.read(bytes, maxDepth: maxDepth) { reader -> IncomingMessage? in
            var version = false, id: RequestID?, method: String?, params: JSON?, paramsRead = false
            while true {
                guard let next = reader.nextKey() else { return nil }
                guard case .key(let key) = next else { break }
                if JSONMemberReader.matches(key, "jsonrpc") {
                    guard !version, let text = reader.asciiString(), JSONMemberReader.matches(text, "2.0") else { return nil }
                    version = true
                } else if JSONMemberReader.matches(key, "id") {
                    guard id == nil else { return nil }
                    if let number = reader.number() {
                        id = .number(number)
                    } else if let text = reader.string() {
                        id = .string(text)
                    } else {
                        return nil
                    }
                } else if JSONMemberReader.matches(key, "method") {
                    guard method == nil, let text = reader.string() else { return nil }
                    method = text
                } else if JSONMemberReader.matches(key, "params") {
                    guard !paramsRead, let value = reader.value() else { return nil }
                    switch value {
                    case .object, .array: params = value
                    case .null: params = nil
                    default: return nil
                    }
                    paramsRead = true
                } else {
                    return nil
                }
            }
            guard version, let method else { return nil }
            guard let id else { return .notification(Notification(method: method, params: params)) }
            return .request(Request(id: id, method: method, params: params))
        }
    }
}

/// What one framed message decodes to: a single message, a batch, or an error for the whole text.
public enum IncomingPayload: Sendable, Equatable {
    case single(IncomingMessage)
    /// A non-empty batch: one element per array item, in order.
    case batch([IncomingMessage])
    /// An error answered with `id: null` for the whole message (parse error, empty batch).
    case failure(ResponseError)

    /// Parses and classifies one framed message body.
    public init(bytes: [UInt8], maxDepth: Int = JSONParser.defaultMaxDepth) {
        if let message = IncomingMessage.plain(bytes, maxDepth: maxDepth) {
            self = .single(message)
            return
        }
        let json: JSON
        do {
            json = try JSONParser.parse(bytes, maxDepth: maxDepth, duplicateKeys: .keepLast)
        } catch {
            self = .failure(.parseError(error))
            return
        }
        self.init(json)
    }

    /// Classifies one parsed message.
    public init(_ json: JSON) {
        if case .array(let items) = json {
            self = items.isEmpty
                ? .failure(.invalidRequest("empty batch"))
                : .batch(items.map(IncomingMessage.init))
        } else {
            self = .single(IncomingMessage(json))
        }
    }
}
