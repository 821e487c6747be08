import BridgeMedia
import BridgeJSON
import FoundationEssentials
import Glibc
import BridgeSystem

/// The icon race of the iOS plugin: fetch `imageUrl` before presenting the sheet, bounded by a
/// deadline, with a resolve-once latch. Whichever comes first — the download finishing (image
/// bytes → icon; anything else → no icon) or the deadline — decides, exactly once; a late
/// download is cancelled and ignored. The sheet always presents.
struct IconRace: Sendable {
    let deadlineSeconds: Double
    let limits: DownloadLimits

    /// How the race went, for the presentation record's `iconLoad`.
    struct Result: Sendable, Equatable {
        enum Outcome: String, Sendable {
            case loaded, timeout, failed
        }

        let outcome: Outcome
        let elapsedMs: Int
        let icon: LinkMetadata.Icon?
        let reason: String?

        /// The icon of an `imageUrl` the race does not fetch over the network, as `URLSession`
        /// answers it: a `data:` URL is read at once (URLSession decodes `data:` URLs itself, and
        /// `UIImage(data:)` takes image bytes), anything else loads no icon, saying why.
        static func withoutFetch(_ imageURL: String, limit: Int) -> Result {
            if ShareURL.unparsable(imageURL) != nil {
                return Result(outcome: .failed, elapsedMs: 0, icon: nil, reason: unparsableReason)
            }
            let scheme = imageURL.prefix { $0 != ":" }.lowercased()
            switch scheme {
            case "data":
                switch DataURL.parse(imageURL, limit: limit) {
                case .failure(let problem):
                    return Result(outcome: .failed, elapsedMs: 0, icon: nil, reason: "URLSession cannot decode this data: URL: \(problem.reason)")
                case .success(let data):
                    guard let kind = ImageKind.sniff(data.bytes) else {
                        return Result(outcome: .failed, elapsedMs: 0, icon: nil,
                                      reason: "not an image (\(data.declaredType), \(data.bytes.count) bytes): UIImage(data:) returns nil")
                    }
                    return Result(outcome: .loaded, elapsedMs: 0, icon: LinkMetadata.Icon(sourceURL: imageURL, kind: kind, bytes: data.bytes), reason: nil)
                }
            case "file":
                return Result(outcome: .failed, elapsedMs: 0, icon: nil,
                              reason: "URLSession would read this file: URL from the app's sandbox; the bridge reads no local file for an icon, so none loads")
            default:
                return Result(outcome: .failed, elapsedMs: 0, icon: nil,
                              reason: "URLSession has no protocol for \(scheme.isEmpty ? "a URL without a scheme" : "\(scheme): URLs") and fails at once (NSURLErrorUnsupportedURL); no icon loads")
            }
        }


        /// Why the plugin starts no fetch for an `imageUrl` `URL(string:)` cannot parse.
        static let unparsableReason = "URL(string:) returns nil for it, so the plugin starts no fetch and presents at once"

        var record: JSON { JSON(writing: write) }

        /// The race's record, written value by value (`record` reads it back).
        func write(to w: inout JSONWriter) {
            w.openObject()
            w.key("outcome"); w.string(outcome.rawValue)
            w.key("elapsedMs"); w.integer(elapsedMs)
            if let reason { w.key("reason"); w.string(reason) }
            w.closeObject()
        }
    }

    /// Where a fetched icon is written while it is read: `$TMPDIR` does not change while the
    /// process runs, so it is read once.
    static let scratchPrefix = Paths.temporaryDirectory + "bridge-icon-"

    /// Starts the race, without a task: `then` gets its result once, on the thread that decides
    /// it (the engine's, the timer's); the returned call's `stop()` cancels the fetch (its
    /// result is then `failed`, cancelled).
    /// - Parameter start: the monotonic clock's reading when the plugin's `shareText` ran: the
    ///   race's 2.0 s count from there, not from when the bridge got round to the fetch (10,000
    ///   calls at once made the last ones start their race a second late).
    func begin(imageURL: String, from start: UInt64, then: @escaping @Sendable (Result) -> Void) -> DownloadCall {
        let clock = Stopwatch(from: start)
        let scratch = IconRace.scratchPrefix + RandomUUID.string()
        let deadlineSeconds = deadlineSeconds
        // A download that lost the race may still create its file: it removes it when it ends.
        return HTTPDownload.race(url: imageURL, to: scratch, limits: limits, seconds: deadlineSeconds, from: start,
                                 whenLate: { _ in unlink(scratch) }) { race in
            defer { unlink(scratch) }
            then(IconRace.result(of: race, imageURL: imageURL, scratch: scratch, clock: clock, deadlineSeconds: deadlineSeconds))
        }
    }

    /// What a race's outcome loads: the icon read from `scratch`, or why none.
    private static func result(of race: HTTPDownload.Raced, imageURL: String, scratch: String, clock: Stopwatch,
                               deadlineSeconds: Double) -> Result {
        switch race {
        case .timedOut:
            return Result(outcome: .timeout, elapsedMs: clock.elapsedMs, icon: nil,
                          reason: "no icon within \(Int(deadlineSeconds * 1000)) ms; presented without it")
        case .finished(let download):
            guard download.outcome == .ok else {
                return Result(outcome: .failed, elapsedMs: clock.elapsedMs, icon: nil, reason: download.reason)
            }
            let bytes = (try? Data(contentsOf: URL(fileURLWithPath: scratch))).map { [UInt8]($0) } ?? []
            guard let kind = ImageKind.sniff(bytes) else {
                return Result(outcome: .failed, elapsedMs: clock.elapsedMs, icon: nil,
                              reason: "not an image (\(download.contentType ?? "no Content-Type"), \(bytes.count) bytes)")
            }
            return Result(outcome: .loaded, elapsedMs: clock.elapsedMs,
                          icon: LinkMetadata.Icon(sourceURL: imageURL, kind: kind, bytes: bytes), reason: nil)
        }
    }
}
