import BridgeJSON
import BridgeMedia
import FoundationEssentials
import Glibc
import BridgeSystem

/// Reads an activation rule from an extension's `Info.plist` (XML or binary), at
/// `NSExtension/NSExtensionAttributes/NSExtensionActivationRule`, or from JSON (the rule itself,
/// `{"NSExtensionActivationRule": …}`, or the same `NSExtension` nesting).
public enum ActivationRuleFile {
    /// The rule in `path`.
    /// - Throws: `invalidRule` naming the file: unreadable, malformed, no rule, or a rule that
    ///   cannot be evaluated.
    public static func load(_ path: String) throws(InboxError) -> ActivationRule {
        try rule(in: document(path), path: path)
    }

    /// The rule in `path` and the conformance tree extended with the types the same file
    /// declares (`UTExportedTypeDeclarations`, `UTImportedTypeDeclarations`).
    public static func loadWithTypes(_ path: String, types: UniformTypes = .builtIn) throws(InboxError) -> (ActivationRule, UniformTypes) {
        let root = try document(path)
        let rule = try rule(in: root, path: path)
        return (rule, try located(path) { () throws(InboxError) in try declaring(types, root) })
    }

    /// `types` extended with the declarations of the property list (or JSON) at `path`, e.g.
    /// the app's own `Info.plist`.
    public static func types(_ path: String, adding types: UniformTypes) throws(InboxError) -> UniformTypes {
        let root = try document(path)
        return try located(path) { () throws(InboxError) in try declaring(types, root) }
    }

    /// `types` plus the declarations in `root`, a bad one as `invalidRule`.
    private static func declaring(_ types: UniformTypes, _ root: JSON) throws(InboxError) -> UniformTypes {
        do throws(UniformTypes.DeclarationError) {
            return try types.adding(declarationsFrom: root)
        } catch {
            throw InboxError(.invalidRule, error.message)
        }
    }

    /// The file as JSON: a property list (XML or binary) or a JSON document.
    public static func document(_ path: String) throws(InboxError) -> JSON {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InboxError(.invalidRule, "\(path): cannot read the activation rule file")
        }
        let bytes = [UInt8](data)
        let root: JSON
        let trimmed = bytes.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
        if bytes.starts(with: Array("bplist".utf8)) || trimmed.starts(with: Array("<".utf8)) {
            do {
                root = try PropertyListDecoder().decode(PlistValue.self, from: data).json
            } catch {
                throw InboxError(.invalidRule, "\(path): not a valid property list (XML or binary): \(describe(error))")
            }
        } else {
            do {
                root = try JSONParser.parse(bytes)
            } catch {
                throw InboxError(.invalidRule, "\(path): neither a property list nor valid JSON: \(error)")
            }
        }
        return root
    }

    private static func rule(in root: JSON, path: String) throws(InboxError) -> ActivationRule {
        let rule = root["NSExtension"]?["NSExtensionAttributes"]?["NSExtensionActivationRule"]
            ?? root["NSExtensionAttributes"]?["NSExtensionActivationRule"]
            ?? root["NSExtensionActivationRule"]
        if let rule { return try located(path) { () throws(InboxError) in try ActivationRule(rule) } }
        if case .object(let o) = root, o.keys.contains(where: { $0.hasPrefix("NSExtensionActivation") }) || o.isEmpty {
            return try located(path) { () throws(InboxError) in try ActivationRule(root) }
        }
        if case .string = root { return try located(path) { () throws(InboxError) in try ActivationRule(root) } }
        throw InboxError(.invalidRule, "\(path): no NSExtension/NSExtensionAttributes/NSExtensionActivationRule in it")
    }

    private static func located<T>(_ path: String, _ body: () throws(InboxError) -> T) throws(InboxError) -> T {
        do {
            return try body()
        } catch {
            throw InboxError(error.kind, "\(path): \(error.message)")
        }
    }

    /// A property list value read as JSON: booleans stay booleans, integers integers, reals
    /// numbers, data base64 and dates ISO 8601 strings.
    struct PlistValue: Decodable {
        let json: JSON

        private struct Key: CodingKey {
            let stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        init(from decoder: any Decoder) throws {
            if let keyed = try? decoder.container(keyedBy: Key.self) {
                var o = JSONObject()
                for key in keyed.allKeys { o[key.stringValue] = try keyed.decode(PlistValue.self, forKey: key).json }
                json = .object(o)
            } else if var items = try? decoder.unkeyedContainer() {
                var out: [JSON] = []
                while !items.isAtEnd { out.append(try items.decode(PlistValue.self).json) }
                json = .array(out)
            } else {
                let value = try decoder.singleValueContainer()
                if let b = try? value.decode(Bool.self) { json = .bool(b) }
                else if let s = try? value.decode(String.self) { json = .string(s) }
                else if let d = try? value.decode(Date.self) { json = .string(d.formatted(Date.ISO8601FormatStyle())) }
                else if let d = try? value.decode(Data.self) { json = .string(d.base64EncodedString()) }
                else if let i = try? value.decode(Int.self) { json = .integer(i) }
                else { json = .double(try value.decode(Double.self)) }
            }
        }
    }
}
