import BridgeDevice
import BridgeJSON
import BridgeRender
import FoundationEssentials
import Glibc
import BridgeSystem

/// The sheets up on the screen, as the pages draw them: each `Screen` change becomes a
/// `bridge/sheet` event — `{"sheet", "state": "shown", "awaitsAnswer", "presentation", "css",
/// "html"}` (the rendering of `BridgeRender`, for a shadow root) to the page whose call presented
/// it (every page for a call from stdio), then `{"sheet", "state": "closed", "answer"}` to every
/// page. A page whose stream opens while a sheet is up gets it then.
final class SheetOverlays: Sendable {
    private struct Up {
        let page: String?
        let event: JSON
    }

    private let up = SharedLock<[String: Up]>([:])

    func changed(_ change: Screen.Change, streams: EventStreams) {
        switch change {
        case .shown(let shown):
            let page = shown.client.flatMap { $0.hasPrefix("page:") ? String($0.dropFirst(5)) : nil }
            let event = SheetOverlays.shownEvent(shown)
            up.withLock { $0[shown.id] = Up(page: page, event: event) }
            streams.send("bridge/sheet", event, page: page)
        case .closed(let id, let answer):
            up.withLock { $0[id] = nil }
            let answerJSON: JSON = switch answer {
            case .activity(let a)?: ["activity": .string(a)]
            case .dismissed?: ["cancel": true]
            case nil: .null
            }
            streams.send("bridge/sheet", ["sheet": .string(id), "state": "closed", "answer": answerJSON], page: nil)
        }
    }

    /// Sends the sheets up for `page` (or for every page) to its streams.
    func replay(to page: String, streams: EventStreams) {
        let events = up.withLock { $0.values.filter { $0.page == nil || $0.page == page }.map(\.event) }
        for event in events { streams.send("bridge/sheet", event, page: page) }
    }

    private static func shownEvent(_ shown: Screen.Shown) -> JSON {
        var event: JSONObject = ["sheet": .string(shown.id), "state": "shown", "awaitsAnswer": .bool(shown.awaitsAnswer),
                                 "presentation": shown.record]
        do {
            let overlay = try PresentationRenderer.overlay(for: shown.record, images: PresentationRenderer.images(namedIn: shown.record))
            event["css"] = .string(overlay.css)
            event["html"] = .string(overlay.html)
        } catch {
            event["error"] = .string("the sheet cannot be drawn: \(error.message)")
        }
        return .object(event)
    }
}
