import BridgeJSON
import BridgeProtocol
import BridgeRouter

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

    public func shareText(_ call: NativeCall) async throws(ResponseError) -> CommandOutput {
        let share = try SharePayload(call.payload, layer: layer)
        let thumbnail: ThumbnailFetch.Result? = if let imageURL = share.imageUrl {
            ShareURL.isFetchable(imageURL)
                ? await ThumbnailFetch(configuration: configuration).run(imageURL: imageURL)
                // HttpURLConnection only: `openConnection() as? HttpURLConnection` is null, so no thumbnail.
                : ThumbnailFetch.Result(outcome: .failed, file: nil, contentURI: nil, elapsedMs: 0, reason: ShareURL.notFetchedReason)
        } else {
            nil
        }
        let intent = ShareIntent(body: ShareIntent.body(text: share.text, url: share.url), title: share.title,
                                 thumbnailURI: thumbnail?.contentURI)
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
        try SheetPresentation.show(record, context: call.context)
        return CommandOutput(result: ["shared": true], presentation: record)
    }
}
