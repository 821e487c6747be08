use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;

/// A note: fields renamed to camelCase, one renamed by hand, one skipped, one defaulted.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Note {
    pub note_id: u64,
    pub title: String,
    #[serde(rename = "body_text")]
    pub body: Option<String>,
    pub tags: Vec<String>,
    #[serde(skip)]
    pub cache: Vec<u8>,
    #[serde(default)]
    pub pinned: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub color: Option<Color>,
    pub author: Author,
    pub attachments: HashMap<String, Attachment>,
    pub scores: BTreeMap<String, f64>,
    pub position: (i32, i32),
}

/// A nested struct with no serde attributes: fields as written.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Author {
    pub display_name: String,
    pub avatar: Option<PathBuf>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Attachment {
    pub path: PathBuf,
    pub size: usize,
    /// Extra keys, written in place of the field.
    #[serde(flatten)]
    pub meta: Meta,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub struct Meta {
    pub mime_type: String,
}

/// Externally tagged (serde's default): unit variants are strings.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum Color {
    Red,
    Green,
    #[serde(rename = "sky-blue")]
    Blue,
    Custom(u8, u8, u8),
    Named { name: String },
    Hex(String),
}

/// Internally tagged: the tag beside the fields.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Shape {
    Circle { radius: f64 },
    Rectangle { width: f64, height: f64 },
    Empty,
    Labelled(Label),
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Label {
    pub text: String,
}

/// Adjacently tagged: tag and content side by side.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "kind", content = "data", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum Event {
    Started,
    Progress(u32),
    Finished { total_bytes: u64, file_path: PathBuf },
}

/// Untagged: the variant's content alone.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Payload {
    Text(String),
    Count(i64),
    Pair(String, bool),
    Record { key: String, value: serde_json::Value },
}

/// A generic struct, used with different arguments.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Page<T> {
    pub items: Vec<T>,
    pub next: Option<u32>,
}

/// A newtype and a unit struct.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct NoteId(pub u64);

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Nothing;

/// A recursive type.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Folder {
    pub name: String,
    pub children: Vec<Folder>,
    pub parent: Option<Box<Folder>>,
}

/// The app's error: what invoke() rejects with.
#[derive(Debug, Serialize)]
#[serde(tag = "code", content = "message")]
pub enum AppError {
    NotFound(String),
    Io(String),
}

pub type NotePage = Page<Note>;

/// A type of another crate: typed unknown, never auto-answered.
#[derive(Debug, Serialize)]
pub struct Reminder {
    pub note_id: u64,
    pub at: chrono::DateTime<chrono::Utc>,
}
