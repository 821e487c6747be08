/// What `serde_json::from_slice::<serde_json::Value>` says about bytes that are not JSON, in its
/// words and at its position: `key must be a string at line 1 column 2`. Tauri's IPC protocol
/// answers a malformed JSON body with this text (tauri `crates/tauri/src/ipc/protocol.rs`
/// `parse_invoke_request`: `serde_json::from_slice(&body).map_err(|e| e.to_string())`).
///
/// A reading of serde_json 1.0's `de.rs` (`deserialize_any`, `SeqAccess`, `MapAccess`,
/// `parse_integer`/`parse_decimal`/`parse_exponent`, `SliceRead::parse_str_bytes`,
/// `parse_escape`, the 128-level recursion limit): an error raised on a byte already consumed is
/// placed at it (`error`), one raised on the byte looked at next one further (`peek_error`); a
/// column counts bytes from the start of its line.
public enum SerdeJSONError {
    /// The message, or `nil` for bytes serde_json reads as a value.
    public static func message(_ bytes: [UInt8]) -> String? {
        var reader = Reader(bytes: bytes)
        do throws(Failure) {
            try reader.value()
            if reader.whitespace() != nil { throw reader.peekError("trailing characters") }
            return nil
        } catch {
            return error.text
        }
    }

    struct Failure: Error {
        let text: String
    }

    struct Reader {
        let bytes: [UInt8]
        var index = 0
        var depth = 128

        init(bytes: [UInt8]) { self.bytes = bytes }

        func position(_ i: Int) -> (line: Int, column: Int) {
            var line = 1, start = 0
            for k in 0..<min(i, bytes.count) where bytes[k] == UInt8(ascii: "\n") {
                line += 1
                start = k + 1
            }
            return (line, i - start)
        }

        /// At the last byte consumed.
        func error(_ code: String) -> Failure {
            let p = position(index)
            return Failure(text: "\(code) at line \(p.line) column \(p.column)")
        }

        /// At the byte looked at next.
        func peekError(_ code: String) -> Failure {
            let p = position(min(index + 1, bytes.count))
            return Failure(text: "\(code) at line \(p.line) column \(p.column)")
        }

        func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func next() -> UInt8? {
            guard index < bytes.count else { return nil }
            index += 1
            return bytes[index - 1]
        }

        /// Skips JSON whitespace; the byte after it.
        mutating func whitespace() -> UInt8? {
            while let b = peek(), b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D { index += 1 }
            return peek()
        }

        mutating func value() throws(Failure) {
            guard let b = whitespace() else { throw peekError("EOF while parsing a value") }
            switch b {
            case UInt8(ascii: "n"): index += 1; try ident("ull")
            case UInt8(ascii: "t"): index += 1; try ident("rue")
            case UInt8(ascii: "f"): index += 1; try ident("alse")
            case UInt8(ascii: "-"): index += 1; try number(from: index - 1)
            case UInt8(ascii: "0")...UInt8(ascii: "9"): try number(from: index)
            case UInt8(ascii: "\""): index += 1; try string()
            case UInt8(ascii: "["):
                depth -= 1
                if depth == 0 { throw peekError("recursion limit exceeded") }
                index += 1
                try list()
                depth += 1
            case UInt8(ascii: "{"):
                depth -= 1
                if depth == 0 { throw peekError("recursion limit exceeded") }
                index += 1
                try object()
                depth += 1
            default:
                throw peekError("expected value")
            }
        }

        mutating func ident(_ rest: String) throws(Failure) {
            for expected in rest.utf8 {
                guard let b = next() else { throw error("EOF while parsing a value") }
                if b != expected { throw error("expected ident") }
            }
        }

        /// `SeqAccess` / `MapAccess`: each member after the first needs a comma; a closer ends the
        /// container. `close` is `]` or `}`; `eof` the words for an input that ends inside.
        mutating func members(close: UInt8, eof: String, member: (inout Reader, UInt8) throws(Failure) -> Void) throws(Failure) {
            var first = true
            while true {
                var b = whitespace()
                switch b {
                case close?:
                    index += 1
                    return
                case UInt8(ascii: ",")? where !first:
                    index += 1
                    b = whitespace()
                case .some:
                    if !first { throw peekError("expected `,` or `\(Character(UnicodeScalar(close)))`") }
                case nil:
                    throw peekError(eof)
                }
                first = false
                switch b {
                case close?: throw peekError("trailing comma")
                case let b?: try member(&self, b)
                case nil: throw peekError("EOF while parsing a value")
                }
            }
        }

