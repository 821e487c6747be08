import BridgeJSON
import BridgeMatching
import BridgeMedia
import BridgePredicate

/// A share extension's `NSExtensionActivationRule`: which shares it accepts.
///
/// The dictionary form is evaluated as iOS does, with an absent key meaning 0 (that type is
/// not accepted): text needs `…SupportsText`; a URL needs `…WebURLWithMaxCount` (or
/// `…WebPageWithMaxCount`, for pages shared from Safari) of at least 1; images, movies and files
/// are counted against their `…WithMaxCount`; a file of no recognised type may also come under
/// `…AttachmentsWithMaxCount`, which, when present, caps all attachments together, as
/// `…AttachmentsWithMinCount` floors them. `TRUEPREDICATE` accepts everything (App Store
/// uploads refuse it). Any other string is an `NSPredicate` (`PredicateParser`), evaluated
/// against the share's `ExtensionContext` with the `UniformTypes` conformance tree.
public enum ActivationRule: Sendable, Equatable {
    case truePredicate
    case dictionary(Counts)
    /// A predicate string, parsed, with its source text.
    case predicate(Predicate, source: String)

    /// The dictionary form's values.
    public struct Counts: Sendable, Equatable {
        public var supportsText = false
        public var webURLs = 0
        public var webPages = 0
        public var images = 0
        public var movies = 0
        public var files = 0
        public var attachmentsMax: Int? = nil
        public var attachmentsMin: Int? = nil

        public init() {}
    }

    static let prefix = "NSExtensionActivationSupports"
    static let keys = [
        "NSExtensionActivationSupportsText", "NSExtensionActivationSupportsWebURLWithMaxCount",
        "NSExtensionActivationSupportsWebPageWithMaxCount", "NSExtensionActivationSupportsImageWithMaxCount",
        "NSExtensionActivationSupportsMovieWithMaxCount", "NSExtensionActivationSupportsFileWithMaxCount",
        "NSExtensionActivationSupportsAttachmentsWithMaxCount", "NSExtensionActivationSupportsAttachmentsWithMinCount",
        "NSExtensionActivationDictionaryVersion", "NSExtensionActivationUsesStrictMatching",
    ]

    /// The rule a value describes: a predicate string (`TRUEPREDICATE` among them) or the
    /// dictionary.
    /// - Throws: `invalidRule` for predicates that do not parse (with line and column), unknown
    ///   keys and wrong value types.
    public init(_ value: JSON) throws(InboxError) {
        switch value {
        case .string(let text):
            let trimmed = text.trimmingWhitespace
            if trimmed.uppercased() == "TRUEPREDICATE" {
                self = .truePredicate
                return
            }
            do {
                self = .predicate(try PredicateParser.parse(text), source: text)
            } catch {
                throw InboxError(.invalidRule, "the activation rule predicate does not parse: \(error)\n\(ActivationRule.pointer(text, error))")
            }
        case .object(let o):
            var c = Counts()
            for member in o {
                guard ActivationRule.keys.contains(member.key) else {
                    let hint = DidYouMean.suggest(for: member.key, among: ActivationRule.keys).map { "; did you mean \($0)?" } ?? ""
                    throw InboxError(.invalidRule, "unknown activation rule key \(member.key)\(hint)")
                }
                let name = String(member.key.dropFirst(ActivationRule.prefix.count))
                if member.key == "NSExtensionActivationSupportsText" {
                    guard let b = member.value.boolValue ?? member.value.numberValue?.intValue.map({ $0 != 0 }) else {
                        throw InboxError(.invalidRule, "\(member.key) must be true or false, found \(member.value.serialized())")
                    }
                    c.supportsText = b
                    continue
                }
                // Configuration keys: the dictionary's version, and strict or fuzzy type matching
                // (which the bridge's byte-sniffed types make moot).
                if member.key == "NSExtensionActivationDictionaryVersion" || member.key == "NSExtensionActivationUsesStrictMatching" { continue }
                guard let n = member.value.numberValue?.intValue, n >= 0 else {
                    throw InboxError(.invalidRule, "\(member.key) must be a non-negative integer, found \(member.value.serialized())")
                }
                switch name {
                case "WebURLWithMaxCount": c.webURLs = n
                case "WebPageWithMaxCount": c.webPages = n
                case "ImageWithMaxCount": c.images = n
                case "MovieWithMaxCount": c.movies = n
                case "FileWithMaxCount": c.files = n
                case "AttachmentsWithMaxCount": c.attachmentsMax = n
                default: c.attachmentsMin = n
                }
            }
            self = .dictionary(c)
        default:
            throw InboxError(.invalidRule, "NSExtensionActivationRule must be a predicate string or a dictionary, found \(value.typeName)")
        }
    }

