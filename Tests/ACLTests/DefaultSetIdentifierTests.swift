@testable import BridgeACL
import Testing

/// The built-in capability's `<plugin>:default` ids are made without parsing their text: the
/// shortcut must accept and refuse exactly what Tauri's identifier rules do.
@Suite("a plugin's default-set id is what parsing its text gives")
struct DefaultSetIdentifierTests {
    static func agrees(_ plugin: String) -> Bool {
        let fast = Identifier.defaultSet(of: plugin)
        let parsed = try? Identifier(plugin + ":default")
        return fast?.text == parsed?.text && fast?.prefix == parsed?.prefix && fast?.base == parsed?.base
    }

    @Test("named cases", arguments: ["fs", "frak-share", "pong-", "-pong", "a--b", "Upper", "core:app", "core:app:x", "tauri-plugin-x",
                                     "x_y", "9lives", "", String(repeating: "a", count: 108), String(repeating: "a", count: 109), "é", "a b"])
    func named(_ plugin: String) {
        #expect(Self.agrees(plugin), "\(plugin)")
    }

    @Test("random names over the bytes that matter")
    func random() {
        var state: UInt64 = 0x5EED
        let alphabet = Array("ab9-:_A é".unicodeScalars)
        for _ in 0..<5_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let length = Int(state >> 60) + 1
            var name = ""
            for k in 0..<length { name.unicodeScalars.append(alphabet[Int((state >> UInt64(k * 4 % 56)) & 0xF) % alphabet.count]) }
            #expect(Self.agrees(name), "\(name)")
        }
    }
}
