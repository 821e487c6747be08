import BridgeXML
import FoundationEssentials
import Glibc
import BridgeSystem

/// The roots of an androidx `FileProvider`, from `provider_paths.xml`, and the `content://`
/// URIs it hands out — computed as `FileProvider.getUriForFile` does.
public struct FileProviderPaths: Sendable, Equatable {
    /// One configured root: `<cache-path name="share" path="share/"/>`.
    public struct Root: Sendable, Equatable {
        /// The element name: `cache-path`, `files-path`, `root-path`, `external-…`.
        public let type: String
        public let name: String
        public let path: String
    }

    public let roots: [Root]

    /// The plugin's default configuration: `<cache-path name="share" path="share/"/>`.
    public static let `default` = FileProviderPaths(roots: [Root(type: "cache-path", name: "share", path: "share/")])

    static let rootTypes: Set<String> = [
        "root-path", "files-path", "cache-path", "external-path", "external-files-path",
        "external-cache-path", "external-media-path",
    ]

    /// A configuration from roots.
    public init(roots: [Root]) { self.roots = roots }

    /// Reads a `provider_paths.xml`.
    /// - Throws: a message naming the line, for malformed XML, an unknown root element, or a
    ///   root without a `name` (FileProvider: "Name must not be empty").
    public init(xml: String) throws(ProviderPathsError) {
        let elements: [XMLElements.Element]
        do {
            elements = try XMLElements.parse(xml)
        } catch {
            throw ProviderPathsError(message: error.description)
        }
        var roots: [Root] = []
        for (k, element) in elements.enumerated() {
            if k == 0 {
                guard element.name == "paths" else {
                    throw ProviderPathsError(message: "the root element must be <paths>, found <\(element.name)>")
                }
                continue
            }
            guard FileProviderPaths.rootTypes.contains(element.name) else {
                throw ProviderPathsError(message: "unknown element <\(element.name)>; expected one of \(FileProviderPaths.rootTypes.sorted().joined(separator: ", "))")
            }
            guard let name = element.attributes["name"], !name.isEmpty else {
                throw ProviderPathsError(message: "<\(element.name)> needs a non-empty name attribute")
            }
            roots.append(Root(type: element.name, name: name, path: element.attributes["path"] ?? ""))
        }
        guard !roots.isEmpty else { throw ProviderPathsError(message: "no roots: add e.g. <cache-path name=\"share\" path=\"share/\"/>") }
        self.roots = roots
    }

    /// The directory each root stands for, for an app whose `cacheDir` is `cacheDirectory`
    /// (`filesDir` is its sibling `files`; external storage does not exist here).
    func resolvedRoots(cacheDirectory: String) -> [(name: String, path: String)] {
        let appDirectory = Paths.deletingLastComponent(cacheDirectory)
        return roots.compactMap { root in
            let base: String
            switch root.type {
            case "root-path": base = "/"
            case "cache-path": base = cacheDirectory
            case "files-path": base = Paths.appending(appDirectory, "files")
            default: return nil
            }
            return (root.name, FileProviderPaths.canonical(Paths.appending(base, root.path)))
        }
    }

    /// The `content://` URI of `file`, or `nil` when it lies outside every root (FileProvider
    /// throws there; the plugin then shares without a thumbnail — never a `file://` URI).
    public func contentURI(for file: String, authority: String, cacheDirectory: String) -> String? {
        let path = FileProviderPaths.canonical(file)
        var best: (name: String, path: String)? = nil
        for root in resolvedRoots(cacheDirectory: cacheDirectory) {
            let inside = root.path == "/" || path == root.path || path.hasPrefix(root.path + "/")
            if inside && root.path.count > (best?.path.count ?? -1) { best = root }
        }
        guard let best else { return nil }
        var rest = String(path.dropFirst(best.path.count))
        if rest.hasPrefix("/") { rest.removeFirst() }
        return "content://\(authority)/\(FileProviderPaths.uriEncode(best.name, allow: ""))/\(FileProviderPaths.uriEncode(rest, allow: "/"))"
    }

    /// The canonical form of a path: absolute, symlinks resolved where the path exists,
    /// `.`/`..` removed — as `File.getCanonicalPath()`.
    static func canonical(_ path: String) -> String {
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        return URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// Android's `Uri.encode`: keeps letters, digits and `_-!.~'()*` (and `allow`), percent-
    /// encodes every other UTF-8 byte in upper-case hex.
    static func uriEncode(_ s: String, allow: String) -> String {
        let keep = Set("_-!.~'()*".utf8).union(allow.utf8)
        var out = ""
        for byte in s.utf8 {
            let isAlnum = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            if isAlnum || keep.contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }
}

/// A `provider_paths.xml` that cannot be used.
public struct ProviderPathsError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
