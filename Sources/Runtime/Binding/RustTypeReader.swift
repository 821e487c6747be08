/// Why a Rust type as written was not read.
public enum RustTypeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Brackets (generics, tuples, arrays, `fn` arguments) nested deeper than `limit`.
    case tooDeep(limit: Int)

    public var description: String {
        switch self {
        case .tooDeep(let limit): "nested more than \(limit) brackets deep, past what the bridge reads"
        }
    }
}

/// Reads a Rust type as written (`Option<Vec<String>>`, `&'a mut str`,
/// `tauri::ipc::Channel<Event>`) into the `RustType` serde binds it as, in time linear in its
/// length: one pass pairs every bracket, then each level reads only its own top level, jumping
/// over what it nests.
///
/// - Important: A type nested more than `maxDepth` brackets deep is refused
///   (`RustTypeError.tooDeep`) as soon as the pass reaches that depth, so a pathological file
///   costs no more than its length and never the stack.
public struct RustTypeReader {
    /// The deepest nesting read: 64 levels of brackets (generics, tuples, arrays and `fn`
    /// arguments counted together). Hand-written signatures stay far below it (Tauri's and
    /// plugins-workspace's go 4 deep); it bounds the reader's recursion and that of everything
    /// done with the `RustType` it returns (comparison, binding, messages).
    public static let maxDepth = 64

    private let bytes: [UInt8]
    /// For each opening bracket, the index of the one closing it (`bytes.count` when none
    /// does); -1 for every other byte.
    private let partner: [Int]

    /// Pairs the brackets of `text`.
    /// - Throws: `RustTypeError.tooDeep` when they nest deeper than `maxDepth`.
    public init(_ text: String) throws(RustTypeError) {
        bytes = Array(text.utf8)
        var partner = [Int](repeating: -1, count: bytes.count)
        var open: [Int] = []
        for i in bytes.indices {
            switch bytes[i] {
            case UInt8(ascii: "<"), UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                guard open.count < RustTypeReader.maxDepth else { throw .tooDeep(limit: RustTypeReader.maxDepth) }
                open.append(i)
                partner[i] = bytes.count
            case UInt8(ascii: ">") where i > 0 && bytes[i - 1] == UInt8(ascii: "-"):
                break // `->` of a `fn` type closes nothing.
            case UInt8(ascii: ">"), UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                if let o = open.popLast() { partner[o] = i }
            default:
                break
            }
        }
        self.partner = partner
    }

    /// The whole text's type.
    public func type() -> RustType { type(in: bytes.startIndex..<bytes.endIndex) }

    /// The whole text, taken apart (`RustTypeExpression`).
    public func expression() -> RustTypeExpression { expression(in: bytes.startIndex..<bytes.endIndex) }

    private func expression(in range: Range<Int>) -> RustTypeExpression {
        let t = dereferenced(trimmed(range))
        guard let first = t.first else { return .tuple([]) }
        // Recursion only enters a bracket, so it goes at most `maxDepth` deep.
        if bytes[first] == UInt8(ascii: "("), partner[first] == t.upperBound - 1 {
            return .tuple(topLevel((first + 1)..<(t.upperBound - 1), separatedBy: UInt8(ascii: ",")).map { expression(in: $0) })
        }
        if bytes[first] == UInt8(ascii: "["), partner[first] == t.upperBound - 1 {
            let inner = topLevel((first + 1)..<(t.upperBound - 1), separatedBy: UInt8(ascii: ";"))
            return .array(inner.first.map { expression(in: $0) } ?? .tuple([]))
        }
        let text = String(decoding: bytes[t], as: UTF8.self)
        let isPath = bytes[t].allSatisfy { b in
            b == UInt8(ascii: ":") || b == UInt8(ascii: "_") || b == UInt8(ascii: "<") || b == UInt8(ascii: ">") || b == UInt8(ascii: ",")
                || b == UInt8(ascii: "'") || b == UInt8(ascii: "&") || b == UInt8(ascii: "(") || b == UInt8(ascii: ")")
                || b == UInt8(ascii: "[") || b == UInt8(ascii: "]") || b == UInt8(ascii: ";")
                || RustTypeReader.isSpace(b) || (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A)
        }
        guard isPath, !text.hasPrefix("dyn "), !text.hasPrefix("impl "), !text.hasPrefix("fn") else { return .opaque(text) }
        var open = t.lowerBound
        while open < t.upperBound && bytes[open] != UInt8(ascii: "<") { open += 1 }
        let pathEnd = open < t.upperBound && bytes[t.upperBound - 1] == UInt8(ascii: ">") ? open : t.upperBound
        let path = String(decoding: bytes[trimmed(t.lowerBound..<pathEnd)], as: UTF8.self).filter { !$0.isWhitespace }
        let (_, generics) = split(t)
        return .path(path, generics.map { expression(in: $0) })
    }

