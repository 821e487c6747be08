import BridgeJSON
import Foundation
import Testing

@Suite("iOS receive with a predicate activation rule, spawned")
struct ReceivePredicateTests {
    static let apple = Fixtures.path("doctor/good/src-tauri/gen/apple")
    static let rule = apple + "/ShareExtension/Info.plist"
    static let appPlist = apple + "/app_iOS/Info.plist"

    @Test("a share the SUBQUERY rule accepts is stored; one it refuses says which clause failed")
    func acceptAndRefuse() throws {
        let group = try appGroup()
        let image = try runBridge(["extension", "receive", "--app-group", group, "--image", pngFile(), "--activation-rule", Self.rule],
                                  executable: Products.bridge)
        #expect(image.status == 0, "\(image.stderr)")
        let text = try runBridge(["extension", "receive", "--app-group", group, "--text", "hi", "--activation-rule", Self.rule],
                                 executable: Products.bridge)
        #expect(text.status == 1)
        let answer = try JSONParser.parse(text.stdout)
        #expect(answer["kind"] == "refused")
        #expect(answer["reason"]?.stringValue?.hasPrefix("the activation rule refuses this share: `SUBQUERY(extensionItems, $extensionItem, …).@count == 1` is false: 0 of 1 extension item match; extension item 1: `SUBQUERY($extensionItem.attachments, $attachment, …).@count >= 1` is false: 0 of 1 attachment match; attachment 1 (public.plain-text): none of the 3 alternatives holds") == true, "\(answer)")
        #expect(itemIDs(try readInbox(group)).count == 1)
    }

    @Test("a file of a type the app exports is typed from --types and accepted by UTI conformance")
    func exportedType() throws {
        let group = try appGroup()
        let invite = FileManager.default.temporaryDirectory.appendingPathComponent("invite-\(UUID().uuidString).frakinvite").path
        try #"{"code":"FRAK"}"#.write(toFile: invite, atomically: true, encoding: .utf8)
        let without = try runBridge(["extension", "receive", "--app-group", group, "--file", invite, "--activation-rule", Self.rule],
                                    executable: Products.bridge)
        #expect(without.status == 1, "public.data alone does not conform to public.json")
        let with = try runBridge(["extension", "receive", "--app-group", group, "--file", invite, "--activation-rule", Self.rule,
                                  "--types", Self.appPlist], executable: Products.bridge)
        #expect(with.status == 0, "\(with.stdout) \(with.stderr)")
        let item = try readInbox(group)["items"]?.arrayValue?.first
        #expect(item?["attachments"]?.arrayValue?.first?["typeIdentifier"] == "id.frak.invite")
    }

    @Test("a predicate that does not parse is an unusable rule file: exit 2 with line and column")
    func unusable() throws {
        let plist = FileManager.default.temporaryDirectory.appendingPathComponent("rule-\(UUID().uuidString).json").path
        try #"{"NSExtensionActivationRule": "SUBQUERY(extensionItems, $e,\n  $e.attachments.@count >= ).@count == 1"}"#
            .write(toFile: plist, atomically: true, encoding: .utf8)
        let r = try runBridge(["extension", "receive", "--app-group", try appGroup(), "--text", "hi", "--activation-rule", plist],
                              executable: Products.bridge)
        #expect(r.status == 2)
        #expect(r.stderr.contains("\(plist): the activation rule predicate does not parse: line 2, column 28: expected a key path, a variable or a literal, found ')'"), "\(r.stderr)")
    }
}
