/// A JSON number that keeps the exact text it was written with.
///
/// Serializing writes the text back unchanged (`1.0` stays `1.0`, `1e400` stays `1e400`).
/// Equality and hashing compare the mathematical value exactly, on the decimal digits, so
/// `1`, `1.0` and `10e-1` are equal, with no loss on huge or very precise numbers.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The number as written, valid JSON number grammar.
    public let text: String

    /// Wraps text already known to follow the JSON number grammar (the parser's output).
    init(validatedText: String) { self.text = validatedText }

    /// A number from an integer.
    public init(_ value: Int) { self.text = String(value) }

    /// A number from a finite double, written in Swift's shortest round-trip form.
    /// - Returns: `nil` for NaN and infinities, which JSON cannot represent.
    public init?(_ value: Double) {
        guard value.isFinite else { return nil }
        if value == value.rounded(.towardZero), abs(value) < 1e15 {
            self.text = String(Int64(value))
        } else {
            self.text = "\(value)"
        }
    }

    /// Parses `text` as a JSON number.
    /// - Returns: `nil` when `text` is not exactly one JSON number.
    public init?(text: String) {
        var utf8 = Array(text.utf8)
        guard let end = JSONNumber.scan(&utf8, from: 0), end == utf8.count else { return nil }
        self.text = text
    }

    public var description: String { text }

    /// The value as an `Int`, when it is an integer (in value: `2.0` counts) that fits.
    public var intValue: Int? {
        if let i = JSONNumber.shortInteger(text) ?? Int(text) { return i }
        let d = decimal
        guard d.exponent >= 0, d.digits.count + d.exponent <= 19 else { return nil }
        var magnitude: Int = 0
        for digit in d.digits {
            let (m, o1) = magnitude.multipliedReportingOverflow(by: 10)
            let (s, o2) = m.addingReportingOverflow(Int(digit))
            if o1 || o2 { return nil }
            magnitude = s
        }
        for _ in 0..<d.exponent {
            let (m, o) = magnitude.multipliedReportingOverflow(by: 10)
            if o { return nil }
            magnitude = m
        }
        return d.negative ? -magnitude : magnitude
    }

    /// The value of a plain integer of at most 18 digits (an optional `-`, then digits only),
    /// read digit by digit: ids and counts, without the general parser; `nil` for anything else.
    private static func shortInteger(_ text: String) -> Int? {
        // A native string's bytes in place (iterating `utf8` costs more than the digits).
        text.utf8.withContiguousStorageIfAvailable(shortInteger) ?? nil
    }

    private static func shortInteger(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var negative = false
        var value = 0
        var digits = 0
        for c in bytes {
            if c == UInt8(ascii: "-") && digits == 0 && !negative {
                negative = true
                continue
            }
            guard c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"), digits < 18 else { return nil }
            value = value * 10 + Int(c - UInt8(ascii: "0"))
            digits += 1
        }
        guard digits > 0 else { return nil }
        return negative ? -value : value
    }

    /// The value as the nearest `Double` (may round; may be infinite for huge exponents).
    public var doubleValue: Double { Double(text) ?? .nan }

    /// Whether the value is mathematically an integer (`1.0` and `1e2` are; `1.5` is not).
    public var isInteger: Bool { decimal.exponent >= 0 }

    /// The value as sign, significant digits (no leading or trailing zeros) and a base-10 exponent.
    /// Zero is `digits == []`, never negative.
    public var decimal: (negative: Bool, digits: [UInt8], exponent: Int) {
        var negative = false
        var digits: [UInt8] = []
        var exponent = 0
        var seenPoint = false
        var inExponent = false
        var exponentNegative = false
        var writtenExponent = 0
        for c in text.utf8 {
            switch c {
            case UInt8(ascii: "-") where inExponent: exponentNegative = true
            case UInt8(ascii: "-"): negative = true
            case UInt8(ascii: "+"): continue
            case UInt8(ascii: "."): seenPoint = true
            case UInt8(ascii: "e"), UInt8(ascii: "E"): inExponent = true
            default:
                let digit = Int(c &- UInt8(ascii: "0"))
                if inExponent {
                    // Saturate: an exponent past a billion is beyond any comparison we make.
                    writtenExponent = min(writtenExponent * 10 + digit, 1_000_000_000)
                    continue
                }
                if seenPoint { exponent -= 1 }
                if digits.isEmpty && digit == 0 { continue }
                digits.append(UInt8(digit))
            }
        }
        exponent += exponentNegative ? -writtenExponent : writtenExponent
        while let last = digits.last, last == 0 {
            digits.removeLast()
            exponent += 1
        }
        if digits.isEmpty { return (false, [], 0) }
        return (negative, digits, exponent)
    }

    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        if lhs.text == rhs.text { return true }
        let l = lhs.decimal, r = rhs.decimal
        return l.negative == r.negative && l.digits == r.digits && l.exponent == r.exponent
    }

    public func hash(into hasher: inout Hasher) {
        let d = decimal
        hasher.combine(d.negative)
        hasher.combine(d.digits)
        hasher.combine(d.exponent)
    }

    /// Scans one JSON number in `bytes` starting at `start`.
    /// - Returns: the index just past the number, or `nil` when the grammar is broken there.
    static func scan(_ bytes: inout [UInt8], from start: Int) -> Int? {
        bytes.withUnsafeBufferPointer { scan($0, from: start) }
    }

    static func scan(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var i = start
        let n = b.count
        @inline(__always) func isDigit(_ i: Int) -> Bool { i < n && b[i] >= 0x30 && b[i] <= 0x39 }
        if i < n && b[i] == UInt8(ascii: "-") { i += 1 }
        guard i < n else { return nil }
        if b[i] == UInt8(ascii: "0") {
            i += 1
        } else if isDigit(i) {
            while isDigit(i) { i += 1 }
        } else {
            return nil
        }
        if i < n && b[i] == UInt8(ascii: ".") {
            i += 1
            guard isDigit(i) else { return nil }
            while isDigit(i) { i += 1 }
        }
        if i < n && (b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E")) {
            i += 1
            if i < n && (b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-")) { i += 1 }
            guard isDigit(i) else { return nil }
            while isDigit(i) { i += 1 }
        }
        return i
    }
}
