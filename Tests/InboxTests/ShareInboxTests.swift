import BridgeJSON
import Foundation
import Testing
@testable import BridgeInbox

func temporaryGroup() -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-group-\(UUID().uuidString)").path
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

func ids(_ result: ShareInbox.ReadResult) -> [String] { result.items.compactMap { $0["id"]?.stringValue } }

@Suite("Share inbox store")
struct ShareInboxTests {
    @Test("items come back oldest first, with text, url, image data URL and paths; media are files, not base64 in an index")
    func roundTrip() throws {
        let inbox = ShareInbox(group: temporaryGroup())
        let first = try inbox.append(try draft(text: "one", url: "https://frak.id/1", images: 1))
        let second = try inbox.append(try draft(text: "two"))
        let result = try inbox.read()
        #expect(ids(result) == [first, second])
        let item = result.items[0]
        #expect(item["text"] == "one")
        #expect(item["url"] == "https://frak.id/1")
        #expect(item["image"]?.stringValue?.hasPrefix("data:image/png;base64,iVBORw0KGgo") == true)
        let imagePath = try #require(item["imagePath"]?.stringValue)
        #expect(FileManager.default.contents(atPath: imagePath).map([UInt8].init) == pngBytes)
        #expect(result.items[1]["text"] == "two")
        #expect(result.items[1]["image"] == nil)
        let stored = try String(contentsOfFile: inbox.folder + "/items/\(first).json", encoding: .utf8)
        #expect(!stored.contains("base64"))
    }

    @Test("clear without ids removes only what a read returned; a share that arrived since survives")
    func clearOnlyDelivered() throws {
        let inbox = ShareInbox(group: temporaryGroup())
        let a = try inbox.append(try draft(text: "a"))
        _ = try inbox.read()
        let b = try inbox.append(try draft(text: "b"))
        #expect(try inbox.clear(ids: nil).removed == [a])
        #expect(ids(try inbox.read()) == [b])
        #expect(try inbox.clear(ids: nil).removed == [b])
        #expect(try inbox.read().items.isEmpty)
    }

    @Test("clear with ids removes those, reports the unknown, refuses malformed ids")
    func clearByID() throws {
        let inbox = ShareInbox(group: temporaryGroup())
        let a = try inbox.append(try draft(text: "a", images: 1))
        let b = try inbox.append(try draft(text: "b"))
        let result = try inbox.clear(ids: [a, "000000000099-00000000"])
        #expect(result.removed == [a])
        #expect(result.notFound == ["000000000099-00000000"])
        #expect(!FileManager.default.fileExists(atPath: inbox.folder + "/media/\(a)"))
        #expect(ids(try inbox.read()) == [b])
        #expect(throws: InboxError.self) { try inbox.clear(ids: ["../../etc/passwd"]) }
    }

    @Test("a corrupt item is moved to quarantine intact, reported, and never overwritten")
    func quarantine() throws {
        let inbox = ShareInbox(group: temporaryGroup())
        let good = try inbox.append(try draft(text: "good"))
        let corrupt = inbox.folder + "/items/000000000007-deadbeef.json"
        try Data("{ this is not json".utf8).write(to: URL(fileURLWithPath: corrupt))
        let result = try inbox.read()
        #expect(ids(result) == [good])
        #expect(result.quarantined.count == 1)
        let moved = try #require(result.quarantined.first?["movedTo"]?.stringValue)
        #expect(try String(contentsOfFile: moved, encoding: .utf8) == "{ this is not json")
        #expect(!FileManager.default.fileExists(atPath: corrupt))
        // The next share takes a number past the corrupt file's, never reusing it.
        let next = try inbox.append(try draft(text: "next"))
        #expect(ItemID.sequence(of: next) > 7)
    }

    @Test("a corrupt sequence file is quarantined and numbering continues past the stored items")
    func corruptSequence() throws {
        let inbox = ShareInbox(group: temporaryGroup())
        let a = try inbox.append(try draft(text: "a"))
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: inbox.folder + "/sequence"))
        let b = try inbox.append(try draft(text: "b"))
        #expect(ItemID.sequence(of: b) == ItemID.sequence(of: a) + 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: inbox.folder + "/quarantine").count == 1)
    }

    @Test("limits give clear errors and store nothing")
    func limits() throws {
        var limits = InboxLimits()
        limits.maxTextBytes = 4
        limits.maxItems = 1
        limits.maxAttachmentBytes = 10
        let inbox = ShareInbox(group: temporaryGroup(), limits: limits)
        #expect(throws: InboxError.self) { try inbox.append(try draft(text: "too long")) }
        #expect(throws: InboxError.self) { try inbox.append(try draft(images: 1)) }
        #expect(throws: InboxError.self) { try inbox.append(try draft()) }
        _ = try inbox.append(try draft(text: "ok"))
        let full = try draft(text: "full")
        do {
            _ = try inbox.append(full)
            Issue.record("accepted past the item limit")
        } catch {
            #expect(error.message == "the inbox holds 1 items, its limit; the app must read and clear it first")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: inbox.folder + "/media").isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: inbox.folder + "/tmp").isEmpty)
    }

    @Test("leftovers of interrupted writes are swept: staged media and media without an item")
    func sweep() throws {
        let inbox = ShareInbox(group: temporaryGroup())
        _ = try inbox.append(try draft(text: "first"))
        try FileManager.default.createDirectory(atPath: inbox.folder + "/tmp/000000000050-00000000", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: inbox.folder + "/media/000000000051-00000000", withIntermediateDirectories: true)
        _ = try inbox.append(try draft(text: "second"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: inbox.folder + "/tmp").isEmpty)
        #expect(!FileManager.default.fileExists(atPath: inbox.folder + "/media/000000000051-00000000"))
    }

    @Test("a missing App Group container is an error, not a silent new folder")
    func missingGroup() throws {
        #expect(throws: InboxError.self) { try ShareInbox(group: "/nonexistent/group").append(try draft(text: "x")) }
    }
}
