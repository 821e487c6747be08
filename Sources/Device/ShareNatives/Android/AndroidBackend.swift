import BridgeCall
import BridgeJSON
import BridgeProtocol
import BridgeSystem

/// The Android-like backend: the intent and chooser the Kotlin plugin would start (layer 3).
///
/// `shareText` reads the camelCase payload (an absent string reads as `""`, the Android
/// bridge's convention), fetches the thumbnail when there is an `imageUrl`, builds the
/// `ACTION_SEND` intent and the chooser, and answers `{"shared": true}` as soon as the chooser
/// is presented (Android reports no completion).
public struct AndroidBackend: FrakShareNative {
    public let layer = "android"
    public let configuration: AndroidConfiguration

    public init(configuration: AndroidConfiguration = AndroidConfiguration()) {
        self.configuration = configuration
    }

    /// `shareText`: the payload is read once; only the thumbnail download waits (the chooser is
    /// never waited for).
    public func shareText(_ call: NativeCall) throws(ResponseError) -> CallStep {
        let share = try SharePayload(call.payload, layer: layer)
        let context = call.context
        guard let imageURL = AndroidBackend.downloaded(share) else {
            return .done(try AndroidBackend.present(share, thumbnail: AndroidBackend.thumbnailWithoutDownload(share), context: context))
        }
        let fetch = ThumbnailFetch(configuration: configuration)
        // The plugin's future.get(2000 ms) counts from here; the step waits without a task, and
        // the chooser starts on the thread where it ends.
        let started = DeadlineTimer.now()
        return .resuming(CallResumption { ended in
            let download = fetch.begin(imageURL: imageURL, from: started) { thumbnail in
                ended { .done(try AndroidBackend.present(share, thumbnail: thumbnail, context: context)) }
            }
            return { download?.stop() }
        })
    }

    /// The `imageUrl` the plugin downloads: one `HttpURLConnection` opens.
    private static func downloaded(_ share: SharePayload) -> String? {
        share.imageUrl.flatMap { ShareURL.isFetchable($0) ? $0 : nil }
    }

    /// The thumbnail of a share that downloads none: none without `imageUrl`; for a URL that is
    /// not http(s), `openConnection() as? HttpURLConnection` is null, so no thumbnail.
    private static func thumbnailWithoutDownload(_ share: SharePayload) -> ThumbnailFetch.Result? {
        share.imageUrl.map { _ in
            ThumbnailFetch.Result(outcome: .failed, file: nil, contentURI: nil, elapsedMs: 0, reason: ShareURL.notFetchedReason)
        }
    }

    /// Builds the intent and starts the chooser; the call's output.
    private static func present(_ share: SharePayload, thumbnail: ThumbnailFetch.Result?, context: CallContext) throws(ResponseError) -> CommandOutput {
        let intent = ShareIntent(body: ShareIntent.body(text: share.text, url: share.url), title: share.title,
                                 thumbnailURI: thumbnail?.contentURI)
        // startActivity throws before any chooser shows; the plugin's catch rejects its message.
        if let tooLarge = intent.transactionTooLarge(layer: "android") { throw tooLarge }
        let record: @Sendable () -> JSON = {
            [
                "platform": "android",
                "nativeMethod": "shareText",
                "intent": intent.record,
                "chooser": ShareIntent.chooserRecord,
                "thumbnail": thumbnail?.record ?? .null,
            ]
        }
        // The plugin starts the chooser and resolves at once: a person may still pick an app in
        // the overlay, but the call never learns it.
        try SheetPresentation.show(record, context: context)
        return CommandOutput(result: SharePayload.shared, presentation: record)
    }
}
