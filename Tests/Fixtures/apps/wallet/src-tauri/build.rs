fn main() {
    tauri_build::try_build(
        tauri_build::Attributes::new()
            // The app's own ACL manifest: these commands need allow-<command> in a capability.
            .app_manifest(tauri_build::AppManifest::new().commands(&["greet", "sign"])),
    )
    .unwrap();
}
