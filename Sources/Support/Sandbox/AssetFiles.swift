/// The files `convertFileSrc` URLs name: a device path looked up within the app's
/// `app.security.assetProtocol.scope` (the fs sandbox answers it, `FsAssetFiles`).
public protocol AssetFiles: Sendable {
    /// What the asset protocol finds at the decoded device path `path`.
    func lookUp(_ path: String) -> AssetLookup
}

/// What is at a device path, for the asset protocol.
public enum AssetLookup: Sendable {
    /// Refused: Tauri answers `403` with no body (a `..` component, or outside the scope).
    case forbidden(reason: String)
    /// Nothing there: `404`, no body.
    case notFound(reason: String)
    /// A regular file of `size` bytes; `read(offset, count)` reads a part of it.
    case file(size: Int, read: @Sendable (_ offset: Int, _ count: Int) -> [UInt8]?)
    /// There, but not readable: `500` with the reason, as Tauri's handler answers an error.
    case failed(reason: String)
}
