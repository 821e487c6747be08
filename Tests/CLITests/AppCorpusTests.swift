import BridgeJSON
import Foundation
import Testing

/// `Tests/Fixtures/app-corpus`: nine public Tauri mobile apps at a named commit, each with the
/// files the bridge reads and the calls its front end makes (`calls.ndjson`), every expected
/// answer read from the upstream sources at the versions the app pins (README.md there).
private let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/app-corpus")
private let packageRoot = corpus.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

private let apps: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? [])
    .filter { FileManager.default.fileExists(atPath: corpus.appendingPathComponent($0 + "/calls.ndjson").path) }.sorted()

@Suite("Nine real apps' calls, replayed at the versions they pin")
struct AppCorpusTests {
    @Test("the corpus holds the nine apps the versions issue names, each with its source and pins")
    func corpusIsWhole() throws {
        #expect(apps == ["ampersand", "atproto-wallet", "beaver-notes", "dash-chat", "frak-wallet", "kasia", "keypair34-not", "o-quest", "readest"])
        for app in apps {
            let source = try String(contentsOf: corpus.appendingPathComponent(app + "/SOURCE.md"), encoding: .utf8)
            #expect(source.range(of: #"[0-9a-f]{40}"#, options: .regularExpression) != nil, "\(app): SOURCE.md names no commit")
            #expect(FileManager.default.fileExists(atPath: corpus.appendingPathComponent(app + "/src-tauri/Cargo.lock").path), "\(app)")
        }
    }

    @Test("every call answers as the app's pinned versions answer it", arguments: apps)
    func replay(app: String) throws {
        let folder = corpus.appendingPathComponent(app)
        let calls = folder.appendingPathComponent("calls.ndjson").path
        var arguments = ["replay", calls, "--app", folder.appendingPathComponent("src-tauri").path]
        let fixtures = folder.appendingPathComponent("fixtures.json").path
        if FileManager.default.fileExists(atPath: fixtures) { arguments += ["--fixtures", fixtures] }
        if let options = try? String(contentsOf: folder.appendingPathComponent("options.txt"), encoding: .utf8) {
            var previous = ""
            for word in options.split(separator: "\n").map(String.init) where !word.isEmpty {
                // Folders are named from the package's root.
                arguments.append(previous == "--plugin-dir" && !word.hasPrefix("/") ? packageRoot.appendingPathComponent(word).path : word)
                previous = word
            }
        }
        let lines = try String(contentsOfFile: calls, encoding: .utf8).split(separator: "\n")
        var outcomes: [String: Int] = [:]
        for line in lines {
            let call = try JSONParser.parse(String(line))
            let outcome = call["outcome"]?.stringValue ?? "?"
            #expect(["answered", "refused", "fixture", "unanswered"].contains(outcome), "\(app): \(line.prefix(120))")
            #expect(call["from"] != nil && call["upstream"] != nil || outcome == "fixture", "\(app): a line without its source: \(line.prefix(120))")
            outcomes[outcome, default: 0] += 1
        }
        let run = try runBridge(arguments, executable: Products.bridge, timeout: 60)
        #expect(run.status == 0, "\(app): \(run.stdout)\(run.stderr.suffix(600))")
        #expect(run.stderr.contains("replayed \(lines.count) call"), "\(app): \(run.stderr.suffix(300))")
    }
}
