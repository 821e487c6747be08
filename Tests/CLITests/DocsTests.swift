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
    static let pages = ["apps.md", "doctor.md"]

    @Test("every ```sh command of the tested pages prints what the page says", arguments: try! DocsTests.pages.flatMap(DocumentedCommand.commands(in:)))
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
}
