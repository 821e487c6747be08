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

@Suite("a method name split byte by byte is split as by Characters")
struct CommandNameSplitTests {
    /// The Character-based split the byte path replaces for ASCII names.
    static func byCharacters(_ method: String) -> (plugin: String, command: String)? {
        guard method.hasPrefix("plugin:") else { return nil }
        let rest = method.dropFirst("plugin:".count)
        guard let bar = rest.firstIndex(of: "|") else { return nil }
        return (String(rest[..<bar]), String(rest[rest.index(after: bar)...]))
    }

    @Test("random names over the bytes that matter, and a few non-ASCII ones")
    func agrees() {
        var state: UInt64 = 7
        let pieces = ["plugin:", "|", "p", "a-b", "share_text", ":", "", "plugin", "||", "é", "|\u{301}", " "]
        var names = ["plugin:frak-share|share_text", "plugin:|", "plugin:a|", "plugin:|b", "plugin:a|b|c", "plugin:a", "x|y", "plugin:a|\u{301}b"]
        for _ in 0..<3_000 {
            var name = ""
            for _ in 0..<4 {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                name += pieces[Int(state >> 59) % pieces.count]
            }
            names.append(name)
        }
        for name in names {
            let fast = CommandName.split(method: name), slow = Self.byCharacters(name)
            #expect(fast?.plugin == slow?.plugin && fast?.command == slow?.command, "\(name)")
        }
    }
}
