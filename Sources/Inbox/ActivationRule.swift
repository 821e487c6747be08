import BridgeMatching
import BridgeJSON

/// A share extension's `NSExtensionActivationRule`: which shares it accepts.
///
/// The dictionary form is evaluated as iOS does, with an absent key meaning 0 (that type is
/// not accepted): text needs `…SupportsText`; a URL needs `…WebURLWithMaxCount` (or
/// `…WebPageWithMaxCount`, for pages shared from Safari) of at least 1; images, movies and files
/// are counted against their `…WithMaxCount`; a file of no recognised type may also come under
/// `…AttachmentsWithMaxCount`, which, when present, caps all attachments together, as
/// `…AttachmentsWithMinCount` floors them. `TRUEPREDICATE` accepts everything (App Store
/// uploads refuse it); other predicate strings are not evaluated.
public enum ActivationRule: Sendable, Equatable {
    case truePredicate
    case dictionary(Counts)

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
        "NSExtensionActivationDictionaryVersion",
    ]

    /// The rule a value describes: `"TRUEPREDICATE"` or the dictionary.
    /// - Throws: `invalidRule` for predicate strings, unknown keys and wrong value types.
    public init(_ value: JSON) throws(InboxError) {
        switch value {
        case .string(let predicate):
            guard predicate.trimmingWhitespace == "TRUEPREDICATE" else {
                throw InboxError(.invalidRule, "the bridge cannot evaluate the predicate \(JSON.string(predicate).serialized()); only TRUEPREDICATE and the dictionary form (NSExtensionActivationSupports… keys) are supported")
            }
            self = .truePredicate
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
                if member.key == "NSExtensionActivationDictionaryVersion" { continue }
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
            throw InboxError(.invalidRule, "NSExtensionActivationRule must be TRUEPREDICATE or a dictionary, found \(value.typeName)")
        }
    }

    /// Refuses a share the rule does not accept, saying which key refuses it.
    public func evaluate(_ share: ShareDraft) throws(InboxError) {
        guard case .dictionary(let c) = self else { return }
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
