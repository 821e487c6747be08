/// An `<intent-filter>`, matched as `android.content.IntentFilter.match` matches: the action,
/// then the data (scheme and MIME type), then the categories; the chooser resolves with
/// `MATCH_DEFAULT_ONLY`, so a filter without `android.intent.category.DEFAULT` is never offered.
public struct IntentFilter: Sendable, Equatable {
    public let actions: [String]
    public let categories: [String]
    /// `android:mimeType` values as written (`image/*`, `*/*`, `text/plain`).
    public let dataTypes: [String]
    public let schemes: [String]
    public let line: Int

    public static let categoryDefault = "android.intent.category.DEFAULT"

    public init(actions: [String], categories: [String], dataTypes: [String], schemes: [String], line: Int) {
        self.actions = actions
        self.categories = categories
        self.dataTypes = dataTypes
        self.schemes = schemes
        self.line = line
    }

    /// Why a filter does not match, as `IntentFilter.match`'s `NO_MATCH_*` results say.
    public enum Mismatch: Sendable, Equatable {
        /// `NO_MATCH_ACTION`.
        case action(String)
        /// `NO_MATCH_DATA`: the filter names schemes and the intent has none of them.
        case scheme(String?)
        /// `NO_MATCH_TYPE`.
        case type(String?)
        /// `NO_MATCH_CATEGORY`: an intent category the filter lacks.
        case category(String)
        /// Matched, but without `DEFAULT` the chooser (`MATCH_DEFAULT_ONLY`) skips it.
        case notDefault
    }

    /// `nil` when the filter accepts an intent with `action`, MIME `type`, data `scheme` and
    /// `categories`, as a chooser resolves it; else why not.
    public func mismatch(action: String, type: String?, scheme: String? = nil, categories: [String] = []) -> Mismatch? {
        // matchAction: an intent action must be one of the filter's.
        guard actions.contains(action) else { return .action(action) }
        // matchData.
        if dataTypes.isEmpty && schemes.isEmpty {
            if type != nil || scheme != nil { return .type(type) }
        } else {
            if !schemes.isEmpty {
                guard schemes.contains(scheme ?? "") else { return .scheme(scheme) }
            } else if let scheme, !scheme.isEmpty, scheme != "content", scheme != "file" {
                // A type-only filter matches no URI, or a content: or file: one.
                return .scheme(scheme)
            }
            if !dataTypes.isEmpty {
                guard findMimeType(type) else { return .type(type) }
            } else if type != nil {
                return .type(type)
            }
        }
        // matchCategories: every intent category must be in the filter.
        if let missing = categories.first(where: { !self.categories.contains($0) }) { return .category(missing) }
        guard self.categories.contains(IntentFilter.categoryDefault) else { return .notDefault }
        return nil
    }

    /// `IntentFilter.findMimeType`: `image/*` and `*/*` are stored as the partial types
    /// `image` and `*`; the comparison is case-sensitive, as Android's is.
    func findMimeType(_ type: String?) -> Bool {
        guard let type else { return false }
        var stored: [String] = []
        var hasPartial = false
        for t in dataTypes {
            if let slash = t.firstIndex(of: "/"), t[t.index(after: slash)...] == "*" {
                stored.append(String(t[..<slash]))
                hasPartial = true
            } else {
                stored.append(t)
            }
        }
        if stored.contains(type) { return true }
        if type == "*/*" { return !stored.isEmpty }
        if hasPartial && stored.contains("*") { return true }
        guard let slash = type.firstIndex(of: "/"), slash != type.startIndex else { return false }
        let base = String(type[..<slash])
        if hasPartial && stored.contains(base) { return true }
        // An intent type `image/*` matches a filter with any image/ type.
        if type[type.index(after: slash)...] == "*" {
            return stored.contains { $0.hasPrefix(base + "/") }
        }
        return false
    }

    /// A `mimeType` Android's manifest parser refuses (`MalformedMimeTypeException`): it needs a
    /// `/` with something after it.
    public static func isMalformed(_ mimeType: String) -> Bool {
        guard let slash = mimeType.firstIndex(of: "/"), slash != mimeType.startIndex else { return true }
        return mimeType.index(after: slash) == mimeType.endIndex
    }
}

extension IntentFilter.Mismatch: CustomStringConvertible {
    public var description: String {
        switch self {
        case .action(let a): return "its actions do not include \(a)"
        case .scheme(let s): return "it names data schemes and the intent's data has \(s.map { "scheme \($0)" } ?? "no URI")"
        case .type(let t): return "the type \(t ?? "(none)") matches none of its mimeType values"
        case .category(let c): return "it lacks the intent's category \(c)"
        case .notDefault: return "it lacks \(IntentFilter.categoryDefault), so the chooser (MATCH_DEFAULT_ONLY) never offers it"
        }
    }
}
