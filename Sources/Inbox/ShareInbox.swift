import BridgeJSON
import Foundation

/// The share inbox in an App Group container: `<group>/ShareInbox/`.
///
/// Layout: `items/<id>.json` (one file per share), `media/<id>/` (its attachment files),
/// `delivered/<id>` (a mark: a `read` returned it), `quarantine/` (files found corrupt),
/// `tmp/`, `sequence` (the last arrival number), `lock`.
///
/// - Important: Every operation holds an exclusive `flock` on `lock`, so concurrent extension
///   processes and the app never interleave; every file is written to `tmp/` and renamed into
///   place, so a crash leaves each item whole or absent; an item is deleted without being named
///   only after a `read` returned it; a corrupt file is moved to `quarantine/` and reported,
///   never overwritten or read as empty.
public struct ShareInbox: Sendable {
    public let folder: String
    public let limits: InboxLimits

    /// The inbox of the App Group container `group` (created on first use).
    public init(group: String, limits: InboxLimits = InboxLimits()) {
        folder = (group as NSString).appendingPathComponent("ShareInbox")
        self.limits = limits
    }

    private func path(_ parts: String...) -> String {
        parts.reduce(folder) { ($0 as NSString).appendingPathComponent($1) }
    }

    private var lock: FileLock { FileLock(path: path("lock")) }

    private func prepare() throws(InboxError) {
        for sub in ["items", "media", "delivered", "quarantine", "tmp"] {
            do {
                try FileManager.default.createDirectory(atPath: path(sub), withIntermediateDirectories: true)
            } catch {
                throw InboxError(.storage, "cannot create \(path(sub)): \(error.localizedDescription); nothing was stored")
            }
        }
    }

    // MARK: Append

    /// Stores a share; returns its id. The share is whole on disk when this returns.
    public func append(_ draft: ShareDraft, receivedAt: Date = Date()) throws(InboxError) -> String {
        try check(draft)
        var groupIsFolder: ObjCBool = false
        let group = (folder as NSString).deletingLastPathComponent
        guard FileManager.default.fileExists(atPath: group, isDirectory: &groupIsFolder), groupIsFolder.boolValue else {
            throw InboxError(.storage, "the App Group container \(group) does not exist; create it or pass the right --app-group")
        }
        // A file past RLIMIT_FSIZE must fail with EFBIG, not kill the writer.
        signal(SIGXFSZ, SIG_IGN)
        try prepare()
        return try lock.withLock { () throws(InboxError) -> String in
            try sweep()
            let items = itemFiles()
            guard items.count < limits.maxItems else {
                throw InboxError(.invalidShare, "the inbox holds \(items.count) items, its limit; the app must read and clear it first")
            }
            let sequence = try nextSequence(existing: items)
            let id = ItemID.make(sequence: sequence)
            let staging = path("tmp", id)
            var attachments: [ShareItem.Attachment] = []
            if !draft.attachments.isEmpty {
                do {
                    try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
                } catch {
                    throw DurableFile.storageError("cannot create \(staging)")
                }
                do throws(InboxError) {
                    for (n, a) in draft.attachments.enumerated() {
                        let name = "\(n).\(a.fileExtension)"
                        let bytes = try DurableFile.copy(a.path, to: (staging as NSString).appendingPathComponent(name),
                                                         limit: limits.maxAttachmentBytes)
                        attachments.append(ShareItem.Attachment(kind: a.kind.rawValue, typeIdentifier: a.typeIdentifier,
                                                                file: "media/\(id)/\(name)", bytes: bytes,
                                                                name: (a.path as NSString).lastPathComponent, mimeType: a.mimeType))
                    }
                    FaultPoint.reach("media-staged")
                    DurableFile.syncFolder(staging)
                    guard rename(staging, path("media", id)) == 0 else { throw DurableFile.storageError("cannot move \(staging) into media/") }
                    DurableFile.syncFolder(path("media"))
                } catch {
                    try? FileManager.default.removeItem(atPath: staging)
                    throw error
                }
            }
            FaultPoint.reach("media-stored")
            let item = ShareItem(id: id, receivedAt: ShareInbox.timestamp(receivedAt), text: draft.text, url: draft.url,
                                 attachments: attachments)
            do throws(InboxError) {
                try DurableFile.write(item.json.serializedBytes(JSONFormat(sortedKeys: true, pretty: true)),
                                      to: path("items", "\(id).json"), temporaryFolder: path("tmp"))
            } catch {
                try? FileManager.default.removeItem(atPath: path("media", id))
                throw error
            }
            FaultPoint.reach("item-stored")
            return id
        }
    }

