import BridgeACL
import BridgeCall
import BridgeDevice

/// A small plugin's permission files, with sets and a scope.
let demoManifest: PluginManifest? = try? PluginManifest.load(plugin: "demo", files: [
    ("default.toml", "[default]\npermissions = [\"allow-ping\"]\n[[set]]\nidentifier = \"all\"\ndescription = \"d\"\npermissions = [\"allow-ping\", \"deny-ping\"]\n"),
    ("commands.toml", "[[permission]]\nidentifier = \"allow-ping\"\ncommands.allow = [\"ping\"]\n[[permission]]\nidentifier = \"deny-ping\"\ncommands.deny = [\"ping\"]\n[[permission]]\nidentifier = \"scoped\"\n[[permission.scope.allow]]\nurl = \"https://*.test/*\"\n"),
])
let ping = CommandName(plugin: "demo", command: "ping")

/// Capability and permission loading never crash: the input is read as a capability file (JSON,
/// or TOML when it starts with `#`) and as a permission file; a capability that loads resolves
/// on every platform and answers a call.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzACL(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = bytes(data, size)
    let text = String(decoding: input, as: UTF8.self)
    _ = try? PluginManifest.load(plugin: "fuzz", files: [("fuzz.toml", text)])
    let path = input.first == UInt8(ascii: "#") ? "fuzz.toml" : "fuzz.json"
    guard let manifest = demoManifest, let ping,
          let capabilities = try? Capability.decodeFile(text, path: path),
          let authority = try? Authority(manifests: ["demo": manifest], capabilities: capabilities) else { return 0 }
    for platform in Platform.allCases {
        _ = authority.resolved(for: platform).json
        for window in ["main", "w-1"] {
            _ = authority.authorize(ping, context: CallContext(window: window, origin: "https://a.test/x", platform: platform))
        }
    }
    return 0
}
