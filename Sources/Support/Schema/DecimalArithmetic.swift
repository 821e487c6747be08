import BridgeJSON

/// Exact arithmetic on JSON numbers, done on their decimal digits rather than on `Double`, so
/// `0.0075` is a multiple of `0.0001`, `1e308` is compared without rounding, and numbers far
/// beyond `Double`'s range neither crash nor lose precision.
enum DecimalArithmetic {
    /// `-1`, `0` or `1` as `a` is less than, equal to or greater than `b`.
    static func compare(_ a: JSONNumber, _ b: JSONNumber) -> Int {
        if let x = Int(a.text), let y = Int(b.text) { return x < y ? -1 : (x == y ? 0 : 1) }
        let x = a.decimal, y = b.decimal
        let sx = x.digits.isEmpty ? 0 : (x.negative ? -1 : 1)
        let sy = y.digits.isEmpty ? 0 : (y.negative ? -1 : 1)
        if sx != sy { return sx < sy ? -1 : 1 }
        if sx == 0 { return 0 }
        return sx * compareMagnitudes(x.digits, x.exponent, y.digits, y.exponent)
    }

    /// Compares `0.d₁d₂… × 10^(count + exponent)` magnitudes: first by the position of the leading
    /// digit, then digit by digit.
    private static func compareMagnitudes(_ a: [UInt8], _ ea: Int, _ b: [UInt8], _ eb: Int) -> Int {
        let orderA = a.count + ea, orderB = b.count + eb
        if orderA != orderB { return orderA < orderB ? -1 : 1 }
        for k in 0..<max(a.count, b.count) {
            let da = k < a.count ? a[k] : 0, db = k < b.count ? b[k] : 0
            if da != db { return da < db ? -1 : 1 }
        }
        return 0
    }

    /// Whether `n` has no fractional part (`1.0` and `1e2` do not), without decoding plain integers.
    static func isInteger(_ n: JSONNumber) -> Bool {
        let plain = !n.text.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
        return plain || n.isInteger
    }

    /// Whether `value` is an integer multiple of `divisor` (which the meta-schema keeps positive).
    ///
    /// With `value = X·10^a` and `divisor = M·10^b` (X, M integers without trailing zeros), the
    /// quotient is an integer exactly when `a ≥ b` and M divides `X·10^(a−b)`. Past a few times
    /// M's digit count more zeros cannot change that (only M's factors 2 and 5 need them), so the
    /// work stays bounded by the digits written, even for `1e1000000`.
    static func isMultiple(_ value: JSONNumber, of divisor: JSONNumber) -> Bool {
        let x = value.decimal, m = divisor.decimal
        if x.digits.isEmpty { return true }
        if m.digits.isEmpty { return false }
        guard x.exponent >= m.exponent else { return false }
        let zeros = min(x.exponent - m.exponent, 4 * m.digits.count + 4)
        if m.digits.count <= 18 {
            var modulus: UInt64 = 0
            for d in m.digits { modulus = modulus * 10 + UInt64(d) }
            var remainder: UInt64 = 0
            for d in x.digits { remainder = (remainder * 10 + UInt64(d)) % modulus }
            for _ in 0..<zeros { remainder = (remainder * 10) % modulus }
            return remainder == 0
        }
        var remainder: [UInt8] = []
        func push(_ digit: UInt8) {
            if remainder.isEmpty && digit == 0 { return }
            remainder.append(digit)
            while !isLess(remainder, m.digits) { subtract(&remainder, m.digits) }
        }
        for d in x.digits { push(d) }
        for _ in 0..<zeros { push(0) }
        return remainder.isEmpty
    }

    /// Whether the big-endian digit string `a` (no leading zeros) is less than `b`.
    private static func isLess(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        if a.count != b.count { return a.count < b.count }
        for (da, db) in zip(a, b) where da != db { return da < db }
        return false
    }

    /// `a -= b` on big-endian digit strings, with `a ≥ b`; leading zeros of the result removed.
    private static func subtract(_ a: inout [UInt8], _ b: [UInt8]) {
        var borrow: Int = 0
        var k = a.count - 1, j = b.count - 1
        while k >= 0 {
            var d = Int(a[k]) - borrow - (j >= 0 ? Int(b[j]) : 0)
            borrow = d < 0 ? 1 : 0
            if d < 0 { d += 10 }
            a[k] = UInt8(d)
            k -= 1
            j -= 1
        }
        if let first = a.firstIndex(where: { $0 != 0 }) { a.removeFirst(first) } else { a.removeAll() }
    }
}
