@testable import BridgeInbox
import BridgeJSON
import BridgePredicate
import Foundation
import TestSupport
import Testing

/// Writes `bytes` to a fresh temporary file and returns its path.
func temporaryFile(_ bytes: [UInt8], suffix: String = "") -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-inbox-\(UUID().uuidString)\(suffix)").path
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    return path
}

let pngBytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0, count: 32)
let mp4Bytes: [UInt8] = [0, 0, 0, 0x18] + Array("ftypmp42".utf8) + Array(repeating: 0, count: 32)

func draft(text: String? = nil, url: String? = nil, images: Int = 0, movies: Int = 0, files: Int = 0) throws -> ShareDraft {
    try ShareDraft(text: text, url: url,
                   images: (0..<images).map { _ in temporaryFile(pngBytes, suffix: ".png") },
                   movies: (0..<movies).map { _ in temporaryFile(mp4Bytes, suffix: ".mp4") },
                   files: (0..<files).map { _ in temporaryFile(Array("plain text".utf8), suffix: ".txt") })
}

@Suite("Activation rules")
struct ActivationRuleTests {
    static let imageAndText: JSON = ["NSExtensionActivationSupportsImageWithMaxCount": 1, "NSExtensionActivationSupportsText": true]

    @Test("the dictionary form: an absent key means 0, counts are maxima", arguments: [
        (imageAndText, "text", nil as String?),
        (imageAndText, "text+image", nil),
        (imageAndText, "2 images", "2 image(s), over NSExtensionActivationSupportsImageWithMaxCount = 1"),
        (imageAndText, "url", "it has a URL, and NSExtensionActivationSupportsWebURLWithMaxCount (or …WebPageWithMaxCount) is absent or 0"),
        (imageAndText, "movie", "1 movie(s), over NSExtensionActivationSupportsMovieWithMaxCount = 0"),
        (["NSExtensionActivationSupportsWebURLWithMaxCount": 1] as JSON, "url", nil),
        (["NSExtensionActivationSupportsWebPageWithMaxCount": 1] as JSON, "url", nil),
        (["NSExtensionActivationSupportsWebURLWithMaxCount": 1] as JSON, "text", "it has text, and NSExtensionActivationSupportsText is absent or false"),
        (["NSExtensionActivationSupportsFileWithMaxCount": 2] as JSON, "file", nil),
        (["NSExtensionActivationSupportsAttachmentsWithMaxCount": 3] as JSON, "file", nil),
        (["NSExtensionActivationSupportsImageWithMaxCount": 5, "NSExtensionActivationSupportsAttachmentsWithMaxCount": 1] as JSON, "2 images", "2 attachment(s), over NSExtensionActivationSupportsAttachmentsWithMaxCount = 1"),
        (["NSExtensionActivationSupportsImageWithMaxCount": 5, "NSExtensionActivationSupportsAttachmentsWithMinCount": 3] as JSON, "2 images", "2 attachment(s), under NSExtensionActivationSupportsAttachmentsWithMinCount = 3"),
        (["NSExtensionActivationSupportsMovieWithMaxCount": 1] as JSON, "movie", nil),
        ("TRUEPREDICATE" as JSON, "url", nil),
    ] as [(JSON, String, String?)])
    func table(rule: JSON, share: String, refusal: String?) throws {
        let d: ShareDraft = switch share {
        case "text": try draft(text: "hi")
        case "text+image": try draft(text: "hi", images: 1)
        case "2 images": try draft(images: 2)
        case "url": try draft(url: "https://frak.id")
        case "movie": try draft(movies: 1)
        default: try draft(files: 1)
        }
        do {
            try ActivationRule(rule).evaluate(d)
            #expect(refusal == nil)
        } catch {
            #expect(error.kind == .refused)
            #expect(error.message == "the activation rule refuses this share: \(refusal ?? "")")
        }
    }

    @Test("rules that cannot be evaluated are clear errors", arguments: [
        ("SUBQUERY(extensionItems, $e, $e.attachments.@count == 1).@count ==" as JSON,
         "the activation rule predicate does not parse: line 1, column 67: expected a key path, a variable or a literal, found end of the predicate\n  SUBQUERY(extensionItems, $e, $e.attachments.@count == 1).@count ==\n                                                                    ^"),
        (["NSExtensionActivationSupportsImagesWithMaxCount": 1] as JSON, "unknown activation rule key NSExtensionActivationSupportsImagesWithMaxCount; did you mean NSExtensionActivationSupportsImageWithMaxCount?"),
        (["NSExtensionActivationSupportsImageWithMaxCount": -1] as JSON, "NSExtensionActivationSupportsImageWithMaxCount must be a non-negative integer, found -1"),
        (["NSExtensionActivationSupportsText": "yes"] as JSON, "NSExtensionActivationSupportsText must be true or false, found \"yes\""),
        ([1] as JSON, "NSExtensionActivationRule must be a predicate string or a dictionary, found array"),
    ] as [(JSON, String)])
    func invalid(rule: JSON, message: String) {
        do {
            _ = try ActivationRule(rule)
            Issue.record("accepted")
        } catch {
            #expect(error.kind == .invalidRule)
            #expect(error.message == message)
        }
    }

