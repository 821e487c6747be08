import BridgeInbox
import BridgeSystem

/// The share inbox's readers in this process, by the transport's client: a browser page
/// (`page:<id>`) is a reader of its own, so two pages never get the same item within a lease
/// (its leases lapse after the timeout or when the process exits; browser mode does not yet
/// end a page's session when the tab closes); every other caller (the stdio peer of `bridge serve`, `bridge invoke`) is the process's
/// session, whose leases lapse when the process exits.
final class InboxSessions: Sendable {
    private let pages = SharedLock<[String: InboxSession]>([:])

    /// The session of calls from `client` (`CallContext.client`).
    func session(for client: String?) -> InboxSession {
        guard let client, client.hasPrefix("page:") else { return .process }
        return pages.withLock { pages in
            if let known = pages[client] { return known }
            let session = InboxSession.named("page-\(client.dropFirst("page:".count))")
            pages[client] = session
            return session
        }
    }
}
