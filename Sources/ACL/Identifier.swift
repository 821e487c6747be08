/// A permission identifier, checked by the rules of Tauri's `Identifier`: lowercase ASCII
/// letters, digits and `-` (never leading or trailing, never around the `:`), at most one `:`
/// separating the plugin prefix from the base, not starting with `tauri-plugin-`, at most 116
/// characters.
public struct Identifier: Sendable, Hashable, CustomStringConvertible {
    public let text: String
    /// The plugin, for `frak-share:default`; `nil` for a bare `default`.
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

    public init(_ text: String) throws(Problem) {
        if text.hasPrefix("tauri-plugin-") { throw .startsWithTauriPlugin }
        if text.isEmpty { throw .empty }
        if text.utf8.count > 116 { throw .tooLong(text.utf8.count) }
        let bytes = Array(text.utf8)
        func isAlnum(_ c: UInt8) -> Bool { (c >= 0x61 && c <= 0x7A) || (c >= 0x30 && c <= 0x39) }
        guard isAlnum(bytes[0]) else { throw .invalidFormat }
        var separator: Int? = nil
        var previous = bytes[0]
        for (k, c) in bytes.enumerated().dropFirst() {
            if c == UInt8(ascii: ":") {
                if previous == UInt8(ascii: "-") { throw .invalidFormat }
                if previous == UInt8(ascii: ":") || separator != nil { throw separator != nil ? .multipleSeparators : .invalidFormat }
                separator = k
            } else if c == UInt8(ascii: "-") {
                if previous == UInt8(ascii: ":") { throw .invalidFormat }
            } else if !isAlnum(c) {
                throw .invalidFormat
            }
            previous = c
        }
        if previous == UInt8(ascii: ":") { throw .prefixWithoutBase }
        if previous == UInt8(ascii: "-") { throw .trailingHyphen }
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
