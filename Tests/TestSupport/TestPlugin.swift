import BridgeACL
import BridgeBinding
import BridgeCall
import BridgeJSON
import BridgeProtocol
import Foundation

/// The test-only plugin `bridge-test`: commands that echo, wait, fail and misbehave on demand,
/// so the runtime can be tested before (and independently of) the product's plugins.
public struct TestPlugin: Plugin {
    public let name = "bridge-test"

    public init() {}

    public var permissionFiles: [PermissionFile] { generatedPermissionFiles(self) }

    public var commands: [Command] {
        [
            Command("echo", summary: "Returns its arguments unchanged.") { invocation in
                .object(invocation.arguments)
            },
            Command("sleep", summary: "Waits `ms` milliseconds (cancellable); with `marker`, writes `started`, then `completed` or `cancelled`, to that file.",
                    parameters: [Parameter("ms", .integer, required: true), Parameter("marker", .string)]) { invocation in
                let ms = invocation.arguments["ms"]?.numberValue?.intValue ?? 0
                let marker = invocation.arguments["marker"]?.stringValue
                if let marker { try? Data("started".utf8).write(to: URL(fileURLWithPath: marker)) }
                do {
                    try await Task.sleep(nanoseconds: UInt64(max(ms, 0)) * 1_000_000)
                } catch {
                    if let marker { try? Data("cancelled".utf8).write(to: URL(fileURLWithPath: marker)) }
                    throw error
                }
                if let marker { try? Data("completed".utf8).write(to: URL(fileURLWithPath: marker)) }
                return ["slept": .number(JSONNumber(ms))]
            },
            Command("fail", summary: "Rejects with `message`.", parameters: [Parameter("message", .string)]) { (invocation) -> JSON in
                throw ResponseError.rejected(invocation.arguments["message"]?.stringValue ?? "rejected by request",
                                             details: ["command": .string(invocation.name.description)])
            },
            Command("crash", summary: "Throws an unexpected error (a bug), which must become -32603.") { (_) -> JSON in
                throw TestPluginBug()
            },
            Command("print", summary: "Prints a stray line to stdout, which must not reach the protocol stream.") { _ in
                print("stray output from a plugin")
                fflush(nil)
                return ["printed": true]
            },
            Command("context", summary: "Returns the call context it ran with.") { invocation in
                let c = invocation.context
                return [
                    "window": .string(c.window), "webview": .string(c.webview), "origin": .string(c.origin),
                    "platform": .string(c.platform.rawValue), "device": .string(c.device.rawValue),
                ]
            },
        ]
    }
}

/// A second plugin that shares the command name `echo`, for ambiguity tests.
public struct OtherTestPlugin: Plugin {
    public let name = "bridge-test-other"

    public init() {}

    public var permissionFiles: [PermissionFile] { generatedPermissionFiles(self) }

    public var commands: [Command] {
        [Command("echo", summary: "Returns its arguments unchanged.") { .object($0.arguments) }]
    }
}

/// The error `crash` throws: not a `ResponseError`.
struct TestPluginBug: Error, CustomStringConvertible {
    var description: String { "deliberate bug in bridge-test" }
}

/// What `permissions/<plugin>/` would hold for a test plugin: the generated per-command files
/// and a default set that allows every command.
func generatedPermissionFiles(_ plugin: any Plugin) -> [PermissionFile] {
    let commands = plugin.commands.map(\.name)
    let allows = commands.map { "\"allow-\(CommandPermissions.slug($0))\"" }.joined(separator: ", ")
    return commands.map { PermissionFile(path: CommandPermissions.path(command: $0), text: CommandPermissions.text(command: $0)) }
        + [PermissionFile(path: "default.toml", text: "[default]\ndescription = \"Every command of \(plugin.name)\"\npermissions = [\(allows)]\n")]
}
