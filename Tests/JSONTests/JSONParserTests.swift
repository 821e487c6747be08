import Foundation
import Testing
@testable import BridgeJSON

@Suite("JSON parser")
struct JSONParserTests {
    @Test("booleans are never numbers and numbers keep their text")
    func booleansAndNumbers() throws {
        let value = try JSONParser.parse(#"{"t":true,"one":1,"oneDotZero":1.0,"big":123456789012345678901234567890,"exp":1E+2}"#)
        #expect(value["t"] == .bool(true))
        #expect(value["t"]?.numberValue == nil)
        #expect(value["one"]?.boolValue == nil)
        #expect(value["oneDotZero"]?.numberValue?.text == "1.0")
        #expect(value["big"]?.numberValue?.text == "123456789012345678901234567890")
        #expect(value.serialized() == #"{"t":true,"one":1,"oneDotZero":1.0,"big":123456789012345678901234567890,"exp":1E+2}"#)
    }

    @Test("the JSON-RPC keys read as constants are the same strings; their neighbours are untouched")
    func internedKeys() throws {
        let keys = ["id", "jsonrpc", "method", "params", "result", "ie", "Id", "methods", "paramz", "jsonrpC", "resul", "é"]
        let text = "{" + keys.enumerated().map { "\"\($0.element)\":\($0.offset)" }.joined(separator: ",") + "}"
        let value = try JSONParser.parse(text)
        #expect(value.objectValue?.keys == keys)
        #expect(value["method"] == .number(JSONNumber(2)))
        for name in ["id", "jsonrpc", "method", "params", "result"] {
            #expect(Array(name.utf8).withUnsafeBufferPointer { JSONParser.interned($0) } == name)
        }
        for other in ["ie", "Id", "methods", "paramz", "jsonrpC", "resul", "", "x", "idd"] {
            #expect(Array(other.utf8).withUnsafeBufferPointer { JSONParser.interned($0) } == nil)
        }
    }

    @Test("object members keep their order")
    func memberOrder() throws {
        let value = try JSONParser.parse(#"{"z":1,"a":2,"m":3}"#)
        #expect(value.objectValue?.keys == ["z", "a", "m"])
    }

    @Test("escapes decode, including surrogate pairs", arguments: [
        (#""a\"b\\c\/d""#, "a\"b\\c/d"),
        (#""\b\f\n\r\t""#, "\u{8}\u{C}\n\r\t"),
        (#""\u00e9\u4e2d""#, "é中"),
        (#""\ud83d\ude00""#, "😀"),
        (#""😀 raw""#, "😀 raw"),
        (#""""#, ""),
    ])
    func escapes(input: String, expected: String) throws {
        #expect(try JSONParser.parse(input) == .string(expected))
    }

    @Test("whitespace around the value is allowed")
    func whitespace() throws {
        #expect(try JSONParser.parse(" \t\r\n [ 1 , 2 ] \n") == [1, 2])
    }

    @Test("malformed documents are refused with their reason", arguments: [
        ("", JSONParseError.Reason.unexpectedEnd),
        ("{", .unexpectedEnd),
        ("[1,]", .unexpectedByte(UInt8(ascii: "]"))),
        ("{\"a\" 1}", .unexpectedByte(UInt8(ascii: "1"))),
        ("{'a':1}", .unexpectedByte(UInt8(ascii: "'"))),
        ("tru", .unexpectedEnd),
        ("nul1", .unexpectedByte(UInt8(ascii: "1"))),
        ("01", .trailingData),
        ("1.", .invalidNumber),
        ("-", .invalidNumber),
        (".5", .unexpectedByte(UInt8(ascii: "."))),
        ("1e", .invalidNumber),
        ("+1", .unexpectedByte(UInt8(ascii: "+"))),
        ("NaN", .unexpectedByte(UInt8(ascii: "N"))),
        ("{} {}", .trailingData),
        ("\"abc", .unexpectedEnd),
        ("\"a\u{1}b\"", .controlCharacterInString),
        ("\"line\nbreak\"", .controlCharacterInString),
        (#""\x""#, .invalidEscape),
        (#""\u12G4""#, .invalidEscape),
        (#""\ud800""#, .loneSurrogate),
        (#""\ud800\u0041""#, .loneSurrogate),
        (#""\udc00""#, .loneSurrogate),
        (#"{"a":1,"a":2}"#, .duplicateKey("a")),
    ])
    func malformed(input: String, reason: JSONParseError.Reason) {
        #expect(throws: JSONParseError.self) { try JSONParser.parse(input) }
        do {
            _ = try JSONParser.parse(input)
        } catch {
            #expect(error.reason == reason)
        }
    }

    @Test("invalid UTF-8 inside strings is refused", arguments: [
        [0x22, 0xFF, 0x22],                 // never valid
        [0x22, 0xC0, 0x80, 0x22],           // overlong NUL
        [0x22, 0xED, 0xA0, 0x80, 0x22],     // UTF-8-encoded surrogate
        [0x22, 0xE2, 0x82, 0x22],           // truncated sequence
        [0x22, 0x5C, 0x6E, 0xFF, 0x22],     // after an escape (slow path)
    ] as [[UInt8]])
    func invalidUTF8(bytes: [UInt8]) {
        do {
            _ = try JSONParser.parse(bytes)
            Issue.record("accepted invalid UTF-8 \(bytes)")
        } catch {
            #expect(error.reason == .invalidUTF8)
        }
    }

    @Test("invalid bytes outside strings are refused")
    func invalidByteOutsideString() {
        #expect(throws: JSONParseError.self) { try JSONParser.parse([0xEF, 0xBB, 0xBF, 0x31]) }
    }

    @Test("nesting is limited, at exactly the limit")
    func depthLimit() throws {
        let limit = JSONParser.defaultMaxDepth
        let ok = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        _ = try JSONParser.parse(ok)
        let deep = String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)
        do {
            _ = try JSONParser.parse(deep)
            Issue.record("accepted nesting past the limit")
        } catch {
            #expect(error.reason == .tooDeep(limit: limit))
        }
        let hostile = String(repeating: "{\"a\":", count: 1_000_000)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(hostile) }
    }

    @Test("errors give line and column")
    func position() {
        do {
            _ = try JSONParser.parse("{\n  \"a\": 1,\n  \"b\": x\n}")
            Issue.record("accepted")
        } catch {
            #expect(error.line == 3)
            #expect(error.column == 8)
            #expect(error.description == "unexpected character 'x' at line 3, column 8")
        }
    }

    @Test("duplicate keys are found in large objects too")
    func duplicateInLargeObject() {
        let members = (0..<40).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        do {
            _ = try JSONParser.parse("{\(members),\"k7\":0}")
            Issue.record("accepted a duplicate key")
        } catch {
            #expect(error.reason == .duplicateKey("k7"))
        }
    }

    @Test("keepLast: the last value wins in the first key's place, and the object lists the key", arguments: [
        (#"{"a":1,"b":2,"a":3}"#, #"{"a":3,"b":2}"#, ["a"]),
        (#"{"a":1,"a":2,"a":3}"#, #"{"a":3}"#, ["a", "a"]),
        (#"{"m":{"t":1,"t":2},"l":[0,{"x":1,"x":2}]}"#, #"{"m":{"t":2},"l":[0,{"x":2}]}"#, ["m.t", "l[1].x"]),
        (#"{"l":[[{"x":1,"x":2}]]}"#, #"{"l":[[{"x":2}]]}"#, ["l[0][0].x"]),
        (#"{"a":1,"b":{"c":[]}}"#, #"{"a":1,"b":{"c":[]}}"#, []),
    ])
    func keepLast(input: String, expected: String, paths: [String]) throws {
        let value = try JSONParser.parse(input, duplicateKeys: .keepLast)
        #expect(value.serialized() == expected)
        #expect(value.objectValue?.duplicateKeyPaths == paths)
        if !paths.isEmpty {
            #expect(throws: JSONParseError.self, "refused by default") { try JSONParser.parse(input) }
        }
    }

    @Test("keepLast finds duplicates in large objects too, and a nested object keeps its own list")
    func keepLastLarge() throws {
        let members = (0..<40).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        let value = try JSONParser.parse("{\"o\":{\(members),\"k7\":\"last\"}}", duplicateKeys: .keepLast)
        let inner = try #require(value.objectValue?["o"]?.objectValue)
        #expect(inner.count == 40)
        #expect(inner["k7"] == "last")
        #expect(inner.keys[7] == "k7")
        #expect(inner.duplicateKeyPaths == ["k7"])
        #expect(value.objectValue?.duplicateKeyPaths == ["o.k7"])
    }
}

@Suite("Objects of many keys")
struct ManyKeysTests {
    @Test("an object of 200,000 keys parses in linear time (the duplicate set was copied per key: minutes)")
    func linear() throws {
        var text = "{"
        for i in 0..<200_000 { text += (i == 0 ? "" : ",") + "\"k\(i)\":\(i)" }
        text += ",\"k7\":0}"
        let started = Date()
        let value = try JSONParser.parse(text, duplicateKeys: .keepLast)
        #expect(value.objectValue?.count == 200_000)
        #expect(value.objectValue?.duplicateKeyPaths == ["k7"])
        // Generous: linear takes well under a second; the quadratic path took minutes.
        #expect(Date().timeIntervalSince(started) < 30)
    }
}
