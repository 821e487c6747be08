import Foundation
import Testing

/// The versions an app pins, read by the shipped binary itself: this test process links
/// Foundation, the binary does not, so what bridges through Foundation here (a file size
/// `as? Int`) can fail there, and only a spawned binary shows it.
@Suite("The binary reads the app's pins")
struct AppVersionsProcessTests {
    @Test("--version --app names the Tauri its Cargo.toml requires")
    func cargoTomlRead() throws {
        let app = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/apps/vanilla").path
        let run = try runBridge(["--version", "--app", app], executable: Products.bridge)
        #expect(run.status == 0)
        #expect(run.stdout.contains("tauri 2.0.0 (\(app)/src-tauri/Cargo.toml)"), "\(run.stdout)")
        #expect(run.stdout.contains("\nfs 2.0.0 (as Tauri's)"), "\(run.stdout)")
    }
}
