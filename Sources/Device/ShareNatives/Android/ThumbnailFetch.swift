import BridgeMedia
import BridgeJSON
import FoundationEssentials
import Glibc
import BridgeSystem

/// The Android plugin's thumbnail step: find `imageUrl` in the cache or download it (bounded
/// by the deadline), store it, and expose it through the FileProvider. Any failure only means
/// no thumbnail; the chooser always presents.
struct ThumbnailFetch: Sendable {
    let configuration: AndroidConfiguration

    /// The `thumbnail` of the presentation record.
    struct Result: Sendable {
        enum Outcome: String, Sendable {
            case downloaded, cached, timeout, failed
        }

        let outcome: Outcome
        let file: String?
        let contentURI: String?
        let elapsedMs: Int
        let reason: String?

        var record: JSON {
            var r: JSONObject = [
                "outcome": .string(outcome.rawValue), "file": .optional(file),
                "contentUri": .optional(contentURI), "elapsedMs": .integer(elapsedMs),
            ]
            if let reason { r["reason"] = .string(reason) }
            return .object(r)
        }
    }

    var cache: ThumbnailCache {
        ThumbnailCache(folder: configuration.shareFolder)
    }

    /// Starts the thumbnail step, without a task: `then` gets its result once — at once (the
    /// cache holds it, the folder fails), or on the thread that decides the download's race;
    /// the returned call (nil when it answered at once) stops the download.
    /// - Parameter start: the monotonic clock's reading when the plugin's `shareText` ran: the
    ///   2.0 s count from there, not from when the bridge got round to the download.
    func begin(imageURL: String, from start: UInt64, then: @escaping @Sendable (Result) -> Void) -> DownloadCall? {
        let clock = Stopwatch(from: start)
        let cache = self.cache
        do {
            try cache.folder.prepare()
        } catch {
            then(Result(outcome: .failed, file: nil, contentURI: nil, elapsedMs: clock.elapsedMs, reason: error.reason))
            return nil
        }
        // What the cache held and did not reuse, said beside whatever happens next.
        let note: String?
        let stem = ThumbnailCache.stem(for: imageURL)
        switch cache.lookup(stem: stem) {
        case .hit(let cached):
            then(exposed(cached, outcome: .cached, clock: clock))
            return nil
        case .miss(let found): note = found
        }
        let temporary = cache.temporaryFile(stem: stem)
        // A download that lost the race may still create its file: it removes it when it ends.
        return HTTPDownload.race(url: imageURL, to: temporary, limits: configuration.limits,
                                 seconds: configuration.thumbnailDeadlineSeconds, from: start,
                                 whenLate: { _ in unlink(temporary) }) { race in
            then(self.finish(race, imageURL: imageURL, temporary: temporary, cache: cache, note: note, clock: clock))
        }
    }

    /// The thumbnail once the download's race is decided: stored in the cache and exposed, or why not.
    private func finish(_ race: HTTPDownload.Raced, imageURL: String, temporary: String, cache: ThumbnailCache, note: String?,
                        clock: Stopwatch) -> Result {
        let because = { (reason: String?) in note.map { [reason, $0].compactMap { $0 }.joined(separator: "; ") } ?? reason ?? "" }
        guard case .finished(let download) = race else {
            unlink(temporary)
            return Result(outcome: .timeout, file: nil, contentURI: nil, elapsedMs: clock.elapsedMs,
                          reason: because("no thumbnail within \(Int(configuration.thumbnailDeadlineSeconds * 1000)) ms; shared without it"))
        }
        guard download.outcome == .ok else {
            unlink(temporary)
            return Result(outcome: .failed, file: nil, contentURI: nil, elapsedMs: clock.elapsedMs, reason: because(download.reason))
        }
        let head = Disk.read(temporary, upTo: 64) ?? []
        guard ImageKind.sniff(head) != nil else {
            unlink(temporary)
            return Result(outcome: .failed, file: nil, contentURI: nil, elapsedMs: clock.elapsedMs,
                          reason: because("not an image (\(download.contentType ?? "no Content-Type"), \(download.bytes) bytes)"))
        }
        do {
            let stored = try cache.store(temporary, url: imageURL,
                                         extension: ThumbnailCache.fileExtension(contentType: download.contentType))
            return exposed(stored, outcome: .downloaded, clock: clock, note: note)
        } catch {
            return Result(outcome: .failed, file: nil, contentURI: nil, elapsedMs: clock.elapsedMs, reason: because(error.reason))
        }
    }

    private func exposed(_ file: String, outcome: Result.Outcome, clock: Stopwatch, note: String? = nil) -> Result {
        let uri = configuration.providerPaths.contentURI(for: file, authority: configuration.authority,
                                                         cacheDirectory: configuration.cacheDirectory)
        let reasons = [uri == nil ? "the file is outside every FileProvider root, so it is not shared" : nil, note].compactMap { $0 }
        return Result(outcome: outcome, file: file, contentURI: uri, elapsedMs: clock.elapsedMs,
                      reason: reasons.isEmpty ? nil : reasons.joined(separator: "; "))
    }
}
