/// Parses ECMA-262 pattern syntax, with the `u` flag's meaning (what JSON Schema asks for:
/// `\p{…}`, `\u{…}`, a character outside the Basic Multilingual Plane is one character), into a
/// `RegexNode`.
///
/// Beside the `u` grammar it accepts, as ECMA-262's Annex B does, a `{` or `}` that forms no
/// quantifier and a lone `]` as literals, identity escapes of any ASCII punctuation (`\-`, `\'`),
/// and a class escape as a range end (`[\d-z]` is `\d`, `-` and `z`). Escapes of letters that
/// ECMA-262 does not define (`\a`, `\Z`) are refused, as with the `u` flag.
struct RegexParser {
    private let s: [Unicode.Scalar]
    private var i = 0
    private var depth = 0
    /// Capture groups seen so far (they are numbered by their opening parenthesis).
    private var captureCount = 0
    /// Every capture group's name, by number, from a first pass (a `\k<name>` may come first).
    private let groupNames: [String?]
    /// The lookarounds, innermost first (a body is parsed before its lookaround is recorded).
    private(set) var lookarounds: [RegexLookaround] = []
    /// The number of capture groups.
    var groupCount: Int { groupNames.count }
    /// Whether the pattern has a backreference (then only the backtracking matcher can run it).
    private(set) var hasBackreferences = false

    /// The deepest nesting of groups accepted.
    static let maxDepth = 200

    /// Parses `pattern`.
    static func parse(_ pattern: String) throws(RegexSyntaxReason) -> (RegexNode, RegexParser) {
        var parser = try RegexParser(Array(pattern.unicodeScalars))
        let node = try parser.parseDisjunction()
        guard parser.i == parser.s.count else { throw .unmatchedParenthesis }
        return (node, parser)
    }

    private init(_ s: [Unicode.Scalar]) throws(RegexSyntaxReason) {
        self.s = s
        groupNames = try RegexParser.scanGroups(s)
    }

    /// The capture groups in order of their `(`, with their names.
    private static func scanGroups(_ s: [Unicode.Scalar]) throws(RegexSyntaxReason) -> [String?] {
        var names: [String?] = []
        var k = 0, inClass = false
        while k < s.count {
            let c = s[k]
            if c == "\\" {
                k += 2
                continue
            }
            if inClass {
                if c == "]" { inClass = false }
            } else if c == "[" {
                inClass = true
            } else if c == "(" {
                if k + 1 < s.count, s[k + 1] == "?" {
                    if k + 3 < s.count, s[k + 2] == "<", s[k + 3] != "=", s[k + 3] != "!" {
                        var end = k + 3
                        while end < s.count, s[end] != ">" { end += 1 }
                        let name = String(String.UnicodeScalarView(s[(k + 3)..<min(end, s.count)]))
                        if names.contains(name) { throw .duplicateGroupName(name) }
                        names.append(name)
                    }
                } else {
                    names.append(nil)
                }
            }
            k += 1
        }
        return names
    }

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? { i + offset < s.count ? s[i + offset] : nil }

