import BridgeJSON
import BridgeSchema
import Foundation
import Testing
import TestSupport

/// One file of JSON-Schema-Test-Suite: groups of a schema and instances with the expected verdict.
struct SuiteFile {
    let name: String
    let groups: [JSON]
}

@Suite("JSON-Schema-Test-Suite draft7 conformance")
struct SchemaConformanceTests {
    /// Files that cannot run here, with the reason printed in the summary.
    static let skipped: [String: String] = ["refRemote.json": "needs a remote server"]

    @Test("every group and test of every draft7 file gives the expected verdict", SharedConformance.required)
    func draft7() throws {
        let base = try SharedConformance.folder("json-schema-test-suite/draft7")
        let names = try FileManager.default.contentsOfDirectory(atPath: base.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(names.count > 30)
        var passed = 0, total = 0, skippedTests = 0
        var failures: [String] = []
        for name in names {
            let document = try JSONParser.parse([UInt8](try Data(contentsOf: base.appendingPathComponent(name))))
            let groups = document.arrayValue ?? []
            if SchemaConformanceTests.skipped[name] != nil {
                skippedTests += groups.reduce(0) { $0 + ($1["tests"]?.arrayValue?.count ?? 0) }
                continue
            }
            for group in groups {
                let description = group["description"]?.stringValue ?? "?"
                let tests = group["tests"]?.arrayValue ?? []
                total += tests.count
                let schema = group["schema"] ?? .bool(true)
                let validator: SchemaValidator
                do {
                    validator = try SchemaValidator(schema: schema)
                } catch {
                    failures.append("\(name) | \(description): schema refused: \(error)")
                    continue
                }
                for test in tests {
                    let data = test["data"] ?? .null
                    let expected = test["valid"]?.boolValue ?? false
                    let errors = validator.validate(data)
                    let verdict = validator.isValid(data)
                    if verdict == expected && errors.isEmpty == expected {
                        passed += 1
                    } else {
                        let what = test["description"]?.stringValue ?? "?"
                        failures.append("\(name) | \(description) | \(what): expected \(expected ? "valid" : "invalid"), "
                                        + "isValid \(verdict), errors \(errors.map(\.description))")
                    }
                }
            }
        }
        let skippedNote = SchemaConformanceTests.skipped.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
            .joined(separator: "; ")
        print("JSON-Schema-Test-Suite draft7: \(passed)/\(total) passed, \(skippedTests) skipped (\(skippedNote))")
        for failure in failures { print("  FAILED \(failure)") }
        #expect(failures.isEmpty)
        #expect(passed == total)
    }
}
