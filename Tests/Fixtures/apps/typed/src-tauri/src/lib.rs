mod models;

use models::*;
use std::collections::HashMap;
use tauri::{ipc::Channel, AppHandle, State};

pub struct Db;

#[tauri::command]
fn greet(name: &str) -> String {
    format!("Hello, {}!", name)
}

#[tauri::command]
async fn get_note(app: AppHandle, db: State<'_, Db>, note_id: NoteId) -> Result<Note, AppError> {
    let _ = (app, db, note_id);
    Err(AppError::NotFound("no such note".into()))
}

#[tauri::command]
fn list_notes(page_size: Option<u32>, filter: Option<String>) -> NotePage {
    let _ = (page_size, filter);
    unimplemented!()
}

#[tauri::command(rename_all = "snake_case")]
fn save_shape(shape_id: u32, shape: Shape) -> Result<(), String> {
    let _ = (shape_id, shape);
    Ok(())
}

#[tauri::command]
fn last_shape() -> Shape {
    Shape::Empty
}

#[tauri::command]
fn pick_color() -> Color {
    Color::Red
}

#[tauri::command]
fn watch_events(on_event: Channel<Event>) -> Event {
    let _ = on_event;
    Event::Started
}

#[tauri::command]
fn payloads(count: usize) -> Vec<Payload> {
    let _ = count;
    vec![]
}

#[tauri::command]
fn tuple_stats() -> (u32, f64, String) {
    (0, 0.0, String::new())
}

#[tauri::command]
fn scores() -> HashMap<String, Vec<i16>> {
    HashMap::new()
}

#[tauri::command]
fn tree() -> Folder {
    unimplemented!()
}

#[tauri::command]
fn raw_settings(settings: serde_json::Value) -> serde_json::Value {
    settings
}

#[tauri::command]
fn ping() {}

#[tauri::command]
fn nothing() -> Nothing {
    Nothing
}

#[tauri::command]
fn deadline() -> chrono::DateTime<chrono::Utc> {
    chrono::Utc::now()
}

#[tauri::command]
fn remind(note_id: u64) -> Option<Reminder> {
    let _ = note_id;
    None
}

#[cfg_attr(mobile, tauri::mobile_entry_point)]
pub fn run() {
    tauri::Builder::default()
        .manage(Db)
        .invoke_handler(tauri::generate_handler![
            greet,
            get_note,
            list_notes,
            save_shape,
            last_shape,
            pick_color,
            watch_events,
            payloads,
            tuple_stats,
            scores,
            tree,
            raw_settings,
            ping,
            nothing,
            deadline,
            remind
        ])
        .run(tauri::generate_context!())
        .expect("error while running tauri application");
}
