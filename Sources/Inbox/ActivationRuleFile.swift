import BridgeJSON
import BridgeMedia
import Foundation

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
                let plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
                guard let json = json(plist) else { throw InboxError(.invalidRule, "\(path): the property list holds values JSON cannot") }
                root = json
            } catch let error as InboxError {
                throw error
            } catch {
                throw InboxError(.invalidRule, "\(path): not a valid property list (XML or binary): \(error.localizedDescription)")
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

    /// A property list value on the project's JSON type; booleans stay booleans.
    static func json(_ value: Any) -> JSON? {
        switch value {
        case let b as Bool where type(of: value) == Bool.self:
            return .bool(b)
        case let n as NSNumber:
            if String(cString: n.objCType) == "c" { return .bool(n.boolValue) }
            if let i = Int(exactly: n.doubleValue), !"fd".contains(String(cString: n.objCType)) { return .integer(i) }
            return .double(n.doubleValue)
        case let i as Int:
            return .integer(i)
        case let d as Double:
            return .double(d)
        case let s as String:
            return .string(s)
        case let a as [Any]:
            let items = a.compactMap(json)
            return items.count == a.count ? .array(items) : nil
        case let d as [AnyHashable: Any]:
            var o = JSONObject()
            for (key, item) in d {
                guard let k = key.base as? String, let v = json(item) else { return nil }
                o[k] = v
            }
            return .object(o)
        case let data as Data:
            return .string(data.base64EncodedString())
        case let date as Date:
            return .string(ISO8601DateFormatter().string(from: date))
        default:
            return nil
        }
    }
}
