import BridgeJSON

/// Reads a record's members, naming the key path in every error, so a hand-edited or truncated
/// record says what is wrong with it.
struct RecordReader {
    let value: JSON
    /// The key path of `value` (`intent.extras`), empty at the top.
    let path: String

    init(_ value: JSON, path: String = "") {
        self.value = value
        self.path = path
    }

    private func name(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    private func missing(_ key: String, _ expected: String) -> RenderError {
        let found = value[key].map { "got \($0.typeName)" } ?? "it is missing"
        return RenderError("the record's `\(name(key))` must be \(expected); \(found)")
    }

    /// The member `key`, which must be an object.
    func object(_ key: String) throws(RenderError) -> RecordReader {
        guard let member = value[key], member.objectValue != nil else { throw missing(key, "an object") }
        return RecordReader(member, path: name(key))
    }

    /// The member `key` as an object, or `nil` when it is `null` or absent.
    func optionalObject(_ key: String) throws(RenderError) -> RecordReader? {
        guard let member = value[key], !member.isNull else { return nil }
        guard member.objectValue != nil else { throw missing(key, "an object or null") }
        return RecordReader(member, path: name(key))
    }

    /// The member `key`, which must be a string.
    func string(_ key: String) throws(RenderError) -> String {
        guard let s = value[key]?.stringValue else { throw missing(key, "a string") }
        return s
    }

    /// The member `key` as a string, or `nil` when it is `null` or absent.
    func optionalString(_ key: String) throws(RenderError) -> String? {
        guard let member = value[key], !member.isNull else { return nil }
        guard let s = member.stringValue else { throw missing(key, "a string or null") }
        return s
    }

    /// The member `key` as a boolean.
    func bool(_ key: String) throws(RenderError) -> Bool {
        guard let b = value[key]?.boolValue else { throw missing(key, "a boolean") }
        return b
    }

    /// The member `key` as a number, or `nil` when absent or `null`.
    func optionalNumber(_ key: String) throws(RenderError) -> Double? {
        guard let member = value[key], !member.isNull else { return nil }
        guard let n = member.numberValue?.doubleValue else { throw missing(key, "a number") }
        return n
    }

    /// The member `key`, which must be a number.
    func number(_ key: String) throws(RenderError) -> Double {
        guard let n = try optionalNumber(key) else { throw missing(key, "a number") }
        return n
    }

    /// The elements of the array `key`, each with its path.
    func array(_ key: String) throws(RenderError) -> [RecordReader] {
        guard let elements = value[key]?.arrayValue else { throw missing(key, "an array") }
        return elements.enumerated().map { RecordReader($0.element, path: "\(name(key))[\($0.offset)]") }
    }

    /// The strings of the array `key`.
    func strings(_ key: String) throws(RenderError) -> [String] {
        var out: [String] = []
        for element in try array(key) {
            guard let s = element.value.stringValue else {
                throw RenderError("the record's `\(element.path)` must be a string; got \(element.value.typeName)")
            }
            out.append(s)
        }
        return out
    }
}
