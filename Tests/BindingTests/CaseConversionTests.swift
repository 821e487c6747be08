import Testing
@testable import BridgeBinding

@Suite("serde's case conversions")
struct CaseConversionTests {
    @Test("the ASCII path converts as the Unicode one does, on a table and on random names")
    func asciiAgreesWithCharacters() {
        var table = ["image_url", "share_text", "_leading", "trailing_", "a__b", "x_1_y", "already", "get_current_position", "_", "__", "",
                     "a_B", "a_-b", "fetch_read_body", "é_é"]
        var random = SplitMix64(state: 7)
        let alphabet = Array("ab_z9_A-_")
        for _ in 0..<2000 {
            let length = Int(random.next() % 12)
            table.append(String((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }))
        }
        for name in table {
            #expect(CaseConversion.lowerCamelCase(name) == CaseConversion.lowerCamelCaseCharacters(name), "\(name)")
        }
        #expect(CaseConversion.lowerCamelCase("get_current_position") == "getCurrentPosition")
        #expect(CaseConversion.lowerCamelCase("é_ß") == "éSS", "outside ASCII, Unicode's uppercase")
    }
}
