import BridgeJSON

/// A JSON number read as serde_json reads it into a Rust integer type (`u8` … `u128`, `i8` …
/// `i128`, `usize`, `isize`): the one place every integer from outside is range-checked, so no
/// value a page sends can trap a conversion (`UInt32(-1)`) and end the process.
///
/// serde_json's rules (serde_json 1.x `de.rs`, `parse_integer`; serde `de/impls.rs`, the
/// `int_to_int` visitors): a number written with a fraction or an exponent is a float, refused as
/// `invalid type: floating point `1.5`, expected u32`; an integer outside the type's range is
/// `invalid value: integer `-1`, expected u32`; an integer beyond both `u64` and `i64` is parsed as a
/// float first, and refused as one (serde_json without `arbitrary_precision`, as Tauri builds it).
public enum RustInteger {
    /// The range of the Rust integer type `name` (`usize`/`isize` as on 64-bit targets), or
    /// `nil` for a name that is not one.
    public static func range(_ name: String) -> ClosedRange<Int128>? {
        switch name {
        case "u8": return 0...Int128(UInt8.max)
        case "u16": return 0...Int128(UInt16.max)
        case "u32": return 0...Int128(UInt32.max)
        case "u64", "usize", "u128": return 0...Int128(UInt64.max)
        case "i8": return Int128(Int8.min)...Int128(Int8.max)
        case "i16": return Int128(Int16.min)...Int128(Int16.max)
        case "i32": return Int128(Int32.min)...Int128(Int32.max)
        case "i64", "isize", "i128": return Int128(Int64.min)...Int128(Int64.max)
        default: return nil
        }
    }

    /// The value of `value` as the Rust integer type `name`, or serde's complaint about it.
    public static func read(_ value: JSON, as name: String) -> Result<Int128, Refusal> {
        guard case .number(let n) = value else {
            return .failure(Refusal("invalid type: \(ArgumentBinder.describe(value)), expected \(name)"))
        }
        let text = n.text
        let fractional = text.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
        // serde_json keeps an integer as u64 or i64; past both it is an f64.
        guard !fractional, let v = Int128(text), v >= Int128(Int64.min), v <= Int128(UInt64.max) else {
            return .failure(Refusal("invalid type: floating point `\(floatText(text))`, expected \(name)"))
        }
        guard let range = range(name) else { return .success(v) }
        guard range.contains(v) else { return .failure(Refusal("invalid value: integer `\(v)`, expected \(name)")) }
        return .success(v)
    }

    /// `value` as `name`, converted to `T` (which must hold the type's range), or serde's complaint.
    public static func read<T: FixedWidthInteger>(_ value: JSON, as name: String, into: T.Type) -> Result<T, Refusal> {
        read(value, as: name).flatMap { v in
            guard let exact = T(exactly: v) else { return .failure(Refusal("invalid value: integer `\(v)`, expected \(name)")) }
            return .success(exact)
        }
    }

    /// serde's complaint, in its words.
    public struct Refusal: Error, Sendable, Equatable {
        public let message: String
        public init(_ message: String) { self.message = message }
    }

    /// A number as Rust's `Display` of `f64` writes it inside serde's `Unexpected::Float`
    /// (plain decimal digits, `.0` added to a whole number): `1e20` → `100000000000000000000.0`.
    static func floatText(_ text: String) -> String {
        guard let d = Double(text), d.isFinite else { return text }
        if d == d.rounded(.towardZero), abs(d) < 1e300 {
            // Whole: the shortest round-trip digits, then zeros to the decimal point.
            let shortest = "\(abs(d))"
            var digits = shortest
            var exponent = 0
            if let e = shortest.firstIndex(where: { $0 == "e" || $0 == "E" }) {
                digits = String(shortest[..<e])
                exponent = Int(String(shortest[shortest.index(after: e)...].filter { $0 != "+" })) ?? 0
            }
            var whole = digits
            var fraction = ""
            if let dot = digits.firstIndex(of: ".") {
                whole = String(digits[..<dot])
                fraction = String(digits[digits.index(after: dot)...])
            }
            if fraction == "0" { fraction = "" }
            var all = whole + fraction
            let pointAt = whole.count + exponent
            if pointAt >= all.count {
                all += String(repeating: "0", count: pointAt - all.count)
            } else {
                all = String(all.prefix(pointAt))
            }
            return (d < 0 ? "-" : "") + all + ".0"
        }
        return "\(d)"
    }
}
