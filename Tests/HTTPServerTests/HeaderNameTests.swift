import Testing
import TestSupport
@testable import BridgeHTTPServer

/// `HTTPHeaders.Name` (a name written in code) reads and sets fields as its `String` does.
@Suite("HTTP header names written in code")
struct HeaderNameTests {
    static let names: [HTTPHeaders.Name] = [.host, .connection, .contentType, .contentLength, .transferEncoding,
                                            .expect, .origin, .referer, .cacheControl, .vary]

    /// Random fields: the names above in random case, near misses of them, and others.
    static func randomHeaders(_ random: inout SplitMix64) -> HTTPHeaders {
        var headers = HTTPHeaders()
        for _ in 0..<Int(random.next() % 12) {
            var name: String
            switch random.next() % 4 {
            case 0: name = "X-Other"
            case 1: name = names[Int(random.next() % UInt64(names.count))].description + "s"
            default: name = names[Int(random.next() % UInt64(names.count))].description
            }
            name = String(name.map { random.next() % 2 == 0 ? Character($0.uppercased()) : Character($0.lowercased()) })
            let values = ["close", "keep-alive, Upgrade", "application/json", " 12 ", "", "x, close ,y"]
            headers.add(name, values[Int(random.next() % UInt64(values.count))])
        }
        return headers
    }

    @Test("2,000 random field sets: first, all, contains and token lookups agree with the String forms")
    func lookupsAgree() {
        let seed: UInt64 = 0x4EAD_E125
        var random = SplitMix64(state: seed)
        for round in 0..<2_000 {
            let headers = HeaderNameTests.randomHeaders(&random)
            for name in HeaderNameTests.names {
                let text = name.description
                #expect(headers.first(name) == headers.first(text), "seed \(seed), round \(round), \(text)")
                #expect(headers.all(name) == headers.all(text), "seed \(seed), round \(round), \(text)")
                #expect(headers.contains(name) == !headers.all(text).isEmpty, "seed \(seed), round \(round), \(text)")
                for token in ["close", "keep-alive", "upgrade", "y"] {
                    #expect(headers.contains(name, token: token) == headers.contains(text, token: token), "seed \(seed), round \(round), \(text) \(token)")
                }
            }
        }
    }

    @Test("setting through a name replaces every field of that name in any case, as the String form does")
    func settingAgrees() {
        let seed: UInt64 = 0x5E77_1A6
        var random = SplitMix64(state: seed)
        for round in 0..<2_000 {
            var byName = HeaderNameTests.randomHeaders(&random)
            var byText = byName
            let name = HeaderNameTests.names[Int(random.next() % UInt64(HeaderNameTests.names.count))]
            let value: String? = random.next() % 3 == 0 ? nil : "v\(round)"
            byName[name] = value
            byText[name.description] = value
            #expect(byName == byText, "seed \(seed), round \(round), \(name) = \(value ?? "nil")")
            #expect(byName.first(name) == value, "seed \(seed), round \(round)")
        }
    }
}
