import BridgeJSON
import Testing

/// serde_json's words for bytes that are not JSON, as Tauri's IPC protocol answers them.
@Suite("serde_json's errors, as a real Tauri 2.8.5 answers a malformed IPC body")
struct SerdeJSONErrorTests {
    /// Each body and the text a real Tauri 2.8.5 answered it with (pytauri-wheel 0.8.0, through
    /// Tests/Oracle: `ipc.bad_json.*`).
    static let answered: [(String, String)] = [
        ("{not json", "key must be a string at line 1 column 2"),
        ("{\"a\": 1, }", "trailing comma at line 1 column 10"),
        ("[1, 2,]", "trailing comma at line 1 column 7"),
        ("{\"a\": 1", "EOF while parsing an object at line 1 column 7"),
        ("[1, 2", "EOF while parsing a list at line 1 column 5"),
        ("{\"a\": \"x", "EOF while parsing a string at line 1 column 8"),
        ("{\"a\": ", "EOF while parsing a value at line 1 column 6"),
        ("{\"a\" 1}", "expected `:` at line 1 column 6"),
        ("[1 2]", "expected `,` or `]` at line 1 column 4"),
        ("{\"a\": 1 \"b\": 2}", "expected `,` or `}` at line 1 column 9"),
        ("{\"a\": nul}", "expected ident at line 1 column 10"),
        ("[tru", "EOF while parsing a value at line 1 column 4"),
        ("{\"a\": @}", "expected value at line 1 column 7"),
        ("{} x", "trailing characters at line 1 column 4"),
        ("{\"a\": \"\\x\"}", "invalid escape at line 1 column 9"),
        ("{\"a\": \"\\u12G4\"}", "invalid escape at line 1 column 13"),
        ("{\"a\": \"x\ty\"}", "control character (\\u0000-\\u001F) found while parsing a string at line 1 column 9"),
        ("[01]", "invalid number at line 1 column 3"),
        ("[-]", "invalid number at line 1 column 3"),
        ("[1.]", "invalid number at line 1 column 4"),
        ("[1.", "EOF while parsing a value at line 1 column 3"),
        ("[1e+]", "invalid number at line 1 column 5"),
        ("[1e400]", "number out of range at line 1 column 6"),
        ("{\n  \"a\": 1,\n  \"b\": ?\n}", "expected value at line 3 column 8"),
        ("[\"\\ud800x\"]", "unexpected end of hex escape at line 1 column 9"),
        ("[\"\\udc00\"]", "lone leading surrogate in hex escape at line 1 column 8"),
    ]

    @Test("the message and its position are serde_json's", arguments: answered)
    func message(_ body: String, _ tauri: String) {
        #expect(SerdeJSONError.message(Array(body.utf8)) == tauri)
    }

    @Test("past 127 levels of nesting serde_json stops, where Tauri did")
    func recursion() {
        let deep = String(repeating: "[", count: 130) + String(repeating: "]", count: 130)
        #expect(SerdeJSONError.message(Array(deep.utf8)) == "recursion limit exceeded at line 1 column 128")
        let fine = String(repeating: "[", count: 127) + String(repeating: "]", count: 127)
        #expect(SerdeJSONError.message(Array(fine.utf8)) == nil)
    }

    @Test("JSON serde_json reads is no error", arguments: ["{}", " [1, -2.5e3, true, null, \"\\u00e9\\ud83d\\ude00\"] ", "0", "{\"a\": {\"b\": []}}"])
    func valid(_ body: String) {
        #expect(SerdeJSONError.message(Array(body.utf8)) == nil)
    }

    @Test("bytes that are not UTF-8 inside a string are an invalid code point; outside, no value")
    func utf8() {
        #expect(SerdeJSONError.message([0x22, 0xFF, 0x22])?.hasPrefix("invalid unicode code point") == true)
        #expect(SerdeJSONError.message([0xFF]) == "expected value at line 1 column 1")
    }
}
