import BridgeEvents
import BridgeInbox
import BridgeJSON
import FoundationEssentials
import Glibc
import BridgeSystem
import Synchronization

/// Watches the share inbox and emits the `share-extension` plugin's event `shareReceived`
/// `{"id": <item id>}` once for each item that lands in it after the watch starts, whoever put
/// it there (an iOS share extension in the App Group container, an Android activity in its
/// `filesDir`): items are renamed into `items/` whole, so an item seen is an item stored.
///
/// It polls `items/` (every `interval` seconds): the inbox is written by other processes, and a
/// directory listing is the one signal every writer gives.
public final class InboxWatcher: Sendable {
    /// The plugin event's name: `addPluginListener('share-extension', 'shareReceived', cb)`, or
    /// `listen('share-extension://shareReceived', cb)`.
    public static let event = "shareReceived"

    private let items: String
    private let hub: EventHub
    private let interval: Double
    private let stopped = Atomic<Bool>(false)

    public init(inbox: ShareInbox, hub: EventHub, interval: Double = 0.25) {
        items = Paths.appending(inbox.folder, "items")
        self.hub = hub
        self.interval = interval
    }

    /// Starts watching on a background thread; what is already stored is not announced.
    public func start() {
        let known = listing()
        Threads.detach { [self] in watch(known: known) }
    }

    public func stop() { stopped.store(true, ordering: .relaxed) }

    private func listing() -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: items)) ?? []
        return Set(names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.map { String($0.dropLast(5)) })
    }

    private func watch(known initial: Set<String>) {
        var known = initial
        while !stopped.load(ordering: .relaxed) {
            usleep(UInt32(interval * 1_000_000))
            let now = listing()
            for id in now.subtracting(known).sorted() {
                hub.emit(PluginEvent(plugin: "share-extension", event: InboxWatcher.event, payload: ["id": .string(id)]))
            }
            // Cleared items leave the set, so an id is announced once per arrival.
            known = now
        }
    }
}
