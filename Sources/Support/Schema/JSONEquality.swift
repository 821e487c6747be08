import BridgeJSON

/// JSON Schema's equality of JSON values (draft-07 §4.2.2): numbers by mathematical value
/// (`1 == 1.0`), objects as unordered sets of members, and strings (values and member names)
/// by their Unicode code points.
///
/// Swift's `String ==` (and so `JSON ==`) treats canonically equivalent strings as equal: `"é"`
/// (U+00E9) equals `"e\u{301}"`. JSON Schema does not, so `const`, `enum`, `uniqueItems` and
/// member names compare with this type instead.
struct ExactJSON: Hashable {
    let value: JSON

    static func == (lhs: ExactJSON, rhs: ExactJSON) -> Bool {
        JSONEquality.equal(lhs.value, rhs.value)
    }

    func hash(into hasher: inout Hasher) {
        // Values equal here are also `JSON ==`, so the JSON hash is consistent with this equality.
        value.hash(into: &hasher)
    }
}

/// A member name compared by code points (see `ExactJSON`).
struct ExactName: Hashable {
    let text: String

    static func == (lhs: ExactName, rhs: ExactName) -> Bool {
        lhs.text.utf8.elementsEqual(rhs.text.utf8)
    }

    func hash(into hasher: inout Hasher) {
        // Code-point equal strings are canonically equivalent, so `String`'s hash agrees.
        hasher.combine(text)
    }
}

/// Equality on JSON values as JSON Schema defines it.
enum JSONEquality {
    /// Whether `a` and `b` are the same JSON value.
    static func equal(_ a: JSON, _ b: JSON) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x.utf8.elementsEqual(y.utf8)
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        case (.bytes, _), (_, .bytes):
            // Bytes hold numbers only: JSON equality is JSON Schema's there.
            return a == b
        case (.object(let x), .object(let y)):
            guard x.count == y.count else { return false }
            return x.allSatisfy { m in member(named: m.key, in: y).map { equal(m.value, $0) } ?? false }
        default: return false
        }
    }

    /// The value of the member named exactly `name` in `object`.
    static func member(named name: String, in object: JSONObject) -> JSON? {
        for member in object.members where member.key.utf8.elementsEqual(name.utf8) { return member.value }
        return nil
    }
}
