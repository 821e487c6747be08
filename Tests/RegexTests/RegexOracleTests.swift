import BridgeJSON
import Foundation
import Testing
import TestSupport
@testable import BridgeRegex

/// Node's `RegExp` with the `u` flag (V8's irregexp), found on PATH.
private let node: String? = ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":")
    .map { "\($0)/node" }.first { FileManager.default.isExecutableFile(atPath: $0) }

@Suite("The regex engine agrees with V8 (node's RegExp with the u flag)")
struct RegexOracleTests {
    static let seed: UInt64 = 0x5EED_4E6E_0000_0011

    /// A random pattern from a grammar of what the engine supports, valid with the `u` flag.
    static func pattern(_ rng: inout SplitMix64, depth: Int = 0, groups: inout Int) -> String {
        let atoms = ["a", "b", "c", ".", "[ab]", "[^a]", "\\d", "\\w", "\\s", "\\W", "[a-c1]", "\\p{L}", "x", "1", " "]
        var out = ""
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            var atom: String
            var quantifiable = true
            switch Int.random(in: 0..<20, using: &rng) {
            case 0 where depth < 3:
                groups += 1
                atom = "(" + pattern(&rng, depth: depth + 1, groups: &groups) + ")"
            case 1 where depth < 3: atom = "(?:" + pattern(&rng, depth: depth + 1, groups: &groups) + "|" + pattern(&rng, depth: depth + 1, groups: &groups) + ")"
            case 2 where depth < 2:
                atom = ["(?=", "(?!", "(?<=", "(?<!"].randomElement(using: &rng)! + pattern(&rng, depth: depth + 1, groups: &groups) + ")"
                quantifiable = false
            case 3: atom = ["^", "$", "\\b", "\\B"].randomElement(using: &rng)!; quantifiable = false
            case 4 where groups > 0: atom = "\\\(Int.random(in: 1...groups, using: &rng))"
            default: atom = atoms.randomElement(using: &rng)!
            }
            if quantifiable, Bool.random(using: &rng) {
                atom += ["*", "+", "?", "{1,2}", "{2}", "{0,}"].randomElement(using: &rng)!
                if Int.random(in: 0..<3, using: &rng) == 0 { atom += "?" }
            }
            out += atom
        }
        return out
    }

    @Test("2,000 random patterns, each on 12 random strings, give V8's verdict", .enabled(if: node != nil, "node is not on PATH"))
    func differential() throws {
        print("RegexOracleTests: seed 0x\(String(RegexOracleTests.seed, radix: 16))")
        var rng = SplitMix64(state: RegexOracleTests.seed)
        let alphabet = Array("abcx1 _\n-é")
        var cases: [(String, [String])] = []
        for _ in 0..<2_000 {
            var groups = 0
            let p = RegexOracleTests.pattern(&rng, groups: &groups)
            let texts = (0..<12).map { _ in String((0..<Int.random(in: 0..<8, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }) }
            cases.append((p, texts))
        }
        let input = JSON.array(cases.map { .array([.string($0.0), .array($0.1.map { .string($0) })]) }).serialized()
        let script = """
            let s = ''; process.stdin.on('data', d => s += d).on('end', () => {
              const out = JSON.parse(s).map(([p, texts]) => { try { const r = new RegExp(p, 'u'); return texts.map(t => r.test(t)); } catch (e) { return String(e.message); } });
              process.stdout.write(JSON.stringify(out));
            });
            """
        let output = try ChildProcess.run(node ?? "/usr/bin/node", ["-e", script], input: Array(input.utf8)).output
        let answers = try JSONParser.parse([UInt8](output)).arrayValue ?? []
        #expect(answers.count == cases.count)
        var disagreements: [String] = []
        for ((p, texts), answer) in zip(cases, answers) {
            guard let verdicts = answer.arrayValue else {
                if (try? ECMARegex(p)) != nil { disagreements.append("\(p): V8 refuses it (\(answer.stringValue ?? "")), the engine compiles it") }
                continue
            }
            guard let regex = try? ECMARegex(p) else {
                disagreements.append("\(p): V8 compiles it, the engine refuses it")
                continue
            }
            for (text, expected) in zip(texts, verdicts) where regex.matches(text) != (expected.boolValue ?? false) {
                disagreements.append("\(p) on \(text.debugDescription): V8 says \(expected.boolValue ?? false)")
            }
        }
        for d in disagreements.prefix(40) { print("  DISAGREES \(d)") }
        #expect(disagreements.isEmpty)
    }
}
