/// A set of Unicode scalars a regular expression matches one of: a bracketed class (`[a-z\d]`),
/// an escape (`\w`, `\p{Lu}`) or `.`. Ranges and Unicode properties, possibly negated.
///
/// Membership of ASCII scalars is precomputed into a bitmap, so the common case is one lookup.
struct RegexCharacterClass: Sendable {
    /// Sorted, disjoint, non-adjacent ranges of scalar values.
    private(set) var ranges: [ClosedRange<UInt32>]
    /// Unicode properties (`\p{…}` / `\P{…}` inside or as the class).
    private(set) var properties: [RegexUnicodeProperty]
    /// Whether the class is the complement of its ranges and properties (`[^…]`, `\D`).
    private(set) var negated: Bool
    /// Membership of scalars 0–127, negation applied.
    private(set) var ascii: (UInt64, UInt64) = (0, 0)

    init(ranges: [ClosedRange<UInt32>] = [], properties: [RegexUnicodeProperty] = [], negated: Bool = false) {
        self.ranges = RegexCharacterClass.normalised(ranges)
        self.properties = properties
        self.negated = negated
        var low: UInt64 = 0, high: UInt64 = 0
        for v in UInt32(0)..<128 where slowContains(v) {
            if v < 64 { low |= 1 << UInt64(v) } else { high |= 1 << UInt64(v - 64) }
        }
        ascii = (low, high)
    }

    /// One scalar.
    static func single(_ v: UInt32) -> RegexCharacterClass { RegexCharacterClass(ranges: [v...v]) }

    /// Whether `v` is in the set.
    @inline(__always)
    func contains(_ v: UInt32) -> Bool {
        if v < 64 { return ascii.0 & (1 << UInt64(v)) != 0 }
        if v < 128 { return ascii.1 & (1 << UInt64(v - 64)) != 0 }
        return slowContains(v)
    }

    private func slowContains(_ v: UInt32) -> Bool {
        var found = RegexCharacterClass.search(ranges, v)
        if !found, !properties.isEmpty, let scalar = Unicode.Scalar(v) {
            found = properties.contains { $0.contains(scalar) }
        }
        return found != negated
    }

    /// Binary search of sorted disjoint ranges.
    private static func search(_ ranges: [ClosedRange<UInt32>], _ v: UInt32) -> Bool {
        var low = 0, high = ranges.count
        while low < high {
            let mid = (low + high) / 2
            if ranges[mid].upperBound < v { low = mid + 1 } else if ranges[mid].lowerBound > v { high = mid } else { return true }
        }
        return false
    }

    /// `ranges` sorted and merged.
    private static func normalised(_ ranges: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
        var out: [ClosedRange<UInt32>] = []
        for r in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = out.last, r.lowerBound <= last.upperBound &+ 1 {
                out[out.count - 1] = last.lowerBound...max(last.upperBound, r.upperBound)
            } else {
                out.append(r)
            }
        }
        return out
    }

    /// The union of several classes (the members of a bracketed class). A negated member is
    /// folded in as its complement.
    static func union(_ members: [RegexCharacterClass], negated: Bool) -> RegexCharacterClass {
        var ranges: [ClosedRange<UInt32>] = []
        var properties: [RegexUnicodeProperty] = []
        for member in members {
            if member.negated {
                if member.properties.isEmpty {
                    ranges += complement(member.ranges)
                } else {
                    // `[\P{L}a]`: the member's own complement, as one property.
                    properties.append(.complement(member))
                }
            } else {
                ranges += member.ranges
                properties += member.properties
            }
        }
        return RegexCharacterClass(ranges: ranges, properties: properties, negated: negated)
    }

    /// The ranges of scalar values not in `ranges` (sorted and disjoint).
    static func complement(_ ranges: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
        var out: [ClosedRange<UInt32>] = []
        var next: UInt32 = 0
        for r in normalised(ranges) {
            if r.lowerBound > next { out.append(next...(r.lowerBound - 1)) }
            next = r.upperBound &+ 1
            if next == 0 { return out }
        }
        if next <= 0x10FFFF { out.append(next...0x10FFFF) }
        return out
    }

    // MARK: The classes ECMA-262 names

    /// `\d`: ASCII digits only.
    static let digits: [ClosedRange<UInt32>] = [0x30...0x39]
    /// `\w`: ASCII letters, digits and `_`.
    static let word: [ClosedRange<UInt32>] = [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A]
    /// `\s`: ECMA-262's WhiteSpace and LineTerminator (the `Zs` category, tab, vertical tab, form
    /// feed, U+FEFF, and `\n \r` U+2028 U+2029).
    static let space: [ClosedRange<UInt32>] = [0x09...0x0D, 0x20...0x20, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A,
                                               0x2028...0x2029, 0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000, 0xFEFF...0xFEFF]
    /// The line terminators `.` does not match.
    static let lineTerminators: [ClosedRange<UInt32>] = [0x0A...0x0A, 0x0D...0x0D, 0x2028...0x2029]
    /// `.`: anything but a line terminator.
    static let dot = RegexCharacterClass(ranges: lineTerminators, negated: true)

    /// Whether `v` is a word character for `\b` and `\B`.
    @inline(__always)
    static func isWord(_ v: UInt32) -> Bool {
        (v >= 0x61 && v <= 0x7A) || (v >= 0x41 && v <= 0x5A) || (v >= 0x30 && v <= 0x39) || v == 0x5F
    }
}
