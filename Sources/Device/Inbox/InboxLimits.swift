/// The limits that keep a share, and the inbox, within bounds.
public struct InboxLimits: Sendable, Equatable {
    /// The longest text, in UTF-8 bytes.
    public var maxTextBytes = 1 << 20
    /// The longest URL, in UTF-8 bytes.
    public var maxURLBytes = 8192
    /// The largest attachment file.
    public var maxAttachmentBytes = 100 << 20
    /// The most attachments in one share.
    public var maxAttachments = 100
    /// The most items the inbox holds before new shares are refused.
    public var maxItems = 10_000
    /// The largest image returned inline as a `data:` URL by `read` (larger ones: path only).
    public var maxDataURLBytes = 20 << 20
    /// The largest item file `read` parses (text and URL at their limits, JSON-escaped, fit).
    public var maxItemBytes = 16 << 20

    public init() {}
}
