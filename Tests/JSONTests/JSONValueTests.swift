import Testing
@testable import BridgeJSON

@Suite("JSON values")
struct JSONValueTests {
    @Test("numbers compare by value", arguments: [
        ("1", "1.0", true), ("1", "10e-1", true), ("100", "1e2", true), ("0", "-0", true),
        ("0.0", "0e5", true), ("1.5", "15E-1", true), ("1", "2", false), ("1", "-1", false),
        ("123456789012345678901234567890", "123456789012345678901234567891", false),
        ("1e400", "10e399", true),
    ])
    func numericEquality(a: String, b: String, equal: Bool) throws {
        let x = try #require(JSONNumber(text: a)), y = try #require(JSONNumber(text: b))
        #expect((x == y) == equal)
        if equal { #expect(x.hashValue == y.hashValue) }
    }

    @Test("integers convert exactly or not at all", arguments: [
        ("42", 42 as Int?), ("-7", -7), ("2.0", 2), ("1e3", 1000), ("1.5", nil),
        ("9223372036854775807", Int.max), ("9223372036854775808", nil), ("1e30", nil),
    ])
    func intValue(text: String, expected: Int?) throws {
        #expect(try #require(JSONNumber(text: text)).intValue == expected)
    }

    @Test("only valid number text is a number", arguments: ["01", "1.", "", "-", "1e", " 1", "0x10"])
    func invalidNumberText(text: String) {
        #expect(JSONNumber(text: text) == nil)
    }

    @Test("objects compare as sets of members")
    func objectEquality() throws {
        #expect(try JSONParser.parse(#"{"a":1,"b":[true]}"#) == JSONParser.parse(#"{"b":[true],"a":1.0}"#))
        #expect(try JSONParser.parse(#"{"a":1}"#) != JSONParser.parse(#"{"a":true}"#))
        #expect(try JSONParser.parse(#"{"a":1}"#) != JSONParser.parse(#"{"a":1,"b":2}"#))
    }

    @Test("object members can be replaced and removed in place")
    func objectMutation() {
        var o: JSONObject = ["a": 1, "b": 2]
        o["a"] = "x"
        o["c"] = true
        o["b"] = nil
        #expect(JSON.object(o).serialized() == #"{"a":"x","c":true}"#)
    }

    @Test("doubles become JSON numbers; non-finite ones cannot")
    func doubles() {
        #expect(JSONNumber(2.0)?.text == "2")
        #expect(JSONNumber(0.25)?.text == "0.25")
        #expect(JSONNumber(Double.nan) == nil)
        #expect(JSONNumber(Double.infinity) == nil)
    }
}
