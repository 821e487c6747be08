import BridgeJSON

/// A schema document as it was added: its root value and the URI it was retrieved under
/// (`""` for a schema given to a validator without a `$id`).
final class SchemaDocument: Sendable {
    /// The whole document.
    let root: JSON
    /// The URI the document was added under, before its own `$id` applies.
    let uri: URIReference

    init(root: JSON, uri: URIReference) {
        self.root = root
        self.uri = uri
    }
}

/// A subschema: a document and the JSON Pointer tokens (unescaped) that lead to it.
struct SchemaLocation: Sendable {
    let document: SchemaDocument
    let pointer: [String]

    /// The value there, or `nil` when the pointer names nothing.
    var value: JSON? { JSONPointer.value(at: pointer, in: document.root) }

    /// The base URI that applies to this subschema's own `$id`: the document's URI with every
    /// enclosing `$id` applied, outermost first.
    var enclosingBase: URIReference {
        var base = document.uri
        var current = document.root
        for (depth, token) in pointer.enumerated() {
            base = SchemaIndex.base(inside: current, isDocumentRoot: depth == 0, inheriting: base).base
            guard let next = JSONPointer.value(at: CollectionOfOne(token), in: current) else { break }
            current = next
        }
        return base
    }
}

/// The identifiers that schema documents define: the document URIs, every embedded `$id` resolved
/// against its base URI (a *resource*), and every plain-name fragment `$id` (`#foo`, an *anchor*,
/// a location-independent identifier).
///
/// Only subschemas are searched for `$id`, by the draft-07 keywords that hold them, so a `$id`
/// inside `enum`, `const` or `default` is data, not an identifier. Next to `$ref` a `$id` is
/// ignored, as draft-07 says all siblings of `$ref` are, except at a document's root, where it
/// names the document.
struct SchemaIndex: Sendable {
    /// Absolute URI without fragment → the subschema it identifies.
    private(set) var resources: [String: SchemaLocation] = [:]
    /// `URI#name` → the subschema with that plain-name fragment.
    private(set) var anchors: [String: SchemaLocation] = [:]

    /// Indexes `document`.
    /// - Returns: the URIs already taken by another document (nothing is added then).
    mutating func add(_ document: SchemaDocument) -> [String] {
        var found = SchemaIndex()
        found.resources[document.uri.withoutFragment.string] = SchemaLocation(document: document, pointer: [])
        found.scan(document.root, in: document, pointer: [], base: document.uri, isDocumentRoot: true)
        let taken = found.resources.keys.filter { resources[$0] != nil && resources[$0]?.document !== document }
            + found.anchors.keys.filter { anchors[$0] != nil && anchors[$0]?.document !== document }
        guard taken.isEmpty else { return taken.sorted() }
        resources.merge(found.resources) { old, _ in old }
        anchors.merge(found.anchors) { old, _ in old }
        return []
    }

    private mutating func scan(_ value: JSON, in document: SchemaDocument, pointer: [String], base: URIReference,
                               isDocumentRoot: Bool) {
        guard case .object(let object) = value else { return }
        let identity = SchemaIndex.base(inside: value, isDocumentRoot: isDocumentRoot, inheriting: base)
        let here = SchemaLocation(document: document, pointer: pointer)
        if identity.isNewResource, resources[identity.base.string] == nil {
            resources[identity.base.string] = here
        }
        if let anchor = identity.anchor, anchors[identity.base.string + "#" + anchor] == nil {
            anchors[identity.base.string + "#" + anchor] = here
        }
        SchemaIndex.forEachSubschema(of: object) { tokens, child in
            scan(child, in: document, pointer: pointer + tokens, base: identity.base, isDocumentRoot: false)
        }
    }

    /// The subschema `uri` identifies: a resource, a resource and a JSON Pointer fragment
    /// (percent-decoded, then unescaped), or an anchor.
    func locate(_ uri: URIReference) -> SchemaLocation? {
        let absolute = uri.withoutFragment.string
        guard let fragment = URIReference.percentDecoded(uri.fragment ?? "") else { return nil }
        if fragment.isEmpty { return resources[absolute] }
        if fragment.hasPrefix("/") {
            guard let resource = resources[absolute], let tokens = JSONPointer.tokens(fragment) else { return nil }
            let location = SchemaLocation(document: resource.document, pointer: resource.pointer + tokens)
            return location.value == nil ? nil : location
        }
        return anchors[absolute + "#" + fragment]
    }

    /// What the `$id` of `value` (if any) does to the base URI `base`.
    /// - Returns: the base URI inside `value` (without fragment); whether the `$id` named a
    ///   resource; the anchor name of a plain-name fragment.
    static func base(inside value: JSON, isDocumentRoot: Bool, inheriting base: URIReference)
        -> (base: URIReference, isNewResource: Bool, anchor: String?)
    {
        let inherited = base.withoutFragment
        guard case .object(let object) = value, let id = object["$id"]?.stringValue,
              isDocumentRoot || object["$ref"] == nil else { return (inherited, false, nil) }
        let resolved = URIReference(parsing: id).resolved(against: inherited)
        let absolute = resolved.withoutFragment
        var anchor: String?
        if let fragment = resolved.fragment.flatMap(URIReference.percentDecoded), !fragment.isEmpty, !fragment.hasPrefix("/") {
            anchor = fragment
        }
        return (absolute, absolute != inherited || isDocumentRoot, anchor)
    }

    /// Calls `body` with the pointer tokens (relative to `object`) and value of each subschema
    /// that a draft-07 keyword of `object` holds.
    static func forEachSubschema(of object: JSONObject, _ body: ([String], JSON) -> Void) {
        for member in object {
            switch member.key {
            case "additionalItems", "contains", "additionalProperties", "propertyNames", "if", "then", "else", "not":
                body([member.key], member.value)
            case "items":
                if case .array(let elements) = member.value {
                    for (k, element) in elements.enumerated() { body([member.key, String(k)], element) }
                } else {
                    body([member.key], member.value)
                }
            case "allOf", "anyOf", "oneOf":
                for (k, element) in (member.value.arrayValue ?? []).enumerated() { body([member.key, String(k)], element) }
            case "properties", "patternProperties", "definitions", "dependencies":
                for entry in member.value.objectValue ?? JSONObject() {
                    if case .array = entry.value { continue }
                    body([member.key, entry.key], entry.value)
                }
            default:
                continue
            }
        }
    }
}
