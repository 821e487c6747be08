import BridgeJSON
import Foundation
import Testing
@testable import BridgeInbox

/// A folder outside the App Group container holding one file, `keep.txt`: what a link
/// planted in the inbox points to, and what must survive every operation untouched.
private func victim() throws -> String {
    let path = temporaryGroup()
    try Data("not the inbox's".utf8).write(to: URL(fileURLWithPath: path + "/keep.txt"))
    return path
}

private func names(_ folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
}

private func link(_ path: String, to target: String) throws {
    try? FileManager.default.removeItem(atPath: path)
    try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
}

/// The refusal of an operation on a container whose folder `name` is a link.
private func expectRefused(_ name: String, _ body: () throws(InboxError) -> Void) {
    do {
        try body()
        Issue.record("the operation went through the link \(name)")
    } catch {
        #expect(error.kind == .container)
        #expect(error.message.contains("\(name) is a symbolic link, not the share inbox's own"), "\(error.message)")
        #expect(error.message.contains("nothing was read, written or deleted"))
    }
}

@Suite("Share inbox never leaves the App Group container through a link")
struct ContainerLinkTests {
    @Test("tmp/ a link to another folder: the share is refused and that folder's files survive")
    func temporaryFolderLink() throws {
        let inbox = ShareInbox(group: temporaryGroup())
        _ = try inbox.append(try draft(text: "first"))
        let outside = try victim()
        try link(inbox.folder + "/tmp", to: outside)
        let second = try draft(text: "second", images: 1)
        expectRefused("ShareInbox/tmp") { () throws(InboxError) in _ = try inbox.append(second) }
        expectRefused("ShareInbox/tmp") { () throws(InboxError) in _ = try inbox.read() }
        #expect(names(outside) == ["keep.txt"])
    }

    @Test("any folder of the inbox a link: append, read and clear are refused and its target is untouched",
          arguments: ["items", "media", "leases", "quarantine", "tmp"])
    func everyFolderLink(folder: String) throws {
        let inbox = ShareInbox(group: temporaryGroup())
        _ = try inbox.append(try draft(text: "first", images: 1))
        let outside = try victim()
        try link(inbox.folder + "/" + folder, to: outside)
        let share = try draft(text: "x", images: 1)
        expectRefused("ShareInbox/\(folder)") { () throws(InboxError) in _ = try inbox.append(share) }
        expectRefused("ShareInbox/\(folder)") { () throws(InboxError) in _ = try inbox.read() }
        expectRefused("ShareInbox/\(folder)") { () throws(InboxError) in _ = try inbox.clear(ids: nil) }
        #expect(names(outside) == ["keep.txt"])
    }

    @Test("items/ a link: nothing is written to its target")
    func itemsFolderLink() throws {
        let inbox = ShareInbox(group: temporaryGroup())
        _ = try inbox.read()
        let outside = try victim()
        try link(inbox.folder + "/items", to: outside)
        let share = try draft(text: "x")
        expectRefused("ShareInbox/items") { () throws(InboxError) in _ = try inbox.append(share) }
        expectRefused("ShareInbox/items") { () throws(InboxError) in _ = try inbox.clear(ids: nil) }
        #expect(names(outside) == ["keep.txt"])
    }

    @Test("ShareInbox itself a link: refused for append, read and clear; the target stays as it was")
    func inboxFolderLink() throws {
        let group = temporaryGroup()
        let outside = try victim()
        try link(group + "/ShareInbox", to: outside)
        let inbox = ShareInbox(group: group)
        let share = try draft(text: "x")
        expectRefused("ShareInbox") { () throws(InboxError) in _ = try inbox.append(share) }
        expectRefused("ShareInbox") { () throws(InboxError) in _ = try inbox.read() }
        expectRefused("ShareInbox") { () throws(InboxError) in _ = try inbox.clear(ids: nil) }
        #expect(names(outside) == ["keep.txt"])
    }

    @Test("the lock file a link: refused, its target neither created nor opened")
    func lockLink() throws {
        let inbox = ShareInbox(group: temporaryGroup())
        _ = try inbox.read()
        let outside = try victim()
        try link(inbox.folder + "/lock", to: outside + "/lock")
        let share = try draft(text: "x")
        expectRefused("ShareInbox/lock") { () throws(InboxError) in _ = try inbox.append(share) }
        #expect(names(outside) == ["keep.txt"])
    }

