const COMMANDS: &[&str] = &["register", "authenticate", "forget_all"];

fn main() {
    tauri_plugin::Builder::new(COMMANDS)
        .android_path("android")
        .ios_path("ios")
        .build();
}