    /// The line of `text` where `error` is, and a caret under its column.
    static func pointer(_ text: String, _ error: PredicateError) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let line = error.line - 1 < lines.count ? String(lines[error.line - 1]) : ""
        let indent = String(line.unicodeScalars.prefix(error.column - 1).map { $0 == "\t" ? "\t" : " " })
        return "  \(line)\n  \(indent)^"
    }

    /// Refuses a share the rule does not accept, saying which key or clause refuses it.
    /// - Parameter types: the conformance tree for `UTI-CONFORMS-TO` (the built-in one, plus
    ///   the app's declared types).
    public func evaluate(_ share: ShareDraft, types: UniformTypes = .builtIn) throws(InboxError) {
        try evaluate(ExtensionContext(share: share), share: share, types: types)
    }

    /// Refuses an extension context the rule does not accept. The dictionary form is checked
    /// against `share`'s counts; without a share only predicate rules are checked.
    public func evaluate(_ context: ExtensionContext, share: ShareDraft? = nil, types: UniformTypes = .builtIn) throws(InboxError) {
        switch self {
        case .truePredicate:
            return
        case .predicate(let predicate, let source):
            let evaluator = PredicateEvaluator(types: types, source: Array(source.unicodeScalars))
            let root = context.value
            let accepted: Bool
            do {
                accepted = try evaluator.holds(predicate, on: root)
            } catch {
                throw InboxError(.refused, "the activation rule cannot be evaluated on this share (iOS would not offer the extension): \(error)")
            }
            guard accepted else {
                throw InboxError(.refused, "the activation rule refuses this share: \(evaluator.whyNot(predicate, on: root))")
            }
        case .dictionary(let c):
            guard let share else { return }
            try ActivationRule.evaluate(c, share)
        }
    }

    private static func evaluate(_ c: Counts, _ share: ShareDraft) throws(InboxError) {
        func refuse(_ why: String) -> InboxError { InboxError(.refused, "the activation rule refuses this share: \(why)") }
        if !(share.text ?? "").isEmpty && !c.supportsText {
            throw refuse("it has text, and NSExtensionActivationSupportsText is absent or false")
        }
        if !(share.url ?? "").isEmpty && max(c.webURLs, c.webPages) < 1 {
            throw refuse("it has a URL, and NSExtensionActivationSupportsWebURLWithMaxCount (or …WebPageWithMaxCount) is absent or 0")
        }
        let images = share.count(.image), movies = share.count(.movie), files = share.count(.file)
        if images > c.images {
            throw refuse("\(images) image(s), over NSExtensionActivationSupportsImageWithMaxCount = \(c.images)")
        }
        if movies > c.movies {
            throw refuse("\(movies) movie(s), over NSExtensionActivationSupportsMovieWithMaxCount = \(c.movies)")
        }
        if files > max(c.files, c.attachmentsMax ?? 0) {
            throw refuse("\(files) file(s), over NSExtensionActivationSupportsFileWithMaxCount = \(c.files)")
        }
        let total = share.attachments.count
        if let maxCount = c.attachmentsMax, total > maxCount {
            throw refuse("\(total) attachment(s), over NSExtensionActivationSupportsAttachmentsWithMaxCount = \(maxCount)")
        }
        if let minCount = c.attachmentsMin, total < minCount {
            throw refuse("\(total) attachment(s), under NSExtensionActivationSupportsAttachmentsWithMinCount = \(minCount)")
        }
    }
}

extension String {
    fileprivate var trimmingWhitespace: String {
        var s = Substring(self)
        while s.first?.isWhitespace == true { s.removeFirst() }
        while s.last?.isWhitespace == true { s.removeLast() }
        return String(s)
    }
}
