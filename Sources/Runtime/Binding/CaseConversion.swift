/// The case conversions of Tauri's argument binding (serde's `rename_all` rules).
public enum CaseConversion {
    /// `image_url` → `imageUrl`, `share_text` → `shareText`.
    public static func lowerCamelCase(_ snake: String) -> String {
        // Most names have no underscore (every start converts a few hundred of them).
        guard snake.utf8.contains(UInt8(ascii: "_")) else { return snake }
        // ASCII (every Rust identifier a plugin declares): byte by byte, one allocation.
        if snake.utf8.allSatisfy({ $0 < 0x80 }) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(snake.utf8.count)
            var upperNext = false
            for byte in snake.utf8 {
                if byte == UInt8(ascii: "_") {
                    upperNext = !bytes.isEmpty
                    continue
                }
                bytes.append(upperNext && byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte)
                upperNext = false
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        return lowerCamelCaseCharacters(snake)
    }

    /// `lowerCamelCase` by Unicode characters (`ß` uppercases to `SS`, as Rust's `to_uppercase`).
    static func lowerCamelCaseCharacters(_ snake: String) -> String {
        var out = ""
        out.reserveCapacity(snake.utf8.count)
        var upperNext = false
        for ch in snake {
            if ch == "_" {
                upperNext = !out.isEmpty
                continue
            }
            if upperNext {
                out.append(contentsOf: ch.uppercased())
                upperNext = false
            } else {
                out.append(ch)
            }
        }
        return out
    }

    /// `imageUrl` → `image_url`.
    public static func snakeCase(_ camel: String) -> String {
        var out = ""
        for ch in camel {
            if ch.isUppercase {
                if !out.isEmpty { out.append("_") }
                out.append(contentsOf: ch.lowercased())
            } else {
                out.append(ch)
            }
        }
        return out
    }
}
