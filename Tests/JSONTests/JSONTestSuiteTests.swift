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

    /// y_ files with a key written twice. RFC 8259 says names SHOULD be unique; serde_json (what
    /// Tauri reads call arguments with) keeps the last value, and so does the parser with
    /// `duplicateKeys: .keepLast`, which call arguments use; files the bridge loads refuse them.
    /// Each with the value of `a` that wins.
    static let duplicateKeyFiles: [String: JSON] = ["y_object_duplicated_key.json": "c", "y_object_duplicated_key_and_value.json": "b"]

    @Test("every y_ file parses, and its value round-trips through the serializer (duplicate keys: the last kept)")
    func accepted() throws {
        let cases = try JSONTestSuiteTests.cases("y_")
        var failed: [String] = []
        var withDuplicates: [String] = []
        for (name, bytes) in cases {
            do {
                let value = try JSONParser.parse(bytes, duplicateKeys: .keepLast)
                if (try? JSONParser.parse(value.serializedBytes())) != value { failed.append("\(name): round trip changed it") }
                if let paths = value.objectValue?.duplicateKeyPaths, !paths.isEmpty {
                    withDuplicates.append(name)
                    if value.objectValue?["a"] != JSONTestSuiteTests.duplicateKeyFiles[name] { failed.append("\(name): not the last value") }
                    if (try? JSONParser.parse(bytes)) != nil { failed.append("\(name): accepted by the refusing mode") }
                }
            } catch {
                failed.append("\(name): \(error)")
            }
        }
        print("JSONTestSuite: y_ \(cases.count - failed.count)/\(cases.count) parsed, \(withDuplicates.count) with a duplicate key, the last value kept (\(withDuplicates.joined(separator: ", ")))")
        for failure in failed { print("  FAIL \(failure)") }
        #expect(failed.isEmpty)
        #expect(withDuplicates == JSONTestSuiteTests.duplicateKeyFiles.keys.sorted())
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
