/// Why the inbox could not do what was asked; the message says what to do.
public struct InboxError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// The share breaks a limit (size, count) or names a file that is not what it claims.
        case invalidShare = "invalid_share"
        /// The activation rule refuses the share.
        case refused
        /// The disk or the file system failed (full, read-only, permissions); nothing was stored.
        case storage
        /// The activation rule file cannot be used.
        case invalidRule = "invalid_rule"
        /// The App Group container is missing, or a folder or file the inbox relies on is a
        /// link or not what it should be; nothing was read, written or deleted.
        case container
    }

    public let kind: Kind
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
