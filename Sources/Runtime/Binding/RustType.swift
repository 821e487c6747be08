import BridgeJSON

/// One argument a command reads from the call's payload.
public struct RustArgument: Sendable, Equatable {
    /// The Rust name (`image_url`).
    public let name: String
    /// The key it is read under (`imageUrl`, or `image_url` with `rename_all = "snake_case"`).
    public let key: String
    public let type: RustType
    /// The type as written, taken apart (`bridge types`); `nil` for arguments not read from Rust.
    public let written: RustTypeExpression?

    public init(name: String, key: String, type: RustType, written: RustTypeExpression? = nil) {
        self.name = name
        self.key = key
        self.type = type
        self.written = written
    }

    /// Two arguments are bound alike when their names, keys and types are: how the type was
    /// spelt does not count.
    public static func == (a: RustArgument, b: RustArgument) -> Bool { a.name == b.name && a.key == b.key && a.type == b.type }
}

/// What an argument's Rust type accepts, as serde deserialises JSON into it.
public indirect enum RustType: Sendable, Equatable {
    /// `String`, `Cow<str>`: serde's `expected a string`.
    case string
    /// `&str`: serde's `&'de str` visitor wants a borrowed string (`expected a borrowed string`).
    case borrowedString
    /// A string a type's own visitor reads, saying what it expects (fs's `SafeFilePath`:
    /// `expected a string representing an file URL or a path`).
    case stringVisitor(String)
    case bool
    /// `u8` … `i128`, `usize`, `isize`: the name, for serde's wording (`expected u32`).
    case integer(String)
    /// `f32`, `f64`.
    case float(String)
    case char
    case path
    case option(RustType)
    case sequence(RustType)
    case map
    /// `serde_json::Value`, or a type the bridge does not know (a struct or enum of the app):
    /// any value; its name is kept for messages.
    case any(String)
    /// `tauri::ipc::Channel<T>`: `__CHANNEL__:<id>`.
    case channel

    /// The type of a Rust type as written: `Option<Vec<String>>`, `&str`, `tauri::ipc::Channel<Event>`;
    /// read in time linear in its length (`RustTypeReader`).
    /// - Throws: `RustTypeError.tooDeep` past `RustTypeReader.maxDepth` (64) nested brackets.
    public init(rust text: String) throws(RustTypeError) {
        self = try RustTypeReader(text).type()
    }
}
