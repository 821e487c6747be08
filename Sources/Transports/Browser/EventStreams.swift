import BridgeEvents
import BridgeHTTPServer
import BridgeJSON
import BridgeSystem
import Synchronization

/// The open `/__bridge/events` streams, by page, and what goes down them: Server-Sent Events
/// named `callback` (`{callback, payload}`: a Channel message or a `listen()` event),
/// `bridge/presentation`, `bridge/warning`, `bridge/event` and, first, `ready`.
final class EventStreams: Sendable {
    private struct Entry {
        let page: String
        let stream: HTTPEventStream
        /// Whether the page's capabilities let it `listen` (Tauri's `core:event:allow-listen`):
        /// plugin events (`bridge/event`) go only to those pages.
        let hearsEvents: Bool
    }

    private let entries = SharedLock<[Int: Entry]>([:])
    private let nextID = Atomic<Int>(0)

    /// Adds a page's stream; it is dropped when it closes, and `onGone` runs when the page has no
    /// stream left.
    func add(page: String, stream: HTTPEventStream, hearsEvents: Bool = true, onGone: @escaping @Sendable () -> Void) {
        let id = nextID.add(1, ordering: .relaxed).newValue
        entries.withLock { $0[id] = Entry(page: page, stream: stream, hearsEvents: hearsEvents) }
        stream.onClose { [self] in
            let left = entries.withLock { e -> Bool in
                e[id] = nil
                return e.values.contains { $0.page == page }
            }
            if !left { onGone() }
        }
        send("ready", ["page": .string(page)], to: stream)
    }

    /// Sends an event to the streams of `page`, or of every page when `page` is `nil`; `data`
    /// is built only when such a stream is open.
    func send(_ name: String, _ data: @autoclosure () -> JSON, page: String?) {
        send(name, written: data().serializedBytes(), page: page)
    }

    /// `send(_:_:page:)` for data already serialized (compact: one line).
    func send(_ name: String, written data: @autoclosure () -> [UInt8], page: String?) {
        let targets = entries.withLock { e in e.values.filter { page == nil || $0.page == page }.map(\.stream) }
        guard !targets.isEmpty else { return }
        let bytes = EventStreams.event(name, written: data())
        for stream in targets { stream.send(bytes) }
    }

    /// Sends an event to the pages that may listen (plugin events).
    private func sendToListeners(_ name: String, _ data: JSON) {
        let targets = entries.withLock { e in e.values.filter(\.hearsEvents).map(\.stream) }
        guard !targets.isEmpty else { return }
        let bytes = EventStreams.event(name, data)
        for stream in targets { stream.send(bytes) }
    }

    /// How many pages have a stream open.
    var pageCount: Int { entries.withLock { Set($0.values.map(\.page)).count } }

    private func send(_ name: String, _ data: JSON, to stream: HTTPEventStream) {
        stream.send(EventStreams.event(name, data))
    }

    /// One Server-Sent Event's bytes. The compact serializer writes one line: newlines inside
    /// strings are escaped.
    static func event(_ name: String, _ data: JSON) -> [UInt8] {
        event(name, written: data.serializedBytes())
    }

    /// One Server-Sent Event's bytes, its data serialized already (compact: one line).
    static func event(_ name: String, written data: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count + data.count + 16)
        bytes.append(contentsOf: "event: ".utf8)
        bytes.append(contentsOf: name.utf8)
        bytes.append(contentsOf: "\ndata: ".utf8)
        bytes.append(contentsOf: data)
        bytes.append(contentsOf: "\n\n".utf8)
        return bytes
    }

    /// Delivers what the event hub hands over.
    func deliver(_ delivery: EventDelivery) {
        switch delivery {
        case .callback(let client, let callback, let payload):
            let page = client.flatMap { $0.hasPrefix("page:") ? String($0.dropFirst(5)) : nil }
            if client != nil && page == nil { return }
            send("callback", ["callback": .number(JSONNumber(Int(callback))), "payload": payload], page: page)
        case .event(let event):
            sendToListeners("bridge/event", ["plugin": .string(event.plugin), "event": .string(event.event), "payload": event.payload])
        }
    }

    func closeAll() {
        for stream in entries.withLock({ $0.values.map(\.stream) }) { stream.close() }
    }
}
