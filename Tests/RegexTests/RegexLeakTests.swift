import BridgeJSON
@testable import BridgeRegex
import BridgeSchema
import Foundation
import Testing

/// The process's resident memory in bytes (`/proc/self/statm`).
func residentBytes() -> Int {
    let fields = ((try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? "").split(separator: " ")
    return fields.count > 1 ? (Int(fields[1]) ?? 0) * 4096 : 0
}

@Suite("Invalid schema patterns cost nothing that lasts")
struct RegexLeakTests {
    /// Invalid patterns that once reached Foundation's NSRegularExpression error path, which leaked.
    static let invalid = [#"(?<=a+)\p{Nope}("#, #"^(?i)[a-z]+(\b"#, #"\p{Lu}{2,1}"#, "(?<name"]

    /// A leak of the 0.85 kB a compile NSRegularExpression lost would grow every round below by 4 MB.
    @Test("compiling schemas with invalid patterns 25,000 times does not grow the process")
    func noLeak() throws {
        for pattern in RegexLeakTests.invalid { #expect(throws: ECMARegexSyntaxError.self) { try ECMARegex(pattern) } }
        // Other tests run in this process at the same time and grow it too, so one round that
        // grows less than 1 MB is the proof: a leak grows every round by 4 MB, concurrent work
        // only while it runs. Rounds go on (at least five) until one is clean, or two minutes
        // pass — by then the rest of the suite has ended.
        var growth: [Int] = []
        let started = Date()
        while growth.count < 5 || ((growth.min() ?? 0) >= 1 << 20 && Date().timeIntervalSince(started) < 120) {
            let before = residentBytes()
            for k in 0..<5_000 { _ = try? SchemaValidator(schema: ["pattern": .string(RegexLeakTests.invalid[k % RegexLeakTests.invalid.count])]) }
            growth.append(residentBytes() - before)
        }
        print("RegexLeakTests: resident growth per 5,000 invalid compiles: \(growth.map { "\($0 / 1024) kB" }.joined(separator: ", "))")
        #expect((growth.min() ?? 0) < 1 << 20)
    }

    @Test("an invalid pattern in a schema is still a schema error")
    func schemaError() {
        #expect(throws: SchemaError.self) { try SchemaValidator(schema: ["pattern": "(?<name"]) }
    }
}
