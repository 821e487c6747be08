import Foundation

// `command-list OUTPUT SOURCE...`: the `CommandList` build plugin's tool. Reads a plugin module's
// Swift sources and writes OUTPUT, an extension of the module's one `Plugin` type whose
// `commands` are its `CommandLayer` types' commands, in command-name order.
//
// It reads declarations of the form `enum Name: CommandLayer` / `struct Name: Plugin` at the
// start of a line (other conformances may follow); anything else is left to the compiler.

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("command-list: error: \(message)\n".utf8))
    exit(1)
}

/// The type names declared as `enum|struct|final class NAME: A, B` whose conformance list has `conformance`.
func declaredTypes(conforming conformance: String, in text: String) -> [String] {
    var out: [String] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        while let first = words.first, ["public", "internal", "package", "final"].contains(first) { words.removeFirst() }
        guard words.count >= 3, ["enum", "struct", "class"].contains(words[0]), words[1].hasSuffix(":") else { continue }
        let name = String(words[1].dropLast())
        let conformances = words[2...].joined(separator: " ").prefix { $0 != "{" }
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        if conformances.contains(conformance) { out.append(name) }
    }
    return out
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let output = arguments.first else { fail("usage: command-list OUTPUT SOURCE...") }
var layers: [(type: String, file: String)] = []
var plugins: [String] = []
for path in arguments.dropFirst() {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { fail("cannot read \(path)") }
    layers += declaredTypes(conforming: "CommandLayer", in: text).map { ($0, path) }
    plugins += declaredTypes(conforming: "Plugin", in: text)
}
var source = "// Generated at build time by the CommandList build plugin (Plugins/CommandList). DO NOT EDIT.\nimport BridgeCall\n"
if !layers.isEmpty {
    guard plugins.count == 1, let plugin = plugins.first else {
        fail("a module with CommandLayer types (\(layers.map(\.type).joined(separator: ", "))) needs exactly one `struct NAME: Plugin`, found \(plugins.count)")
    }
    let ordered = layers.map(\.type).sorted()
    source += """

    extension \(plugin) {
        /// Every command of the plugin, in command-name order.
        public var commands: [Command] {
            [\(ordered.map { "\($0).command(self)" }.joined(separator: ", "))].sorted { $0.name < $1.name }
        }
    }

    """
}
do {
    if (try? String(contentsOfFile: output, encoding: .utf8)) != source {
        try source.write(toFile: output, atomically: true, encoding: .utf8)
    }
} catch {
    fail("cannot write \(output): \(error)")
}
