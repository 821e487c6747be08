@testable import BridgeCLI
import Foundation
import Testing

/// `bridge dev` runs the app's command as `/bin/sh -c "cd <folder> && <command>"`: the folder
/// is quoted, and whatever its name, the shell must read it back unchanged.
@Suite("The dev command's shell quoting")
struct ShellQuotingTests {
    static func shell(_ script: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// A quote followed by a combining mark is one character to Swift and to Foundation's
    /// `replacingOccurrences`, but the shell sees the quote: escaping by characters let it
    /// close the quoted word and run what follows.
    @Test("a name reaches the shell as written", arguments: [
        "plain", "with space", "it's", "'", "''", "a'\u{301}; echo injected; '", "\u{301}'", "$HOME", "`id`", "back\\slash",
        "new\nline", "é\u{301}'x", "",
    ])
    func roundTrip(name: String) throws {
        #expect(try Self.shell("printf %s " + DevCommand.quoted(name)) == name)
    }
}
