use tauri::{ipc::Channel, AppHandle, State};

/* A block comment with a fake attribute: #[tauri::command] fn ghost() {} */
pub struct Notes(std::sync::Mutex<Vec<String>>);

#[tauri::command(rename_all = "snake_case")]
pub async fn save_note(
    app: AppHandle,
    notes: State<'_, Notes>,
    note_title: String,
    body: Option<String>,
    tags: Vec<String>,
) -> Result<u32, String> {
    let _ = (app, notes, note_title, body, tags);
    Ok(1)
}

#[tauri::command]
pub fn count_words(text_body: String, max_count: u8) -> usize {
    let s = "#[tauri::command] fn in_a_string() {}";
    let _ = (s, max_count);
    text_body.split_whitespace().count()
}

#[tauri::command]
pub fn stream_progress(on_event: Channel<u32>) {
    let _ = on_event;
}

// Defined but not registered: Tauri answers "Command unregistered not found".
#[tauri::command]
pub fn unregistered() {}
