import Foundation

// `command-list OUTPUT SOURCE...`: the `CommandList` build plugin's tool. Reads a plugin module's
// Swift sources and writes OUTPUT, an extension of the module's one `Plugin` type whose
// `commands` are its `CommandLayer` types' commands, in command-name order.
//
// It reads the sources as tokens (comments, string literals with their interpolations, and
// `#/…/#` regexes skipped), so a conformance is found however it is written: `enum Name:
// CommandLayer`, `Name:CommandLayer`, a backticked name, after attributes and modifiers on the
// same line, among other conformances, or in `extension Name: CommandLayer` (qualified too). A
// conformance it cannot name (a generic or nested type, a protocol refining `CommandLayer`) is a
// build error naming the file and line, never a skipped command. A bare `/…/` regex literal is
// not recognised (no module uses one).

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("command-list: error: \(message)\n".utf8))
    exit(1)
}

struct Token {
    let text: String
    let line: Int
}

/// The identifiers and punctuation of Swift source, without comments, string literals (their
/// interpolations' code included) and `#/…/#` regex literals; a backticked name is its name.
struct Lexer {
    let s: [Unicode.Scalar]
    var i = 0
    var line = 1
    var out: [Token] = []

    init(_ source: String) { s = Array(source.unicodeScalars) }

    static func isIdentifier(_ c: Unicode.Scalar) -> Bool { c == "_" || c.properties.isAlphabetic || ("0"..."9").contains(c) }

    func at(_ k: Int, _ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        return k + scalars.count <= s.count && Array(s[k..<k + scalars.count]) == scalars
    }

    /// Moves past one scalar, counting lines.
    mutating func step(_ n: Int = 1) {
        for _ in 0..<n where i < s.count {
            if s[i] == "\n" { line += 1 }
            i += 1
        }
    }

    /// Reads tokens until the end, or until an unbalanced `)` when `interpolation` (the end of
    /// `\(…)`, which is consumed). Tokens are kept only at the top level.
    mutating func code(interpolation: Bool = false) {
        var parens = 0
        while i < s.count {
            let c = s[i]
            if c == "\n" || c == " " || c == "\t" || c == "\r" { step(); continue }
            if at(i, "//") { while i < s.count, s[i] != "\n" { step() }; continue }
            if at(i, "/*") { comment(); continue }
            if c == "#" || c == "\"" {
                var hashes = 0
                while at(i + hashes, "#") { hashes += 1 }
                if at(i + hashes, "\"") { string(hashes: hashes); continue }
                if hashes > 0, at(i + hashes, "/") { regex(hashes: hashes); continue }
            }
            if interpolation {
                if c == "(" { parens += 1 } else if c == ")" {
                    if parens == 0 { step(); return }
                    parens -= 1
                }
                step()
                continue
            }
            if c == "`", let close = s[(i + 1)...].firstIndex(of: "`"), close > i + 1,
               s[(i + 1)..<close].allSatisfy(Lexer.isIdentifier) {
                out.append(Token(text: String(String.UnicodeScalarView(s[(i + 1)..<close])), line: line))
                i = close + 1
                continue
            }
            if Lexer.isIdentifier(c) {
                var j = i
                while j < s.count, Lexer.isIdentifier(s[j]) { j += 1 }
                out.append(Token(text: String(String.UnicodeScalarView(s[i..<j])), line: line))
                i = j
                continue
            }
            out.append(Token(text: String(c), line: line))
            step()
        }
    }

    /// `/* … */`, nested.
    mutating func comment() {
        var depth = 0
        repeat {
            if at(i, "/*") { depth += 1; step(2); continue }
            if at(i, "*/") { depth -= 1; step(2); continue }
            step()
        } while depth > 0 && i < s.count
    }

    /// A string literal at `i` (`hashes` `#`s first), raw or not, one line or three quotes; the
    /// code of its interpolations is read and dropped.
    mutating func string(hashes: Int) {
        step(hashes)
        let multiline = at(i, "\"\"\"")
        step(multiline ? 3 : 1)
        let pounds = String(repeating: "#", count: hashes)
        let closing = (multiline ? "\"\"\"" : "\"") + pounds
        let escape = "\\" + pounds
        while i < s.count {
            if at(i, escape) {
                step(escape.unicodeScalars.count)
                if at(i, "(") {
                    step()
                    let kept = out
                    code(interpolation: true)
                    out = kept
                } else {
                    step()  // the escaped scalar (a newline of a line continuation counts)
                }
                continue
            }
            if at(i, closing) { step(closing.unicodeScalars.count); return }
            step()
        }
    }

    /// `#/…/#` (as many `#`s as it opened with).
    mutating func regex(hashes: Int) {
        step(hashes + 1)
        let closing = "/" + String(repeating: "#", count: hashes)
        while i < s.count, !at(i, closing) { step() }
        step(closing.unicodeScalars.count)
    }
}

func tokens(_ source: String) -> [Token] {
    var lexer = Lexer(source)
    lexer.code()
    return lexer.out
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
        guard j >= 1, tokens[j].text == ":" else { continue }
        // The declared name, qualified (`extension Outer.Inner: CommandLayer`).
        var k = j - 1
        var name = tokens[k].text
        while k >= 2, tokens[k - 1].text == ".", Lexer.isIdentifier(tokens[k - 2].text.unicodeScalars.first ?? " ") {
            k -= 2
            name = tokens[k].text + "." + name
        }
        guard k >= 1 else { continue }
        let declarer = tokens[k - 1].text
        if declarers.contains(declarer) {
            guard depths[k - 1] == 0 else {
                fail("\(file):\(token.line): \(name) conforms to \(conformance) inside another type; "
                     + "declare it at the top level of the file, where the command list can name it")
            }
            out.append(name)
        } else if declarer == "protocol" {
            fail("\(file):\(token.line): the protocol \(name) refines \(conformance), so the command list cannot find the "
                 + "types conforming to it; conform each command to \(conformance) itself")
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