    private func check(_ draft: ShareDraft) throws(InboxError) {
        let hasText = !(draft.text ?? "").isEmpty, hasURL = !(draft.url ?? "").isEmpty
        guard hasText || hasURL || !draft.attachments.isEmpty else {
            throw InboxError(.invalidShare, "nothing to share: give --text, --url, --image, --movie or --file")
        }
        if let t = draft.text, t.utf8.count > limits.maxTextBytes {
            throw InboxError(.invalidShare, "the text is \(t.utf8.count) bytes, over the \(limits.maxTextBytes)-byte limit")
        }
        if let u = draft.url, u.utf8.count > limits.maxURLBytes {
            throw InboxError(.invalidShare, "the URL is \(u.utf8.count) bytes, over the \(limits.maxURLBytes)-byte limit")
        }
        if draft.attachments.count > limits.maxAttachments {
            throw InboxError(.invalidShare, "\(draft.attachments.count) attachments, over the limit of \(limits.maxAttachments)")
        }
    }

    /// The next arrival number, one past the `sequence` file, every stored id and every
    /// quarantined one (so a lost or corrupt sequence file never reuses a number).
    private func nextSequence(existing: [String]) throws(InboxError) -> Int {
        let file = path("sequence")
        let quarantined = (try? FileManager.default.contentsOfDirectory(atPath: path("quarantine"))) ?? []
        var last = (existing + quarantined).map { ItemID.sequence(of: $0) }.max() ?? 0
        if let data = FileManager.default.contents(atPath: file) {
            let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if let n = Int(text), n >= 0 {
                last = max(last, n)
            } else {
                quarantine(file, reason: "the sequence file does not hold a number")
            }
        }
        try DurableFile.write(Array("\(last + 1)\n".utf8), to: file, temporaryFolder: path("tmp"))
        return last + 1
    }

    /// Removes what interrupted writes left: staged media, temporary files, and media folders
    /// whose item never landed. Runs under the lock, so no write is in progress.
    private func sweep() throws(InboxError) {
        let fm = FileManager.default
        for name in (try? fm.contentsOfDirectory(atPath: path("tmp"))) ?? [] {
            try? fm.removeItem(atPath: path("tmp", name))
        }
        let items = Set(itemFiles().map { String($0.dropLast(5)) })
        for name in (try? fm.contentsOfDirectory(atPath: path("media"))) ?? [] where !items.contains(name) {
            try? fm.removeItem(atPath: path("media", name))
        }
        for name in (try? fm.contentsOfDirectory(atPath: path("delivered"))) ?? [] where !items.contains(name) {
            try? fm.removeItem(atPath: path("delivered", name))
        }
    }

