// In-process micro-benchmarks, run by Benchmarks/run.sh (release build), never by `swift test`.
// Each figure is the median of several rounds; read them next to the baselines the script prints.
import BridgeACL
import BridgeCall
import BridgeContract
import BridgeFrakShare
import BridgeJSON
import Foundation

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

/// Runs `body` `rounds` times and returns the median wall time in seconds.
func measure(rounds: Int = 7, _ body: () throws -> Void) rethrows -> Double {
    var times: [Double] = []
    for _ in 0..<rounds {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return median(times)
}

let plugin = FrakSharePlugin.plugin()
let manifests = try ACLSetup.manifests([plugin])

// 1,000 capabilities: different windows, permissions, inline scopes and remote URLs.
var capabilityText = "["
for k in 0..<1000 {
    if k > 0 { capabilityText += "," }
    let permission = k % 3 == 0 ? #"{"identifier": "frak-share:allow-share-text", "allow": [{"url": "https://*.app\#(k).example/*"}]}"#
        : k % 3 == 1 ? #""frak-share:default""# : #""frak-share:deny-share-text""#
    let remote = k % 5 == 0 ? #", "remote": {"urls": ["https://*.app\#(k).example"]}"# : ""
    capabilityText += #"{"identifier": "cap-\#(k)", "windows": ["window-\#(k)", "pop-\#(k)-*"]\#(remote), "permissions": [\#(permission)]}"#
}
capabilityText += "]"
let capabilities = try Capability.decodeFile(capabilityText, path: "bench.json")
let parse = try measure { _ = try Capability.decodeFile(capabilityText, path: "bench.json") }
var authority: Authority? = nil
let resolve = try measure { authority = try Authority(manifests: manifests, capabilities: capabilities) }
guard let authority, let name = CommandName(plugin: "frak-share", command: "share_text") else { fatalError("setup") }

let calls = 1_000_000
let context = CallContext(window: "window-1")
_ = authority.authorize(name, context: context)
let cached = measure(rounds: 5) {
    for _ in 0..<calls { _ = authority.authorize(name, context: context) }
}
let uncachedCalls = 2_000
let uncached = measure(rounds: 5) {
    for k in 0..<uncachedCalls { _ = authority.decide(name, context: CallContext(window: "window-\(k % 1000)")) }
}

print(String(format: "acl.parse_1000_capabilities_ms %.2f", parse * 1000))
print(String(format: "acl.resolve_1000_capabilities_ms %.2f", resolve * 1000))
print(String(format: "acl.check_per_call_ns %.1f", cached / Double(calls) * 1e9))
print(String(format: "acl.decide_uncached_per_call_us %.2f", uncached / Double(uncachedCalls) * 1e6))

// Layer 1's schema check of a typical share_text call.
let argumentValidator = SchemaArgumentValidator()
let shareArguments: JSONObject = ["url": "https://frak.id/invite", "text": "Join me", "title": "Frak", "imageUrl": "https://frak.id/logo.png"]
let checks = 100_000
_ = argumentValidator.check(name, arguments: shareArguments)
let schemaCheck = measure(rounds: 5) {
    for _ in 0..<checks { _ = argumentValidator.check(name, arguments: shareArguments) }
}
let refusedArguments: JSONObject = ["text": "Join me", "image_url": "https://frak.id/logo.png"]
let schemaRefusal = measure(rounds: 5) {
    for _ in 0..<(checks / 10) { _ = argumentValidator.check(name, arguments: refusedArguments) }
}
print(String(format: "schema.check_share_text_us %.2f", schemaCheck / Double(checks) * 1e6))
print(String(format: "schema.refuse_share_text_us %.2f", schemaRefusal / Double(checks / 10) * 1e6))