    /// The last path segment of the type, references and lifetime left out:
    /// `&'a tauri::State<'_, Db>` → `State`.
    public func baseName() -> String { split(dereferenced(trimmed(bytes.startIndex..<bytes.endIndex))).base }

    private func type(in range: Range<Int>) -> RustType {
        let t = dereferenced(trimmed(range))
        if let first = t.first.map({ bytes[$0] }), first == UInt8(ascii: "[") || first == UInt8(ascii: "(") {
            return .sequence(.any("element"))
        }
        let (base, generics) = split(t)
        // Recursion only enters a `<…>`, so it goes at most `maxDepth` deep.
        func first() -> RustType { generics.first.map { type(in: $0) } ?? .any("serde_json::Value") }
        switch base {
        case "String", "Cow": return .string
        case "str": return .borrowedString
        case "bool": return .bool
        case "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize": return .integer(base)
        case "f32", "f64": return .float(base)
        case "char": return .char
        case "PathBuf", "Path": return .path
        case "Option": return .option(first())
        case "Vec", "HashSet", "BTreeSet", "VecDeque": return .sequence(first())
        case "HashMap", "BTreeMap", "Map", "IndexMap": return .map
        case "Channel": return .channel
        case "Value", "JsonValue": return .any("serde_json::Value")
        default: return .any(base)
        }
    }

    /// `tauri::ipc::Channel<Event>` → (`Channel`, [`Event`]): the last path segment and the
    /// top-level generic arguments, lifetimes left out.
    private func split(_ t: Range<Int>) -> (base: String, generics: [Range<Int>]) {
        var open = t.lowerBound
        while open < t.upperBound && bytes[open] != UInt8(ascii: "<") { open += 1 }
        guard open < t.upperBound, bytes[t.upperBound - 1] == UInt8(ascii: ">") else { return (lastSegment(t), []) }
        let generics = topLevel((open + 1)..<(t.upperBound - 1), separatedBy: UInt8(ascii: ","))
            .filter { bytes[$0.lowerBound] != UInt8(ascii: "'") }
        return (lastSegment(t.lowerBound..<open), generics)
    }

    /// The parts of `range` between top-level `separator`s, trimmed, empty ones dropped.
    private func topLevel(_ range: Range<Int>, separatedBy separator: UInt8) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = range.lowerBound
        var i = range.lowerBound
        while i < range.upperBound {
            if partner[i] >= 0 {
                i = min(partner[i], range.upperBound - 1) + 1
                continue
            }
            if bytes[i] == separator {
                parts.append(start..<i)
                start = i + 1
            }
            i += 1
        }
        parts.append(start..<range.upperBound)
        return parts.map(trimmed).filter { !$0.isEmpty }
    }

    /// `&`, `&'a`, `&mut`, `&&` taken off the front.
    private func dereferenced(_ range: Range<Int>) -> Range<Int> {
        var t = range
        while let first = t.first, bytes[first] == UInt8(ascii: "&") {
            t = trimmed((first + 1)..<t.upperBound)
            if let l = t.first, bytes[l] == UInt8(ascii: "'") {
                var end = l
                while end < t.upperBound && bytes[end] != UInt8(ascii: " ") { end += 1 }
                t = trimmed(end..<t.upperBound)
            }
            if t.count > 4, Array(bytes[t.lowerBound..<(t.lowerBound + 4)]) == Array("mut ".utf8) {
                t = trimmed((t.lowerBound + 4)..<t.upperBound)
            }
        }
        return t
    }

    /// The text after the last `::` (or `:`), trimmed.
    private func lastSegment(_ range: Range<Int>) -> String {
        var end = range.upperBound
        while end > range.lowerBound && bytes[end - 1] == UInt8(ascii: ":") { end -= 1 }
        var start = end
        while start > range.lowerBound && bytes[start - 1] != UInt8(ascii: ":") { start -= 1 }
        let segment = start < end ? trimmed(start..<end) : trimmed(range)
        return String(decoding: bytes[segment], as: UTF8.self)
    }

    private func trimmed(_ range: Range<Int>) -> Range<Int> {
        var lo = range.lowerBound, hi = range.upperBound
        while lo < hi && RustTypeReader.isSpace(bytes[lo]) { lo += 1 }
        while hi > lo && RustTypeReader.isSpace(bytes[hi - 1]) { hi -= 1 }
        return lo..<hi
    }

    private static func isSpace(_ b: UInt8) -> Bool {
        b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") || b == UInt8(ascii: "\n") || b == UInt8(ascii: "\r")
    }
}
