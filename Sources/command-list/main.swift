import Foundation

// `command-list OUTPUT SOURCE...`: the `CommandList` build plugin's tool. Reads a plugin module's
// Swift sources and writes OUTPUT, an extension of the module's one `Plugin` type whose
// `commands` are its `CommandLayer` types' commands, in command-name order.
//
// It reads the sources as tokens (comments and string literals skipped), so a conformance is
// found however it is written: `enum Name: CommandLayer`, `Name:CommandLayer`, after
// attributes and modifiers on the same line, among other conformances, or in `extension Name:
// CommandLayer`. A mention of `CommandLayer` or `Plugin` in a conformance it cannot read (a
// generic or nested type) is a build error naming the file and line, never a skipped command.

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("command-list: error: \(message)\n".utf8))
    exit(1)
}

struct Token {
    let text: String
    let line: Int
}

/// The identifiers and punctuation of Swift source, without comments and string literals.
func tokens(_ source: String) -> [Token] {
    let s = Array(source.unicodeScalars)
    var out: [Token] = []
    var i = 0, line = 1
    func isIdentifier(_ c: Unicode.Scalar) -> Bool { c == "_" || c.properties.isAlphabetic || ("0"..."9").contains(c) }
    while i < s.count {
        let c = s[i]
        if c == "\n" { line += 1; i += 1; continue }
        if c == " " || c == "\t" || c == "\r" { i += 1; continue }
        if c == "/", i + 1 < s.count, s[i + 1] == "/" {
            while i < s.count, s[i] != "\n" { i += 1 }
            continue
        }
        if c == "/", i + 1 < s.count, s[i + 1] == "*" {
            var depth = 0
            repeat {
                if s[i] == "\n" { line += 1 }
                if s[i] == "/", i + 1 < s.count, s[i + 1] == "*" { depth += 1; i += 2; continue }
                if s[i] == "*", i + 1 < s.count, s[i + 1] == "/" { depth -= 1; i += 2; continue }
                i += 1
            } while depth > 0 && i < s.count
            continue
        }
        if c == "#" || c == "\"" {
            // A string literal, raw (`#"…"#`) or not, one line or three quotes.
            var hashes = 0
            var j = i
            while j < s.count, s[j] == "#" { hashes += 1; j += 1 }
            guard j < s.count, s[j] == "\"" else { out.append(Token(text: "#", line: line)); i += 1; continue }
            let multiline = j + 2 < s.count && s[j + 1] == "\"" && s[j + 2] == "\""
            j += multiline ? 3 : 1
            let closing: [Unicode.Scalar] = (multiline ? ["\"", "\"", "\""] : ["\""]) + Array(repeating: "#", count: hashes)
            while j < s.count {
                if s[j] == "\n" { line += 1 }
                if hashes == 0, s[j] == "\\" { j += 2; continue }
                if Array(s[j..<min(s.count, j + closing.count)]) == closing { j += closing.count; break }
                j += 1
            }
            i = j
            continue
        }
        if isIdentifier(c) {
            var j = i
            while j < s.count, isIdentifier(s[j]) { j += 1 }
            out.append(Token(text: String(String.UnicodeScalarView(s[i..<j])), line: line))
            i = j
            continue
        }
        out.append(Token(text: String(c), line: line))
        i += 1
    }
    return out
}

/// The index before the type that ends at `j` (`Name`, `A.B`, `G<T, U>`), walking backwards.
func before(typeEndingAt j: Int, in tokens: [Token]) -> Int {
    var j = j
    if j >= 0, tokens[j].text == ">" {
        var depth = 0
        repeat {
            if tokens[j].text == ">" { depth += 1 } else if tokens[j].text == "<" { depth -= 1 }
            j -= 1
        } while j >= 0 && depth > 0
    }
    j -= 1  // the name
    while j >= 1, tokens[j].text == "." { j -= 2 }
    return j
}

/// The types of `tokens` whose declaration (`enum`, `struct`, `class`, `actor` or `extension`)
/// lists `conformance`. A use of the name (a parameter's type, `any Plugin`, a constraint) is not
/// one; a declaration the reader cannot tie to one type name (a generic type) is a failure
/// naming its line.
func conformingTypes(_ conformance: String, in tokens: [Token], file: String) -> [String] {
    let declarers: Set<String> = ["enum", "struct", "class", "actor", "extension"]
    // How deep in braces each token is: a declaration inside another is a nested type.
    var depth = 0
    let depths = tokens.map { token -> Int in
        if token.text == "{" { depth += 1; return depth - 1 }
        if token.text == "}" { depth -= 1 }
        return depth
    }
    var out: [String] = []
    for (index, token) in tokens.enumerated() where token.text == conformance {
        // Walk back over the conformances listed before it: `A, B.C, G<T> & D, CommandLayer`.
        var j = before(typeEndingAt: index, in: tokens)
        if index >= 2, tokens[index - 1].text == "." { j = before(typeEndingAt: index - 2, in: tokens) }
        while j >= 0, tokens[j].text == "," || tokens[j].text == "&" {
            j = before(typeEndingAt: j - 1, in: tokens)
        }
        guard j >= 2, tokens[j].text == ":" else { continue }
        let declarer = tokens[j - 2].text, name = tokens[j - 1].text
        if declarers.contains(declarer) {
            guard depths[j - 2] == 0 else {
                fail("\(file):\(token.line): \(name) conforms to \(conformance) inside another type; "
                     + "declare it at the top level of the file, where the command list can name it")
            }
            out.append(name)
        } else if name == ">" {
            fail("\(file):\(token.line): cannot read the generic type that conforms to \(conformance) here; "
                 + "declare it as `enum Name: \(conformance)` (not generic) at the top level of the file")
        }
        // Otherwise a use: `let host: Plugin`, `<T: Plugin>`, `where T: CommandLayer`.
    }
    return out
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let output = arguments.first else { fail("usage: command-list OUTPUT SOURCE...") }
var layers: [String] = []
var plugins: [String] = []
for path in arguments.dropFirst() {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { fail("cannot read \(path)") }
    let read = tokens(text)
    layers += conformingTypes("CommandLayer", in: read, file: path)
    plugins += conformingTypes("Plugin", in: read, file: path)
}
var source = "// Generated at build time by the CommandList build plugin (Plugins/CommandList). DO NOT EDIT.\nimport BridgeCall\n"
if !layers.isEmpty {
    let distinct = Set(plugins)
    guard distinct.count == 1, let plugin = distinct.first else {
        fail("a module with CommandLayer types (\(layers.joined(separator: ", "))) needs exactly one `struct NAME: Plugin`, found \(distinct.count)")
    }
    let ordered = Set(layers).sorted()
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
