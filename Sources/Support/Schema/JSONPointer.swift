import BridgeJSON

/// RFC 6901 JSON Pointers: `""` is the whole document, `/a/0/b~1c` names `"b/c"` inside element 0
/// of member `a`. In a token `~0` stands for `~` and `~1` for `/`.
public enum JSONPointer {
    /// `token` escaped for use inside a pointer (`~` → `~0`, `/` → `~1`).
    public static func escape(_ token: String) -> String {
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return token }
        return token.replacingTildeAndSlash()
    }

    /// The pointer text for `tokens` (already unescaped): `["a", "b/c"]` → `/a/b~1c`.
    static func string(_ tokens: [String]) -> String {
        var out = ""
        for token in tokens {
            out += "/"
            out += escape(token)
        }
        return out
    }

    /// The value `pointer` names inside `document`, or `nil` when it names nothing or is malformed.
    public static func value(at pointer: String, in document: JSON) -> JSON? {
        tokens(pointer).flatMap { value(at: $0, in: document) }
    }

    /// The unescaped tokens of `pointer`.
    /// - Returns: `nil` when `pointer` is neither empty nor starts with `/`, or when a `~` is not
    ///   followed by `0` or `1`.
    public static func tokens(_ pointer: String) -> [String]? {
        if pointer.isEmpty { return [] }
        guard pointer.hasPrefix("/") else { return nil }
        var result: [String] = []
        for raw in pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            guard let token = unescape(raw) else { return nil }
            result.append(token)
        }
        return result
    }

    /// `~1` → `/`, `~0` → `~`; `nil` for any other use of `~`.
    static func unescape(_ raw: Substring) -> String? {
        guard raw.contains("~") else { return String(raw) }
        var out = ""
        var iterator = raw.makeIterator()
        while let c = iterator.next() {
            guard c == "~" else {
                out.append(c)
                continue
            }
            switch iterator.next() {
            case "0": out.append("~")
            case "1": out.append("/")
            default: return nil
            }
        }
        return out
    }

    /// The value that `tokens` names inside `document`, or `nil` when some token names nothing
    /// (a missing member, an index that is out of range or not written as a plain decimal).
    public static func value(at tokens: some Sequence<String>, in document: JSON) -> JSON? {
        var current = document
        for token in tokens {
            switch current {
            case .object(let object):
                guard let next = object[token] else { return nil }
                current = next
            case .array(let elements):
                guard let index = arrayIndex(token), index < elements.count else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }

    /// `token` as an array index: `0` or digits without a leading zero.
    static func arrayIndex(_ token: String) -> Int? {
        guard let first = token.utf8.first, token.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        if first == UInt8(ascii: "0") && token.utf8.count > 1 { return nil }
        return Int(token)
    }
}

extension String {
    fileprivate func replacingTildeAndSlash() -> String {
        var out = ""
        out.reserveCapacity(utf8.count + 2)
        for c in self {
            switch c {
            case "~": out += "~0"
            case "/": out += "~1"
            default: out.append(c)
            }
        }
        return out
    }
}
