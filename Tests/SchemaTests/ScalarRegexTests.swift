import Testing
@testable import BridgeSchema

/// A small deterministic generator, so the random strings are reproducible.
struct Xorshift: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }
}

@Suite("The pure-Swift pattern machine agrees with ICU")
struct ScalarRegexTests {
    static let patterns = [
        "^$|^[Hh][Tt][Tt][Pp][Ss]?://([^/?#]*@)?(\\[[^\\]/?#]+\\]|[^/?#@:\\[]+)(:[^/?#]*)?([/?#].*)?$",
        "^[!#-;=?-\\[\\]_a-z~]*$", "^[0-9]{12}-[0-9a-f]{8}$", "a+b*c?", "^(ab|cd)+$", "x{2,3}y", "^\\d+(\\.\\d{1,2})?$",
        "[^a-c]", "\\w+@\\w+\\.com", "^\\s*$", "^.{3}$", "(?:a|b|)c", "[-a]", "[a-]", "\\/\\.", "^[]$", "^[^]$", "^data:image/[a-z+.-]+;base64,",
    ]
    static let alphabet = Array("aAbcdxy019-_.:/?#@[]~ \t\nhtpsHTPSé😀{}%")
    /// The generator's fixed seed (printed, so a failure can be replayed), mixed with the pattern's
    /// index so each pattern gets its own strings.
    static let seed: UInt64 = 0x5EED_B41D_6E00_0011

    @Test("every supported pattern gives ICU's verdict on 400 random strings", arguments: patterns.indices)
    func differential(index: Int) throws {
        let pattern = ScalarRegexTests.patterns[index]
        let regex = try ECMARegex(pattern)
        #expect(regex.hasFastPath, "\(pattern) fell back to ICU")
        let seed = ScalarRegexTests.seed &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15
        print("ScalarRegexTests: pattern \(index) \(pattern.debugDescription), seed 0x\(String(seed, radix: 16))")
        var rng = Xorshift(state: seed | 1)
        var samples = ["", "https://frak.id/x", "http://[::1]:8080/x", "https://", "javascript:x", "000000000001-3f9c01ab", "12.50", "aaab", "abcd"]
        for _ in 0..<400 {
            samples.append(String((0..<Int.random(in: 0..<24, using: &rng)).map { _ in ScalarRegexTests.alphabet.randomElement(using: &rng)! }))
        }
        for text in samples {
            #expect(regex.matches(text) == regex.icuMatches(text), "\(pattern) on \(text.debugDescription) (seed 0x\(String(seed, radix: 16)))")
        }
    }

    @Test("constructs outside the subset fall back to ICU", arguments: ["(?=a)b", "a*?", "\\bword\\b", "(a)\\1", "\\p{L}+", "a{2"])
    func fallback(pattern: String) throws {
        #expect(try !ECMARegex(pattern).hasFastPath)
    }
}
