import BridgeJSON
import Testing
import TestSupport
@testable import BridgeProtocol

/// `IncomingPayload(bytes:)` reads the common envelope straight from its bytes
/// (`IncomingMessage.plain`) and every other text through a whole parse: the two must agree.
@Suite("JSON-RPC messages in: the envelope read from its bytes")
struct PlainEnvelopeTests {
    /// What a whole parse and `IncomingPayload(_:)` make of `text`: the reference.
    static func wholeParse(_ bytes: [UInt8], maxDepth: Int = JSONParser.defaultMaxDepth) -> IncomingPayload {
        do {
            return IncomingPayload(try JSONParser.parse(bytes, maxDepth: maxDepth, duplicateKeys: .keepLast))
        } catch {
            return .failure(.parseError(error))
        }
    }

    @Test("the common request and notification are read without a whole parse", arguments: [
        #"{"jsonrpc":"2.0","id":1,"method":"plugin:frak-share|share_text","params":{"text":"Join me"}}"#,
        #" { "method" : "m" , "jsonrpc" : "2.0" } "#,
        #"{"jsonrpc":"2.0","id":"a\u00e9","method":"m\n","params":[1,{"a":1,"a":2}]}"#,
        #"{"jsonrpc":"2.0","id":-1.5e3,"method":"é","params":null}"#,
    ])
    func plainShapes(text: String) {
        let bytes = Array(text.utf8)
        #expect(IncomingMessage.plain(bytes, maxDepth: JSONParser.defaultMaxDepth) != nil)
        #expect(IncomingPayload(bytes: bytes) == PlainEnvelopeTests.wholeParse(bytes))
    }

    @Test("anything else is left to the whole parse", arguments: [
        #"{"jsonrpc":"2.0","id":1,"id":2,"method":"m"}"#,            // a key twice
        #"{"jsonrpc":"2.0","i\u0064":1,"method":"m"}"#,                // an escaped key
        #"{"jsonrpc":"2\u002e0","method":"m"}"#,                       // an escaped version
        #"{"jsonrpc":"2.0","id":1,"method":"m","extra":true}"#,        // another key
        #"{"jsonrpc":"2.0","id":true,"method":"m"}"#,                  // an id of another type
        #"{"jsonrpc":"2.0","id":null,"method":"m"}"#,                  // a null id
        #"{"jsonrpc":"2.0","method":"m","params":"s"}"#,               // params neither object nor array
        #"{"jsonrpc":"2.0","id":1}"#,                                  // no method
        #"{"id":1,"method":"m"}"#,                                     // no version
        #"{"jsonrpc":"2.0","method":"m"} x"#,                          // trailing text
        #"{"jsonrpc":"2.0","method":"m""#,                             // cut short
        #"[{"jsonrpc":"2.0","method":"m"}]"#,                          // a batch
    ])
    func otherShapes(text: String) {
        let bytes = Array(text.utf8)
        #expect(IncomingMessage.plain(bytes, maxDepth: JSONParser.defaultMaxDepth) == nil)
        #expect(IncomingPayload(bytes: bytes) == PlainEnvelopeTests.wholeParse(bytes))
    }

    @Test("params nested past the depth limit fail as the whole parse fails")
    func depthLimit() {
        for depth in 1...6 {
            let params = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            let bytes = Array(#"{"jsonrpc":"2.0","id":1,"method":"m","params":\#(params)}"#.utf8)
            #expect(IncomingPayload(bytes: bytes, maxDepth: 4) == PlainEnvelopeTests.wholeParse(bytes, maxDepth: 4), "depth \(depth)")
        }
    }

    /// Random envelopes from pieces of every kind, cut, padded and reordered: both readings agree
    /// on each, and a good share of them take the plain road.
    @Test("random envelopes: the plain reading and the whole parse agree")
    func randomEnvelopes() {
        let seed: UInt64 = 0x5EED_41
        var random = SplitMix64(state: seed)
        let pieces: [(key: String, values: [String])] = [
            ("\"jsonrpc\"", [#""2.0""#, #""2.0""#, #""2\u002e0""#, #""1.0""#, "2", "null"]),
            ("\"id\"", ["1", "-3", "1.5e3", "0.10", #""x""#, #""é""#, #""\u00e9""#, "null", "true", "[1]", "{}", "01"]),
            ("\"method\"", [#""m""#, #""plugin:frak-share|share_text""#, #""é""#, #""a\nb""#, "5", "null", #""\ud800""#]),
            ("\"params\"", ["{}", #"{"a":1}"#, #"{"a":1,"a":2}"#, "[1,2]", "null", #""s""#, "3",
                            #"{"x":{"y":[1,{"z":1,"z":2}]}}"#, "[[[[[]]]]]", #"{"a":"\u0000"}"#, #"{"a":tru}"#]),
            ("\"result\"", ["1"]), ("\"error\"", [#"{"code":1,"message":"m"}"#]), ("\"x\"", ["1"]),
            (#""i\u0064""#, ["1"]), ("\"méthode\"", ["1"]),
        ]
        let spaces = ["", "", " ", "\n\t ", "\r\n"]
        var plain = 0
        let count = 4000
        for round in 0..<count {
            var members: [String] = []
            // The usual four, in a random order, most of the time; then now and then a stray piece.
            var chosen = Array(pieces.prefix(4)).shuffled(using: &random).filter { _ in random.next() % 8 != 0 }
            if random.next() % 4 == 0 { chosen.append(pieces[Int(random.next() % UInt64(pieces.count))]) }
            for piece in chosen {
                let value = random.next() % 3 == 0 ? piece.values[Int(random.next() % UInt64(piece.values.count))] : piece.values[0]
                let space = { spaces[Int(random.next() % UInt64(spaces.count))] }
                members.append(space() + piece.key + space() + ":" + space() + value + space())
            }
            var text = "{" + members.joined(separator: ",") + "}"
            switch random.next() % 16 {
            case 0: text = String(text.prefix(Int(random.next() % UInt64(text.count + 1))))
            case 1: text += " x"
            case 2: text = "[" + text + "]"
            case 3: text += "\n"
            default: break
            }
            let bytes = Array(text.utf8)
            let maxDepth = random.next() % 8 == 0 ? 3 : JSONParser.defaultMaxDepth
            if IncomingMessage.plain(bytes, maxDepth: maxDepth) != nil { plain += 1 }
            #expect(IncomingPayload(bytes: bytes, maxDepth: maxDepth) == PlainEnvelopeTests.wholeParse(bytes, maxDepth: maxDepth),
                    "seed \(seed), round \(round): \(text)")
        }
        #expect(plain > count / 5, "only \(plain) of \(count) took the plain road (seed \(seed))")
        #expect(plain < count, "every text took the plain road (seed \(seed))")
    }
}
