import BridgeMatching
import BridgeJSON
import BridgeTOML

/// A JSON or TOML file read into the project's JSON type, with parse errors placed in it.
enum StructuredFile {
    /// Parses `text` as TOML when `path` ends in `.toml`, else as JSON.
    static func parse(_ text: String, path: String) throws(ACLError) -> JSON {
        if path.lowercased().hasSuffix(".toml") {
            do {
                return .object(try TOMLParser.parse(text).json.objectValue ?? JSONObject())
            } catch {
                throw ACLError("invalid TOML: \(error.message)", file: path, line: error.line, column: error.column)
            }
        }
        do {
            return try JSONParser.parse(text)
        } catch {
            throw ACLError("invalid JSON: \(error.sentence)", file: path, line: error.line, column: error.column)
        }
    }
}

/// Strict reading of a decoded file's objects: known keys only, typed values, messages that name
/// the key and the file.
struct ObjectReader {
    let object: JSONObject
    let what: String
    let file: String?
    let text: String?

    init(_ value: JSON, what: String, file: String?, text: String?) throws(ACLError) {
        guard case .object(let o) = value else {
            throw ACLError("\(what) must be an object, found \(value.typeName)", file: file)
        }
        self.object = o
        self.what = what
        self.file = file
        self.text = text
    }

    func fail(_ message: String, near needle: String) -> ACLError {
        ACLError(message, file: file).located(in: text, at: needle)
    }

    /// Fails on a key outside `allowed`, with a did-you-mean.
    func onlyKeys(_ allowed: [String]) throws(ACLError) {
        for key in object.keys where !allowed.contains(key) {
            let hint = DidYouMean.suggest(for: key, among: allowed).map { "; did you mean '\($0)'?" } ?? ""
            throw fail("unknown key '\(key)' in \(what)\(hint) (allowed: \(allowed.joined(separator: ", ")))", near: key)
        }
    }

    func string(_ key: String, required: Bool = false) throws(ACLError) -> String? {
        guard let value = object[key] else {
            if required { throw ACLError("\(what) needs '\(key)'", file: file) }
            return nil
        }
        guard case .string(let s) = value else { throw fail("'\(key)' in \(what) must be a string, found \(value.typeName)", near: key) }
        return s
    }

    func bool(_ key: String) throws(ACLError) -> Bool? {
        guard let value = object[key] else { return nil }
        guard case .bool(let b) = value else { throw fail("'\(key)' in \(what) must be true or false, found \(value.typeName)", near: key) }
        return b
    }

    func strings(_ key: String) throws(ACLError) -> [String]? {
        guard let value = object[key] else { return nil }
        guard case .array(let items) = value else { throw fail("'\(key)' in \(what) must be an array of strings", near: key) }
        var out: [String] = []
        for item in items {
            guard case .string(let s) = item else { throw fail("'\(key)' in \(what) must hold strings only, found \(item.typeName)", near: key) }
            out.append(s)
        }
        return out
    }

    func array(_ key: String) throws(ACLError) -> [JSON]? {
        guard let value = object[key] else { return nil }
        guard case .array(let items) = value else { throw fail("'\(key)' in \(what) must be an array", near: key) }
        return items
    }

    func object(_ key: String) throws(ACLError) -> JSON? {
        guard let value = object[key] else { return nil }
        guard case .object = value else { throw fail("'\(key)' in \(what) must be a table/object", near: key) }
        return value
    }
}
