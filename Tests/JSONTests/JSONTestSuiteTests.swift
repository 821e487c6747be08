import BridgeJSON
import Foundation
import Testing
import TestSupport

/// A file's outcome through the parser.
func outcome(_ bytes: [UInt8]) -> (value: JSON?, error: JSONParseError?) {
    do {
        return (try JSONParser.parse(bytes), nil)
    } catch {
        return (nil, error)
    }
}

@Suite("nst/JSONTestSuite through the JSON parser", SharedConformance.required)
struct JSONTestSuiteTests {
    /// The `test_parsing/` files whose names start with `prefix`, with their bytes.
    static func cases(_ prefix: String) throws -> [(name: String, bytes: [UInt8])] {
        let folder = try SharedConformance.folder("json-test-suite/test_parsing")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(prefix) }.sorted().map {
            ($0, [UInt8](try Data(contentsOf: folder.appendingPathComponent($0))))
        }
    }

    /// y_ files the bridge refuses on purpose, and why. RFC 8259 says names SHOULD be unique; the
    /// bridge refuses a duplicate key rather than let one value win silently (Tauri's command
    /// arguments, deserialized by serde into a struct, refuse it too: "duplicate field").
    static let refusedByDesign: [String: JSONParseError.Reason] = [
        "y_object_duplicated_key.json": .duplicateKey("a"),
        "y_object_duplicated_key_and_value.json": .duplicateKey("a"),
    ]

    @Test("every y_ file parses, and its value round-trips through the serializer (duplicate keys refused by design)")
    func accepted() throws {
        let cases = try JSONTestSuiteTests.cases("y_")
        var failed: [String] = []
        var byDesign = 0
        for (name, bytes) in cases {
            let (value, error) = outcome(bytes)
            if let value {
                if (try? JSONParser.parse(value.serializedBytes())) != value { failed.append("\(name): round trip changed it") }
                if JSONTestSuiteTests.refusedByDesign[name] != nil { failed.append("\(name): accepted, though the bridge refuses it by design") }
            } else if let error, JSONTestSuiteTests.refusedByDesign[name] == error.reason {
                byDesign += 1
            } else {
                failed.append("\(name): \(error.map(String.init(describing:)) ?? "?")")
            }
        }
        print("JSONTestSuite: y_ \(cases.count - failed.count - byDesign)/\(cases.count) parsed, \(byDesign) refused by design (duplicate keys: \(JSONTestSuiteTests.refusedByDesign.keys.sorted().joined(separator: ", ")))")
        for failure in failed { print("  FAIL \(failure)") }
        #expect(failed.isEmpty)
        #expect(cases.count == 95)
    }

    @Test("every n_ file is refused with a position, nothing crashes (100,000 nested arrays included)")
    func refused() throws {
        let cases = try JSONTestSuiteTests.cases("n_")
        let accepted = cases.filter { outcome($0.bytes).value != nil }.map(\.name)
        print("JSONTestSuite: n_ \(cases.count - accepted.count)/\(cases.count) refused")
        for name in accepted { print("  FAIL \(name) was accepted") }
        #expect(accepted.isEmpty)
        #expect(cases.count == 188)
    }

    @Test("each i_ file's outcome is listed")
    func implementationDefined() throws {
        let cases = try JSONTestSuiteTests.cases("i_")
        var lines: [String] = []
        var acceptedCount = 0
        for (name, bytes) in cases {
            let (value, error) = outcome(bytes)
            if let value {
                acceptedCount += 1
                let text = value.serialized()
                lines.append("  \(name): accepted as \(text.count > 60 ? String(text.prefix(60)) + "…" : text)")
            } else {
                lines.append("  \(name): refused (\(error?.sentence ?? "?"))")
            }
        }
        print("JSONTestSuite: i_ \(cases.count) files: \(acceptedCount) accepted, \(cases.count - acceptedCount) refused")
        for line in lines { print(line) }
        #expect(cases.count == 35)
    }

    @Test("test_transform: every file parses or is refused, and what parses round-trips")
    func transform() throws {
        let folder = try SharedConformance.folder("json-test-suite/test_transform")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        var accepted = 0
        for name in names {
            let (value, _) = outcome([UInt8](try Data(contentsOf: folder.appendingPathComponent(name))))
            guard let value else { continue }
            accepted += 1
            #expect(try JSONParser.parse(value.serializedBytes()) == value, "\(name)")
        }
        print("JSONTestSuite: test_transform \(names.count) files: \(accepted) accepted, \(names.count - accepted) refused")
        #expect(names.count >= 20)
    }
}
