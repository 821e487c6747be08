import BridgeXML

/// What the bridge reads from an `AndroidManifest.xml`: the activities (and aliases) with their
/// intent filters, and the content providers with their meta-data, each with its line.
///
/// Attributes are read in the namespace the manifest binds to
/// `http://schemas.android.com/apk/res/android` (usually the `android:` prefix).
public struct AndroidManifest: Sendable, Equatable {
    /// An `<activity>` or `<activity-alias>`.
    public struct Activity: Sendable, Equatable {
        /// `android:name` as written (`.MainActivity`).
        public let name: String
        /// `standard`, `singleTop`, `singleTask`, `singleInstance`, `singleInstancePerTask`.
        public let launchMode: String
        /// `android:exported`, when given.
        public let exported: Bool?
        public let enabled: Bool
        public let isAlias: Bool
        /// An alias's `android:targetActivity`.
        public let target: String?
        public let filters: [IntentFilter]
        public let line: Int
    }

    /// A `<provider>` and its `<meta-data>`.
    public struct Provider: Sendable, Equatable {
        public let name: String
        /// `android:authorities` (one or more, `;`-separated in the attribute).
        public let authorities: [String]
        public let exported: Bool?
        public let grantURIPermissions: Bool?
        /// `android:name` → (`android:resource` or `android:value`, line).
        public let metaData: [String: (value: String, line: Int)]
        public let line: Int

        public static func == (a: Provider, b: Provider) -> Bool {
            a.name == b.name && a.authorities == b.authorities && a.exported == b.exported
                && a.grantURIPermissions == b.grantURIPermissions && a.line == b.line
                && a.metaData.mapValues(\.value) == b.metaData.mapValues(\.value)
        }
    }

    /// `package`, when the manifest names one (Gradle's `namespace` otherwise).
    public let package: String?
    public let activities: [Activity]
    public let providers: [Provider]
    /// The file it was read from, for messages.
    public let file: String

    /// Reads a manifest's text.
    /// - Throws: `XMLElements.ParseError` for malformed XML; a message for a root that is not
    ///   `<manifest>`.
    public init(xml: String, file: String) throws(AndroidManifestError) {
        let elements: [XMLElements.Element]
        do {
            elements = try XMLElements.parse(xml)
        } catch {
            throw AndroidManifestError(file: file, line: error.line, message: error.message)
        }
        guard let root = elements.first, root.name == "manifest" else {
            throw AndroidManifestError(file: file, line: elements.first?.line ?? 1, message: "the root element must be <manifest>")
        }
        let prefix = root.attributes.first { $0.key.hasPrefix("xmlns:") && $0.value == "http://schemas.android.com/apk/res/android" }
            .map { String($0.key.dropFirst(6)) } ?? "android"
        func attr(_ e: XMLElements.Element, _ name: String) -> String? { e.attributes["\(prefix):\(name)"] }
        func flag(_ e: XMLElements.Element, _ name: String) -> Bool? { attr(e, name).map { $0 == "true" } }

        /// The children of the element at `index`: the elements after it one level deeper,
        /// up to the next element at its depth or shallower.
        func children(of index: Int) -> [Int] {
            var out: [Int] = []
            var k = index + 1
            while k < elements.count && elements[k].depth > elements[index].depth {
                if elements[k].depth == elements[index].depth + 1 { out.append(k) }
                k += 1
            }
            return out
        }

        var activities: [Activity] = []
        var providers: [Provider] = []
        for (index, e) in elements.enumerated() where e.depth == 2 {
            switch e.name {
            case "activity", "activity-alias":
                var filters: [IntentFilter] = []
                for f in children(of: index) where elements[f].name == "intent-filter" {
                    var actions: [String] = [], categories: [String] = [], types: [String] = [], schemes: [String] = []
                    for c in children(of: f) {
                        let child = elements[c]
                        switch child.name {
                        case "action": if let n = attr(child, "name") { actions.append(n) }
                        case "category": if let n = attr(child, "name") { categories.append(n) }
                        case "data":
                            if let t = attr(child, "mimeType") { types.append(t) }
                            if let s = attr(child, "scheme") { schemes.append(s) }
                        default: break
                        }
                    }
                    filters.append(IntentFilter(actions: actions, categories: categories, dataTypes: types, schemes: schemes,
                                                line: elements[f].line))
                }
                let name = attr(e, "name") ?? ""
                activities.append(Activity(name: name, launchMode: attr(e, "launchMode") ?? "standard", exported: flag(e, "exported"),
                                           enabled: flag(e, "enabled") ?? true, isAlias: e.name == "activity-alias",
                                           target: attr(e, "targetActivity"), filters: filters, line: e.line))
            case "provider":
                var meta: [String: (value: String, line: Int)] = [:]
                for c in children(of: index) where elements[c].name == "meta-data" {
                    if let n = attr(elements[c], "name") {
                        meta[n] = (attr(elements[c], "resource") ?? attr(elements[c], "value") ?? "", elements[c].line)
                    }
                }
                providers.append(Provider(name: attr(e, "name") ?? "",
                                          authorities: (attr(e, "authorities") ?? "").split(separator: ";").map(String.init),
                                          exported: flag(e, "exported"), grantURIPermissions: flag(e, "grantUriPermissions"),
                                          metaData: meta, line: e.line))
            default:
                break
            }
        }
        // An alias starts its target, so it has the target's launch mode.
        activities = activities.map { a in
            guard a.isAlias, let target = a.target, let t = activities.first(where: { !$0.isAlias && $0.name == target }) else { return a }
            return Activity(name: a.name, launchMode: t.launchMode, exported: a.exported, enabled: a.enabled, isAlias: true,
                            target: target, filters: a.filters, line: a.line)
        }
        self.package = root.attributes["package"]
        self.activities = activities
        self.providers = providers
        self.file = file
    }

    /// The activities `name` designates: `.MainActivity`, `MainActivity` and
    /// `com.example.app.MainActivity` all name `android:name=".MainActivity"`.
    public func activities(named name: String) -> [Activity] {
        activities.filter { a in
            a.name == name || a.name.hasSuffix("." + name) || (a.name.hasPrefix(".") && name.hasSuffix(a.name))
        }
    }
}

/// A manifest that cannot be read, with where.
public struct AndroidManifestError: Error, Sendable, Equatable, CustomStringConvertible {
    public let file: String
    public let line: Int
    public let message: String
    public var description: String { "\(file):\(line): \(message)" }
}
