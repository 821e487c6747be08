use tauri::{
    plugin::{Builder, TauriPlugin},
    Runtime,
};

mod commands;

pub fn init<R: Runtime>() -> TauriPlugin<R> {
    Builder::new("passkey")
        .invoke_handler(tauri::generate_handler![commands::forget_all])
        .build()
}
