import FoundationEssentials
import Glibc
import BridgeSystem

/// What `#[serde(…)]` attributes say about a type, a field or a variant, as serde_derive reads
/// them (serde-rs/serde `serde_derive/src/internals/attr.rs`): only the parts that change the
/// JSON a value is written as. Several `#[serde]` attributes on one item add up.
public struct SerdeAttributes: Sendable, Equatable {
    /// `rename = "…"` (or `rename(serialize = "…")`).
    public var rename: String?
    /// `rename_all = "camelCase"`: applied to a struct's fields or an enum's variants.
    public var renameAll: SerdeRenameRule?
    /// `rename_all_fields = "…"` on an enum: applied to the fields of its struct variants.
    public var renameAllFields: SerdeRenameRule?
    /// `tag = "type"`: internally tagged; with `content`, adjacently tagged.
    public var tag: String?
    public var content: String?
    public var untagged = false
    public var transparent = false
    /// `skip` or `skip_serializing`: never written.
    public var skip = false
    /// `default` (with or without a function): may be absent when read.
    public var hasDefault = false
    /// `skip_serializing_if = "…"`: sometimes not written.
    public var skipSerializingIf = false
    /// `flatten`: the field's own fields are written in place of it.
    public var flatten = false

    public init() {}

    /// The serde attributes among `attributes`, each the text between `#[` and `]` as written
    /// (`serde(rename_all = "camelCase")`, `derive(Serialize)`); others are ignored.
    public init(_ attributes: [String]) {
        for attribute in attributes {
            let text = attribute.trimmingWhitespaceAndNewlines()
            guard text.hasPrefix("serde"), let open = text.firstIndex(of: "("), text.hasSuffix(")") else { continue }
            guard text[..<open].trimmingWhitespace() == "serde" else { continue }
            for item in SerdeAttributes.items(String(text[text.index(after: open)..<text.index(before: text.endIndex)])) {
                apply(item)
            }
        }
    }

    private mutating func apply(_ item: (key: String, value: String?, nested: [(key: String, value: String?)])) {
        // `rename(serialize = "a", deserialize = "b")`: what is written is what a front end sees.
        let value = item.value ?? item.nested.first { $0.key == "serialize" }?.value
        switch item.key {
        case "rename": rename = value ?? rename
        case "rename_all": renameAll = value.flatMap(SerdeRenameRule.init(rawValue:)) ?? renameAll
        case "rename_all_fields": renameAllFields = value.flatMap(SerdeRenameRule.init(rawValue:)) ?? renameAllFields
        case "tag": tag = value
        case "content": content = value
        case "untagged": untagged = true
        case "transparent": transparent = true
        case "skip", "skip_serializing": skip = true
        case "default": hasDefault = true
        case "skip_serializing_if": skipSerializingIf = true
        case "flatten": flatten = true
        default: break
        }
    }

    /// `a = "x", b, c(serialize = "y")` → its items, the string values unquoted.
    static func items(_ text: String) -> [(key: String, value: String?, nested: [(key: String, value: String?)])] {
        var out: [(key: String, value: String?, nested: [(key: String, value: String?)])] = []
        let chars = Array(text)
        var i = 0
        func skipSpace() { while i < chars.count && chars[i].isWhitespace { i += 1 } }
        func string() -> String? {
            guard i < chars.count, chars[i] == "\"" else { return nil }
            var s = ""
            i += 1
            while i < chars.count && chars[i] != "\"" {
                if chars[i] == "\\" && i + 1 < chars.count { i += 1 }
                s.append(chars[i])
                i += 1
            }
            i += 1
            return s
        }
        while i < chars.count {
            skipSpace()
            var key = ""
            while i < chars.count && (chars[i].isLetter || chars[i].isNumber || chars[i] == "_") { key.append(chars[i]); i += 1 }
            skipSpace()
            var value: String? = nil
            var nested: [(key: String, value: String?)] = []
            if i < chars.count && chars[i] == "=" {
                i += 1
                skipSpace()
                value = string()
                if value == nil { while i < chars.count && chars[i] != "," { i += 1 } }
            } else if i < chars.count && chars[i] == "(" {
                var depth = 0, inner = ""
                repeat {
                    if chars[i] == "(" { depth += 1 } else if chars[i] == ")" { depth -= 1 }
                    if depth > 0 && !(depth == 1 && chars[i] == "(") { inner.append(chars[i]) }
                    i += 1
                } while i < chars.count && depth > 0
                nested = items(inner).map { ($0.key, $0.value) }
            }
            if !key.isEmpty { out.append((key, value, nested)) }
            skipSpace()
            if i < chars.count && chars[i] == "," { i += 1 } else if i < chars.count { i += 1 }
        }
        return out
    }
}

/// serde's `rename_all` rules (serde-rs/serde `serde_derive/src/internals/case.rs`), applied as
/// serde applies them: to a variant's PascalCase name or a field's snake_case name.
public enum SerdeRenameRule: String, Sendable, Equatable {
    case lowercase, uppercase = "UPPERCASE", pascal = "PascalCase", camel = "camelCase", snake = "snake_case"
    case screamingSnake = "SCREAMING_SNAKE_CASE", kebab = "kebab-case", screamingKebab = "SCREAMING-KEBAB-CASE"

    /// A variant's name (`VeryTasty`) under the rule (`very_tasty`).
    public func variant(_ name: String) -> String {
        switch self {
        case .pascal: return name
        case .lowercase: return name.lowercased()
        case .uppercase: return name.uppercased()
        case .camel: return (name.first.map { String($0).lowercased() } ?? "") + name.dropFirst()
        case .snake:
            var out = ""
            for (i, c) in name.enumerated() {
                if i > 0 && c.isUppercase { out.append("_") }
                out += c.lowercased()
            }
            return out
        case .screamingSnake: return SerdeRenameRule.snake.variant(name).uppercased()
        case .kebab: return SerdeRenameRule.snake.variant(name).replacing(literal: "_", with: "-")
        case .screamingKebab: return SerdeRenameRule.screamingSnake.variant(name).replacing(literal: "_", with: "-")
        }
    }

    /// A field's name (`very_tasty`) under the rule (`veryTasty`).
    public func field(_ name: String) -> String {
        switch self {
        case .lowercase, .snake: return name
        case .uppercase, .screamingSnake: return name.uppercased()
        case .pascal:
            var out = "", capitalize = true
            for c in name {
                if c == "_" { capitalize = true } else if capitalize { out += c.uppercased(); capitalize = false } else { out.append(c) }
            }
            return out
        case .camel:
            let pascal = SerdeRenameRule.pascal.field(name)
            return (pascal.first.map { String($0).lowercased() } ?? "") + pascal.dropFirst()
        case .kebab: return name.replacing(literal: "_", with: "-")
        case .screamingKebab: return name.uppercased().replacing(literal: "_", with: "-")
        }
    }
}
