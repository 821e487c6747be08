import BridgeJSON

/// `ShareInbox/leases.json`: the inbox's `InboxLeases`, read and written under the inbox lock,
/// written durably (a temporary file, fsync, rename) like every file of the store.
///
/// `{"leases": {"<item id>": {"session", "leasedAt", "deliveryCount", "delivered"}}}`
enum LeaseFile {
    static let name = "leases.json"

    /// The file as JSON.
    static func json(_ book: InboxLeases) -> JSON {
        var leases = JSONObject()
        for (id, lease) in book.leases {
            leases[id] = ["session": .string(lease.session), "leasedAt": JSONNumber(lease.leasedAt).map(JSON.number) ?? .integer(0),
                          "deliveryCount": .integer(lease.deliveryCount), "delivered": .bool(lease.delivered)]
        }
        return ["leases": .object(leases)]
    }

    /// The leases the file holds; `nil` when it is not a lease file.
    static func leases(_ json: JSON) -> InboxLeases? {
        guard case .object(let entries)? = json["leases"] else { return nil }
        var leases: [String: InboxLeases.Lease] = [:]
        for member in entries {
            let id = member.key, entry = member.value
            guard ItemID.isValid(id), let session = entry["session"]?.stringValue,
                  let leasedAt = entry["leasedAt"]?.numberValue?.doubleValue, leasedAt.isFinite,
                  let count = entry["deliveryCount"]?.numberValue?.intValue, count >= 0,
                  case .bool(let delivered)? = entry["delivered"] else { return nil }
            leases[id] = InboxLeases.Lease(session: session, leasedAt: leasedAt, deliveryCount: count, delivered: delivered)
        }
        return InboxLeases(leases)
    }
}
