/// The one MIME type an `ACTION_SEND_MULTIPLE` intent carries for several streams, by Android's
/// own rule (AOSP DocumentsUI `MimeTypes.findCommonMimeType`, what the Files app sends): the
/// streams' type when they all have it, `top/*` when they share only the top-level type, else
/// `*/*`.
///
/// As the original: the first type must be `top/sub` (both non-empty) or the answer is `*/*`; a
/// later type that does not split into exactly two parts is skipped; comparisons are exact
/// (case-sensitive, as intent filters match types).
public enum CommonMIMEType {
    /// The common type of `types`; `*/*` for none.
    public static func of(_ types: [String]) -> String {
        guard let first = types.first, let parts = javaSplit(first), !parts.top.isEmpty, !parts.sub.isEmpty else { return "*/*" }
        let top = parts.top
        var sub = parts.sub
        for type in types.dropFirst() {
            guard let other = javaSplit(type) else { continue }
            if other.sub != sub { sub = "*" }
            if other.top != top { return "*/*" }
        }
        return top + "/" + sub
    }

    /// `type.split("/")` as Java splits (trailing empty parts dropped), when it has exactly two parts.
    private static func javaSplit(_ type: String) -> (top: String, sub: String)? {
        var parts = type.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        while parts.count > 1, parts.last == "" { parts.removeLast() }
        return parts.count == 2 ? (parts[0], parts[1]) : nil
    }
}
