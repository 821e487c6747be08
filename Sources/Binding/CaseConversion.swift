/// The case conversions of Tauri's argument binding (serde's `rename_all` rules).
public enum CaseConversion {
    /// `image_url` → `imageUrl`, `share_text` → `shareText`.
    public static func lowerCamelCase(_ snake: String) -> String {
        // Most names have no underscore (every start converts a few hundred of them).
        guard snake.utf8.contains(UInt8(ascii: "_")) else { return snake }
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
