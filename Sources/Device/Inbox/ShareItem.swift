import BridgeJSON

/// One stored share, as `items/<id>.json` holds it. Attachments are files beside it, never
/// base64 inside it.
struct ShareItem: Sendable, Equatable {
    struct Attachment: Sendable, Equatable {
        let kind: String
        let typeIdentifier: String
        /// Relative to the inbox folder: `media/<id>/<n>.<ext>`.
        let file: String
        let bytes: Int
        let name: String
        let mimeType: String?
    }

    let id: String
    let receivedAt: String
    let text: String?
    let url: String?
    let attachments: [Attachment]

    var json: JSON {
        var o: JSONObject = ["id": .string(id), "receivedAt": .string(receivedAt)]
        if let text { o["text"] = .string(text) }
        if let url { o["url"] = .string(url) }
        o["attachments"] = .array(attachments.map { a in
            var e: JSONObject = ["kind": .string(a.kind), "typeIdentifier": .string(a.typeIdentifier), "file": .string(a.file),
                                 "bytes": .integer(a.bytes), "name": .string(a.name)]
            if let m = a.mimeType { e["mimeType"] = .string(m) }
            return .object(e)
        })
        return .object(o)
    }

    /// Reads a stored item; `nil` when the document is not one (then it is quarantined).
    init?(json: JSON, expectedID: String) {
        guard case .object(let o) = json, o["id"]?.stringValue == expectedID, ItemID.isValid(expectedID),
              let receivedAt = o["receivedAt"]?.stringValue, let list = o["attachments"]?.arrayValue else { return nil }
        var attachments: [Attachment] = []
        for entry in list {
            guard let kind = entry["kind"]?.stringValue, let type = entry["typeIdentifier"]?.stringValue,
                  let file = entry["file"]?.stringValue, file.hasPrefix("media/\(expectedID)/"), !file.contains(".."),
                  let bytes = entry["bytes"]?.numberValue?.intValue, let name = entry["name"]?.stringValue else { return nil }
            attachments.append(Attachment(kind: kind, typeIdentifier: type, file: file, bytes: bytes, name: name,
                                          mimeType: entry["mimeType"]?.stringValue))
        }
        self.init(id: expectedID, receivedAt: receivedAt, text: o["text"]?.stringValue, url: o["url"]?.stringValue,
                  attachments: attachments)
    }

    init(id: String, receivedAt: String, text: String?, url: String?, attachments: [Attachment]) {
        self.id = id
        self.receivedAt = receivedAt
        self.text = text
        self.url = url
        self.attachments = attachments
    }
}

/// Item identifiers: a 12-digit arrival number, then 8 random hex digits —
/// `000000000042-9f3c01ab`. Sorting them sorts items oldest first.
enum ItemID {
    static func make(sequence: Int) -> String {
        let number = String(sequence)
        let random = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        return String(repeating: "0", count: max(0, 12 - number.count)) + number + "-"
            + String(repeating: "0", count: 8 - random.count) + random
    }

    static func isValid(_ id: String) -> Bool {
        let u = Array(id.utf8)
        guard u.count == 21, u[12] == UInt8(ascii: "-") else { return false }
        return u[0..<12].allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
            && u[13...].allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    }

    static func sequence(of id: String) -> Int { Int(id.prefix(12)) ?? 0 }
}
