/// Where a `SessionEngine` writes, and how its session ends: implemented once per transport
/// (`Server` for stdio; the HTTP transport of browser mode).
///
/// The engine calls `send` in the session's order; a response is never sent twice and nothing
/// is sent after `end`/`endNow`.
public protocol SessionTransport: Sendable {
    /// Queues `message` for the peer (serialise it with `message.bytes` and frame it).
    /// - Important: Called with the engine's lock held, so that messages leave in the order the
    ///   state machine decided: it must not block on I/O and must not call back into the engine.
    func send(_ message: OutboundMessage)

    /// The session is over: deliver everything sent so far, then end with `status` (the process
    /// exit status for stdio). Called once, without the engine's lock; may block.
    func end(status: Int32)

    /// A second signal: end with `status` at once, without waiting for output to drain.
    /// Called without the engine's lock, possibly while `end` is still blocked.
    func endNow(status: Int32)
}
