import BridgeJSON
import BridgeSchema
import Testing

@Suite("Keyword semantics")
struct KeywordSemanticsTests {
    @Test("string length counts Unicode code points, not UTF-16 units or grapheme clusters")
    func codePoints() throws {
        let one = try validator(##"{"maxLength": 1, "minLength": 1}"##)
        #expect(one.isValid(.string("😀")))        // 2 UTF-16 units, 1 code point
        #expect(one.isValid(.string("é")))         // U+00E9
        #expect(!one.isValid(.string("e\u{301}"))) // 1 grapheme cluster, 2 code points
        #expect(!one.isValid(.string("👍🏽")))       // 1 grapheme cluster, 2 code points
        #expect(try validator(##"{"minLength": 2}"##).validate(.string("😀")).map(\.message) == ["expected at least 2 characters, got 1"])
    }

    @Test("1 and 1.0 are the same value in enum, const and uniqueItems; true is not 1")
    func numericEquality() throws {
        #expect(try validator(##"{"enum": [1, "a"]}"##).isValid(json("1.0")))
        #expect(try validator(##"{"enum": [1.0]}"##).isValid(json("1")))
        #expect(try validator(##"{"enum": [1e0, 2, 3, 4, 5, 6, 7, 8, 9, 10]}"##).isValid(json("1.000")))
        #expect(try !validator(##"{"enum": [1]}"##).isValid(json("true")))
        #expect(try validator(##"{"const": {"a": [1, 2.0]}}"##).isValid(json(##"{"a": [1.0, 2]}"##)))
        let unique = try validator(##"{"uniqueItems": true}"##)
        #expect(try !unique.isValid(json("[1, 1.0]")))
        #expect(try !unique.isValid(json(#"[{"a": 1, "b": 2}, {"b": 2.0, "a": 1}]"#)))
        #expect(try unique.isValid(json("[1, true, \"1\", [1], {\"1\": 1}]")))
    }

    @Test("strings are equal by code points: a precomposed é is not e + combining accent")
    func exactStrings() throws {
        #expect(!(try validator(##"{"const": "\u00e9"}"##).isValid(.string("e\u{301}"))))
        #expect(try validator(##"{"uniqueItems": true}"##).isValid(.array([.string("\u{e9}"), .string("e\u{301}")])))
        #expect(!(try validator(##"{"required": ["\u00e9"]}"##).isValid(.object(["e\u{301}": 1]))))
    }

    @Test("integer is a number without fractional part, whatever its spelling")
    func integer() throws {
        let integer = try validator(##"{"type": "integer"}"##)
        for text in ["1", "1.0", "-0", "1e2", "1.5e1", "100000000000000000000000000000"] { #expect(integer.isValid(try json(text)), "\(text)") }
        for text in ["1.5", "1e-1", "0.1"] { #expect(!integer.isValid(try json(text)), "\(text)") }
    }

    @Test("multipleOf is exact on decimals", arguments: [
        ("0.3", "0.1", true), ("0.0075", "0.0001", true), ("0.00751", "0.0001", false), ("1.1", "0.1", true),
        ("4.5", "1.5", true), ("35", "1.5", false), ("1e308", "0.123456789", false), ("12391239123", "1e-8", true),
        ("1e400", "7", false), ("7e400", "7", true), ("1e1000000000", "2", true), ("1e-400", "1e-401", true),
        ("1e1000000000", "3", false), ("-1e1000000000", "0.5", true), ("1e-1000000000", "1e-1000000000", true),
        ("1e-999999999", "3e-1000000000", false),
        ("123456789012345678901234567890", "123456789012345678901234567890", true),
        ("246913578024691357802469135780", "123456789012345678901234567890", true),
        ("246913578024691357802469135781", "123456789012345678901234567890", false),
    ])
    func multipleOf(_ value: String, _ divisor: String, _ expected: Bool) throws {
        #expect(try validator(##"{"multipleOf": \##(divisor)}"##).isValid(json(value)) == expected)
    }

    @Test("limits compare exactly, beyond Double's range and precision")
    func limits() throws {
        #expect(try !validator(##"{"maximum": 9007199254740992}"##).isValid(json("9007199254740993")))
        #expect(try validator(##"{"maximum": 1e400}"##).isValid(json("9e399")))
        #expect(try !validator(##"{"minimum": 1e400}"##).isValid(json("9e399")))
        #expect(try validator(##"{"exclusiveMinimum": -1e-400}"##).isValid(json("0")))
        #expect(try validator(##"{"maxLength": 1e100}"##).isValid(json(#""abc""#)))
        #expect(try !validator(##"{"minItems": 1e100}"##).isValid(json("[1]")))
    }

    @Test("format is an annotation unless formats are asserted")
    func formatAnnotation() throws {
        #expect(try validator(##"{"format": "email"}"##).isValid(json(#""not an email""#)))
        #expect(try !validator(##"{"format": "email"}"##, assertFormats: true).isValid(json(#""not an email""#)))
        #expect(try validator(##"{"format": "no-such-format"}"##, assertFormats: true).isValid(json(#""x""#)))
        #expect(try validator(##"{"format": "email"}"##, assertFormats: true).isValid(json("12")))
    }

    @Test("asserted formats", arguments: [
        ("date-time", "2024-02-29T12:30:00Z", true), ("date-time", "2024-02-29t12:30:00.123+05:30", true),
        ("date-time", "1990-12-31T23:59:60Z", true), ("date-time", "2023-02-29T12:30:00Z", false),
        ("date-time", "2024-02-29 12:30:00Z", false), ("date-time", "2024-02-29T12:30:00", false),
        ("date", "2024-12-31", true), ("date", "2024-13-01", false), ("date", "2024-4-01", false),
        ("time", "08:30:06Z", true), ("time", "08:30:06.5-01:00", true), ("time", "24:00:00Z", false), ("time", "08:30:06", false),
        ("email", "joe.bloggs@example.com", true), ("email", "joe..bloggs@example.com", false), ("email", "example.com", false),
        ("hostname", "www.example.com", true), ("hostname", "-a.example.com", false),
        ("hostname", String(repeating: "a", count: 64) + ".com", false),
        ("ipv4", "192.168.0.1", true), ("ipv4", "256.1.1.1", false), ("ipv4", "01.1.1.1", false), ("ipv4", "1.1.1", false),
        ("ipv6", "::1", true), ("ipv6", "2001:db8::8a2e:370:7334", true), ("ipv6", "::ffff:192.168.0.1", true),
        ("ipv6", "1:2:3:4:5:6:7:8:9", false), ("ipv6", "1::2::3", false), ("ipv6", "12345::", false),
        ("uri", "https://example.com/a?b#c", true), ("uri", "urn:isbn:0451450523", true), ("uri", "/relative", false),
        ("uri", "http://exa mple.com", false),
        ("uri-reference", "../a#b", true), ("uri-reference", "#frag", true), ("uri-reference", "\\\\WINDOWS", false),
        ("json-pointer", "/a/~0b/~1c", true), ("json-pointer", "", true), ("json-pointer", "a", false), ("json-pointer", "/~2", false),
        ("regex", "^[a-z]+$", true), ("regex", "(unclosed", false),
    ])
    func formats(_ format: String, _ text: String, _ expected: Bool) throws {
        let v = try SchemaValidator(schema: .object(["format": .string(format)]), assertFormats: true)
        #expect(v.isValid(.string(text)) == expected)
    }

    @Test("$ref ignores its siblings, as draft-07 says")
    func refSiblings() throws {
        let v = try validator(##"{"definitions": {"s": {"type": "string"}}, "$ref": "#/definitions/s", "maxLength": 1}"##)
        #expect(v.isValid(.string("long string")))
        #expect(!v.isValid(.integer(1)))
    }
}