    private func itemFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path("items"))) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted()
    }

    // MARK: Read and clear

    /// What `read` found.
    public struct ReadResult: Sendable {
        /// The items, oldest first, as the plugin returns them.
        public let items: [JSON]
        /// Files moved to `quarantine/`, with why.
        public let quarantined: [JSON]
    }

    /// Every stored item, oldest first; each is marked delivered, so a later `clear` without ids
    /// may remove it. Corrupt files are quarantined and reported.
    public func read() throws(InboxError) -> ReadResult {
        try prepare()
        return try lock.withLock { () throws(InboxError) -> ReadResult in
            var items: [JSON] = []
            var quarantined: [JSON] = []
            for file in itemFiles() {
                let id = String(file.dropLast(5))
                let itemPath = path("items", file)
                let data = FileManager.default.contents(atPath: itemPath).map { [UInt8]($0) }
                guard let data, let json = try? JSONParser.parse(data), let item = ShareItem(json: json, expectedID: id) else {
                    let reason = data == nil ? "unreadable" : "not a share item (corrupt or edited by another program)"
                    quarantined.append(quarantine(itemPath, reason: reason))
                    continue
                }
                items.append(describe(item))
                let mark = path("delivered", id)
                if !FileManager.default.fileExists(atPath: mark) {
                    try DurableFile.write([], to: mark, temporaryFolder: path("tmp"))
                }
            }
            return ReadResult(items: items, quarantined: quarantined)
        }
    }

    /// Removes the items named by `ids`, or, without ids, every item a `read` has returned.
    /// - Returns: the ids removed, and the requested ids that were not there.
    public func clear(ids: [String]?) throws(InboxError) -> (removed: [String], notFound: [String]) {
        for id in ids ?? [] where !ItemID.isValid(id) {
            throw InboxError(.invalidShare, "'\(id)' is not an inbox item id (12 digits, '-', 8 hex digits, as read returns them)")
        }
        try prepare()
        return try lock.withLock { () throws(InboxError) -> ([String], [String]) in
            let stored = Set(itemFiles().map { String($0.dropLast(5)) })
            let targets: [String]
            var notFound: [String] = []
            if let ids {
                targets = ids.filter { stored.contains($0) }
                notFound = ids.filter { !stored.contains($0) }
            } else {
                let delivered = (try? FileManager.default.contentsOfDirectory(atPath: path("delivered"))) ?? []
                targets = delivered.filter { stored.contains($0) }.sorted()
            }
            for id in targets {
                // The item goes first: a crash after it leaves only media, which sweep removes.
                guard unlink(path("items", "\(id).json")) == 0 || errno == ENOENT else {
                    throw DurableFile.storageError("cannot remove item \(id)")
                }
                try? FileManager.default.removeItem(atPath: path("media", id))
                unlink(path("delivered", id))
            }
            DurableFile.syncFolder(path("items"))
            return (targets, notFound)
        }
    }

    /// The item as `read` returns it: `text` always (possibly empty), `url`, the first image as a
    /// `data:` URL (`image`) and its path (`imagePath`), every attachment with its absolute path.
    private func describe(_ item: ShareItem) -> JSON {
        var o: JSONObject = ["id": .string(item.id), "text": .string(item.text ?? "")]
        if let url = item.url { o["url"] = .string(url) }
        if let image = item.attachments.first(where: { $0.kind == "image" }) {
            let file = (folder as NSString).appendingPathComponent(image.file)
            o["imagePath"] = .string(file)
            if image.bytes <= limits.maxDataURLBytes, let data = FileManager.default.contents(atPath: file) {
                o["image"] = .string("data:\(image.mimeType ?? "application/octet-stream");base64,\(data.base64EncodedString())")
            }
        }
        o["receivedAt"] = .string(item.receivedAt)
        o["attachments"] = .array(item.attachments.map { a in
            let file = (folder as NSString).appendingPathComponent(a.file)
            return ["kind": .string(a.kind), "typeIdentifier": .string(a.typeIdentifier), "path": .string(file),
                    "bytes": .integer(a.bytes), "name": .string(a.name), "present": .bool(FileManager.default.fileExists(atPath: file))]
        })
        return .object(o)
    }

    /// Moves a corrupt file aside (never deletes or overwrites it) and describes the move.
    @discardableResult
    private func quarantine(_ file: String, reason: String) -> JSON {
        let stamp = ShareInbox.timestamp(Date()).replacingOccurrences(of: ":", with: "-")
        let target = path("quarantine", "\((file as NSString).lastPathComponent).\(stamp).\(UUID().uuidString.prefix(8))")
        let moved = rename(file, target) == 0
        FileHandle.standardError.write(Data("bridge: share inbox: \(reason): moved \(file) to \(target)\n".utf8))
        return ["file": .string(file), "movedTo": moved ? .string(target) : .null, "reason": .string(reason)]
    }

    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}
