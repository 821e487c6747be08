import BridgeJSON

/// Something a call does that Tauri and the real plugin accept but that the device would
/// silently get wrong: a key Tauri drops, a link iOS cannot parse, a thumbnail that can never
/// load. The bridge answers faithfully and reports it beside the answer; `--strict` turns it
/// into a `-32602` refusal with the same text (`ResponseError.strict(_:)`).
public struct CallWarning: Sendable, Equatable, CustomStringConvertible {
    /// A stable snake_case identifier (`unknown_key`, `unparsable_url`, …), `data.warning` under `--strict`.
    public let code: String
    /// One sentence a user can act on.
    public let message: String
    /// The argument key it concerns, when there is one.
    public let field: String?

    /// The code of a key written twice in the arguments (the parser kept the last value).
    public static let duplicateKey = "duplicate_key"
    /// The code of a CLI option that changes nothing on the chosen platform (`--cancel` on
    /// Android); reported, never refused, since it concerns the command line, not the call.
    public static let optionIgnored = "option_ignored"
    /// The code of a thumbnail or icon the presentation record says did not load; known only
    /// once the call has run, so reported, never refused.
    public static let imageNotLoaded = "image_not_loaded"

    /// The most warnings one call reports; past it, one `warnings_truncated` says how many more
    /// there were (a body of a million unknown keys gets 21 warnings, not a million).
    public static let maxPerCall = 20
    /// The longest a key is quoted in a warning (the rest is elided).
    public static let maxQuotedKey = 120

    /// `warnings` bounded to `maxPerCall`, the rest counted in one `warnings_truncated`.
    public static func bounded(_ warnings: [CallWarning], more: Int = 0) -> [CallWarning] {
        let extra = max(0, warnings.count - maxPerCall) + more
        guard extra > 0 else { return warnings }
        return Array(warnings.prefix(maxPerCall)) + [CallWarning(
            code: "warnings_truncated",
            message: "and \(extra) more warning\(extra == 1 ? "" : "s") of the same call, not listed (the first \(maxPerCall) are)")]
    }

    /// `key` as a warning quotes it: at most `maxQuotedKey` characters.
    public static func quoted(_ key: String) -> String {
        key.count <= maxQuotedKey ? key : String(key.prefix(maxQuotedKey)) + "…"
    }

    public init(code: String, message: String, field: String? = nil) {
        self.code = code
        self.message = message
        self.field = field
    }

    /// `{"code", "message", "field"?}`, as `bridge/warning` and `--inspect` carry it.
    public var json: JSON {
        var object: JSONObject = ["code": .string(code), "message": .string(message)]
        if let field { object["field"] = .string(field) }
        return .object(object)
    }

    public var description: String { message }
}

extension ResponseError {
    /// The `--strict` refusal of a warning: `-32602` with the warning's text, `data.warning` its
    /// code; a duplicate key is refused as the parse error it is under strict JSON (`-32700`).
    public static func strict(_ warning: CallWarning, details: JSONObject = JSONObject()) -> ResponseError {
        var data = details
        data["warning"] = .string(warning.code)
        if let field = warning.field { data["field"] = .string(field) }
        if warning.code == CallWarning.duplicateKey { return ResponseError(code: .parseError, message: warning.message, details: data) }
        return .invalidParams(warning.message, details: data)
    }
}
