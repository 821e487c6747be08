import BridgeCall
@testable import BridgeRouter
import Testing

@Suite("Command names")
struct CommandNameTests {
    @Test("plugin:<p>|<c> splits into its parts", arguments: [
        ("plugin:frak-share|share_text", "frak-share", "share_text"),
        ("plugin:a|", "a", ""),
        ("plugin:|b", "", "b"),
    ])
    func split(method: String, plugin: String, command: String) throws {
        let parts = try #require(CommandName.split(method: method))
        #expect(parts.plugin == plugin)
        #expect(parts.command == command)
    }

    @Test("other spellings are not plugin methods", arguments: ["share_text", "frak-share|share_text", "plugin:frak-share", "Plugin:a|b"])
    func notPluginMethods(method: String) {
        #expect(CommandName.split(method: method) == nil)
    }

    @Test("names follow the rules", arguments: [
        ("frak-share", "share_text", true), ("a1", "b2_c", true), ("Frak", "share", false),
        ("frak_share", "share", false), ("frak", "shareText", false), ("frak", "_share", false),
        ("frak", "1share", false), ("", "x", false),
    ])
    func validation(plugin: String, command: String, valid: Bool) {
        #expect((CommandName(plugin: plugin, command: command) != nil) == valid)
    }

    @Test("the native method is the lowerCamelCase command")
    func nativeMethod() throws {
        #expect(try #require(CommandName(plugin: "frak-share", command: "share_text")).nativeMethod == "shareText")
    }
}
