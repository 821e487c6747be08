import Foundation
import TestSupport
import Testing

private let typed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/apps/typed").path

/// `tsc` on PATH (Debian's node-typescript), or `nil`.
private let tsc: String? = ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":")
    .map { "\($0)/tsc" }.first { FileManager.default.isExecutableFile(atPath: $0) }

/// What the generated module imports from `@tauri-apps/api/core`, as 2.x declares it.
private let apiCore = """
export type InvokeArgs = Record<string, unknown> | number[] | ArrayBuffer | Uint8Array
export declare function invoke<T>(cmd: string, args?: InvokeArgs): Promise<T>
export declare class Channel<T = unknown> {
  id: number
  onmessage: (response: T) => void
}
"""

/// Runs `tsc --strict --noEmit` on `files` in `folder`: its exit status and output.
func typeCheck(_ files: [String], in folder: String) throws -> (status: Int32, output: String) {
    guard let tsc else { throw TSCMissing() }
    try FileManager.default.createDirectory(atPath: folder + "/node_modules/@tauri-apps/api", withIntermediateDirectories: true)
    try apiCore.write(toFile: folder + "/node_modules/@tauri-apps/api/core.d.ts", atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tsc)
    process.arguments = ["--strict", "--noEmit", "--target", "es2020", "--moduleResolution", "node"] + files
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    let out = Pipe()
    process.standardOutput = out
    process.standardError = out
    try process.run()
    let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, output)
}

/// `tsc` is not installed (CI installs node-typescript; there its absence fails the test).
struct TSCMissing: Error, CustomStringConvertible {
    var description: String { "tsc is not on PATH: install Debian's node-typescript (apt-get install node-typescript)" }
}

/// Runs where tsc is, or under CI (where its absence then fails); otherwise skipped, saying why.
let needsTSC = ConditionTrait.enabled(if: tsc != nil || SharedConformance.isCI,
                                      "tsc is not on PATH (apt-get install node-typescript): the TypeScript check is skipped")

@Suite("bridge types --app DIR")
struct TypesCommandTests {
    @Test("writes the module to -o FILE, and names on stderr each type it could not resolve")
    func writes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-types-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let r = try runBridge(["types", "--app", typed, "-o", folder + "/app.ts"], executable: Products.bridge)
        #expect(r.status == 0)
        #expect(r.stdout == "")
        #expect(r.stderr == "bridge: warning: chrono::DateTime<chrono::Utc> (used by command deadline (src/lib.rs:82), struct Reminder (src/models.rs:127)) is not declared in the app's sources; typed unknown\n")
        let text = try String(contentsOfFile: folder + "/app.ts", encoding: .utf8)
        #expect(text.contains("export async function greet(args: { name: string }): Promise<string>"))
    }

    @Test("without --app: a usage error")
    func needsApp() throws {
        let r = try runBridge(["types"], executable: Products.bridge)
        #expect(r.status == 2)
        #expect(r.stderr.contains("missing --app DIR"))
    }

    @Test("the module compiles under tsc --strict, and a front end calling it type-checks", needsTSC)
    func compiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-tsc-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let r = try runBridge(["types", "--app", typed, "-o", folder + "/app.ts"], executable: Products.bridge)
        #expect(r.status == 0)
        try """
        import { greet, getNote, saveShape, listNotes, type Shape, type Color } from './app'
        export async function use(): Promise<string> {
          const shape: Shape = { type: 'circle', radius: 2 }
          await saveShape({ shape_id: 1, shape })
          const page = await listNotes()
          const color: Color | null | undefined = page.items[0]?.color
          const note = await getNote({ noteId: 7 })
          return (await greet({ name: 'Ada' })) + note.title + String(color)
        }
        """.write(toFile: folder + "/use.ts", atomically: true, encoding: .utf8)
        let checked = try typeCheck(["app.ts", "use.ts"], in: folder)
        #expect(checked.status == 0, "tsc --strict: \(checked.output)")
        // A wrong call is refused: the types say something.
        try "import { greet } from './app'\ngreet({ name: 1 })\n".write(toFile: folder + "/wrong.ts", atomically: true, encoding: .utf8)
        #expect(try typeCheck(["app.ts", "wrong.ts"], in: folder).status != 0)
    }
}

@Suite("--auto-answer's values type-check against bridge types' module")
struct AutoAnswerTypeScriptTests {
    @Test("each auto answer, as a constant of the command's TypeScript result type, compiles under tsc --strict", needsTSC)
    func autoAnswersCompile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-tsc-auto-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try runBridge(["types", "--app", typed, "-o", folder + "/app.ts"], executable: Products.bridge).status == 0)
        let commands = ["greet": "greet", "get_note": "getNote", "list_notes": "listNotes", "last_shape": "lastShape",
                        "pick_color": "pickColor", "watch_events": "watchEvents", "payloads": "payloads", "tuple_stats": "tupleStats",
                        "scores": "scores", "tree": "tree", "nothing": "nothing", "ping": "ping"]
        let args = #"{"name":"Ada","noteId":1,"onEvent":"__CHANNEL__:1","count":2}"#
        var lines = ["import * as app from './app'", "type Result<F extends (...a: any) => Promise<unknown>> = Awaited<ReturnType<F>>"]
        for (command, function) in commands.sorted(by: { $0.key < $1.key }) {
            for seed in 1...5 {
                let r = try runBridge(["invoke", command, args, "--app", typed, "--auto-answer-seed", String(seed)], executable: Products.bridge)
                #expect(r.status == 0, "\(command): \(r.stdout) \(r.stderr)")
                lines.append("export const \(function)\(seed): Result<typeof app.\(function)> = \(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines))")
            }
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: folder + "/answers.ts", atomically: true, encoding: .utf8)
        let checked = try typeCheck(["app.ts", "answers.ts"], in: folder)
        #expect(checked.status == 0, "tsc --strict: \(checked.output)")
    }
}
