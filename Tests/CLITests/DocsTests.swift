import BridgePlugins
import BridgeShareNatives
import Foundation
import Testing

/// The project root (the folder holding Package.swift).
private let projectRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

/// One command of a manual page's ```sh block and the output its `# ` lines promise.
struct DocumentedCommand: CustomStringConvertible {
    let page: String
    let line: Int
    let command: String
    let expected: [String]
    var description: String { "\(page):\(line): \(command)" }

    /// The commands of `page` (under docs/): each line of a ```sh block that is not a comment,
    /// with the `# ` lines right after it as its expected stdout (none: it must exit 0).
    static func commands(in page: String) throws -> [DocumentedCommand] {
        let text = try String(contentsOfFile: projectRoot + "/docs/" + page, encoding: .utf8)
        var out: [DocumentedCommand] = []
        var inBlock = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```") { inBlock = line == "```sh"; continue }
            guard inBlock else { continue }
            if line.hasPrefix("# "), let last = out.popLast() {
                out.append(DocumentedCommand(page: last.page, line: last.line, command: last.command, expected: last.expected + [String(line.dropFirst(2))]))
            } else if !line.isEmpty && !line.hasPrefix("#") {
                out.append(DocumentedCommand(page: page, line: index + 1, command: String(line), expected: []))
            }
        }
        return out
    }
}

@Suite("The manual's commands run as written")
struct DocsTests {
    /// The pages whose commands are written as they run (`bridge …`, expected stdout in `# ` lines).
    static let pages = ["apps.md", "doctor.md", "upstream.md", "official-plugins.md",
                        "acl.md", "adding-a-command.md", "browser.md", "cli.md", "inbox.md", "install.md", "node.md",
                        "protocol.md", "schemas.md", "share-text.md", "share.md", "sheet.md", "testing.md"]

    /// One after the other, in page order: a page's later commands read what its earlier ones
    /// wrote under /tmp (`rm -rf /tmp/bridge-docs-… && mkdir -p …` first, so a rerun starts fresh).
    @Test("every ```sh command of the tested pages prints what the page says", .serialized, arguments: try! DocsTests.pages.flatMap(DocumentedCommand.commands(in:)))
    func runs(_ documented: DocumentedCommand) throws {
        // `bridge` is the built product, first on PATH (iproute2 has a /usr/sbin/bridge too).
        let bin = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-docs-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: bin + "/bridge", withDestinationPath: Products.bridge)
        defer { try? FileManager.default.removeItem(atPath: bin) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", documented.command]
        process.currentDirectoryURL = URL(fileURLWithPath: projectRoot)
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = bin + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        process.environment = environment
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let output = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if documented.expected.isEmpty {
            #expect(process.terminationStatus == 0, "\(documented): exit \(process.terminationStatus); stderr: \(errors)")
        } else {
            #expect(output == documented.expected.joined(separator: "\n") + "\n", "\(documented); stderr: \(errors)")
        }
    }

    @Test("the manual has commands to run")
    func found() throws {
        #expect(try DocumentedCommand.commands(in: "apps.md").count >= 8)
        #expect(try DocumentedCommand.commands(in: "doctor.md").count >= 4)
    }

    @Test("upstream.md's rows each name a test that exists, and a pinned or modelled commit")
    func upstreamTable() throws {
        let text = try String(contentsOfFile: projectRoot + "/docs/upstream.md", encoding: .utf8)
        var sources = ""
        let walker = FileManager.default.enumerator(atPath: projectRoot + "/Tests")
        while let file = walker?.nextObject() as? String {
            guard file.hasSuffix(".swift") || file.hasSuffix(".py") else { continue }
            sources += (try? String(contentsOfFile: projectRoot + "/Tests/" + file, encoding: .utf8)) ?? ""
        }
        let commits = Set(UpstreamPins.all.map { "\($0.name)@\($0.commit.prefix(8))" } + FrakShareVersion.known.map { "frak-share@\($0.short)" })
        var rows = 0
        for line in text.split(separator: "\n") where line.hasPrefix("| ") && !line.hasPrefix("| behaviour") {
            let cells = line.replacingOccurrences(of: "\\|", with: "¦").split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 3 else { Issue.record("a row of three cells: \(line)"); continue }
            let test = cells[2].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            #expect(sources.contains("@Test(\"\(test)\"") || sources.contains("def \(test)("), "no test named `\(test)` in Tests/")
            let pin = String(cells[1].prefix { $0 != " " })
            #expect(commits.contains(pin), "\(pin) is neither a pin of `bridge --version` nor a modelled version")
            rows += 1
        }
        #expect(rows >= 15)
    }
}

@Suite("Install/upstream-drift lists what changed since a pin (spawned, on a local repository)")
struct UpstreamDriftTests {
    func sh(_ command: String, in folder: String) throws -> (status: Int32, out: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, out)
    }

    @Test("a cited file touched after the pin is listed with its commit (exit 1); an untouched one is not (exit 0)")
    func drift() throws {
        let mirror = FileManager.default.temporaryDirectory.appendingPathComponent("drift-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: mirror) }
        let repo = mirror + "/frak-id+wallet"
        let plugin = "apps/wallet/src-tauri/plugins/tauri-plugin-frak-share"
        try FileManager.default.createDirectory(atPath: repo + "/" + plugin + "/src", withIntermediateDirectories: true)
        let git = "git -c user.name=t -c user.email=t@t -c commit.gpgsign=false"
        #expect(try sh("git init -q . && echo one > \(plugin)/src/lib.rs && echo a > \(plugin)/build.rs && \(git) add -A && \(git) commit -qm pin", in: repo).status == 0)
        let pin = try sh("git rev-parse HEAD", in: repo).out.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try sh("echo two > \(plugin)/src/lib.rs && \(git) commit -qam 'Upstream changes lib.rs'", in: repo).status == 0)
        let table = mirror + "/table.md"
        try "| behaviour | upstream | test |\n|---|---|---|\n| a | frak-share@\(pin.prefix(8)) `src/lib.rs:1` | `t` |\n| b | frak-share@\(pin.prefix(8)) `build.rs:1` | `t` |\n"
            .write(toFile: table, atomically: true, encoding: .utf8)
        let r = try sh("python3 \(projectRoot)/Install/upstream-drift --mirror \(mirror) --table \(table)", in: mirror)
        #expect(r.status == 1, "\(r.out)")
        #expect(r.out.contains("\(plugin)/src/lib.rs: changed since the pin"), "\(r.out)")
        #expect(r.out.contains("Upstream changes lib.rs"))
        #expect(r.out.contains("\(plugin)/build.rs: unchanged"))
        try "| behaviour | upstream | test |\n|---|---|---|\n| b | frak-share@\(pin.prefix(8)) `build.rs:1` | `t` |\n".write(toFile: table, atomically: true, encoding: .utf8)
        #expect(try sh("python3 \(projectRoot)/Install/upstream-drift --mirror \(mirror) --table \(table)", in: mirror).status == 0)
    }
}
