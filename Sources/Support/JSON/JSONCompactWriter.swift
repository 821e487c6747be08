/// The compact serialisation written through a pointer into a buffer of its own, grown when a
/// piece needs more room, then appended to the caller's array in one copy: an array append
/// checks the array's uniqueness and capacity each time (~20 instructions a byte appended
/// alone, ~70 a run), which made a share's 1.5 KB presentation record cost 23k instructions
/// to write. The output is byte for byte the general writer's compact one, drain included;
/// past `flushAt` bytes the buffer is moved to the caller's array, so a long text is never held
/// twice.
///
/// The buffer starts on the stack (`stackCapacity` bytes) and moves to the heap only when a
/// value needs more: a call's answer (`{"shared":true}`) costs no allocation.
struct JSONCompactWriter: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var count = 0
    /// Whether `base` was allocated here (and is freed here), not lent from the stack.
    private var owned = false

    private init(lent buffer: UnsafeMutableBufferPointer<UInt8>) {
        base = buffer.baseAddress ?? .allocate(capacity: 1)
        owned = buffer.baseAddress == nil
        capacity = buffer.count
    }

    deinit { if owned { base.deallocate() } }

    /// The room the writer starts with, on the stack.
    static let stackCapacity = 1024

    /// Appends the compact serialisation of `value` to `out`, handing `out` to `drain` whenever
    /// it reaches the drain's threshold inside a byte string (as the general writer does).
    static func append(_ value: JSON, to out: inout [UInt8], drain: JSONDrain?) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: stackCapacity) { room in
            var writer = JSONCompactWriter(lent: room)
            writer.write(value, out: &out, drain: drain)
            writer.flush(into: &out)
        }
    }

    /// Moves what is written to the end of `out`.
    private mutating func flush(into out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
        count = 0
    }

    /// What the buffer may hold before it is moved to the caller's array rather than grown: a
    /// long text costs the caller's array its growth, never a second copy of itself.
    static let flushAt = 32 << 10

    /// Makes room for `n` more bytes: moves what is written to `out` once that is long, else
    /// grows the buffer.
    @inline(__always)
    private mutating func reserve(_ n: Int, _ out: inout [UInt8]) {
        guard count + n > capacity else { return }
        if count >= JSONCompactWriter.flushAt { flush(into: &out) }
        if count + n > capacity { grow(n) }
    }

    private mutating func grow(_ n: Int) {
        let bigger = max(capacity * 2, count + n)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: bigger)
        moved.update(from: base, count: count)
        if owned { base.deallocate() }
        base = moved
        capacity = bigger
        owned = true
    }

    @inline(__always)
    private mutating func byte(_ b: UInt8) {
        base[count] = b
        count += 1
    }

    private mutating func write(_ value: JSON, out: inout [UInt8], drain: JSONDrain?) {
        switch value {
        case .null: literal("null", &out)
        case .bool(let v): v ? literal("true", &out) : literal("false", &out)
        case .number(let n): text(n.text, &out)
        case .string(let s): string(s, &out)
        case .bytes(let b): bytes(b, out: &out, drain: drain)
        case .array(let elements):
            reserve(1, &out)
            byte(UInt8(ascii: "["))
            elements.withUnsafeBufferPointer { elements in
                for k in elements.indices {
                    if k > 0 { reserve(1, &out); byte(UInt8(ascii: ",")) }
                    write(elements[k], out: &out, drain: drain)
                }
            }
            reserve(1, &out)
            byte(UInt8(ascii: "]"))
        case .object(let object):
            reserve(1, &out)
            byte(UInt8(ascii: "{"))
            object.members.withUnsafeBufferPointer { members in
                for k in members.indices {
                    if k > 0 { reserve(1, &out); byte(UInt8(ascii: ",")) }
                    string(members[k].key, &out)
                    reserve(1, &out)
                    byte(UInt8(ascii: ":"))
                    write(members[k].value, out: &out, drain: drain)
                }
            }
            reserve(1, &out)
            byte(UInt8(ascii: "}"))
        }
    }

    private mutating func literal(_ literal: StaticString, _ out: inout [UInt8]) {
        reserve(literal.utf8CodeUnitCount, &out)
        (base + count).update(from: literal.utf8Start, count: literal.utf8CodeUnitCount)
        count += literal.utf8CodeUnitCount
    }

    private mutating func text(_ text: String, _ out: inout [UInt8]) {
        let done = text.utf8.withContiguousStorageIfAvailable { bytes in
            reserve(bytes.count, &out)
            if let source = bytes.baseAddress { (base + count).update(from: source, count: bytes.count) }
            count += bytes.count
        }
        if done == nil { for b in text.utf8 { reserve(1, &out); byte(b) } }
    }

    /// Bytes as the array of their numbers; past the drain's threshold (with what `out` holds),
    /// what is written goes to `out` and `out` to the drain, at the bytes where the general
    /// writer hands it over.
    private mutating func bytes(_ b: JSONBytes, out: inout [UInt8], drain: JSONDrain?) {
        reserve(1, &out)
        byte(UInt8(ascii: "["))
        for (k, value) in b.bytes.enumerated() {
            reserve(4, &out)
            if k > 0 { byte(UInt8(ascii: ",")) }
            if value >= 100 { byte(0x30 + value / 100) }
            if value >= 10 { byte(0x30 + value / 10 % 10) }
            byte(0x30 + value % 10)
            if let drain, out.count + count >= drain.threshold {
                flush(into: &out)
                drain.body(&out)
            }
        }
        reserve(1, &out)
        byte(UInt8(ascii: "]"))
    }

    private static let hexDigits: StaticString = "0123456789abcdef"

    /// `s` as a JSON string literal.
    private mutating func string(_ s: String, _ out: inout [UInt8]) {
        let done = s.utf8.withContiguousStorageIfAvailable { bytes in escaped(bytes, &out) }
        if done == nil {
            let copy = Array(s.utf8)
            copy.withUnsafeBufferPointer { escaped($0, &out) }
        }
    }

    private mutating func escaped(_ bytes: UnsafeBufferPointer<UInt8>, _ out: inout [UInt8]) {
        // Room for both quotes and the first run made at once: the usual string needs no more.
        reserve(2 + 6 * min(bytes.count, JSONCompactWriter.escapeRun), &out)
        byte(UInt8(ascii: "\""))
        if let source = bytes.baseAddress {
            // Room for a run of at most 4 KiB at a time, six bytes a byte (`\u00XX`), and the
            // closing quote.
            var i = 0
            while i < bytes.count {
                let run = min(bytes.count - i, JSONCompactWriter.escapeRun)
                reserve(6 * run + 1, &out)
                count = base.distance(to: JSONCompactWriter.escape(source + i, run, to: base + count))
                i += run
            }
        }
        byte(UInt8(ascii: "\""))
    }

    /// The longest run `escape` is given at once.
    static let escapeRun = 4096

    /// Writes `count` bytes from `source` at `o` as the inside of a JSON string literal: `"`,
    /// `\` and every byte below 0x20 escaped, eight bytes at a time while none needs it. The
    /// room at `o` must hold six bytes a byte. Returns where the writing ended.
    static func escape(_ source: UnsafePointer<UInt8>, _ count: Int, to start: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        if let end = copiedClean(source, count, to: start) { return end }
        var o = start
        var i = 0
        while i < count {
            if i + 8 <= count {
                let word = UnsafeRawPointer(source + i).loadUnaligned(as: UInt64.self)
                if !JSON.mayNeedEscape(word) {
                    UnsafeMutableRawPointer(o).storeBytes(of: word, as: UInt64.self)
                    o += 8
                    i += 8
                    continue
                }
            }
            let c = source[i]
            i += 1
            guard c < 0x20 || c == 0x22 || c == 0x5C else {
                o.pointee = c
                o += 1
                continue
            }
            o.pointee = UInt8(ascii: "\\")
            switch c {
            case 0x22: o[1] = 0x22
            case 0x5C: o[1] = 0x5C
            case 0x0A: o[1] = UInt8(ascii: "n")
            case 0x0D: o[1] = UInt8(ascii: "r")
            case 0x09: o[1] = UInt8(ascii: "t")
            case 0x08: o[1] = UInt8(ascii: "b")
            case 0x0C: o[1] = UInt8(ascii: "f")
            default:
                o[1] = UInt8(ascii: "u")
                o[2] = UInt8(ascii: "0")
                o[3] = UInt8(ascii: "0")
                o[4] = hexDigits.utf8Start[Int(c >> 4)]
                o[5] = hexDigits.utf8Start[Int(c & 0xF)]
                o += 4
            }
            o += 2
        }
        return o
    }

    /// The usual text, with nothing to escape, copied as is: a word at a time, the last word
    /// overlapping the one before (the room holds six bytes a byte), so a text of 8 bytes or
    /// more has no byte loop; a shorter one is checked and copied byte by byte. `nil` when a
    /// byte needs an escape (what was copied is then written over by the escaping loop).
    @inline(__always)
    private static func copiedClean(_ source: UnsafePointer<UInt8>, _ count: Int, to o: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8>? {
        guard count >= 8 else {
            for i in 0..<count {
                let c = source[i]
                guard c >= 0x20 && c != 0x22 && c != 0x5C else { return nil }
                o[i] = c
            }
            return o + count
        }
        var i = 0
        while i + 8 <= count {
            let word = UnsafeRawPointer(source + i).loadUnaligned(as: UInt64.self)
            guard !JSON.mayNeedEscape(word) else { return nil }
            UnsafeMutableRawPointer(o + i).storeBytes(of: word, as: UInt64.self)
            i += 8
        }
        if i < count {
            let word = UnsafeRawPointer(source + count - 8).loadUnaligned(as: UInt64.self)
            guard !JSON.mayNeedEscape(word) else { return nil }
            UnsafeMutableRawPointer(o + count - 8).storeBytes(of: word, as: UInt64.self)
        }
        return o + count
    }
}
