import Foundation
import Testing

/// The module graph as docs/architecture.md draws it, read from the sources: plugins and
/// backends are written against the call kit (`BridgeCall`, `BridgeDevice`), never the router,
/// and the router holds dispatch only.
@Suite("The module graph keeps its promises")
struct ModuleGraphTests {
    /// The Swift files under `folder`, by path relative to the package.
    static func sources(_ folder: String) throws -> [(path: String, text: String)] {
        let base = packageRoot.appendingPathComponent(folder)
        let walker = FileManager.default.enumerator(atPath: base.path)
        var out: [(String, String)] = []
        while let file = walker?.nextObject() as? String {
            guard file.hasSuffix(".swift") else { continue }
            out.append((folder + "/" + file, try String(contentsOf: base.appendingPathComponent(file), encoding: .utf8)))
        }
        return out.sorted { $0.0 < $1.0 }
    }

    @Test("no plugin and no backend imports the router", arguments: ["Sources/Plugins/FrakShare", "Sources/Plugins/Share",
                                                                       "Sources/Plugins/ShareExtension", "Sources/Plugins/Official",
                                                                       "Sources/Plugins/Core", "Sources/Device/ShareNatives", "Sources/Runtime/Call",
                                                                       "Sources/Device/Model"])
    func backendsSkipTheRouter(folder: String) throws {
        let files = try Self.sources(folder)
        #expect(!files.isEmpty, "\(folder) has no Swift files")
        for file in files {
            #expect(!file.text.contains("import BridgeRouter"), "\(file.path) imports BridgeRouter")
        }
    }

    @Test("no router file names a device: the popover, UIKit's sheet, the chooser live with the devices")
    func routerHoldsDispatchOnly() throws {
        let words = ["iPad", "iPhone", "UIKit", "popover", "chooser", "Android", "iOS"]
        for file in try Self.sources("Sources/Runtime/Router") {
            for word in words {
                #expect(!file.text.contains(word), "\(file.path) names \(word)")
            }
        }
    }

    /// The four call sites: each turns its bytes into a call and the outcome into bytes, and
    /// drives the call down `Router.drive`; none starts a command, binds observers or checks the
    /// ACL itself.
    static let callSites = ["Sources/Tools/CLI/InvokeCommand.swift", "Sources/Tools/CLI/ReplayCommand.swift", "Sources/Transports/Server/SessionEngine.swift",
                            "Sources/Transports/Browser/RouterCalls.swift"]

