// swift-tools-version:6.0
// The bridge: a Tauri-style plugin bridge runtime. A call flows
// framing → protocol → router → plugins → backends; the server owns the
// session and the CLI is the front door. No package dependencies.
import PackageDescription

let package = Package(
    name: "bridge",
    products: [
        .executable(name: "bridge", targets: ["bridge"]),
    ],
    targets: [
        // Exact JSON: value type, parser, serializer.
        .target(name: "BridgeJSON", path: "Sources/JSON"),
        // Bytes → messages: NDJSON and Content-Length framing.
        .target(name: "BridgeFraming", path: "Sources/Framing"),
        // JSON-RPC 2.0 wire model: ids, errors, envelopes, batches.
        .target(name: "BridgeProtocol", dependencies: ["BridgeJSON"], path: "Sources/Protocol"),
        // Command names, the registry of plugin commands, dispatch.
        .target(name: "BridgeRouter", dependencies: ["BridgeJSON", "BridgeProtocol"], path: "Sources/Router"),
        // The `serve` session: reader, single writer, in-flight table, lifecycle.
        .target(name: "BridgeServer",
                dependencies: ["BridgeJSON", "BridgeFraming", "BridgeProtocol", "BridgeRouter"],
                path: "Sources/Server"),
        // The command line: `bridge invoke`, `bridge serve`, help and version.
        .target(name: "BridgeCLI",
                dependencies: ["BridgeJSON", "BridgeProtocol", "BridgeRouter", "BridgeServer"],
                path: "Sources/CLI"),
        .executableTarget(name: "bridge", dependencies: ["BridgeCLI"], path: "Sources/bridge"),

        // Test doubles: the test-only plugin `bridge-test`.
        .target(name: "TestSupport", dependencies: ["BridgeJSON", "BridgeRouter", "BridgeProtocol"],
                path: "Tests/TestSupport"),
        // `bridge` plus the test-only plugin, spawned by the end-to-end tests.
        .executableTarget(name: "bridge-test-host", dependencies: ["BridgeCLI", "TestSupport"],
                          path: "Tests/TestHost"),

        .testTarget(name: "JSONTests", dependencies: ["BridgeJSON"]),
        .testTarget(name: "FramingTests", dependencies: ["BridgeFraming"]),
        .testTarget(name: "ProtocolTests", dependencies: ["BridgeProtocol", "BridgeJSON"]),
        .testTarget(name: "RouterTests", dependencies: ["BridgeRouter", "BridgeJSON", "BridgeProtocol", "TestSupport"]),
        .testTarget(name: "ServerTests",
                    dependencies: ["BridgeServer", "BridgeJSON", "BridgeFraming", "BridgeProtocol", "BridgeRouter", "TestSupport"]),
        .testTarget(name: "CLITests", dependencies: ["BridgeCLI", "BridgeJSON", "bridge", "bridge-test-host"]),
    ],
    swiftLanguageModes: [.v6]
)
