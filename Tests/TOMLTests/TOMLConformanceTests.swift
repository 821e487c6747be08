import BridgeJSON
import Foundation
import Testing
import TestSupport
@testable import BridgeTOML

/// toml-test's tagged JSON for a value: `{"type": "integer", "value": "1"}`.
func tagged(_ value: TOMLValue) -> JSON {
    func tag(_ type: String, _ text: String) -> JSON { ["type": .string(type), "value": .string(text)] }
    switch value {
    case .string(let s): return tag("string", s)
    case .integer(let i): return tag("integer", String(i))
    case .float(let d, _): return tag("float", d.isNaN ? "nan" : d.isInfinite ? (d < 0 ? "-inf" : "inf") : "\(d)")
    case .bool(let b): return tag("bool", b ? "true" : "false")
    case .offsetDateTime(let s): return tag("datetime", s)
    case .localDateTime(let s): return tag("datetime-local", s)
    case .localDate(let s): return tag("date-local", s)
    case .localTime(let s): return tag("time-local", s)
    case .array(let items): return .array(items.map(tagged))
    case .table(let t): return .object(JSONObject(t.entries.map { JSONObject.Member(key: $0.key, value: tagged($0.value)) }))
    }
}

/// toml-test's comparison: floats by value (nan equals nan), date-times after normalising
/// (upper case, fractional seconds without trailing zeros), everything else exactly.
func matches(_ got: JSON, _ expected: JSON) -> Bool {
    switch (got, expected) {
    case (.object(let g), .object(let e)):
        if g.count == e.count, let type = e["type"]?.stringValue, let ev = e["value"]?.stringValue,
           g["type"]?.stringValue == type, let gv = g["value"]?.stringValue, e.count == 2 {
            switch type {
            case "float":
                let a = Double(gv.replacingOccurrences(of: "inf", with: "infinity")), b = Double(ev.replacingOccurrences(of: "inf", with: "infinity"))
                return (a?.isNaN == true && b?.isNaN == true) || a == b
            case "datetime", "datetime-local", "time-local":
                return normalisedTime(gv) == normalisedTime(ev)
            default:
                return gv == ev
            }
        }
        guard g.count == e.count else { return false }
        return e.allSatisfy { member in g[member.key].map { matches($0, member.value) } ?? false }
    case (.array(let g), .array(let e)):
        return g.count == e.count && zip(g, e).allSatisfy(matches)
    default:
        return got == expected
    }
}

func normalisedTime(_ s: String) -> String {
    var t = s.uppercased().replacingOccurrences(of: " ", with: "T")
    if let dot = t.firstIndex(of: ".") {
        var end = t.index(after: dot)
        while end < t.endIndex, t[end].isNumber { end = t.index(after: end) }
        var fraction = String(t[t.index(after: dot)..<end])
        while fraction.hasSuffix("0") { fraction.removeLast() }
        t = String(t[..<dot]) + (fraction.isEmpty ? "" : "." + fraction) + String(t[end...])
    }
    return t
}

@Suite("toml-test 1.0.0 conformance")
struct TOMLConformanceTests {
    @Test("every valid file parses to its JSON twin; every invalid file is refused with a position", SharedConformance.required)
    func suite() throws {
        let base = try SharedConformance.folder("toml-test")
        let list = try String(contentsOf: base.appendingPathComponent("files-toml-1.0.0"), encoding: .utf8)
            .split(separator: "\n").map(String.init).filter { $0.hasSuffix(".toml") }
        var validPassed = 0, validFailed: [String] = []
        var invalidPassed = 0, invalidFailed: [String] = []
        for path in list {
            let bytes = [UInt8](try Data(contentsOf: base.appendingPathComponent(path)))
            if path.hasPrefix("valid/") {
                let twin = base.appendingPathComponent(String(path.dropLast(5)) + ".json")
                let expected = try JSONParser.parse([UInt8](try Data(contentsOf: twin)))
                do {
                    let table = try TOMLParser.parse(bytes: bytes)
                    if matches(tagged(.table(table)), expected) {
                        validPassed += 1
                    } else {
                        validFailed.append("\(path): got \(tagged(.table(table)).serialized(JSONFormat(sortedKeys: true)))")
                    }
                } catch {
                    validFailed.append("\(path): \(error)")
                }
            } else {
                do {
                    _ = try TOMLParser.parse(bytes: bytes)
                    invalidFailed.append("\(path): accepted")
                } catch {
                    #expect(error.line >= 1 && error.column >= 1)
                    if ProcessInfo.processInfo.environment["TOML_TEST_VERBOSE"] != nil { print("  refused \(path): \(error)") }
                    invalidPassed += 1
                }
            }
        }
        print("toml-test 1.0.0: valid \(validPassed)/\(validPassed + validFailed.count) passed, invalid \(invalidPassed)/\(invalidPassed + invalidFailed.count) refused, 0 skipped")
        for failure in validFailed + invalidFailed { print("  FAIL \(failure)") }
        #expect(validFailed.isEmpty)
        #expect(invalidFailed.isEmpty)
        #expect(validPassed + invalidPassed == list.count)
    }
}
