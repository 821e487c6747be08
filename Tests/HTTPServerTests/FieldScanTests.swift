import Glibc
import Testing
import TestSupport
@testable import BridgeHTTPServer

/// `scanFields` reads the usual header field line in one pass and leaves every other line to
/// `check`: on any head it must take and refuse exactly what checking line by line does.
@Suite("HTTP header field lines read in one pass")
struct FieldScanTests {
    /// The fields of `head` read line by line (`Lines`, then `check` on each): the reference.
    static func lineByLine(_ head: [UInt8], maxCount: Int) -> (refusal: String?, fields: [HTTPHeaders.Field]) {
        var lines = HTTPRequestParser.Lines(head)
        var headers = HTTPHeaders(head: head)
        let refusal = head.withUnsafeBufferPointer { b -> String? in
            guard let base = b.baseAddress else { return nil }
            while let line = lines.next() {
                if let r = HTTPRequestParser.check(line, of: head, base: base, into: &headers, maxCount: maxCount) { return "\(r.status) \(r.message)" }
            }
            return nil
        }
        return (refusal, Array(headers))
    }

    static func oneRead(_ head: [UInt8], maxCount: Int) -> (refusal: String?, fields: [HTTPHeaders.Field]) {
        var lines = HTTPRequestParser.Lines(head)
        var headers = HTTPHeaders(head: head)
        let refusal = HTTPRequestParser.scanFields(head, lines: &lines, into: &headers, maxCount: maxCount).map { "\($0.status) \($0.message)" }
        return (refusal, Array(headers))
    }

    @Test("20,000 random heads: the same fields, or the same refusal, as line by line", arguments: [0x5CA7_F1E1D as UInt64, 7, 1_000_003])
    func randomHeads(seed: UInt64) {
        var random = SplitMix64(state: seed)
        let names = ["Host", "Content-Type", "X-a", "tauri-callback", "Bad Name", "", " Folded", "Ä", "Name\r", "N"]
        let values = ["", " v ", "application/json", "a\tb", "a\u{7F}b", "a\rb", "x:y", " ", "é", "v\r", "v\r\r", "\u{1}",
                      "0123456789\tabcdefgh", "0123456789abcdef\u{7F}x", "abcdefghij\rklm", "ééééééé\tééé", "text/html,application/xhtml+xml"]
        let ends = ["\r\n", "\n", "\r\n", "\r", "", "\r\r\n", "\n\r\n"]
        var refused = 0
        for round in 0..<20_000 / 3 {
            var text = ""
            for _ in 0..<Int(random.next() % 6) {
                let name = names[Int(random.next() % UInt64(names.count))]
                let value = values[Int(random.next() % UInt64(values.count))]
                let colon = random.next() % 10 == 0 ? "" : ":"
                text += name + colon + value + ends[Int(random.next() % UInt64(ends.count))]
            }
            if random.next() % 4 == 0 { text += String(repeating: "Long-Name: " + String(repeating: "v", count: Int(random.next() % 40)) + "\r\n", count: 3) }
            let head = Array(text.utf8)
            let maxCount = Int(random.next() % 8) + 1
            let expected = FieldScanTests.lineByLine(head, maxCount: maxCount)
            let got = FieldScanTests.oneRead(head, maxCount: maxCount)
            if expected.refusal != nil { refused += 1 }
            #expect(got.refusal == expected.refusal, "seed \(seed), round \(round): \(text.debugDescription)")
            if expected.refusal == nil {
                #expect(got.fields == expected.fields, "seed \(seed), round \(round): \(text.debugDescription)")
            }
        }
        #expect(refused > 100, "too few refused heads to tell (seed \(seed))")
    }

    @Test("where a value's bytes stop: the first control byte or DEL but a tab, on 50,000 random runs")
    func valueEnds() {
        let seed: UInt64 = 0x7A1E_E5D
        var random = SplitMix64(state: seed)
        let special: [UInt8] = [9, 10, 13, 0, 31, 127, 128, 255, 32]
        for round in 0..<50_000 {
            let bytes = (0..<Int(random.next() % 41)).map { _ in
                random.next() % 9 == 0 ? special[Int(random.next() % UInt64(special.count))] : UInt8(33 + random.next() % 94)
            }
            let from = bytes.isEmpty ? 0 : Int(random.next() % UInt64(bytes.count))
            let expected = (from..<bytes.count).first { bytes[$0] != 9 && (bytes[$0] < 32 || bytes[$0] == 127) } ?? bytes.count
            let got = bytes.withUnsafeBufferPointer { HTTPRequestParser.valueEnd($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, from, bytes.count) }
            #expect(got == expected, "seed \(seed), round \(round): \(bytes) from \(from)")
        }
    }
}
