import BridgeJSON
import FoundationEssentials
import Glibc
import BridgeSystem

/// The share inbox in an App Group container: `<group>/ShareInbox/`.
///
/// Layout: `items/<id>.json` (one file per share), `media/<id>/` (its attachment files),
/// `leases.json` (who holds which item: `InboxLeases`), `leases/<session>.lock` (held with
/// `flock` by each live reader: `InboxSession`), `quarantine/` (files found corrupt), `tmp/`,
/// `sequence` (the last arrival number), `lock`.
///
/// - Important: Every operation holds an exclusive `flock` on `lock`, so concurrent extension
///   processes and the app never interleave; every file is written to `tmp/` and renamed into
///   place, so a crash leaves each item whole or absent; an item is deleted without being named
///   only after a `read`'s answer carrying it was written whole (at-least-once delivery with
///   leases, `InboxLeases`); a corrupt file is moved to `quarantine/` and reported,
///   never overwritten or read as empty. Nothing is read, written or deleted outside the
///   container through a link: every folder is opened without following links and worked on
///   relative to its descriptor (`DirectoryHandle`); a container whose folders or lock file are
///   links is refused (`.container`), and a link found in place of an item or an attachment
///   is moved to `quarantine/` as a link and reported, never followed.
public struct ShareInbox: Sendable {
    /// `<group>/ShareInbox`.
    public let folder: String
    /// The App Group container.
    public let group: String
    public let limits: InboxLimits
    /// How long a read's lease keeps its items from other live readers, in seconds.
    public let leaseTimeout: Double

    /// The default `leaseTimeout`: 30 seconds.
    public static let defaultLeaseTimeout: Double = 30

    /// The inbox of the App Group container `group`. The container must exist; the inbox's
    /// folders are created in it on first use.
    public init(group: String, limits: InboxLimits = InboxLimits(), leaseTimeout: Double = ShareInbox.defaultLeaseTimeout) {
        self.group = group
        folder = Paths.appending(group, "ShareInbox")
        self.limits = limits
        self.leaseTimeout = leaseTimeout
    }

    /// The inbox's folders, open for one operation.
    private struct Folders {
        let inbox, items, media, leases, quarantine, tmp: DirectoryHandle
        var lock: FileLock { FileLock(folder: inbox, name: "lock") }
    }

    /// Opens (creating when absent) every folder of the inbox, following no link.
    /// - Throws: `.container` when the App Group container is missing (nothing is created
    ///   then) or a folder is a link or not a folder.
    private func open() throws(InboxError) -> Folders {
        let inbox = try DirectoryHandle.container(group).folder("ShareInbox")
        return Folders(inbox: inbox, items: try inbox.folder("items"), media: try inbox.folder("media"),
                       leases: try inbox.folder("leases"), quarantine: try inbox.folder("quarantine"),
                       tmp: try inbox.folder("tmp"))
    }

    // MARK: Append

