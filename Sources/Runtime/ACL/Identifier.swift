/// A permission identifier, checked by the rules of Tauri's `Identifier`
/// (`crates/tauri-utils/src/acl/identifier.rs`): lowercase ASCII letters, digits and `-` (never leading or
/// trailing, never around a `:`), one `:` separating the plugin prefix from the base, not starting
/// with `tauri-plugin-`, at most 116 bytes. An identifier starting with `core:` may have more
/// separators (`core:window:allow-theme`); its last one separates the prefix (`core:window`, the
/// core plugin) from the base (`allow-theme`). Uppercase letters are refused, as Tauri's message
/// and documentation say (its byte check lets them through).
public struct Identifier: Sendable, Hashable, CustomStringConvertible {
    public let text: String
    /// The plugin, for `frak-share:default`; `core:window` for `core:window:allow-theme`; `nil`
    /// for a bare `default`.
    public let prefix: String?
    /// The permission within its plugin: `default`, `allow-share-text`.
    public let base: String

    public var description: String { text }

    /// Why a string is not an identifier, in Tauri's words.
    public enum Problem: Error, Equatable, CustomStringConvertible {
        case startsWithTauriPlugin, empty, tooLong(Int), invalidFormat, multipleSeparators, trailingHyphen, prefixWithoutBase

        public var description: String {
            switch self {
            case .startsWithTauriPlugin: return "identifiers cannot start with tauri-plugin-"
            case .empty: return "identifiers cannot be empty"
            case .tooLong(let n): return "identifiers cannot be longer than 116, found \(n)"
            case .invalidFormat: return "identifiers can only include lowercase ASCII, hyphens which are not leading or trailing, and a single colon if using a prefix"
            case .multipleSeparators: return "identifiers can only include a single separator ':'"
            case .trailingHyphen: return "identifiers cannot have a trailing hyphen"
            case .prefixWithoutBase: return "identifiers cannot have a prefix without a base"
            }
        }
    }

    /// `<plugin>:default` for a plugin name, when Tauri's rules accept it (a name of lowercase
    /// letters, digits and inner single hyphens); `nil` otherwise. Checked without building the
    /// text first: the built-in capability makes one per hosted plugin at every start.
    static func defaultSet(of plugin: String) -> Identifier? {
        guard plugin.utf8.count + ":default".utf8.count <= 116, !plugin.hasPrefix("tauri-plugin-") else { return nil }
        var name = plugin
        let plain = name.withUTF8 { bytes -> Bool in
            guard let first = bytes.first, let last = bytes.last, first != 0x2D, last != 0x2D else { return false }
            for c in bytes where !((c >= 0x61 && c <= 0x7A) || (c >= 0x30 && c <= 0x39) || c == 0x2D) { return false }
            return true
        }
        // A core key (`core:app`) has its own colon: checked whole.
        guard plain else { return try? Identifier(plugin + ":default") }
        return Identifier(text: plugin + ":default", prefix: plugin, base: "default")
    }

    private init(text: String, prefix: String, base: String) {
        self.text = text
        self.prefix = prefix
        self.base = base
    }

    /// Checks `text`, byte by byte, as Tauri does.
    /// - Throws: the first rule `text` breaks.
    public init(_ text: String) throws(Problem) {
        if text.hasPrefix("tauri-plugin-") { throw .startsWithTauriPlugin }
        if text.isEmpty { throw .empty }
        if text.utf8.count > 116 { throw .tooLong(text.utf8.count) }
        let colon = UInt8(ascii: ":"), hyphen = UInt8(ascii: "-")
        let isCore = text.hasPrefix("core:")
        let bytes = Array(text.utf8)
        func isAlnum(_ c: UInt8) -> Bool { (c >= 0x61 && c <= 0x7A) || (c >= 0x30 && c <= 0x39) }
        guard isAlnum(bytes[0]) else { throw .invalidFormat }
        var separator: Int? = nil
        var previous = bytes[0]
        for (k, c) in bytes.enumerated().dropFirst() {
            if c == colon {
                if previous == hyphen { throw .invalidFormat }
                if separator != nil && !isCore { throw .multipleSeparators }
                separator = k
            } else if c == hyphen {
                if previous == colon { throw .invalidFormat }
            } else if !isAlnum(c) {
                throw .invalidFormat
            }
            previous = c
        }
        if previous == colon { throw .prefixWithoutBase }
        if previous == hyphen { throw .trailingHyphen }
        self.text = text
        if let separator {
            prefix = String(decoding: bytes[..<separator], as: UTF8.self)
            base = String(decoding: bytes[(separator + 1)...], as: UTF8.self)
        } else {
            prefix = nil
            base = text
        }
    }
}
