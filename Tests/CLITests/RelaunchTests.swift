@testable import BridgeCLI
import Testing

/// `restart()` under `bridge serve` starts the bridge again with the command line that keeps its
/// address and its files (`Relaunch.arguments`).
@Suite("A restart keeps the address and the sandbox")
struct RelaunchTests {
    @Test("--http takes the bound port in both spellings, its host kept; a made sandbox is named; a given one is kept", arguments: [
        (["bridge", "serve", "--http", "0"], UInt16(41234), "/tmp/sb", ["bridge", "serve", "--http", "41234", "--sandbox", "/tmp/sb"]),
        (["bridge", "serve", "--http=127.0.0.2:0"], 41234, nil, ["bridge", "serve", "--http=127.0.0.2:41234"]),
        (["bridge", "serve", "--http", "[::1]:0", "--sandbox", "/mine"], 7, "/mine", ["bridge", "serve", "--http", "[::1]:7", "--sandbox", "/mine"]),
        (["bridge", "serve", "--sandbox=/mine"], nil, "/mine", ["bridge", "serve", "--sandbox=/mine"]),
        (["bridge", "serve", "--platform", "android"], nil, nil, ["bridge", "serve", "--platform", "android"]),
    ] as [([String], UInt16?, String?, [String])])
    func arguments(_ original: [String], _ port: UInt16?, _ sandbox: String?, _ expected: [String]) {
        #expect(Relaunch.arguments(original, port: port, sandbox: sandbox) == expected)
    }
}
