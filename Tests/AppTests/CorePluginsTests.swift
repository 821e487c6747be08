import BridgeApp
import BridgeCall
import BridgeCorePlugins
import BridgeEvents
import BridgeJSON
import BridgeProtocol
import BridgeRouter
import Testing

/// A router of Tauri's core plugins alone, without an ACL: what each command answers.
private func coreRouter() throws -> Router {
    Router(registry: try CommandRegistry(plugins: CorePlugins.plugins(AppInfo(), events: nil, surface: AppSurface())))
}

/// `method` with `params` through `router`, on a Linux desktop from the `main` webview.
private func call(_ router: Router, _ method: String, _ params: JSON = [:]) async -> Result<JSON, ResponseError> {
    let context = CallContext(platform: .linux)
    switch router.prepare(method: method, params: params, context: context) {
    case .failure(let e): return .failure(e)
    case .success(let c): return await router.run(c).map(\.result)
    }
}

@Suite("Tauri's core webview plugin")
struct WebviewCorePluginTests {
    @Test("get_all_webviews names each webview's window as window_label (WebviewRef has no rename_all)")
    func allWebviews() async throws {
        let answer = await call(try coreRouter(), "plugin:webview|get_all_webviews")
        #expect(answer == .success([["label": "main", "window_label": "main"]]))
    }
}

@Suite("Tauri's core event plugin, per modelled version")
struct EventCorePluginVersionTests {
    @Test("emit_to's listener matching follows the app's Tauri: exact at 2.0.6, label-aware from 2.1.0 (#11581)")
    func matching() {
        let hub = EventHub()
        _ = CorePlugins.plugins(AppInfo(), events: hub, surface: AppSurface(), versions: .baseline)
        #expect(hub.targetMatching == .exact)
        _ = CorePlugins.plugins(AppInfo(), events: hub, surface: AppSurface(), versions: ModelledVersions(tauri: ReleaseVersion(2, 1, 0)))
        #expect(hub.targetMatching == .labelAware)
    }
}