    @Test("rules load from an XML Info.plist, a binary plist, and JSON")
    func files() throws {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict>
          <key>CFBundleName</key><string>Share</string>
          <key>NSExtension</key><dict>
            <key>NSExtensionAttributes</key><dict>
              <key>NSExtensionActivationRule</key><dict>
                <key>NSExtensionActivationSupportsImageWithMaxCount</key><integer>1</integer>
                <key>NSExtensionActivationSupportsText</key><true/>
              </dict>
            </dict>
            <key>NSExtensionPointIdentifier</key><string>com.apple.share-services</string>
          </dict>
        </dict></plist>
        """
        var expected = ActivationRule.Counts()
        expected.images = 1
        expected.supportsText = true
        #expect(try ActivationRuleFile.load(temporaryFile(Array(xml.utf8), suffix: ".plist")) == .dictionary(expected))
        let plist = try PropertyListSerialization.propertyList(from: Data(xml.utf8), options: [], format: nil)
        let binary = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
        #expect(binary.starts(with: Array("bplist00".utf8)))
        #expect(try ActivationRuleFile.load(temporaryFile([UInt8](binary), suffix: ".plist")) == .dictionary(expected))
        let json = #"{"NSExtensionActivationSupportsImageWithMaxCount": 1, "NSExtensionActivationSupportsText": true}"#
        #expect(try ActivationRuleFile.load(temporaryFile(Array(json.utf8), suffix: ".json")) == .dictionary(expected))
        let wrapped = #"{"NSExtensionActivationRule": "TRUEPREDICATE"}"#
        #expect(try ActivationRuleFile.load(temporaryFile(Array(wrapped.utf8))) == .truePredicate)
        let noRule = #"{"CFBundleName": "Share"}"#
        #expect(throws: InboxError.self) { try ActivationRuleFile.load(temporaryFile(Array(noRule.utf8))) }
        #expect(throws: InboxError.self) { try ActivationRuleFile.load(temporaryFile(Array("<plist><dict><key>x".utf8))) }
    }

    @Test("attachments are classified by their bytes, not their names")
    func classification() throws {
        let disguised = try ShareDraft(text: nil, url: nil, images: [], movies: [], files: [temporaryFile(pngBytes, suffix: ".txt")])
        #expect(disguised.attachments.first?.kind == .image)
        #expect(disguised.attachments.first?.typeIdentifier == "public.png")
        #expect(throws: InboxError.self) {
            try ShareDraft(text: nil, url: nil, images: [temporaryFile(Array("not an image".utf8), suffix: ".png")], movies: [], files: [])
        }
        #expect(throws: InboxError.self) {
            try ShareDraft(text: nil, url: nil, images: [], movies: [temporaryFile(pngBytes, suffix: ".mp4")], files: [])
        }
        let movie = try ShareDraft(text: nil, url: nil, images: [], movies: [temporaryFile(mp4Bytes)], files: [])
        #expect(movie.attachments.first?.typeIdentifier == "public.mpeg-4")
    }
}

@Suite("Activation rules: nesting is bounded")
struct PredicateNestingTests {
    static let deepCases: [(LongText, String)] = [
        (LongText(String(repeating: "(", count: 11_000) + "TRUEPREDICATE" + String(repeating: ")", count: 11_000)), "nests more than 100 levels"),
        (LongText(String(repeating: "NOT ", count: 25_000) + "TRUEPREDICATE"), "NOT nests more than 100 levels"),
        (LongText(String(repeating: "SUBQUERY(extensionItems, $e, ", count: 3_500) + "TRUEPREDICATE" + String(repeating: ").@count == 1", count: 3_500)),
         "SUBQUERY nests more than 100 levels"),
        (LongText("$e" + String(repeating: ".a", count: 17_500) + " == 1"), "a key path of more than 100 steps"),
    ]

    @Test("deep parentheses, NOTs, SUBQUERYs and key paths are refused with an error, never a crash", arguments: deepCases)
    func deep(long: LongText, message: String) {
        let text = long.text
        do {
            _ = try PredicateParser.parse(text)
            Issue.record("a predicate \(text.count) characters deep parsed")
        } catch {
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test("nesting up to the bound still parses")
    func atTheBound() throws {
        let text = String(repeating: "(", count: 100) + "TRUEPREDICATE" + String(repeating: ")", count: 100)
        _ = try PredicateParser.parse(text)
        _ = try PredicateParser.parse("$e" + String(repeating: ".a", count: 100) + " == 1")
    }
}