    @Test("every call site drives its calls down the one road", arguments: callSites)
    func oneRoad(path: String) throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
        #expect(text.contains("router.drive("), "\(path) does not drive its calls through Router.drive")
        for step in ["router.start(", ".command.start(", "CallObserver.$current", "authorize("] {
            #expect(!text.contains(step), "\(path) takes a step of the road itself: \(step)")
        }
    }

    @Test("only the router starts a command: Router.start is not public")
    func startIsTheRoutersOwn() throws {
        let router = try String(contentsOf: packageRoot.appendingPathComponent("Sources/Runtime/Router/Router.swift"), encoding: .utf8)
        #expect(router.contains("    func start(_ call: Call, observer: CallObserver?) -> Started"))
        #expect(!router.contains("public func start("))
        for folder in ["Sources/Tools/CLI", "Sources/Transports/Server", "Sources/Transports/Browser", "Sources/Runtime/App"] {
            for file in try Self.sources(folder) {
                #expect(!file.text.contains(".command.start("), "\(file.path) starts a command itself")
            }
        }
    }

    /// The support code: parsers, matchers and servers, each replaceable by a library.
    static let support = ["JSON", "TOML", "Regex", "Schema", "XML", "Predicate", "Matching", "Framing", "HTTPServer", "Sandbox",
                          "Media", "Streams", "Protocol", "System", "NFKC", "SocketSet"]
    /// The modules that hold a plugin (its commands or its native side's answers).
    static let plugins = ["BridgeOfficialPlugins", "BridgeCorePlugins", "BridgeFrakShare", "BridgeShare", "BridgeShareExtension",
                          "BridgePlugins"]

    /// The `import Bridge…` lines of the Swift files under `folder`.
    static func imports(_ folder: String) throws -> [(path: String, module: String)] {
        try sources(folder).flatMap { file in
            file.text.split(separator: "\n").compactMap { line in
                line.hasPrefix("import Bridge") ? (file.path, String(line.dropFirst("import ".count))) : nil
            }
        }
    }

    /// The groups of `Sources/`, each a layer: what a newcomer reads apart.
    static let groups: [String: String] = [
        "Support": "parsers, servers and system code, each replaceable by a library; imports only support code",
        "Runtime": "a call's types, binding, the router, the ACL, the app, the kit plugins are written with",
        "Transports": "bytes into calls and answers into bytes: stdio sessions, browser mode",
        "Device": "the simulated phone: its screen, the iOS and Android backends, intents, the share inbox, drawn sheets",
        "Plugins": "the plugins, one folder each, and their catalog",
        "Tools": "the command line, the generator, the doctor",
    ]

    @Test("Sources/ shows the layers: every module lies in one group, the support modules in Support")
    func layersAreFolders() throws {
        let top = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Sources").path)
        #expect(Set(top) == Set(Self.groups.keys), "Sources/ holds the groups only: \(top.sorted())")
        let manifest = try String(contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let paths = try NSRegularExpression(pattern: #"path: "(Sources/[^"]+)""#)
        let ns = manifest as NSString
        let declared = paths.matches(in: manifest, range: NSRange(location: 0, length: ns.length)).map { ns.substring(with: $0.range(at: 1)) }
        #expect(declared.count > 30)
        for path in declared {
            let group = path.split(separator: "/").dropFirst().first.map(String.init) ?? ""
            #expect(Self.groups[group] != nil, "\(path) lies in no group")
        }
        for module in Self.support {
            #expect(declared.contains("Sources/Support/" + module), "support module \(module) lies in Sources/Support")
        }
        let supportFolders = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Sources/Support").path)
        #expect(Set(supportFolders) == Set(Self.support + ["HTTP"]), "Sources/Support holds the support modules (and libcurl's C side)")
    }

    @Test("a support module imports only other support modules", arguments: support)
    func supportStaysBelow(module: String) throws {
        let allowed = Set(Self.support.map { "Bridge" + $0 })
        for (path, imported) in try Self.imports("Sources/Support/" + module) {
            #expect(allowed.contains(imported), "\(path) imports \(imported), which is not support code")
        }
    }

    /// The build-time tools may use Foundation; nothing `bridge` runs does: linking it costs every
    /// start CoreFoundation's and ICU's initialisation (~4.6 MiB resident, ~1 ms; Benchmarks/README.md).
    @Test("no module of the bridge binary imports Foundation, only FoundationEssentials")
    func noFoundationInTheBinary() throws {
        let tools: Set<String> = ["Tools/Generator", "Tools/bridge-generate"]
        var folders: [String] = []
        for group in try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Sources").path) {
            folders += try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Sources/" + group).path).map { group + "/" + $0 }
        }
        for folder in folders.sorted() where !tools.contains(folder) {
            for file in try Self.sources("Sources/" + folder) {
                for line in file.text.split(separator: "\n") where line.hasPrefix("import ") || line.hasPrefix("@_exported import ") {
                    let module = line.split(separator: " ").last.map(String.init) ?? ""
                    #expect(!["Foundation", "FoundationNetworking", "FoundationXML", "FoundationInternationalization", "CoreFoundation"].contains(module),
                            "\(file.path) imports \(module): use FoundationEssentials and BridgeSystem")
                }
            }
        }
    }

    @Test("a transport imports no plugin: it turns bytes into calls, whatever answers them", arguments: ["Sources/Transports/Browser", "Sources/Transports/Server"])
    func transportsKnowNoPlugin(folder: String) throws {
        for (path, imported) in try Self.imports(folder) {
            #expect(!Self.plugins.contains(imported), "\(path) imports the plugin module \(imported)")
        }
    }

    @Test("a plugin module imports no other plugin module: they share the kit (BridgeKit), not each other",
          arguments: ["Sources/Plugins/Official", "Sources/Plugins/Core", "Sources/Plugins/FrakShare", "Sources/Plugins/Share",
                      "Sources/Plugins/ShareExtension", "Sources/Runtime/Kit"])
    func pluginsShareTheKit(folder: String) throws {
        for (path, imported) in try Self.imports(folder) {
            #expect(!Self.plugins.contains(imported), "\(path) imports the plugin module \(imported)")
        }
    }

    /// Each target of Package.swift: its name, the modules it depends on by name, its folder.
    static func targets() throws -> [(name: String, dependencies: Set<String>, folder: String)] {
        let manifest = try String(contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let declaration = try NSRegularExpression(pattern: #"\.(?:target|testTarget|executableTarget)\(name: "([^"]+)"([\s\S]*?)\)(?=,\n|\n\s*\])"#)
        let quoted = try NSRegularExpression(pattern: #""(Bridge[A-Za-z]+|TestSupport)""#)
        let folder = try NSRegularExpression(pattern: #"path: "([^"]+)""#)
        let text = manifest as NSString
        return declaration.matches(in: manifest, range: NSRange(location: 0, length: text.length)).map { match in
            let name = text.substring(with: match.range(at: 1)), body = text.substring(with: match.range(at: 2))
            let beforePath = body.components(separatedBy: "path:")[0] as NSString
            let dependencies = Set(quoted.matches(in: beforePath as String, range: NSRange(location: 0, length: beforePath.length))
                .map { beforePath.substring(with: $0.range(at: 1)) })
            let path = folder.firstMatch(in: body, range: NSRange(location: 0, length: (body as NSString).length))
                .map { (body as NSString).substring(with: $0.range(at: 1)) } ?? (name.hasSuffix("Tests") ? "Tests/" + name : "Sources/" + name)
            return (name, dependencies, path)
        }
    }

    @Test("every module a target imports is one of its own dependencies, not one it only reaches through another")
    func importsAreDependencies() throws {
        let targets = try Self.targets()
        #expect(targets.count > 40, "Package.swift's targets were not read")
        for target in targets where FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent(target.folder).path) {
            for (path, imported) in try Self.imports(target.folder) where imported != target.name {
                let module = imported.components(separatedBy: " ").last ?? imported
                #expect(target.dependencies.contains(module), "\(path) imports \(module), which \(target.name) does not depend on in Package.swift")
            }
        }
    }

    /// The types that are a `Plugin`, by file: the kit's `KitPlugin`, which every plugin is
    /// (core, official, product, `--plugin-dir`).
    static let pluginTypes: [String: String] = [
        "KitPlugin": "Sources/Runtime/Kit/KitPlugin.swift",
    ]

    @Test("the types that are a Plugin are the kit's and the listed ones: a new plugin is declared through the kit")
    func onePluginStyle() throws {
        let declaration = try NSRegularExpression(pattern: #"(?m)^(?:public )?(?:final )?(?:struct|class|enum) (\w+)(?:<[^>]*>)?: [^{]*\bPlugin\b"#)
        var found: [String: String] = [:]
        for folder in ["Sources"] {
            for file in try Self.sources(folder) {
                let text = file.text as NSString
                for match in declaration.matches(in: file.text, range: NSRange(location: 0, length: text.length)) {
                    found[text.substring(with: match.range(at: 1))] = file.path
                }
            }
        }
        #expect(found == Self.pluginTypes)
        for folder in ["Sources/Plugins/Official", "Sources/Plugins/Core"] {
            for file in try Self.sources(folder) {
                #expect(!file.text.contains("protocol CorePlugin") && !file.text.contains("struct OfficialPlugin"), "\(file.path) declares a second plugin style")
            }
        }
    }

    /// The code lines of a Swift file (comments dropped: they may name a plugin as an example).
    static func codeLines(_ text: String) -> [Substring] {
        text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
    }

    @Test("outside its folder, an official plugin is named by its catalog line only: its options, settings and app configuration are its own")
    func officialPluginsStayInTheirFolders() throws {
        let catalog = "Sources/Plugins/Official/OfficialPlugins.swift"
        let everything = try Self.sources("Sources")
        let folders = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Sources/Plugins/Official").path)
            .filter { !$0.hasSuffix(".swift") }.sorted()
        #expect(folders.count == 15)
        let declared = try NSRegularExpression(pattern: #"(?m)^public enum (\w+Plugin)\b"#)
        for folder in folders {
            let prefix = "Sources/Plugins/Official/\(folder)/"
            let own = everything.filter { $0.path.hasPrefix(prefix) }
            let types = own.flatMap { file in
                declared.matches(in: file.text, range: NSRange(file.text.startIndex..., in: file.text)).map { (file.text as NSString).substring(with: $0.range(at: 1)) }
            }
            #expect(types.count == 1, "\(folder) declares \(types)")
            for type in types {
                for file in everything where !file.path.hasPrefix(prefix) {
                    let naming = Self.codeLines(file.text).filter { $0.range(of: "\\b\(type)\\b", options: .regularExpression) != nil }
                    if file.path == catalog {
                        #expect(naming == ["        Folder(\(type).self),"], "the catalog names \(type) on \(naming)")
                    } else {
                        #expect(naming.isEmpty, "\(file.path) names \(type): \(naming)")
                    }
                }
            }
        }
    }
}
