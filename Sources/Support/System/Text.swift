/// Foundation's `trimmingCharacters(in:)` for the sets the bridge trims.
extension StringProtocol {
    /// Without leading and trailing spaces and tabs (`CharacterSet.whitespaces`: Unicode's
    /// space separators and U+0009).
    public func trimmingWhitespace() -> String { trimmingScalars(where: Self.isWhitespace) }

    /// Without leading and trailing whitespace and line breaks (`CharacterSet.whitespacesAndNewlines`).
    public func trimmingWhitespaceAndNewlines() -> String {
        trimmingScalars { Self.isWhitespace($0) || Self.isNewline($0) }
    }

    /// Without the leading and trailing scalars that are among `characters` (`CharacterSet(charactersIn:)`).
    public func trimming(_ characters: String) -> String {
        let set = Set(characters.unicodeScalars)
        return trimmingScalars { set.contains($0) }
    }

    public func trimmingScalars(where drop: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !drop($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !drop($0) })!
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars[first...last])
        return String(out)
    }

    static func isWhitespace(_ s: Unicode.Scalar) -> Bool {
        s == "\t" || s.properties.generalCategory == .spaceSeparator
    }

    static func isNewline(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }
}


extension StringProtocol {
    /// Every occurrence of `target` replaced by `replacement`, matched byte for byte in UTF-8
    /// (Foundation's `replacingOccurrences(of:with:)` matches UTF-16 units). Not the standard
    /// library's `replacing(_:with:)`, which matches whole characters: it leaves a quote alone
    /// when a combining mark follows it, so an escape built on it lets that quote through.
    public func replacing(literal target: String, with replacement: String) -> String {
        let needle = Array(target.utf8)
        guard !needle.isEmpty else { return String(self) }
        let bytes = Array(utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == needle[0], i + needle.count <= bytes.count, bytes[i..<(i + needle.count)].elementsEqual(needle) {
                out.append(contentsOf: replacement.utf8)
                i += needle.count
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
