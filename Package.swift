// swift-tools-version:6.0
// The bridge: a Tauri-style plugin bridge runtime. A call flows
// framing → protocol → router → plugins → backends; the server owns the
// session and the CLI is the front door. No package dependencies.
import PackageDescription

/// Plugins added by following docs/adding-a-plugin.md: each is the module `Bridge<Name>` at
/// `Sources/Plugins/<Name>`, built on the call kit (`kitDependencies`) with its command list, and
/// linked into the product's plugin list. A new plugin adds its name here and nothing else.
let kitPlugins: [String] = []
let kitDependencies: [Target.Dependency] = ["BridgeCall", "BridgeDevice", "BridgeBinding", "BridgeProtocol", "BridgeJSON", "BridgeKit"]

let package = Package(
    name: "bridge",
    products: [
        .executable(name: "bridge", targets: ["bridge"]),
    ],
    targets: [
        // POSIX paths, files, threads and text trimming without Foundation (whose start-up a cold
        // `invoke` would pay). A leaf module.
        .target(name: "BridgeSystem", path: "Sources/Support/System"),
        // Unicode NFKC (C) with the ICU swift-foundation ships, for URL hosts. A leaf module.
        .target(name: "BridgeNFKC", path: "Sources/Support/NFKC",
                linkerSettings: [.linkedLibrary("_FoundationICU"), .linkedLibrary("stdc++")]),
        // Pattern matching and suggestions: URL and glob patterns, did-you-mean. A leaf module.
        .target(name: "BridgeMatching", dependencies: ["BridgeSystem", "BridgeNFKC"], path: "Sources/Support/Matching"),
        // Exact JSON: value type, parser, serializer.
        .target(name: "BridgeJSON", path: "Sources/Support/JSON"),
        // Bytes → messages: NDJSON and Content-Length framing.
        .target(name: "BridgeFraming", path: "Sources/Support/Framing"),
        // JSON-RPC 2.0 wire model: ids, errors, envelopes, batches.
        .target(name: "BridgeProtocol", dependencies: ["BridgeJSON"], path: "Sources/Support/Protocol"),
        // Layer 1: declared parameters, camelCase keys → snake_case names, the camelCase payload.
        .target(name: "BridgeBinding", dependencies: ["BridgeJSON", "BridgeProtocol", "BridgeMatching"], path: "Sources/Runtime/Binding"),
        // TOML 1.0, for Tauri's permission files.
        .target(name: "BridgeTOML", dependencies: ["BridgeJSON"], path: "Sources/Support/TOML"),
        // Downloads (C): libcurl's multi interface on one thread; libcurl is dlopen'ed on first use.
        .target(name: "BridgeHTTP", dependencies: ["BridgeSocketSet"], path: "Sources/Support/HTTP"),
        // Sockets an event loop watches, and a wake-up any thread sends (C: epoll and an eventfd).
        .target(name: "BridgeSocketSet", path: "Sources/Support/SocketSet"),
        // ECMA-262 regular expressions (JSON Schema's `pattern`): parser, NFA and backtracking matchers. A leaf module.
        .target(name: "BridgeRegex", path: "Sources/Support/Regex"),
        // JSON Schema draft-07 validation on the project's JSON type.
        .target(name: "BridgeSchema", dependencies: ["BridgeSystem", "BridgeJSON", "BridgeRegex"], path: "Sources/Support/Schema"),
        // Schemas/ compiled in: the catalog, and layer 1's argument check against it.
        .target(name: "BridgeContract",
                dependencies: ["BridgeSystem", "BridgeJSON", "BridgeSchema", "BridgeProtocol", "BridgeBinding", "BridgeMatching", "BridgeCall"],
                path: "Sources/Runtime/Contract"),
        // A small bounded HTTP/1.1 server: incremental request parser, event loops, streams.
        .target(name: "BridgeHTTPServer", dependencies: ["BridgeSystem", "BridgeSocketSet"], path: "Sources/Support/HTTPServer"),
        // Plugin events and listeners (Channels, listen()), whatever the transport.
        .target(name: "BridgeEvents", dependencies: ["BridgeSystem", "BridgeJSON", "BridgeCall"], path: "Sources/Runtime/Events"),
        // Browser mode: the bridge over HTTP for a Tauri front end in a real browser.
        .target(name: "BridgeBrowser",
                dependencies: ["BridgeSystem", "BridgeHTTPServer", "BridgeEvents", "BridgeJSON", "BridgeProtocol", "BridgeRouter",
                               "BridgeRender", "BridgeCall", "BridgeDevice", "BridgeSandbox", "BridgeMatching"],
                path: "Sources/Transports/Browser", exclude: ["Scripts"]),
        // The simulated user (what they pick, how a presentation goes) and a call's `__bridge` key. A leaf module.
        .target(name: "BridgeSimulation", dependencies: ["BridgeJSON", "BridgeProtocol", "BridgeMedia", "BridgeDevice"], path: "Sources/Runtime/Simulation"),
        // The simulated device: its platform and class, its screen (UIKit's one presentation slot, a
        // person's answers in interactive mode) and UIKit's activity types. A leaf module.
        .target(name: "BridgeDevice", dependencies: ["BridgeSystem", "BridgeJSON"], path: "Sources/Device/Model"),
        // A call's types: its name, context, invocation, grant, output and observer; the `Plugin` and
        // `Command` declarations commands, plugins and backends are written against.
        .target(name: "BridgeCall", dependencies: ["BridgeSystem", "BridgeJSON", "BridgeProtocol", "BridgeBinding", "BridgeSimulation",
                                                   "BridgeDevice"], path: "Sources/Runtime/Call"),
        // Dispatch: the registry of plugin commands, resolution, the checks every call gets, the fallback.
        .target(name: "BridgeRouter", dependencies: ["BridgeSystem", "BridgeJSON", "BridgeProtocol", "BridgeBinding", "BridgeMatching",
                                                     "BridgeSimulation", "BridgeCall"], path: "Sources/Runtime/Router"),
        // Tauri v2's ACL: permission manifests, capabilities, resolution, enforcement.
        .target(name: "BridgeACL", dependencies: ["BridgeSystem", "BridgeJSON", "BridgeTOML", "BridgeProtocol", "BridgeMatching", "BridgeCall",
                                                  "BridgeDevice"],
                path: "Sources/Runtime/ACL"),
        // The Tauri app a front end belongs to: its configuration (`--app`), its own commands read
        // from its Rust sources and bound as Tauri binds them, fixtures, and the unanswered calls.
        .target(name: "BridgeApp", dependencies: ["BridgeSystem", "BridgeJSON", "BridgeTOML", "BridgeProtocol", "BridgeRouter", "BridgeBinding",
                                                  "BridgeCall", "BridgeACL"], path: "Sources/Runtime/App"),
        // The XML subset of Android resource files (manifests, provider paths), with lines.
        .target(name: "BridgeXML", path: "Sources/Support/XML"),
        // Media types recognised from their bytes (images, movies), and Apple's Uniform Type Identifiers.
        .target(name: "BridgeMedia", dependencies: ["BridgeSystem", "BridgeJSON"], path: "Sources/Support/Media"),
        // A simulated device's files in a host folder, reached only below it (no link followed). A leaf module.
        .target(name: "BridgeSandbox", path: "Sources/Support/Sandbox"),
        // NSPredicate's format language (an activation rule's SUBQUERY, UTI-CONFORMS-TO…): parsed and evaluated.
        .target(name: "BridgePredicate", dependencies: ["BridgeSystem", "BridgeJSON", "BridgeMedia"], path: "Sources/Support/Predicate"),
        // The share inbox: a durable store in an App Group container, and the iOS share extension's activation rule.
        .target(name: "BridgeInbox", dependencies: ["BridgeSystem", "BridgeJSON", "BridgeMedia", "BridgeMatching", "BridgePredicate"], path: "Sources/Device/Inbox"),
        // Android's side of receiving a share: the manifest's intent filters, ACTION_SEND intents, the
        // activity lifecycle that delivers them, and the receiver that files them in the inbox.
        .target(name: "BridgeAndroidIntents", dependencies: ["BridgeJSON", "BridgeMedia", "BridgeXML", "BridgeInbox"], path: "Sources/Device/AndroidIntents"),
        // The native side of the share plugins (frak-share, share): what their Swift (iOS) and Kotlin
        // (Android) code does, simulated (layers 2 and 3), and the files and URLs both read.
        .target(name: "BridgeShareNatives", dependencies: ["BridgeSystem", "BridgeMatching", "BridgeJSON", "BridgeProtocol", "BridgeSimulation", "BridgeMedia",
                                                           "BridgeXML", "BridgeHTTP", "BridgeStreams", "BridgeCall",
                                                           "BridgeDevice"],
                path: "Sources/Device/ShareNatives"),
        // The frak-share plugin: share_text's command layer (layer 1).
        .target(name: "BridgeFrakShare",
                dependencies: ["BridgeSystem", "BridgeJSON", "BridgeProtocol", "BridgeBinding", "BridgeShareNatives", "BridgeMatching",
                               "BridgeCall", "BridgeKit"],
                path: "Sources/Plugins/FrakShare"),
        // The share plugin: share and can_share, files with rich previews (layer 1: Web Share rules, the files).
        .target(name: "BridgeShare",
                dependencies: ["BridgeJSON", "BridgeProtocol", "BridgeBinding", "BridgeShareNatives", "BridgeMatching",
                               "BridgeCall", "BridgeKit"],
                path: "Sources/Plugins/Share"),
        // The share-extension plugin: read and clear the share inbox (native-only commands).
        .target(name: "BridgeShareExtension",
                dependencies: ["BridgeSystem", "BridgeJSON", "BridgeProtocol", "BridgeBinding", "BridgeInbox", "BridgeEvents", "BridgeCall", "BridgeStreams", "BridgeKit"],
                path: "Sources/Plugins/ShareExtension"),
        // Presentation records drawn as the sheet a person sees: self-contained HTML with inline SVG.
        .target(name: "BridgeRender", dependencies: ["BridgeSystem", "BridgeJSON", "BridgeMedia", "BridgeStreams", "BridgeDevice"], path: "Sources/Device/Render"),
        // `bridge doctor`: a Tauri mobile project's FileProvider, share filters, activation rule and App Groups.
        .target(name: "BridgeDoctor", dependencies: ["BridgeSystem", "BridgeJSON", "BridgeInbox", "BridgeShareNatives", "BridgeACL", "BridgeAndroidIntents"], path: "Sources/Tools/Doctor"),
        // The kit every plugin is declared with (`KitPlugin`): a command declared by its Rust
        // signature or its contract (`KitCommand`), the app it runs in (`AppInfo`), the device's
        // folders (`PlatformPaths`) and the session's resource table.
        .target(name: "BridgeKit", dependencies: ["BridgeSystem", "BridgeApp", "BridgeACL", "BridgeBinding", "BridgeCall", "BridgeJSON", "BridgeProtocol", "BridgeDevice",
                                                  "BridgeMatching"],
                path: "Sources/Runtime/Kit"),
        // The official plugins of plugins-workspace, simulated as their native code answers.
        .target(name: "BridgeOfficialPlugins", dependencies: ["BridgeSystem", "BridgeKit", "BridgeSandbox", "BridgeApp", "BridgeACL", "BridgeHTTPServer",
                                                              "BridgeBinding", "BridgeJSON", "BridgeProtocol",
                                                              "BridgeSimulation", "BridgeCall", "BridgeDevice", "BridgeMatching",
                                                              "BridgeShareNatives", "BridgeStreams"],
                path: "Sources/Plugins/Official"),
        .target(name: "BridgeCorePlugins", dependencies: ["BridgeSystem", "BridgeKit", "BridgeApp", "BridgeACL", "BridgeBinding", "BridgeEvents",
                                                          "BridgeJSON", "BridgeProtocol", "BridgeCall", "BridgeDevice"],
                path: "Sources/Plugins/Core"),
        // The one list of hosted plugins, read by the CLI, the generator and the tests.
        .target(name: "BridgePlugins",
                dependencies: ["BridgeShareNatives", "BridgeEvents", "BridgeFrakShare", "BridgeInbox", "BridgeShare",
                               "BridgeShareExtension", "BridgeCorePlugins", "BridgeOfficialPlugins", "BridgeKit", "BridgeCall", "BridgeDevice", "BridgeProtocol"]
                    + kitPlugins.map { .target(name: "Bridge" + $0) },
                path: "Sources/Plugins/Catalog"),
        // The files derived from the command declarations: schemas, permission files, TypeScript, compiled-in copies.
        .target(name: "BridgeGenerator", dependencies: ["BridgeJSON", "BridgeBinding", "BridgeACL", "BridgeCall"],
                path: "Sources/Tools/Generator"),
        // `swift run bridge-generate [--check]`: writes (or checks) the generated files.
        .executableTarget(name: "bridge-generate", dependencies: ["BridgeGenerator", "BridgePlugins", "BridgeMatching"], path: "Sources/Tools/bridge-generate"),
        // The `serve` session: a state machine (events in, actions out), its engine, the stdio shell.
        // stderr diagnostics and whole-buffer file descriptor I/O: what the CLI and the server share.
        .target(name: "BridgeStreams", dependencies: ["BridgeSystem"], path: "Sources/Support/Streams"),

        .target(name: "BridgeServer",
                dependencies: ["BridgeSystem", "BridgeJSON", "BridgeFraming", "BridgeProtocol", "BridgeRouter", "BridgeMatching",
                               "BridgeStreams", "BridgeSimulation", "BridgeCall", "BridgeDevice"],
                path: "Sources/Transports/Server"),
        // The command line: `bridge invoke`, `bridge serve`, help and version.
        .target(name: "BridgeCLI",
                dependencies: ["BridgeSystem", "BridgeJSON", "BridgeProtocol", "BridgeRouter", "BridgeServer", "BridgeStreams",
                               "BridgeShareNatives", "BridgeFrakShare", "BridgeACL", "BridgeInbox", "BridgeShareExtension",
                               "BridgePlugins", "BridgeOfficialPlugins", "BridgeContract", "BridgeSchema", "BridgeRender",
                               "BridgeMatching", "BridgeMedia", "BridgeDoctor", "BridgeBrowser", "BridgeEvents",
                               "BridgeSimulation", "BridgeApp", "BridgeCorePlugins", "BridgeKit", "BridgeCall", "BridgeDevice", "BridgeAndroidIntents",
                               "BridgeSandbox"],
                path: "Sources/Tools/CLI"),
        .executableTarget(name: "bridge", dependencies: ["BridgeSystem", "BridgeCLI"], path: "Sources/Tools/bridge"),

        // In-process micro-benchmarks (ACL resolution and checks, schema checks), run by Benchmarks/run.sh.
        .executableTarget(name: "bridge-benchmarks",
                          dependencies: ["BridgeACL", "BridgeContract", "BridgeFrakShare", "BridgeJSON", "BridgeCall"],
                          path: "Benchmarks/Swift"),
        // The cold-start floor, linked by Install/build with the product's own flags.
        .executableTarget(name: "bridge-floor", path: "Benchmarks/Baseline/Floor"),
        // `bridge` with 30 more kit plugins: a cold start must not pay for plugins it does not call.
        .executableTarget(name: "bridge-plus-30", dependencies: ["BridgeCLI", "BridgeCall", "BridgeJSON", "BridgeKit", "BridgeProtocol"],
                          path: "Benchmarks/Plugins30"),

        // Test doubles: the test-only plugin `bridge-test`.
        .target(name: "TestSupport", dependencies: ["BridgeJSON", "BridgeProtocol", "BridgeBinding", "BridgeACL",
                                                    "BridgeContract", "BridgeCall"],
                path: "Tests/TestSupport"),
        // `bridge` plus the test-only plugin, spawned by the end-to-end tests.
        .executableTarget(name: "bridge-test-host", dependencies: ["BridgeCLI", "TestSupport"],
                          path: "Tests/TestHost"),

        .testTarget(name: "JSONTests", dependencies: ["BridgeJSON", "TestSupport"]),
        .testTarget(name: "SystemTests", dependencies: ["BridgeSystem"]),
        .testTarget(name: "FramingTests", dependencies: ["BridgeFraming", "TestSupport"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["BridgeHTTPServer", "TestSupport"]),
        .testTarget(name: "BrowserTests", dependencies: ["BridgeBrowser", "BridgeEvents", "BridgeHTTPServer", "BridgeJSON",
                                                         "BridgeProtocol", "BridgeCall", "BridgeDevice", "BridgeSandbox",
                                                         "BridgeCorePlugins", "BridgeKit"]),
        .testTarget(name: "ProtocolTests", dependencies: ["BridgeProtocol", "BridgeJSON", "TestSupport"]),
        .testTarget(name: "BackendTests", dependencies: ["BridgeShareNatives", "BridgeSimulation", "BridgeJSON",
                                                         "BridgeProtocol", "BridgeMedia", "TestSupport", "BridgeCall",
                                                         "BridgeDevice", "BridgeSystem", "BridgeHTTP", "BridgeSocketSet"]),
        .testTarget(name: "GeneratorTests", dependencies: ["BridgeGenerator", "BridgePlugins", "BridgeBinding", "BridgeRouter",
                                                           "BridgeJSON", "BridgeProtocol", "BridgeContract", "BridgeSchema",
                                                           "BridgeShareNatives", "TestSupport", "BridgeCall", "BridgeACL", "BridgeKit"]),
        .testTarget(name: "ShareTests", dependencies: ["BridgeShare", "BridgeSimulation", "BridgePlugins", "BridgeContract",
                                                       "BridgeSchema", "BridgeShareNatives", "BridgeRouter", "BridgeJSON",
                                                       "BridgeProtocol", "BridgeBinding", "BridgeMedia", "TestSupport",
                                                       "BridgeCall", "BridgeDevice", "BridgeRegex"]),
        .testTarget(name: "FrakShareTests", dependencies: ["BridgePlugins", "BridgeContract", "BridgeSchema", "BridgeFrakShare",
                                                           "BridgeShareExtension", "BridgeShareNatives", "BridgeRouter",
                                                           "BridgeJSON", "BridgeProtocol", "BridgeACL", "BridgeBinding",
                                                           "TestSupport", "BridgeCall", "BridgeDevice"]),
        .testTarget(name: "ContractTests",
                    dependencies: ["BridgeContract", "BridgeSchema", "BridgeJSON", "BridgeTOML", "BridgeProtocol",
                                   "BridgeRouter", "BridgeACL", "BridgeFrakShare", "BridgeShareExtension", "BridgePlugins",
                                   "BridgeShareNatives", "TestSupport", "BridgeCall"]),
        .testTarget(name: "SchemaTests", dependencies: ["BridgeSchema", "BridgeJSON", "TestSupport"]),
        .testTarget(name: "RegexTests", dependencies: ["BridgeRegex", "BridgeJSON", "TestSupport", "BridgeSchema"]),
        .testTarget(name: "TOMLTests", dependencies: ["BridgeTOML", "BridgeJSON", "TestSupport"]),
        .testTarget(name: "MatchingTests", dependencies: ["BridgeMatching", "TestSupport"]),
        .testTarget(name: "ACLTests", dependencies: ["BridgeACL", "BridgeMatching", "BridgeJSON", "BridgeProtocol",
                                                     "TestSupport", "BridgeCall", "BridgeDevice"]),
        .testTarget(name: "InboxTests", dependencies: ["BridgeInbox", "BridgeJSON", "TestSupport", "BridgeAndroidIntents", "BridgeMedia", "BridgePredicate"]),
        .testTarget(name: "SandboxTests", dependencies: ["BridgeSandbox"]),
        .testTarget(name: "OfficialPluginTests", dependencies: ["BridgeOfficialPlugins", "BridgePlugins", "BridgeCorePlugins", "BridgeKit", "BridgeEvents", "BridgeApp",
                                                                "BridgeSimulation", "BridgeACL", "BridgeJSON", "BridgeProtocol",
                                                                "BridgeRouter", "BridgeCall", "BridgeDevice", "BridgeSandbox"]),
        .testTarget(name: "AppTests", dependencies: ["BridgeApp", "BridgeBinding", "BridgeCorePlugins", "BridgeKit", "BridgeACL", "BridgeJSON", "BridgePlugins", "BridgeOfficialPlugins",
                                                     "BridgeRouter", "BridgeProtocol", "TestSupport", "BridgeCall", "BridgeEvents"]),
        .testTarget(name: "BindingTests", dependencies: ["BridgeBinding", "BridgeJSON", "BridgeProtocol"]),
        .testTarget(name: "RouterTests", dependencies: ["BridgeRouter", "BridgeSimulation", "BridgeJSON", "BridgeProtocol",
                                                        "TestSupport", "BridgeCall", "BridgeDevice", "BridgeBinding"]),
        .testTarget(name: "ServerTests",
                    dependencies: ["BridgeServer", "BridgeJSON", "BridgeFraming", "BridgeProtocol", "BridgeRouter",
                                   "TestSupport", "BridgeCall", "BridgeBinding"]),
        .testTarget(name: "RenderTests", dependencies: ["BridgeRender", "BridgeJSON", "BridgeMedia"]),
        .testTarget(name: "CLITests", dependencies: ["BridgeCLI", "BridgeBrowser", "BridgeEvents", "BridgeOfficialPlugins", "BridgeContract", "BridgeJSON",
                                                     "BridgePlugins", "BridgeShareNatives", "TestSupport", "bridge",
                                                     "bridge-test-host", "bridge-generate", "BridgeCall"]),
    ] + kitPlugins.map {
        .target(name: "Bridge" + $0, dependencies: kitDependencies, path: "Sources/Plugins/" + $0)
    },
    swiftLanguageModes: [.v6]
)
