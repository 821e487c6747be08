import Testing
@testable import BridgeJSON

@Suite("JSON serializer")
struct JSONSerializerTests {
    @Test("control characters, quotes and backslashes are escaped; no raw newline ever")
    func escaping() {
        let s: JSON = .string("a\"b\\c\nd\re\tf\u{1}g\u{1F}h/é😀")
        let text = s.serialized()
        #expect(text == #""a\"b\\c\nd\re\tf\u0001g\u001fh/é😀""#)
        #expect(!text.contains("\n"))
    }

    @Test("parse then serialize gives back the same compact text", arguments: [
        #"{"a":[1,2.50,-0,1e-7,true,false,null],"b":{"c":"d"},"e":""}"#,
        #"[]"#, #"{}"#, #""x""#, "0", "-1.5E+10", #"[{"":{}}]"#,
    ])
    func roundTrip(text: String) throws {
        #expect(try JSONParser.parse(text).serialized() == text)
    }

    @Test("sorted keys and pretty printing")
    func formats() throws {
        let value = try JSONParser.parse(#"{"b":1,"a":{"d":[1,2],"c":{}}}"#)
        #expect(value.serialized(JSONFormat(sortedKeys: true)) == #"{"a":{"c":{},"d":[1,2]},"b":1}"#)
        #expect(value.serialized(JSONFormat(sortedKeys: true, pretty: true)) == """
        {
          "a": {
            "c": {},
            "d": [
              1,
              2
            ]
          },
          "b": 1
        }
        """)
    }

    @Test("strings survive a round trip through escapes", arguments: [
        "", "plain", "tab\tand\nnewline", "\u{0}\u{7F}\u{80}\u{FFFF}\u{10FFFF}", "quote\"back\\slash",
    ])
    func stringRoundTrip(s: String) throws {
        #expect(try JSONParser.parse(JSON.string(s).serialized()) == .string(s))
    }
}