    /// Stores a share; returns its id. The share is whole on disk when this returns.
    public func append(_ draft: ShareDraft, receivedAt: Date = Date()) throws(InboxError) -> String {
        try check(draft)
        // A file past RLIMIT_FSIZE must fail with EFBIG, not kill the writer.
        signal(SIGXFSZ, SIG_IGN)
        let f = try open()
        return try f.lock.withLock { () throws(InboxError) -> String in
            sweep(f)
            let items = itemFiles(f)
            guard items.count < limits.maxItems else {
                throw InboxError(.invalidShare, "the inbox holds \(items.count) items, its limit; the app must read and clear it first")
            }
            let sequence = try nextSequence(f, existing: items)
            let id = ItemID.make(sequence: sequence)
            var attachments: [ShareItem.Attachment] = []
            if !draft.attachments.isEmpty {
                do throws(InboxError) {
                    let staging = try f.tmp.folder(id)
                    for (n, a) in draft.attachments.enumerated() {
                        let name = "\(n).\(a.fileExtension)"
                        let bytes = try DurableFile.copy(a.path, to: name, in: staging, limit: limits.maxAttachmentBytes)
                        attachments.append(ShareItem.Attachment(kind: a.kind.rawValue, typeIdentifier: a.typeIdentifier,
                                                                file: "media/\(id)/\(name)", bytes: bytes,
                                                                name: Paths.lastComponent(a.path), mimeType: a.mimeType))
                    }
                    FaultPoint.reach("media-staged")
                    staging.sync()
                    guard f.tmp.move(id, to: f.media, as: id) else {
                        throw DurableFile.storageError("cannot move \(staging.path) into media/")
                    }
                    f.media.sync()
                } catch {
                    f.tmp.removeTree(id)
                    throw error
                }
            }
            FaultPoint.reach("media-stored")
            let item = ShareItem(id: id, receivedAt: ShareInbox.timestamp(receivedAt), text: draft.text, url: draft.url,
                                 attachments: attachments)
            do throws(InboxError) {
                try DurableFile.write(item.json.serializedBytes(JSONFormat(sortedKeys: true, pretty: true)),
                                      to: "\(id).json", in: f.items, temporary: f.tmp)
            } catch {
                f.media.removeTree(id)
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
    private func nextSequence(_ f: Folders, existing: [String]) throws(InboxError) -> Int {
        var last = (existing + f.quarantine.names()).map { ItemID.sequence(of: $0) }.max() ?? 0
        switch f.inbox.read("sequence", limit: 64) {
        case .bytes(let data):
            let text = String(decoding: data, as: UTF8.self).trimmingWhitespaceAndNewlines()
            if let n = Int(text), n >= 0 {
                last = max(last, n)
            } else {
                quarantine("sequence", in: f.inbox, f, reason: "the sequence file does not hold a number")
            }
        case .tooLarge:
            quarantine("sequence", in: f.inbox, f, reason: "the sequence file does not hold a number")
        case .notOwnFile(let entry):
            quarantine("sequence", in: f.inbox, f, reason: "the sequence file is \(entry), not the inbox's own")
        case .unreadable:
            break
        }
        try DurableFile.write(Array("\(last + 1)\n".utf8), to: "sequence", in: f.inbox, temporary: f.tmp)
        return last + 1
    }

    /// Removes what interrupted writes left: staged media, temporary files, and media folders
    /// whose item never landed. Runs under the lock, so no write is in progress. A link is
    /// removed as a link.
    private func sweep(_ f: Folders) {
        for name in f.tmp.names() { f.tmp.removeTree(name) }
        let items = Set(itemFiles(f).map { String($0.dropLast(5)) })
        for name in f.media.names() where !items.contains(name) { f.media.removeTree(name) }
    }

    private func itemFiles(_ f: Folders) -> [String] {
        f.items.names().filter { $0.hasSuffix(".json") }
    }

    // MARK: Read and clear

    /// What `read` found.
    public struct ReadResult: Sendable {
        /// The items, oldest first, as the plugin returns them.
        public let items: [JSON]
        /// Files moved to `quarantine/`, with why.
        public let quarantined: [JSON]
        /// The leases this read took: hand it to `written(_:)` once the answer carrying the
        /// items was written whole to the reader.
        public let grant: InboxLeases.Grant
    }

    /// Every stored item no other live reader holds within its lease, oldest first, each with
    /// its `deliveryCount`; the items are leased to `session` (see `InboxLeases`). Corrupt files,
    /// and links found in place of the inbox's files, are quarantined and reported.
    /// - Throws: `.container` when the App Group container is missing (nothing is created) or
    ///   the inbox's folders are links.
    public func read(as session: InboxSession = .process, now: Date = Date()) throws(InboxError) -> ReadResult {
        let f = try open()
        return try f.lock.withLock { () throws(InboxError) -> ReadResult in
            try session.hold(in: f.leases)
            var found: [ShareItem] = []
            var quarantined: [JSON] = []
            for file in itemFiles(f) {
                let id = String(file.dropLast(5))
                let item: ShareItem?
                let reason: String
                switch f.items.read(file, limit: limits.maxItemBytes) {
                case .bytes(let data):
                    item = (try? JSONParser.parse(data)).flatMap { ShareItem(json: $0, expectedID: id) }
                    reason = "not a share item (corrupt or edited by another program)"
                case .notOwnFile(let entry):
                    item = nil
                    reason = "\(entry), not an item the inbox wrote; not followed"
                case .tooLarge:
                    item = nil
                    reason = "larger than \(limits.maxItemBytes) bytes: not an item the inbox wrote"
                case .unreadable:
                    item = nil
                    reason = "unreadable"
                }
                guard let item else {
                    quarantined.append(quarantine(file, in: f.items, f, reason: reason))
                    continue
                }
                found.append(item)
            }
            var book = try leases(f, quarantined: &quarantined)
            let grant = book.read(stored: found.map(\.id), session: session.id, now: now.timeIntervalSince1970,
                                  timeout: leaseTimeout, isAlive: liveness(f))
            try save(book, f)
            FaultPoint.reach("read-leased")
            let items = found.compactMap { item in
                grant.counts[item.id].map { describe(item, deliveryCount: $0, f, quarantined: &quarantined) }
            }
            return ReadResult(items: items, quarantined: quarantined, grant: grant)
        }
    }

    /// The answer carrying `grant`'s items was written whole to its reader: those leases become
    /// delivered, so `clear {}` may remove them once their session has ended.
    public func written(_ grant: InboxLeases.Grant) throws(InboxError) {
        guard !grant.counts.isEmpty else { return }
        let f = try open()
        try f.lock.withLock { () throws(InboxError) in
            var quarantined: [JSON] = []
            var book = try leases(f, quarantined: &quarantined)
            book.written(grant)
            try save(book, f)
        }
    }

    /// Removes the items named by `ids`, or, without ids, the items leased or delivered to
    /// `session` and those delivered to a reader whose session has ended (`InboxLeases.clear`):
    /// never one another live reader holds, nor one whose reader died before receiving it.
    /// - Returns: the ids removed, and the requested ids that were not there.
    /// - Throws: `.invalidShare` for a malformed id; `.container` as `read` does.
    public func clear(ids: [String]?, as session: InboxSession = .process) throws(InboxError) -> (removed: [String], notFound: [String]) {
        for id in ids ?? [] where !ItemID.isValid(id) {
            throw InboxError(.invalidShare, "'\(id)' is not an inbox item id (12 digits, '-', 8 hex digits, as read returns them)")
        }
        let f = try open()
        return try f.lock.withLock { () throws(InboxError) -> ([String], [String]) in
            let stored = itemFiles(f).map { String($0.dropLast(5)) }
            var quarantined: [JSON] = []
            var book = try leases(f, quarantined: &quarantined)
            let targets = book.clear(ids: ids, stored: stored, session: session.id, isAlive: liveness(f))
            let notFound = (ids ?? []).filter { !targets.contains($0) }
            for id in targets {
                // The item goes first: a crash after it leaves only media, which sweep removes.
                guard f.items.remove("\(id).json") else {
                    throw DurableFile.storageError("cannot remove item \(id)")
                }
                f.media.removeTree(id)
            }
            f.items.sync()
            try save(book, f)
            return (targets, notFound)
        }
    }

    /// The leases `leases.json` holds (none when it is absent); a file that is not a lease file
    /// is quarantined and reported, and the inbox starts afresh: every item is free again, so
    /// nothing is lost (`clear {}` then removes nothing until a read leases it anew).
    private func leases(_ f: Folders, quarantined: inout [JSON]) throws(InboxError) -> InboxLeases {
        let reason: String
        switch f.inbox.read(LeaseFile.name, limit: limits.maxItemBytes) {
        case .bytes(let data):
            if let book = (try? JSONParser.parse(data)).flatMap(LeaseFile.leases) { return book }
            reason = "not a lease file (corrupt or edited by another program)"
        case .unreadable:
            return InboxLeases()
        case .tooLarge:
            reason = "larger than \(limits.maxItemBytes) bytes: not a lease file the inbox wrote"
        case .notOwnFile(let entry):
            reason = "\(entry), not the inbox's lease file; not followed"
        }
        quarantined.append(quarantine(LeaseFile.name, in: f.inbox, f, reason: reason))
        return InboxLeases()
    }

    private func save(_ book: InboxLeases, _ f: Folders) throws(InboxError) {
        try DurableFile.write(LeaseFile.json(book).serializedBytes(JSONFormat(sortedKeys: true, pretty: true)),
                              to: LeaseFile.name, in: f.inbox, temporary: f.tmp)
    }

    /// Whether a reader's session is alive, asked once per session per operation; the lock
    /// files of sessions found dead are removed on the way.
    private func liveness(_ f: Folders) -> (String) -> Bool {
        var known: [String: Bool] = [:]
        for name in f.leases.names() where name.hasSuffix(".lock") {
            let id = String(name.dropLast(5))
            known[id] = InboxSession.isAlive(id, in: f.leases)
        }
        return { known[$0] ?? false }
    }

    /// The item as `read` returns it: `text` always (possibly empty), `url`, the first image as a
    /// `data:` URL (`image`) and its path (`imagePath`), every attachment with its absolute path.
    /// An attachment is `present` only as a single-link regular file inside `media/<id>/`; a
    /// link in its place (or in place of `media/<id>/`) is quarantined, never read.
    private func describe(_ item: ShareItem, deliveryCount: Int, _ f: Folders, quarantined: inout [JSON]) -> JSON {
        var o: JSONObject = ["id": .string(item.id), "text": .string(item.text ?? ""), "deliveryCount": .integer(deliveryCount)]
        if let url = item.url { o["url"] = .string(url) }
        var mediaFolder: DirectoryHandle? = nil
        if !item.attachments.isEmpty {
            switch f.media.entry(item.id) {
            case .directory:
                mediaFolder = try? f.media.folder(item.id, create: false)
            case .missing:
                break
            case let other:
                quarantined.append(quarantine(item.id, in: f.media, f,
                                              reason: "\(other) in place of the item's media folder; not followed"))
            }
        }
        /// The attachment's file name inside `media/<id>/`, when it is the inbox's own file.
        func ownFile(_ a: ShareItem.Attachment) -> String? {
            let name = String(a.file.dropFirst("media/\(item.id)/".count))
            guard let mediaFolder, !name.isEmpty, !name.contains("/") else { return nil }
            switch mediaFolder.entry(name) {
            case .file(_, 1):
                return name
            case .missing:
                return nil
            case let other:
                quarantined.append(quarantine(name, in: mediaFolder, f, reason: "\(other) in place of an attachment; not read"))
                return nil
            }
        }
        let present = item.attachments.map(ownFile)
        if let index = item.attachments.firstIndex(where: { $0.kind == "image" }) {
            let image = item.attachments[index]
            o["imagePath"] = .string(Paths.appending(folder, image.file))
            if let name = present[index], let mediaFolder, image.bytes <= limits.maxDataURLBytes,
               case .bytes(let data) = mediaFolder.read(name, limit: limits.maxDataURLBytes) {
                o["image"] = .string("data:\(image.mimeType ?? "application/octet-stream");base64,\(Data(data).base64EncodedString())")
            }
        }
        o["receivedAt"] = .string(item.receivedAt)
        o["attachments"] = .array(zip(item.attachments, present).map { a, name in
            ["kind": .string(a.kind), "typeIdentifier": .string(a.typeIdentifier),
             "path": .string(Paths.appending(folder, a.file)),
             "bytes": .integer(a.bytes), "name": .string(a.name), "present": .bool(name != nil)]
        })
        return .object(o)
    }

    /// Moves `name` (a corrupt file, or a link, which moves as a link) from `source` into
    /// `quarantine/` — never deleting or overwriting it — and describes the move.
    @discardableResult
    private func quarantine(_ name: String, in source: DirectoryHandle, _ f: Folders, reason: String) -> JSON {
        let stamp = ShareInbox.timestamp(Date()).replacing(literal: ":", with: "-")
        let target = "\(name).\(stamp).\(UUID().uuidString.prefix(8))"
        let moved = source.move(name, to: f.quarantine, as: target)
        let file = source.child(name), movedTo = f.quarantine.child(target)
        StandardError.write("bridge: share inbox: \(file): \(reason): moved to \(movedTo)\n")
        return ["file": .string(file), "movedTo": moved ? .string(movedTo) : .null, "reason": .string(reason)]
    }

    static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
