import BridgeJSON
import BridgeProtocol
import BridgeSystem

/// A resource with work to do when it is closed (`Resource::close`: a store forgets its path
/// and saves what a pending auto-save would have).
public protocol ClosableResource: AnyObject, Sendable {
    func close()
}

/// Tauri's resource table (`crates/tauri/src/resources/mod.rs` @ a8105ecc): what a command
/// hands the front end by id (`ResourceId`, a `u32`) — an open file, a lines reader — kept
/// until `plugin:resources|close` (`Resource.close()` in `@tauri-apps/api/core`) or the command
/// that ends it. One per session; at most `limit` open at once, so a page that never closes its
/// handles runs into a clear error, not out of descriptors.
public final class ResourceTable: Sendable {
    /// What a table holds: closed when removed (its `deinit` releases the descriptor).
    public typealias Resource = AnyObject & Sendable

    private struct State {
        var next: UInt32 = 1
        var items: [UInt32: any Resource] = [:]
    }

    private let state = SharedLock(State())
    public let limit: Int
    /// The webviews' own tables, by label (`Webview::resources_table`), made when first used.
    private let webviews = SharedLock<[String: ResourceTable]>([:])

    public init(limit: Int = 1024) { self.limit = limit }

    /// The table of the webview `label`: what a command of that webview adds (an fs handle, an
    /// http request) is found only from it, as Tauri keeps a table per webview — a page in
    /// another webview can neither read, close nor exhaust it. The table this is called on is
    /// the app's (`AppHandle::resources_table`: the store's).
    public func webview(_ label: String) -> ResourceTable {
        let limit = self.limit
        return webviews.withLock { tables in
            if let table = tables[label] { return table }
            let table = ResourceTable(limit: limit)
            tables[label] = table
            return table
        }
    }

    /// Adds `resource`; its id.
    public func add(_ resource: any Resource) throws(ResponseError) -> UInt32 {
        let limit = self.limit
        let rid: UInt32? = state.withLock { s in
            guard s.items.count < limit else { return nil }
            // Tauri draws ids at random; the bridge counts, skipping any still in use.
            while s.items[s.next] != nil || s.next == 0 { s.next &+= 1 }
            let rid = s.next
            s.next &+= 1
            s.items[rid] = resource
            return rid
        }
        guard let rid else {
            throw .rejected("the bridge holds at most \(limit) resources open per session (file handles, line readers); close the ones you are done with (FileHandle.close(), plugin:resources|close)",
                            details: ["layer": "command", "limit": .number(JSONNumber(limit))])
        }
        return rid
    }

    /// The resource `rid` as a `T`, or Tauri's `The resource id {rid} is invalid.`.
    public func get<T>(_ rid: UInt32, as: T.Type) throws(ResponseError) -> T {
        guard let found = state.withLock({ $0.items[rid] }) as? T else { throw ResourceTable.invalid(rid) }
        return found
    }

    /// Removes `rid`; Tauri's error when it is not there.
    public func close(_ rid: UInt32) throws(ResponseError) {
        let removed = state.withLock { $0.items.removeValue(forKey: rid) }
        guard let removed else { throw ResourceTable.invalid(rid) }
        (removed as? any ClosableResource)?.close()
    }

    /// Removes `rid` without closing it (`ResourceTable::take`); `nil` when it is not there.
    @discardableResult
    public func take(_ rid: UInt32) -> (any Resource)? { state.withLock { $0.items.removeValue(forKey: rid) } }

    /// tauri `error.rs` `BadResourceId`.
    public static func invalid(_ rid: UInt32) -> ResponseError {
        .rejected("The resource id \(rid) is invalid.", details: ["layer": "command"])
    }
}

