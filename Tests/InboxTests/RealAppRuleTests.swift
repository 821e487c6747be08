import BridgeJSON
import Testing
@testable import BridgeInbox

/// The activation rules real, public apps ship in their share extensions' `Info.plist`, and the
/// shares iOS offers each extension for. The predicate strings are quoted from the files named.
enum RealAppRules {
    /// The rule of issue 16: at least one item with at least one image.
    static let issue = """
    SUBQUERY (extensionItems, $extensionItem, SUBQUERY ($extensionItem.attachments, $attachment, ANY \
    $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image").@count >= 1).@count >= 1
    """
    /// signalapp/Signal-iOS, SignalShareExtension/Info.plist.
    static let signal = """
    SUBQUERY (
                    extensionItems,
                    $extensionItem,
                    SUBQUERY (
                    $extensionItem.attachments,
                    $attachment,
                    ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.data"
                    || ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.url"
                    ).@count >= 1
                    ).@count == 1
    """
    /// TelegramMessenger/Telegram-iOS, Telegram/Share/Info.plist.
    static let telegram = """
    SUBQUERY (
        extensionItems,
        $extensionItem,
        SUBQUERY (
            $extensionItem.attachments,
            $attachment,
            ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.file-url" ||
            ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.movie" ||
            ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image" ||
    \t\tANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.url" ||
    \t\tANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.text" ||
    \t\tANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.audio" ||
            ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.data" ||
            ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.vcard" ||
            ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "com.apple.pkpass"
        ).@count == $extensionItem.attachments.@count
    ).@count > 0
    """
    /// immich-app/immich, mobile/ios/ShareExtension/Info.plist.
    static let immich = """
    SUBQUERY ( extensionItems, $extensionItem, SUBQUERY ( $extensionItem.attachments,
              $attachment, ( ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.file-url"
              || ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image" || ANY
              $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.text" || ANY
              $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.movie" || ANY
              $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.url" ) ).@count > 0 ).@count
              > 0 
    """
    /// chromium/chromium, ios/chrome/share_extension/Info.plist (Chrome for iOS).
    static let chrome = """

    \t\t\t\tSUBQUERY (
    \t\t\t\t\textensionItems,
    \t\t\t\t\t$extensionItem,
    \t\t\t\t\tSUBQUERY (
    \t\t\t\t\t\t$extensionItem.attachments,
    \t\t\t\t\t\t$attachment,
    \t\t\t\t\t\tANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.url"
    \t\t\t\t\t).@count == 1
    \t\t\t\t).@count == 1
    \t\t\t
    """
    /// duckduckgo/iOS, ShareExtension/Info.plist.
    static let duckDuckGo = """
    SUBQUERY (
                extensionItems,
                $extensionItem,
                    SUBQUERY (
                        $extensionItem.attachments,
                        $attachment,
                        ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.url" ||
                        ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.plain-text"
                        ).@count <= 2
                ).@count == 1
    """
    /// olvid-io/olvid-ios, the share extension's rule in its Tuist project (`OR`, `AND`,
    /// `UTI-EQUALS`): one item with data, or two items of which exactly one is a URL.
    static let olvid = """
    SUBQUERY (
      extensionItems,
      $extensionItem,
      SUBQUERY (
        $extensionItem.attachments,
        $attachment,
        ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.data" ||
        ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.url" ||
        ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "com.apple.pkpass"
      ).@count >= 1
    ).@count == 1
    OR (
      SUBQUERY (
        extensionItems,
        $extensionItem,
        SUBQUERY (
          $extensionItem.attachments,
          $attachment,
          ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.data" ||
          ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.url" ||
          ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "com.apple.pkpass"
        ).@count >= 1
      ).@count == 2
      AND SUBQUERY (
        extensionItems,
        $extensionItem,
        SUBQUERY (
          $extensionItem.attachments,
          $attachment,
          ANY $attachment.registeredTypeIdentifiers UTI-EQUALS "public.url"
        ).@count >= 1
      ).@count == 1
    )
    """
}

/// A context of extension items, each a list of attachments, each attachment its types
/// separated by `+`: `[["public.plain-text", "public.jpeg"]]` is one item with two attachments.
func context(_ items: [[String]]) -> ExtensionContext {
    ExtensionContext(extensionItems: items.map { item in
        ExtensionContext.Item(attachments: item.map { ExtensionContext.Attachment($0.split(separator: "+").map(String.init)) })
    })
}

