import BridgeSystem
import Glibc
import Synchronization

/// One request and the means to answer it, handed to the server's handler.
///
/// - Important: The handler must call `respond(_:)` or `openStream(_:)` exactly once, from any
///   thread, now or later; the connection reads its next request once it has. A second answer
///   is ignored. The handler runs on the connection's event loop, which serves other
///   connections too: work that waits (a file from a slow disk aside) answers later, from
///   another thread, and returns at once.
public final class HTTPExchange: Sendable {
    public let request: HTTPRequest

    enum Answer: Sendable {
        case response(HTTPResponse)
        case stream(HTTPResponse, HTTPEventStream)
    }

    private enum State {
        /// Not answered yet; `armed` once the handler returned without answering, so that the
        /// answer, when it comes, is handed to the connection's loop.
        case pending(armed: Bool)
        case answered(Answer)
        case taken
    }

    private let state = Mutex<State>(.pending(armed: false))
    private let connection: HTTPConnection
    /// Whether a stream may open (fewer than `maxStreams` are).
    private let admitsStream: Bool
    private let maxStreams: Int

    init(request: HTTPRequest, connection: HTTPConnection, admitsStream: Bool, maxStreams: Int) {
        self.request = request
        self.connection = connection
        self.admitsStream = admitsStream
        self.maxStreams = maxStreams
    }

    /// Answers with `response`.
    public func respond(_ response: HTTPResponse) {
        settle(.response(response))
    }

    /// Answers with `head` and keeps the connection for a stream of bytes (Server-Sent Events):
    /// the stream stays open until the client goes away or `close()` is called.
    /// - Returns: the stream, or `nil` when the exchange was already answered, or when the
    ///   server has its most streams open (it is then answered 503).
    public func openStream(_ head: HTTPResponse) -> HTTPEventStream? {
        guard admitsStream else {
            respond(.text(.serviceUnavailable, "the bridge has \(maxStreams) event streams open, its limit; close a tab (or its EventSource) and retry"))
            return nil
        }
        let connection = connection
        let stream = HTTPEventStream(writer: connection.writer) { connection.loop.post(.drain(connection)) }
        return settle(.stream(head, stream)) ? stream : nil
    }

    /// Records the first answer; one given after the handler returned goes to the loop.
    @discardableResult
    private func settle(_ answer: Answer) -> Bool {
        let post = state.withLock { s -> Bool? in
            guard case .pending(let armed) = s else { return nil }
            s = .answered(answer)
            return armed
        }
        guard let post else { return false }
        if post { connection.loop.post(.answered(connection, self)) }
        return true
    }

    /// On the loop, once the handler returned: its answer, or `nil` (the exchange is then
    /// armed: the answer, when it comes, is posted to the loop).
    func answerOrArm() -> Answer? {
        state.withLock { s -> Answer? in
            switch s {
            case .answered(let answer):
                s = .taken
                return answer
            case .pending:
                s = .pending(armed: true)
                return nil
            case .taken:
                return nil
            }
        }
    }

    /// On the loop, when an answer was posted: the answer, once.
    func take() -> Answer? {
        state.withLock { s -> Answer? in
            guard case .answered(let answer) = s else { return nil }
            s = .taken
            return answer
        }
    }
}