    private mutating func parseDisjunction() throws(RegexSyntaxReason) -> RegexNode {
        var branches = [try parseAlternative()]
        while peek() == "|" {
            i += 1
            branches.append(try parseAlternative())
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func parseAlternative() throws(RegexSyntaxReason) -> RegexNode {
        var items: [RegexNode] = []
        while let c = peek(), c != "|", c != ")" {
            let capturesBefore = captureCount
            let (atom, quantifiable) = try parseTerm()
            if let quantified = try parseQuantifier(atom, captures: (capturesBefore + 1)..<(captureCount + 1)) {
                guard quantifiable else { throw .nothingToRepeat }
                items.append(quantified)
            } else {
                items.append(atom)
            }
        }
        return items.count == 1 ? items[0] : .sequence(items)
    }

    /// The counts of a `{n}`, `{n,}` or `{n,m}` at `i`, and the index after it; `nil` when the
    /// brace forms no quantifier (then it is a literal `{`).
    private func braceQuantifier() -> (min: Int, max: Int?, end: Int)? {
        var k = i + 1
        func number() -> Int? {
            var value = 0, digits = 0
            while k < s.count, s[k].isASCII, ("0"..."9").contains(s[k]) {
                value = min(value * 10 + Int(s[k].value - 0x30), Int(Int32.max))
                digits += 1
                k += 1
            }
            return digits > 0 ? value : nil
        }
        guard let low = number() else { return nil }
        var high: Int? = low
        if k < s.count, s[k] == "," {
            k += 1
            high = number()
        }
        guard k < s.count, s[k] == "}" else { return nil }
        return (low, high, k + 1)
    }

    private mutating func parseQuantifier(_ atom: RegexNode, captures: Range<Int>) throws(RegexSyntaxReason) -> RegexNode? {
        var low = 0, high: Int? = nil
        switch peek() {
        case "*": i += 1
        case "+": low = 1; i += 1
        case "?": high = 1; i += 1
        case "{":
            guard let (a, b, end) = braceQuantifier() else { return nil }
            if let b, b < a { throw .quantifierOutOfOrder }
            low = a; high = b; i = end
        default: return nil
        }
        var greedy = true
        if peek() == "?" {
            greedy = false
            i += 1
        }
        return .repetition(atom, min: low, max: high, greedy: greedy, captures: captures)
    }

    /// A term and whether a quantifier may follow it (assertions and lookarounds may not, as
    /// with the `u` flag).
    private mutating func parseTerm() throws(RegexSyntaxReason) -> (RegexNode, Bool) {
        guard let c = peek() else { return (.empty, false) }
        i += 1
        switch c {
        case "^": return (.assertion(.start), false)
        case "$": return (.assertion(.end), false)
        case ".": return (.set(RegexCharacterClass.dot), true)
        case "[": return (.set(try parseClass()), true)
        case "(": return try parseGroup()
        case "\\":
            if peek() == "b" { i += 1; return (.assertion(.wordBoundary), false) }
            if peek() == "B" { i += 1; return (.assertion(.notWordBoundary), false) }
            return (try parseAtomEscape(), true)
        case "*", "+", "?": throw .nothingToRepeat
        case "{":
            i -= 1
            if braceQuantifier() != nil { throw .nothingToRepeat }
            i += 1
            return (.scalar(c.value), true)
        default: return (.scalar(c.value), true)
        }
    }

    private mutating func parseGroup() throws(RegexSyntaxReason) -> (RegexNode, Bool) {
        depth += 1
        defer { depth -= 1 }
        guard depth <= RegexParser.maxDepth else { throw .tooDeep }
        var lookaround: (ahead: Bool, negated: Bool)?
        var capture: Int?
        if peek() == "?" {
            switch (peek(1), peek(2)) {
            case (":", _): i += 2
            case ("=", _): lookaround = (true, false); i += 2
            case ("!", _): lookaround = (true, true); i += 2
            case ("<", "="): lookaround = (false, false); i += 3
            case ("<", "!"): lookaround = (false, true); i += 3
            case ("<", _):
                i += 2
                try parseGroupName()
                captureCount += 1
                capture = captureCount
            default: throw .invalidGroup
            }
        } else {
            captureCount += 1
            capture = captureCount
        }
        let body = try parseDisjunction()
        guard peek() == ")" else { throw .unterminatedGroup }
        i += 1
        if let lookaround {
            lookarounds.append(RegexLookaround(body: body, ahead: lookaround.ahead, negated: lookaround.negated))
            return (.lookaround(index: lookarounds.count - 1), false)
        }
        if let capture { return (.capture(body, index: capture), true) }
        return (body, true)
    }

    /// A group name up to its `>`: an identifier (`$`, `_`, ID_Start, then ID_Continue).
    private mutating func parseGroupName() throws(RegexSyntaxReason) {
        let start = i
        while let c = peek(), c != ">" {
            let ok = c == "$" || c == "_" || (i == start ? c.properties.isIDStart : (c.properties.isIDContinue || c == "\u{200C}" || c == "\u{200D}"))
            guard ok else { throw .invalidGroupName }
            i += 1
        }
        guard peek() == ">", i > start else { throw .invalidGroupName }
        i += 1
    }

    private mutating func parseAtomEscape() throws(RegexSyntaxReason) -> RegexNode {
        guard let e = peek() else { throw .invalidEscape("") }
        if e.isASCII, ("1"..."9").contains(e) {
            var k = 0
            while let d = peek(), d.isASCII, ("0"..."9").contains(d) {
                k = min(k * 10 + Int(d.value - 0x30), Int(Int32.max))
                i += 1
            }
            guard k <= groupNames.count else { throw .invalidBackreference(k) }
            hasBackreferences = true
            return .backreference(k)
        }
        if e == "k" {
            i += 1
            guard peek() == "<" else { throw .invalidEscape("k") }
            i += 1
            let start = i
            while let c = peek(), c != ">" { i += 1 }
            guard peek() == ">" else { throw .invalidGroupName }
            let name = String(String.UnicodeScalarView(s[start..<i]))
            i += 1
            guard let index = groupNames.firstIndex(of: name) else { throw .unknownGroupName(name) }
            hasBackreferences = true
            return .backreference(index + 1)
        }
        let set = try parseEscape(inClass: false)
        if !set.negated, set.properties.isEmpty, set.ranges.count == 1, set.ranges[0].count == 1 {
            return .scalar(set.ranges[0].lowerBound)
        }
        return .set(set)
    }

    /// A character or class escape after `\`, as a set (one scalar is a one-element set).
    private mutating func parseEscape(inClass: Bool) throws(RegexSyntaxReason) -> RegexCharacterClass {
        guard let e = peek() else { throw .invalidEscape("") }
        i += 1
        switch e {
        case "d": return RegexCharacterClass(ranges: RegexCharacterClass.digits)
        case "D": return RegexCharacterClass(ranges: RegexCharacterClass.digits, negated: true)
        case "w": return RegexCharacterClass(ranges: RegexCharacterClass.word)
        case "W": return RegexCharacterClass(ranges: RegexCharacterClass.word, negated: true)
        case "s": return RegexCharacterClass(ranges: RegexCharacterClass.space)
        case "S": return RegexCharacterClass(ranges: RegexCharacterClass.space, negated: true)
        case "t": return .single(0x09)
        case "n": return .single(0x0A)
        case "v": return .single(0x0B)
        case "f": return .single(0x0C)
        case "r": return .single(0x0D)
        case "b" where inClass: return .single(0x08)
        case "-" where inClass: return .single(0x2D)
        case "0":
            if let d = peek(), d.isASCII, ("0"..."9").contains(d) { throw .invalidEscape("0\(d)") }
            return .single(0)
        case "c":
            guard let letter = peek(), letter.isASCII, letter.properties.isAlphabetic else { throw .invalidEscape("c") }
            i += 1
            return .single(letter.value % 32)
        case "x":
            guard let v = hex(count: 2) else { throw .invalidEscape("x") }
            return .single(v)
        case "u": return .single(try parseUnicodeEscape())
        case "p", "P":
            guard peek() == "{" else { throw .invalidEscape(String(e)) }
            let start = i + 1
            guard let close = s[start...].firstIndex(of: "}") else { throw .invalidEscape(String(e)) }
            i = close + 1
            let property = try RegexUnicodeProperty.named(String(String.UnicodeScalarView(s[start..<close])))
            return RegexCharacterClass(properties: [property], negated: e == "P")
        default:
            // Identity escapes: ASCII punctuation. Letters and digits mean something or nothing.
            guard e.isASCII, !e.properties.isAlphabetic, !("0"..."9").contains(e), e.value >= 0x21, e.value != 0x7F else {
                throw .invalidEscape(String(e))
            }
            return .single(e.value)
        }
    }

    /// `count` hex digits at `i`.
    private mutating func hex(count: Int) -> UInt32? {
        guard i + count <= s.count else { return nil }
        var v: UInt32 = 0
        for k in i..<(i + count) {
            guard s[k].isASCII, let d = UInt32(String(s[k]), radix: 16) else { return nil }
            v = v * 16 + d
        }
        i += count
        return v
    }

    /// After `\u`: `{X…}` (a code point) or `XXXX`, joined with a following `\uXXXX` low
    /// surrogate when it is a high one, as the `u` flag reads them.
    private mutating func parseUnicodeEscape() throws(RegexSyntaxReason) -> UInt32 {
        if peek() == "{" {
            i += 1
            var v: UInt32 = 0, digits = 0
            while let c = peek(), c != "}" {
                guard c.isASCII, let d = UInt32(String(c), radix: 16) else { throw .invalidEscape("u") }
                v = v * 16 + d
                digits += 1
                guard v <= 0x10FFFF else { throw .invalidEscape("u") }
                i += 1
            }
            guard peek() == "}", digits > 0 else { throw .invalidEscape("u") }
            i += 1
            return v
        }
        guard let high = hex(count: 4) else { throw .invalidEscape("u") }
        if (0xD800...0xDBFF).contains(high), peek() == "\\", peek(1) == "u" {
            let save = i
            i += 2
            if let low = hex(count: 4), (0xDC00...0xDFFF).contains(low) {
                return 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
            }
            i = save
        }
        return high
    }

    private mutating func parseClass() throws(RegexSyntaxReason) -> RegexCharacterClass {
        var negated = false
        if peek() == "^" {
            negated = true
            i += 1
        }
        var members: [RegexCharacterClass] = []
        while let c = peek(), c != "]" {
            _ = c
            let low = try parseClassAtom()
            if peek() == "-", let after = peek(1), after != "]" {
                i += 1
                let high = try parseClassAtom()
                if let a = low.single, let b = high.single {
                    guard a <= b else { throw .rangeOutOfOrder }
                    members.append(RegexCharacterClass(ranges: [a...b]))
                } else {
                    // Annex B: a class escape at either end makes the `-` literal.
                    members += [low, .single(0x2D), high]
                }
            } else {
                members.append(low)
            }
        }
        guard peek() == "]" else { throw .unterminatedClass }
        i += 1
        return .union(members, negated: negated)
    }

    private mutating func parseClassAtom() throws(RegexSyntaxReason) -> RegexCharacterClass {
        guard let c = peek() else { throw .unterminatedClass }
        i += 1
        if c == "\\" { return try parseEscape(inClass: true) }
        return .single(c.value)
    }
}

extension RegexCharacterClass {
    /// The one scalar of a one-scalar class.
    var single: UInt32? {
        !negated && properties.isEmpty && ranges.count == 1 && ranges[0].count == 1 ? ranges[0].lowerBound : nil
    }
}