@Suite("Activation rule predicates: real apps' rules")
struct RealAppRuleTests {
    static let text = "public.plain-text", url = "public.url", jpeg = "public.jpeg", png = "public.png"
    static let pdf = "com.adobe.pdf", mp4 = "public.mpeg-4", folder = "public.folder", fileURL = "public.file-url"

    @Test("each rule accepts and refuses what iOS would offer the extension for", arguments: [
        ("issue", RealAppRules.issue, [[jpeg]], true),
        ("issue", RealAppRules.issue, [[text, png]], true),
        ("issue", RealAppRules.issue, [[text]], false),
        ("issue", RealAppRules.issue, [[url], [jpeg]], true),
        ("issue", RealAppRules.issue, [["public.heic+public.jpeg"]], true),
        ("signal", RealAppRules.signal, [[text]], true),
        ("signal", RealAppRules.signal, [[pdf]], true),
        ("signal", RealAppRules.signal, [[url, text]], true),
        ("signal", RealAppRules.signal, [[]], false),
        ("signal", RealAppRules.signal, [[jpeg], [jpeg]], false),
        ("telegram", RealAppRules.telegram, [[jpeg, mp4, text]], true),
        ("telegram", RealAppRules.telegram, [[folder]], false),
        ("telegram", RealAppRules.telegram, [[jpeg, folder]], false),
        ("telegram", RealAppRules.telegram, [[]], true),
        ("immich", RealAppRules.immich, [[jpeg]], true),
        ("immich", RealAppRules.immich, [[pdf]], false),
        ("immich", RealAppRules.immich, [[pdf, text]], true),
        ("immich", RealAppRules.immich, [["com.adobe.pdf+public.file-url"]], true),
        ("chrome", RealAppRules.chrome, [[url]], true),
        ("chrome", RealAppRules.chrome, [[url, text]], true),
        ("chrome", RealAppRules.chrome, [[fileURL]], true),
        ("chrome", RealAppRules.chrome, [[text]], false),
        ("chrome", RealAppRules.chrome, [[url, url]], false),
        ("duckduckgo", RealAppRules.duckDuckGo, [[url, text]], true),
        ("duckduckgo", RealAppRules.duckDuckGo, [[jpeg]], true),
        ("duckduckgo", RealAppRules.duckDuckGo, [[url, text, text]], false),
        ("duckduckgo", RealAppRules.duckDuckGo, [[url], [text]], false),
        ("olvid", RealAppRules.olvid, [[png]], true),
        ("olvid", RealAppRules.olvid, [[url], [png]], true),
        ("olvid", RealAppRules.olvid, [[fileURL], [png]], false),
        ("olvid", RealAppRules.olvid, [[png], [png]], false),
        ("olvid", RealAppRules.olvid, [[url], [png], [png]], false),
    ] as [(String, String, [[String]], Bool)])
    func table(app: String, rule: String, items: [[String]], accepted: Bool) throws {
        let parsed = try ActivationRule(.string(rule))
        do {
            try parsed.evaluate(context(items))
            #expect(accepted, "\(app) accepted \(items)")
        } catch {
            #expect(!accepted, "\(app) refused \(items): \(error.message)")
            #expect(error.kind == .refused)
        }
    }

