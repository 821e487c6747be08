use tauri::{command, AppHandle, Runtime};

#[command]
pub(crate) async fn forget_all<R: Runtime>(_app: AppHandle<R>, user_name: String, everywhere: Option<bool>) -> Result<u32, String> {
    let _ = (user_name, everywhere);
    Ok(0)
}
