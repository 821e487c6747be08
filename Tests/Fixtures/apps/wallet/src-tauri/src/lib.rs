#[tauri::command]
fn greet(name: String) -> String {
    format!("Hello, {name}!")
}

#[tauri::command]
fn sign(message: String) -> String {
    message
}

/// Registered, but not listed in build.rs's AppManifest: Tauri refuses it once the app has one.
#[tauri::command]
fn version() -> String {
    "1.0.0".into()
}

#[cfg_attr(mobile, tauri::mobile_entry_point)]
pub fn run() {
    tauri::Builder::default()
        .invoke_handler(tauri::generate_handler![greet, sign, version])
        .run(tauri::generate_context!())
        .expect("error while running tauri application");
}