    @Test("a refusal names the clause that failed, down to the attachment that missed")
    func explanation() throws {
        let rule = try ActivationRule(.string(RealAppRules.issue))
        do {
            try rule.evaluate(context([[Self.text, Self.url]]))
            Issue.record("accepted")
        } catch {
            #expect(error.message == """
            the activation rule refuses this share: `SUBQUERY(extensionItems, $extensionItem, …).@count >= 1` is false: \
            0 of 1 extension item match; extension item 1: `SUBQUERY($extensionItem.attachments, $attachment, …).@count >= 1` \
            is false: 0 of 2 attachments match; attachment 1 (public.plain-text): \
            `ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image"` is false \
            ($attachment.registeredTypeIdentifiers is ["public.plain-text"])
            """)
        }
        let chrome = try ActivationRule(.string(RealAppRules.chrome))
        do {
            try chrome.evaluate(context([[Self.url, Self.url]]))
            Issue.record("accepted")
        } catch {
            #expect(error.message.hasSuffix("extension item 1: `SUBQUERY($extensionItem.attachments, $attachment, …).@count == 1` is false: 2 of 2 attachments match"))
        }
        let olvid = try ActivationRule(.string(RealAppRules.olvid))
        do {
            try olvid.evaluate(context([[Self.png], [Self.png]]))
            Issue.record("accepted")
        } catch {
            #expect(error.message.hasPrefix("the activation rule refuses this share: none of the 2 alternatives holds: `SUBQUERY(extensionItems, $extensionItem, …).@count == 1`, "))
        }
    }

    @Test("a share from the CLI's parts becomes one item with one attachment per part")
    func shareContext() throws {
        let d = try draft(text: "hi", url: "https://frak.id", images: 1, movies: 1)
        #expect(ExtensionContext(share: d).extensionItems == context([[Self.text, Self.url, Self.png, Self.mp4]]).extensionItems.map {
            ExtensionContext.Item(attachments: $0.attachments, contentText: "hi")
        })
        try ActivationRule(.string(RealAppRules.telegram)).evaluate(d)
        #expect(throws: InboxError.self) { try ActivationRule(.string(RealAppRules.chrome)).evaluate(try draft(text: "hi")) }
    }

    @Test("evaluation errors are refusals with the position: unknown keys, a list without ANY", arguments: [
        ("SUBQUERY(extensionItems, $e, $e.attachment.@count > 0).@count > 0",
         "line 1, column 30: extension item 1 has no key 'attachment' (iOS raises NSUnknownKeyException and the extension is not offered); its keys: attachments, attributedContentText, attributedTitle, userInfo"),
        ("SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, $a.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.image\").@count > 0).@count > 0",
         "line 1, column 59: $a.registeredTypeIdentifiers is a collection; UTI-CONFORMS-TO compares one type identifier (write ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO …)"),
        ("ANY extensionItems.@count == 1", "line 1, column 5: the left side of ANY must be a collection, but extensionItems.@count is 1"),
        ("$x == 1", "line 1, column 1: the variable $x is not defined here; a SUBQUERY's variable exists only inside it"),
    ])
    func evaluationErrors(rule: String, message: String) throws {
        do {
            try ActivationRule(.string(rule)).evaluate(context([[Self.jpeg]]))
            Issue.record("accepted")
        } catch {
            #expect(error.kind == .refused)
            #expect(error.message == "the activation rule cannot be evaluated on this share (iOS would not offer the extension): \(message)")
        }
    }

    @Test("real apps' dictionary rules", arguments: [
        // mozilla-mobile/firefox-ios, firefox-ios/Extensions/ShareTo/Info.plist
        (["NSExtensionActivationSupportsText": true, "NSExtensionActivationSupportsWebPageWithMaxCount": 1,
          "NSExtensionActivationSupportsWebURLWithMaxCount": 1] as JSON, "url", true),
        (["NSExtensionActivationSupportsText": true, "NSExtensionActivationSupportsWebPageWithMaxCount": 1,
          "NSExtensionActivationSupportsWebURLWithMaxCount": 1] as JSON, "image", false),
        // mastodon/mastodon-ios, ShareActionExtension/Info.plist
        (["NSExtensionActivationSupportsText": true, "NSExtensionActivationSupportsWebURLWithMaxCount": 1,
          "NSExtensionActivationSupportsImageWithMaxCount": 4, "NSExtensionActivationSupportsMovieWithMaxCount": 1] as JSON, "4 images", true),
        (["NSExtensionActivationSupportsText": true, "NSExtensionActivationSupportsWebURLWithMaxCount": 1,
          "NSExtensionActivationSupportsImageWithMaxCount": 4, "NSExtensionActivationSupportsMovieWithMaxCount": 1] as JSON, "5 images", false),
        (["NSExtensionActivationDictionaryVersion": 2, "NSExtensionActivationUsesStrictMatching": 2,
          "NSExtensionActivationSupportsWebURLWithMaxCount": 1] as JSON, "url", true),
        // element-hq/element-ios, RiotShareExtension/SupportingFiles/Info.plist
        (["NSExtensionActivationDictionaryVersion": 2, "NSExtensionActivationSupportsImageWithMaxCount": 5,
          "NSExtensionActivationSupportsMovieWithMaxCount": 1, "NSExtensionActivationSupportsText": true,
          "NSExtensionActivationSupportsWebURLWithMaxCount": 1] as JSON, "5 images", true),
    ] as [(JSON, String, Bool)])
    func dictionaries(rule: JSON, share: String, accepted: Bool) throws {
        let d: ShareDraft = switch share {
        case "url": try draft(url: "https://frak.id")
        case "image": try draft(images: 1)
        case "4 images": try draft(text: "hi", images: 4)
        default: try draft(images: 5)
        }
        do {
            try ActivationRule(rule).evaluate(d)
            #expect(accepted)
        } catch {
            #expect(!accepted, "\(error.message)")
        }
    }
}