        mutating func list() throws(Failure) {
            try members(close: UInt8(ascii: "]"), eof: "EOF while parsing a list") { (r: inout Reader, _: UInt8) throws(Failure) in try r.value() }
        }

        mutating func object() throws(Failure) {
            try members(close: UInt8(ascii: "}"), eof: "EOF while parsing an object") { (r: inout Reader, b: UInt8) throws(Failure) in
                guard b == UInt8(ascii: "\"") else { throw r.peekError("key must be a string") }
                r.index += 1
                try r.string()
                switch r.whitespace() {
                case UInt8(ascii: ":")?: r.index += 1
                case .some: throw r.peekError("expected `:`")
                case nil: throw r.peekError("EOF while parsing an object")
                }
                try r.value()
            }
        }

        /// After the opening quote: to the closing one.
        mutating func string() throws(Failure) {
            let start = index
            while true {
                guard let b = next() else { throw error("EOF while parsing a string") }
                switch b {
                case UInt8(ascii: "\""):
                    // The text between the quotes must be UTF-8 (`as_str`; escapes are ASCII).
                    if String(validating: bytes[start..<(index - 1)], as: UTF8.self) == nil {
                        throw error("invalid unicode code point")
                    }
                    return
                case UInt8(ascii: "\\"):
                    try escape()
                case 0..<0x20:
                    throw error("control character (\\u0000-\\u001F) found while parsing a string")
                default:
                    continue
                }
            }
        }

        mutating func escape() throws(Failure) {
            guard let c = next() else { throw error("EOF while parsing a string") }
            switch c {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                 UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                return
            case UInt8(ascii: "u"):
                let unit = try hex()
                guard (0xD800...0xDBFF).contains(unit) else {
                    if (0xDC00...0xDFFF).contains(unit) { throw error("lone leading surrogate in hex escape") }
                    return
                }
                guard next() == UInt8(ascii: "\\"), next() == UInt8(ascii: "u") else {
                    throw error("unexpected end of hex escape")
                }
                let low = try hex()
                if !(0xDC00...0xDFFF).contains(low) { throw error("lone leading surrogate in hex escape") }
            default:
                throw error("invalid escape")
            }
        }

        mutating func hex() throws(Failure) -> Int {
            guard index + 4 <= bytes.count else {
                index = bytes.count
                throw error("EOF while parsing a string")
            }
            var value = 0
            var valid = true
            for b in bytes[index..<(index + 4)] {
                guard let digit = Int(String(UnicodeScalar(b)), radix: 16) else { valid = false; break }
                value = value * 16 + digit
            }
            index += 4
            if !valid { throw error("invalid escape") }
            return value
        }

        func isDigit(_ b: UInt8?) -> Bool { b.map { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } ?? false }

        /// After an optional `-` (the number's text starts at `start`): `parse_integer`, then a
        /// fraction and an exponent; a value too large for an `f64` is out of range.
        mutating func number(from start: Int) throws(Failure) {
            guard let first = next() else { throw error("EOF while parsing a value") }
            switch first {
            case UInt8(ascii: "0"):
                if isDigit(peek()) { throw peekError("invalid number") }
            case UInt8(ascii: "1")...UInt8(ascii: "9"):
                while isDigit(peek()) { index += 1 }
            default:
                throw error("invalid number")
            }
            if peek() == UInt8(ascii: ".") {
                index += 1
                var digits = false
                while isDigit(peek()) {
                    index += 1
                    digits = true
                }
                if !digits { throw peek() == nil ? peekError("EOF while parsing a value") : peekError("invalid number") }
            }
            if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
                index += 1
                if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
                guard let d = next() else { throw error("EOF while parsing a value") }
                guard isDigit(d) else { throw error("invalid number") }
                while isDigit(peek()) { index += 1 }
            }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            if let v = Double(text), !v.isFinite { throw error("number out of range") }
        }
    }
}
