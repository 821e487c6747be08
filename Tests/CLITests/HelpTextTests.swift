import Foundation
import Testing

/// `Tests/Golden/help/`: each subcommand's `--help`, word for word.
private let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Golden/help")
private let updateGolden = ProcessInfo.processInfo.environment["BRIDGE_UPDATE_GOLDEN"] != nil

/// The subcommands `bridge --help` lists (`  bridge <name> …`).
private func listedSubcommands() throws -> [String] {
    let usage = try runBridge(["--help"], executable: Products.bridge).stdout
    return usage.split(separator: "\n").compactMap { line in
        guard line.hasPrefix("  bridge "), let word = line.dropFirst(9).split(separator: " ").first,
              word.first?.isLetter == true else { return nil }
        return String(word)
    }
}

@Suite("Every subcommand's help is a golden text")
struct HelpTextTests {
    @Test("bridge --help lists the subcommands, each with a golden help file")
    func everySubcommandHasAGolden() throws {
        let listed = try listedSubcommands()
        #expect(listed.count >= 7)
        let goldens = try FileManager.default.contentsOfDirectory(atPath: goldenFolder.path)
            .filter { $0.hasSuffix(".txt") }.map { String($0.dropLast(4)) }
        #expect(Set(goldens) == Set(listed),
                "Tests/Golden/help/ must hold <subcommand>.txt for each subcommand; write them with BRIDGE_UPDATE_GOLDEN=1 swift test --filter HelpTextTests")
    }

    @Test("bridge <subcommand> --help prints exactly its golden text, with no unexpanded \\( left")
    func golden() throws {
        for subcommand in try listedSubcommands() {
            let r = try runBridge([subcommand, "--help"], executable: Products.bridge)
            #expect(r.status == 0)
            #expect(r.stderr == "")
            #expect(!r.stdout.contains("\\("), "bridge \(subcommand) --help: an interpolation was escaped and printed literally")
            let file = goldenFolder.appendingPathComponent("\(subcommand).txt")
            if updateGolden {
                try FileManager.default.createDirectory(at: goldenFolder, withIntermediateDirectories: true)
                try r.stdout.write(to: file, atomically: true, encoding: .utf8)
            }
            let golden = try? String(contentsOf: file, encoding: .utf8)
            #expect(r.stdout == golden,
                    "bridge \(subcommand) --help drifted from Tests/Golden/help/\(subcommand).txt; if the change is meant, rewrite it with BRIDGE_UPDATE_GOLDEN=1 swift test --filter HelpTextTests")
            #expect(try runBridge([subcommand, "-h"], executable: Products.bridge).stdout == r.stdout)
        }
    }
}
