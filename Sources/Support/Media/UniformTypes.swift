import BridgeJSON

/// Uniform Type Identifiers and what each conforms to, for `UTI-CONFORMS-TO` and
/// `UTI-EQUALS`.
///
/// The built-in tree holds the system-declared types a share carries, with the parents Apple
/// declares for them (`UTType`'s documentation, "System-declared uniform type identifiers"):
///
/// | type | conforms to |
/// |---|---|
/// | `public.item` | (the root of the physical hierarchy) |
/// | `public.content` | (the root of the functional hierarchy) |
/// | `public.data` | `public.item` |
/// | `public.text` | `public.data`, `public.content` |
/// | `public.plain-text` | `public.text` |
/// | `public.utf8-plain-text`, `public.utf16-plain-text` | `public.plain-text` |
/// | `public.html`, `public.xml`, `public.rtf`, `public.json`, `public.vcard`, `public.comma-separated-values-text` | `public.text` |
/// | `public.url` | `public.data` |
/// | `public.file-url` | `public.url` |
/// | `public.image` | `public.data`, `public.content` |
/// | `public.jpeg`, `public.png`, `public.tiff`, `com.compuserve.gif`, `org.webmproject.webp`, `com.microsoft.bmp`, `com.microsoft.ico`, `public.svg-image`, `public.camera-raw-image` | `public.image` |
/// | `public.heic`, `public.heif` | `public.heif-standard` → `public.image` |
/// | `public.audiovisual-content` | `public.data`, `public.content` |
/// | `public.movie`, `public.audio` | `public.audiovisual-content` |
/// | `public.video`, `public.mpeg-4`, `com.apple.quicktime-movie`, `public.avi`, `org.matroska.mkv` | `public.movie` |
/// | `public.mp3`, `public.mpeg-4-audio`, `com.microsoft.waveform-audio` | `public.audio` |
/// | `com.adobe.pdf` | `public.data`, `public.composite-content` → `public.content` |
/// | `public.archive` | `public.data` |
/// | `public.zip-archive` | `com.pkware.zip-archive` → `public.archive` |
/// | `com.apple.property-list` | `public.data` |
/// | `com.apple.pkpass` | `public.data`, `public.content` |
/// | `public.folder` | `public.directory` → `public.item` |
///
/// Identifiers compare case-insensitively. An app adds its own types with
/// `UTExportedTypeDeclarations` / `UTImportedTypeDeclarations` (`UTTypeIdentifier`,
/// `UTTypeConformsTo`, and the filename extensions of `UTTypeTagSpecification`, which give a
/// shared file of that extension its type); an unknown identifier conforms only to itself.
public struct UniformTypes: Sendable, Equatable {
    /// Each type's declared parents, keyed by the lower-cased identifier.
    private var parents: [String: [String]]
    /// Filename extensions an app declared (`UTTypeTagSpecification`), lower-cased, to the type.
    private var extensions: [String: String] = [:]

    /// The system-declared types above.
    public static let builtIn = UniformTypes(parents: UniformTypes.systemDeclared)

    private init(parents: [String: [String]]) { self.parents = parents }

    static let systemDeclared: [String: [String]] = {
        var table: [String: [String]] = [
            "public.item": [], "public.content": [],
            "public.data": ["public.item"],
            "public.composite-content": ["public.content"],
            "public.text": ["public.data", "public.content"],
            "public.plain-text": ["public.text"],
            "public.url": ["public.data"],
            "public.file-url": ["public.url"],
            "public.image": ["public.data", "public.content"],
            "public.heif-standard": ["public.image"],
            "public.audiovisual-content": ["public.data", "public.content"],
            "public.movie": ["public.audiovisual-content"],
            "public.audio": ["public.audiovisual-content"],
            "com.adobe.pdf": ["public.data", "public.composite-content"],
            "public.archive": ["public.data"],
            "com.pkware.zip-archive": ["public.archive"],
            "public.zip-archive": ["com.pkware.zip-archive"],
            "com.apple.property-list": ["public.data"],
            "com.apple.pkpass": ["public.data", "public.content"],
            "public.directory": ["public.item"],
            "public.folder": ["public.directory"],
        ]
        for t in ["public.utf8-plain-text", "public.utf16-plain-text"] { table[t] = ["public.plain-text"] }
        for t in ["public.html", "public.xml", "public.rtf", "public.json", "public.vcard", "public.comma-separated-values-text"] {
            table[t] = ["public.text"]
        }
        for t in ["public.jpeg", "public.png", "public.tiff", "com.compuserve.gif", "org.webmproject.webp", "com.microsoft.bmp",
                  "com.microsoft.ico", "public.svg-image", "public.camera-raw-image"] {
            table[t] = ["public.image"]
        }
        for t in ["public.heic", "public.heif"] { table[t] = ["public.heif-standard"] }
        for t in ["public.video", "public.mpeg-4", "com.apple.quicktime-movie", "public.avi", "org.matroska.mkv"] { table[t] = ["public.movie"] }
        for t in ["public.mp3", "public.mpeg-4-audio", "com.microsoft.waveform-audio"] { table[t] = ["public.audio"] }
        return table
    }()

