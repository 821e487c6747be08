import BridgeInbox
import BridgeJSON
import BridgeMedia

/// The intent a sending app builds to share with another app: `ACTION_SEND` for one stream (or
/// text alone), `ACTION_SEND_MULTIPLE` for several streams, with the MIME type as Android's
/// documentation asks of senders (`CommonMIMEType`) — the streams' type when they all share it,
/// `image/*` when they share only the top-level type, else `*/*`.
///
/// Text and URL travel as one `EXTRA_TEXT` (`text + "\n" + url`, the link last, as the
/// frak-share plugin's Android side builds it). Each file is an `EXTRA_STREAM` `content://`
/// URI of the sender's FileProvider, mirrored in `ClipData` with
/// `FLAG_GRANT_READ_URI_PERMISSION` (what `Intent.migrateExtraStreamToClipData` does).
public struct AndroidSendIntent: Sendable, Equatable {
    /// One shared file.
    public struct Stream: Sendable, Equatable {
        public let path: String
        public let mimeType: String
        public let uri: String
    }

    public static let actionSend = "android.intent.action.SEND"
    public static let actionSendMultiple = "android.intent.action.SEND_MULTIPLE"
    /// The sending app's FileProvider authority in the `content://` URIs.
    public static let senderAuthority = "com.example.sender.fileprovider"

    public let action: String
    public let type: String
    public let text: String?
    public let streams: [Stream]
    /// The draft the files came from (their kinds and types, recognised from their bytes).
    public let draft: ShareDraft

    /// The intent for a share of `draft`'s text, URL and files.
    /// - Throws: `invalidShare` for an empty share (nothing to send).
    public init(_ draft: ShareDraft) throws(InboxError) {
        let body = [draft.text, draft.url].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "\n")
        guard !body.isEmpty || !draft.attachments.isEmpty else {
            throw InboxError(.invalidShare, "nothing to share: give --text, --url, --image, --movie or --file")
        }
        self.draft = draft
        text = body.isEmpty ? nil : body
        streams = draft.attachments.enumerated().map { n, a in
            Stream(path: a.path, mimeType: AndroidSendIntent.mimeType(a), uri: "content://\(AndroidSendIntent.senderAuthority)/shared/\(n + 1)")
        }
        action = streams.count > 1 ? AndroidSendIntent.actionSendMultiple : AndroidSendIntent.actionSend
        type = streams.isEmpty ? "text/plain" : CommonMIMEType.of(streams.map(\.mimeType))
    }

    /// The MIME type of an attachment: from its bytes for images and movies, else its file type.
    static func mimeType(_ a: ShareDraft.Attachment) -> String {
        if let m = a.mimeType { return m }
        switch a.typeIdentifier {
        case "public.mpeg-4": return "video/mp4"
        case "com.apple.quicktime-movie": return "video/quicktime"
        case "public.avi": return "video/x-msvideo"
        case "org.matroska.mkv": return "video/x-matroska"
        default: return "application/octet-stream"
        }
    }

    /// The record of the intent, as `extension receive` prints it.
    public var record: JSON {
        var extras: JSONObject = [:]
        if let text { extras["android.intent.extra.TEXT"] = .string(text) }
        if action == AndroidSendIntent.actionSendMultiple {
            extras["android.intent.extra.STREAM"] = .array(streams.map { .string($0.uri) })
        } else if let stream = streams.first {
            extras["android.intent.extra.STREAM"] = .string(stream.uri)
        }
        return [
            "action": .string(action), "type": .string(type), "categories": [], "extras": .object(extras),
            "clipData": streams.isEmpty ? .null : .array(streams.map { ["uri": .string($0.uri), "mimeType": .string($0.mimeType)] }),
            "flags": streams.isEmpty ? [] : ["FLAG_GRANT_READ_URI_PERMISSION"],
        ]
    }

    /// What the receiving activity reads from the intent: `EXTRA_TEXT` (a last line that is an
    /// http(s) URL becomes the share's URL) and every stream (`getParcelableArrayListExtra`
    /// for `SEND_MULTIPLE`, so none is dropped), copied into the app's inbox.
    public var received: ShareDraft {
        var text = self.text
        var url: String? = nil
        if let body = self.text {
            var lines = body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if let last = lines.last, let scheme = last.split(separator: ":").first?.lowercased(), scheme == "http" || scheme == "https",
               !last.contains(" ") {
                url = last
                lines.removeLast()
                text = lines.isEmpty ? nil : lines.joined(separator: "\n")
            }
        }
        return draft.replacing(text: text, url: url)
    }
}
