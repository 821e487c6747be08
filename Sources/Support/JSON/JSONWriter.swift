/// Compact JSON written straight to bytes, value by value: for a record a model writes as it
/// walks its own state, with no `JSON` tree built, written and freed on the way (a share's
/// presentation record cost ~28k instructions that way, a fifth of a browser call).
///
/// The writer places the commas: `key(_:)` (or `key(named:)`) names a member and the next value or container is
/// its value; `openObject()`/`closeObject()` and `openArray()`/`closeArray()` go around their
/// contents. The bytes are those `JSON.serializedBytes()` makes of the same value: the same
/// escapes and the same number text. `JSONRecord` reads them back as a `JSON` value.
///
/// ```swift
/// let bytes = JSONWriter.write { w in
///     w.openObject()
///     w.key("platform"); w.string("ios")
///     w.key("items"); w.openArray(); w.integer(1); w.null(); w.closeArray()
///     w.closeObject()
/// }   // {"platform":"ios","items":[1,null]}
/// ```
public struct JSONWriter: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var count = 0
    /// Whether what comes next follows a value in its container: a comma goes first.
    private var follows = false

    private init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The bytes `body` writes (one value, usually an object).
    public static func write(capacity: Int = 1024, _ body: (inout JSONWriter) -> Void) -> [UInt8] {
        var writer = JSONWriter(capacity: capacity)
        body(&writer)
        return Array(UnsafeBufferPointer(start: writer.base, count: writer.count))
    }

    // MARK: Containers and keys

    public mutating func openObject() { open(UInt8(ascii: "{")) }
    public mutating func closeObject() { close(UInt8(ascii: "}")) }
    public mutating func openArray() { open(UInt8(ascii: "[")) }
    public mutating func closeArray() { close(UInt8(ascii: "]")) }

    /// A member's key written in code: ASCII with nothing to escape (checked in debug builds).
    public mutating func key(_ name: StaticString) {
        assert(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount).allSatisfy { $0 >= 0x20 && $0 < 0x80 && $0 != 0x22 && $0 != 0x5C },
               "a key written in code must need no escape")
        let n = name.utf8CodeUnitCount
        reserve(n + 4)
        comma()
        byte(0x22)
        (base + count).update(from: name.utf8Start, count: n)
        count += n
        byte(0x22)
        byte(UInt8(ascii: ":"))
        follows = false
    }

    /// A member's key made at run time (a literal is `key(_:)`'s, which need not escape it).
    public mutating func key(named name: String) {
        string(name)
        reserve(1)
        byte(UInt8(ascii: ":"))
        follows = false
    }

    // MARK: Values

    public mutating func null() { literal("null") }

    public mutating func bool(_ value: Bool) { value ? literal("true") : literal("false") }

    /// A string, escaped as the serializer escapes it.
    public mutating func string(_ text: String) {
        // The view's contiguous storage: `withUTF8` cost twice as much a string (~250
        // instructions against ~120, measured on short strings).
        if text.utf8.withContiguousStorageIfAvailable({ escaped($0) }) == nil {
            Array(text.utf8).withUnsafeBufferPointer { escaped($0) }
        }
    }

    private mutating func escaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        reserve(6 * utf8.count + 3)
        comma()
        byte(0x22)
        if let source = utf8.baseAddress {
            count = base.distance(to: JSONCompactWriter.escape(source, utf8.count, to: base + count))
        }
        byte(0x22)
        follows = true
    }

    /// A string, or `null` for `nil`.
    public mutating func string(_ text: String?) {
        if let text { string(text) } else { null() }
    }

    /// A number, with the text `JSONNumber` gives it.
    public mutating func number(_ value: JSONNumber) {
        if value.text.utf8.withContiguousStorageIfAvailable({ raw($0) }) == nil { raw(Array(value.text.utf8)) }
    }

    public mutating func integer(_ value: Int) { number(JSONNumber(value)) }

    /// A double, or `null` for NaN and infinities (as `JSON.double`).
    public mutating func double(_ value: Double) {
        if let n = JSONNumber(value) { number(n) } else { null() }
    }

    /// Any value, serialized compactly.
    public mutating func value(_ value: JSON) {
        switch value {
        case .null: null()
        case .bool(let b): bool(b)
        case .number(let n): number(n)
        case .string(let s): string(s)
        case .array, .object, .bytes:
            var bytes: [UInt8] = []
            value.write(to: &bytes)
            bytes.withUnsafeBufferPointer { raw($0) }
        }
    }

    /// A value already serialized (trusted to be one JSON value, compact).
    public mutating func raw(_ bytes: UnsafeBufferPointer<UInt8>) {
        reserve(bytes.count + 1)
        comma()
        if let source = bytes.baseAddress { (base + count).update(from: source, count: bytes.count) }
        count += bytes.count
        follows = true
    }

    /// A value already serialized (trusted to be one JSON value, compact).
    public mutating func raw(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { raw($0) }
    }

    // MARK: Bytes

    private mutating func open(_ bracket: UInt8) {
        reserve(2)
        comma()
        byte(bracket)
        follows = false
    }

    private mutating func close(_ bracket: UInt8) {
        reserve(1)
        byte(bracket)
        follows = true
    }

    private mutating func literal(_ text: StaticString) {
        raw(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// The comma before a value that follows another (room for it reserved by the caller).
    @inline(__always)
    private mutating func comma() {
        if follows { byte(UInt8(ascii: ",")) }
    }

    @inline(__always)
    private mutating func byte(_ b: UInt8) {
        base[count] = b
        count += 1
    }

    @inline(__always)
    private mutating func reserve(_ n: Int) {
        guard count + n + 1 > capacity else { return }
        let bigger = max(capacity * 2, count + n + 1)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: bigger)
        moved.update(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = bigger
    }
}
