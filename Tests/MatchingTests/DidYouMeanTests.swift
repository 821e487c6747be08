import Testing
@testable import BridgeMatching

@Suite("Did-you-mean suggestions")
struct DidYouMeanTests {
    static let subcommands = ["capabilities", "doctor", "extension", "invoke", "permissions", "render", "schema", "serve", "validate"]

    @Test("subcommand typos get the subcommand meant", arguments: [
        ("sever", "serve"), ("sevre", "serve"), ("serv", "serve"), ("srve", "serve"), ("servee", "serve"),
        ("invok", "invoke"), ("invkoe", "invoke"), ("ivnoke", "invoke"), ("invoek", "invoke"),
        ("rendr", "render"), ("redner", "render"), ("doctr", "doctor"), ("dcotor", "doctor"),
        ("shcema", "schema"), ("schmea", "schema"), ("valdiate", "validate"), ("validte", "validate"),
        ("permisions", "permissions"), ("premissions", "permissions"), ("capabilites", "capabilities"),
        ("capabilties", "capabilities"), ("extnesion", "extension"), ("extenson", "extension"),
    ])
    func subcommandTypos(typed: String, meant: String) {
        #expect(DidYouMean.suggest(for: typed, among: DidYouMeanTests.subcommands) == meant)
    }

    @Test("names far from every candidate get no suggestion", arguments: ["x", "run", "help2", "start", "deploy", "test", "sreve-x"])
    func noSuggestion(typed: String) {
        #expect(DidYouMean.suggest(for: typed, among: DidYouMeanTests.subcommands) == nil)
    }

    @Test("the same name in another case style is found first", arguments: [("image_url", "imageUrl"), ("IMAGEURL", "imageUrl"), ("share-text", "share_text")])
    func caseStyles(typed: String, meant: String) {
        #expect(DidYouMean.suggest(for: typed, among: ["imageUrl", "share_text", "title"]) == meant)
    }

    @Test("the distance counts a swap of two neighbours as one edit", arguments: [
        ("serve", "sevre", 1), ("serve", "sever", 2), ("abc", "abc", 0), ("", "abc", 3), ("ca", "abc", 3), ("kitten", "sitting", 3),
    ])
    func distance(a: String, b: String, expected: Int) {
        #expect(DidYouMean.distance(Array(a), Array(b)) == expected)
        #expect(DidYouMean.distance(Array(b), Array(a)) == expected)
    }
}