    /// Whether `type` is `ancestor` or conforms to it, through any chain of declared parents.
    public func conforms(_ type: String, to ancestor: String) -> Bool {
        let target = ancestor.lowercased()
        var seen: Set<String> = []
        var queue = [type.lowercased()]
        while let t = queue.popLast() {
            if t == target { return true }
            guard seen.insert(t).inserted else { continue }
            queue += parents[t] ?? []
        }
        return false
    }

    /// Whether the two identifiers name the same type (`UTTypeEqual`: case-insensitive).
    public func equal(_ a: String, _ b: String) -> Bool { a.lowercased() == b.lowercased() }

    /// The type an app declared for files ending in `.fileExtension`, if any.
    public func declaredType(forExtension fileExtension: String) -> String? { extensions[fileExtension.lowercased()] }

    /// Whether the identifier is declared here (built in or added).
    public func isDeclared(_ type: String) -> Bool { parents[type.lowercased()] != nil }

    /// These types plus the declarations of an `Info.plist`'s `UTExportedTypeDeclarations` and
    /// `UTImportedTypeDeclarations` (each `{UTTypeIdentifier, UTTypeConformsTo}`; the
    /// conformance may be one string or an array). A declaration of a built-in type adds parents.
    /// - Throws: `DeclarationError` for a declaration without an identifier or with parents that
    ///   are not strings.
    public func adding(declarationsFrom plist: JSON) throws(DeclarationError) -> UniformTypes {
        var out = self
        for key in ["UTExportedTypeDeclarations", "UTImportedTypeDeclarations"] {
            guard let value = plist[key] else { continue }
            guard let list = value.arrayValue else {
                throw DeclarationError("\(key) must be an array of type declarations, found \(value.typeName)")
            }
            for (n, declaration) in list.enumerated() {
                guard let id = declaration["UTTypeIdentifier"]?.stringValue, !id.isEmpty else {
                    throw DeclarationError("\(key)[\(n)] has no UTTypeIdentifier")
                }
                var declared: [String] = []
                switch declaration["UTTypeConformsTo"] {
                case nil: break
                case .string(let s)?: declared = [s]
                case .array(let items)?:
                    for item in items {
                        guard let s = item.stringValue else {
                            throw DeclarationError("\(key)[\(n)] (\(id)): UTTypeConformsTo must hold strings, found \(item.typeName)")
                        }
                        declared.append(s)
                    }
                case let other?:
                    throw DeclarationError("\(key)[\(n)] (\(id)): UTTypeConformsTo must be a string or an array, found \(other.typeName)")
                }
                let lower = id.lowercased()
                out.parents[lower] = (out.parents[lower] ?? []) + declared.map { $0.lowercased() }
                switch declaration["UTTypeTagSpecification"]?["public.filename-extension"] {
                case .string(let e)?: out.extensions[e.lowercased()] = id
                case .array(let list)?: for e in list { if let e = e.stringValue { out.extensions[e.lowercased()] = id } }
                default: break
                }
            }
        }
        return out
    }
}

extension UniformTypes {
    /// A type declaration that cannot be read: what is wrong, said for the file that holds it.
    public struct DeclarationError: Error, Equatable, CustomStringConvertible {
        public let message: String
        public init(_ message: String) { self.message = message }
        public var description: String { message }
    }
}
