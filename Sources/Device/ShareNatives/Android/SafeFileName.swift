/// The name a shared file is stored under in `<cacheDir>/share/file-<UUID>/`, which is also the
/// `DISPLAY_NAME` a receiving app reads from the FileProvider (Gmail's attachment name).
///
/// Android's own rules, as its media and download providers name files they are handed:
/// `FileUtils.buildValidFatFilename` — every character FAT cannot hold (C0 controls, DEL,
/// `" * / : < > ? \ |`) becomes `_`, an empty name or `.`/`..` is `(invalid)`, and a name over
/// 255 UTF-8 bytes is trimmed from its middle, where `...` marks the cut — and
/// `FileUtils.splitFileName`'s extension rule: a name whose extension is not one of its MIME
/// type's gets the type's extension appended (`photo` as `image/png` is `photo.png`; so is
/// `photo.jpg` holding PNG bytes: `photo.jpg.png`).
enum SafeFileName {
    static let maxBytes = 255

    /// The stored name for a file called `name` (a path's last component is taken; nil when the
    /// source has none, as a `data:` URL) whose bytes are `mimeType`.
    static func make(_ name: String?, mimeType: String) -> String {
        let base = (name ?? "").split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        let named = base.isEmpty ? "file" : base
        var valid = validFat(named)
        if let ext = extensions[mimeType], !ext.contains(extensionOf(valid).lowercased()) {
            valid += "." + ext[0]
        }
        return trimmed(valid)
    }

    /// `FileUtils.buildValidFatFilename` without its trim.
    static func validFat(_ name: String) -> String {
        if name.isEmpty || name == "." || name == ".." { return "(invalid)" }
        return String(name.unicodeScalars.map { isValidFatCharacter($0) ? Character($0) : "_" })
    }

    /// `FileUtils.isValidFatFilenameChar`.
    static func isValidFatCharacter(_ c: Unicode.Scalar) -> Bool {
        if c.value < 0x20 || c.value == 0x7F { return false }
        return !"\"*/:<>?\\|".unicodeScalars.contains(c)
    }

    /// `FileUtils.trimFilename`: over `maxBytes` UTF-8 bytes, characters are removed from the
    /// middle until the rest and `...` fit, and `...` goes where they were.
    static func trimmed(_ name: String) -> String {
        guard name.utf8.count > maxBytes else { return name }
        var scalars = Array(name.unicodeScalars)
        var bytes = name.utf8.count
        while bytes > maxBytes - 3 {
            bytes -= String(scalars.remove(at: scalars.count / 2)).utf8.count
        }
        scalars.insert(contentsOf: "...".unicodeScalars, at: scalars.count / 2)
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars)
        return String(out)
    }

    /// The part after the last dot, or "" (a leading dot is a hidden file, not an extension).
    private static func extensionOf(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    /// The extensions `MimeTypeMap` maps to each type the bridge recognises, the preferred one
    /// first. A type missing here (`application/octet-stream`) keeps the name as given.
    static let extensions: [String: [String]] = [
        "image/png": ["png"], "image/jpeg": ["jpg", "jpeg", "jpe"], "image/gif": ["gif"], "image/webp": ["webp"],
        "image/heic": ["heic"], "image/heif": ["heif"], "image/bmp": ["bmp"], "image/tiff": ["tiff", "tif"], "image/x-icon": ["ico"],
        "application/pdf": ["pdf"], "text/plain": ["txt", "text"],
        "video/mp4": ["mp4", "m4v"], "video/quicktime": ["mov", "qt"], "video/x-msvideo": ["avi"], "video/x-matroska": ["mkv"],
        "video/webm": ["webm"],
    ]
}
