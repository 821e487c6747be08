@testable import BridgeApp
import BridgeBinding
import Foundation
import Testing

/// A Tauri project folder holding `src/lib.rs` with `source`; its `src-tauri`-level root.
private func project(_ source: String) throws -> String {
    let root = temporaryFolder()
    try FileManager.default.createDirectory(atPath: root + "/src", withIntermediateDirectories: true)
    try source.write(toFile: root + "/src/lib.rs", atomically: true, encoding: .utf8)
    return root
}

/// `Vec<` nested `depth` deep around `u8`.
private func nested(_ depth: Int) -> String {
    String(repeating: "Vec<", count: depth) + "u8" + String(repeating: ">", count: depth)
}

/// The time `body` takes.
private func timed<T>(_ body: () throws -> T) rethrows -> (T, Duration) {
    let clock = ContinuousClock()
    let start = clock.now
    let value = try body()
    return (value, clock.now - start)
}

@Suite("The Rust signature reader: nested types, depth and size")
struct RustSignatureTests {
    @Test("a type as written, as serde binds it", arguments: [
        ("Option<Vec<HashMap<String, Vec<u8>>>>", RustType.option(.sequence(.map))),
        ("Vec<Option<u8>>", .sequence(.option(.integer("u8")))),
        ("Vec<Vec<Vec<i64>>>", .sequence(.sequence(.sequence(.integer("i64"))))),
        ("HashMap<String, Vec<Vec<u8>>>", .map),
        ("&str", .borrowedString),
        ("&'a str", .borrowedString),
        ("&'static mut String", .string),
        ("& &str", .borrowedString),
        ("Option<&'a str>", .option(.borrowedString)),
        ("Cow<'a, str>", .string),
        ("std::collections::HashSet<std::path::PathBuf>", .sequence(.path)),
        ("tauri::ipc::Channel<Event>", .channel),
        ("crate::models::Person<'a>", .any("Person")),
        ("serde_json::Value", .any("serde_json::Value")),
        ("Option", .option(.any("serde_json::Value"))),
        ("(String, u32)", .sequence(.any("element"))),
        ("[u8; 32]", .sequence(.any("element"))),
        ("Option<(u8, Vec<String>)>", .option(.sequence(.any("element")))),
        ("Vec<Box<dyn Fn(u8) -> u8>>", .sequence(.any("Box"))),
        ("f64", .float("f64")),
        ("char", .char),
        (" bool ", .bool),
    ] as [(String, RustType)])
    func reads(text: String, type: RustType) throws {
        #expect(try RustType(rust: text) == type)
    }

    @Test("64 nested brackets are read; the 65th is refused")
    func depthBound() throws {
        #expect(RustTypeReader.maxDepth == 64)
        var expected = RustType.integer("u8")
        for _ in 0..<64 { expected = .sequence(expected) }
        #expect(try RustType(rust: nested(64)) == expected)
        #expect(throws: RustTypeError.tooDeep(limit: 64)) { try RustType(rust: nested(65)) }
        #expect(throws: RustTypeError.tooDeep(limit: 64)) { try RustType(rust: String(repeating: "(", count: 65) + "u8") }
    }

    @Test("a signature nested 5,000 or 100,000 deep is a problem naming file and line, answered within 10 s",
          arguments: [5_000, 100_000])
    func tooDeep(depth: Int) throws {
        let root = try project("""
        use tauri::State;

        #[tauri::command]
        fn greet(name: &str) -> String { format!("Hello, {name}") }

        #[tauri::command]
        fn deep(
            state: State<'_, Db>,
            items: \(nested(depth)),
        ) {}

        #[tauri::command]
        fn after(count: u32) {}

        pub fn run() { tauri::generate_handler![greet, deep, after]; }
        """)
        let (commands, elapsed) = timed { AppCommands.scan(root: root) }
        #expect(elapsed < .seconds(10), "took \(elapsed)")
        #expect(commands.names == ["after", "deep", "greet"])
        #expect(commands.commands["deep"] == nil && commands.unread == ["deep"], "bound without argument checks")
        #expect(commands.commands["greet"]?.arguments.map(\.type) == [.borrowedString], "the commands around it are read")
        #expect(commands.commands["after"]?.arguments.map(\.type) == [.integer("u32")])
        #expect(commands.problems.map(\.description) == [
            "src/lib.rs:9: command `deep`, argument `items`: its type is nested more than 64 brackets deep, past what the bridge reads; the command is bound without argument checks",
        ])
    }

    @Test("200 KB of commands are all read, each at its line, within 10 s")
    func manyCommands() throws {
        let count = 2_000
        var source = ""
        for n in 0..<count {
            source += """
            #[tauri::command]
            pub async fn command_\(n)(state: State<'_, Db>, a: Option<Vec<HashMap<String, Vec<u8>>>>, b: &'a str) -> Result<(), String> {}

            """
        }
        source += "fn main() { tauri::generate_handler![\((0..<count).map { "command_\($0)" }.joined(separator: ", "))]; }\n"
        #expect(source.utf8.count > 200_000)
        let root = try project(source)
        let (commands, elapsed) = timed { AppCommands.scan(root: root) }
        #expect(elapsed < .seconds(10), "took \(elapsed)")
        #expect(commands.commands.count == count && commands.unread.isEmpty && commands.problems.isEmpty)
        let last = try #require(commands.commands["command_\(count - 1)"])
        #expect(last.line == 2 * (count - 1) + 1, "two lines a command")
        #expect(last.arguments.map(\.type) == [.option(.sequence(.map)), .borrowedString])
    }

    @Test("one argument 200 KB wide but flat, and unclosed return types, are read within 10 s")
    func wideFlat() throws {
        let wide = "HashMap<String, (" + Array(repeating: "Vec<u8>", count: 25_000).joined(separator: ", ") + ")>"
        let unclosed = (0..<2_000).map { "#[command] fn open_\($0)() -> Vec<\n" }.joined()
        let source = "#[tauri::command]\nfn wide(a: \(wide), b: Vec<(\(Array(repeating: "u8", count: 25_000).joined(separator: ",")))>) {}\n" + unclosed
        #expect(source.utf8.count > 200_000)
        let root = try project(source)
        let (commands, elapsed) = timed { AppCommands.scan(root: root, registered: false) }
        #expect(elapsed < .seconds(10), "took \(elapsed)")
        #expect(commands.commands["wide"]?.arguments.map(\.type) == [.map, .sequence(.sequence(.any("element")))])
        #expect(commands.problems.isEmpty)
    }

    @Test("--plugin-dir: a command whose signature is refused is kept, with its problem")
    func pluginFolderProblem() throws {
        let root = try project("""
        #[command]
        pub(crate) async fn deep<R: Runtime>(app: AppHandle<R>, items: \(nested(65))) {}

        pub fn init() { Builder::new("deepy").invoke_handler(tauri::generate_handler![deep]).build() }
        """)
        try FileManager.default.createDirectory(atPath: root + "/permissions", withIntermediateDirectories: true)
        try "const COMMANDS: &[&str] = &[\"deep\"];".write(toFile: root + "/build.rs", atomically: true, encoding: .utf8)
        let folder = try PluginFolder.load(root)
        #expect(folder.name == "deepy" && folder.commands == ["deep"] && folder.signatures.isEmpty)
        #expect(folder.problems.map(\.description) == [
            "src/lib.rs:2: command `deep`, argument `items`: its type is nested more than 64 brackets deep, past what the bridge reads; the command is bound without argument checks",
        ])
    }
}