    @Test("media/<id>/0.png a link: read never returns the target's bytes; the link is quarantined as a link")
    func attachmentLink() throws {
        let inbox = ShareInbox(group: temporaryGroup())
        let id = try inbox.append(try draft(text: "look", images: 1))
        let secret = temporaryFile(Array("secret bytes, not a png".utf8))
        try link(inbox.folder + "/media/\(id)/0.png", to: secret)
        let result = try inbox.read()
        let item = try #require(result.items.first)
        #expect(item["id"] == .string(id))
        #expect(item["image"] == nil)
        #expect(item["attachments"]?.arrayValue?.first?["present"] == false)
        let moved = try #require(result.quarantined.first)
        #expect(moved["reason"]?.stringValue?.hasPrefix("a symbolic link in place of an attachment") == true)
        let movedTo = try #require(moved["movedTo"]?.stringValue)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: movedTo) == secret)
        #expect(FileManager.default.contents(atPath: secret) == Data("secret bytes, not a png".utf8))
    }

    @Test("a hard link in place of an attachment is not read either")
    func attachmentHardLink() throws {
        let inbox = ShareInbox(group: temporaryGroup())
        let id = try inbox.append(try draft(text: "look", images: 1))
        let other = temporaryFile(pngBytes + Array("other program's".utf8))
        let file = inbox.folder + "/media/\(id)/0.png"
        try FileManager.default.removeItem(atPath: file)
        try FileManager.default.linkItem(atPath: other, toPath: file)
        let result = try inbox.read()
        #expect(result.items.first?["image"] == nil)
        #expect(result.quarantined.first?["reason"]?.stringValue?.hasPrefix("a file with 2 hard links") == true)
    }

    @Test("media/<id> a link: quarantined, not followed; clear leaves its target's files")
    func mediaFolderLink() throws {
        let inbox = ShareInbox(group: temporaryGroup())
        let id = try inbox.append(try draft(text: "look", images: 1))
        let outside = try victim()
        try link(inbox.folder + "/media/\(id)", to: outside)
        let result = try inbox.read()
        #expect(result.items.first?["attachments"]?.arrayValue?.first?["present"] == false)
        #expect(result.quarantined.first?["reason"]?.stringValue?.hasPrefix("a symbolic link in place of the item's media folder") == true)
        try link(inbox.folder + "/media/\(id)", to: outside)
        #expect(try inbox.clear(ids: nil).removed == [id])
        #expect(names(outside) == ["keep.txt"])
        #expect(!FileManager.default.fileExists(atPath: inbox.folder + "/media/\(id)"))
    }

    @Test("items/<id>.json a link to a well-formed item elsewhere: quarantined unread")
    func itemLink() throws {
        let inbox = ShareInbox(group: temporaryGroup())
        let id = try inbox.append(try draft(text: "real"))
        let elsewhere = temporaryFile(Array(#"{"id":"000000000009-00000000","receivedAt":"x","attachments":[],"text":"planted"}"#.utf8))
        try link(inbox.folder + "/items/000000000009-00000000.json", to: elsewhere)
        let result = try inbox.read()
        #expect(ids(result) == [id])
        #expect(result.quarantined.first?["reason"]?.stringValue?.hasPrefix("a symbolic link, not an item the inbox wrote") == true)
        #expect(FileManager.default.fileExists(atPath: elsewhere))
    }

    @Test("the sweep removes links left in tmp/ and media/ as links, never what they point to")
    func sweepRemovesLinksOnly() throws {
        let inbox = ShareInbox(group: temporaryGroup())
        _ = try inbox.append(try draft(text: "first"))
        let outside = try victim()
        try link(inbox.folder + "/tmp/000000000050-00000000", to: outside)
        try link(inbox.folder + "/media/000000000051-00000000", to: outside)
        _ = try inbox.append(try draft(text: "second"))
        #expect(names(inbox.folder + "/tmp").isEmpty)
        #expect(!names(inbox.folder + "/media").contains("000000000051-00000000"))
        #expect(names(outside) == ["keep.txt"])
    }

    @Test("read and clear refuse a missing App Group container as append does, creating nothing")
    func missingContainer() throws {
        let group = temporaryGroup() + "/mistyped"
        let inbox = ShareInbox(group: group)
        let expected = "the App Group container \(group) does not exist; create it or pass the right --app-group"
        for operation in ["append", "read", "clear"] {
            do {
                switch operation {
                case "append": _ = try inbox.append(try draft(text: "x"))
                case "read": _ = try inbox.read()
                default: _ = try inbox.clear(ids: nil)
                }
                Issue.record("\(operation) accepted a missing container")
            } catch let error as InboxError {
                #expect(error == InboxError(.container, expected), "\(operation)")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: group))
    }
}
