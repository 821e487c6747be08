import BridgeJSON
import BridgeProtocol
import BridgeRouter

/// The Android-like backend: the intent and chooser the Kotlin plugin would start (layer 3).
///
/// `shareText` reads the camelCase payload (an absent string reads as `""`, the Android
/// bridge's convention), fetches the thumbnail when there is an `imageUrl`, builds the
/// `ACTION_SEND` intent and the chooser, and answers `{"shared": true}` as soon as the chooser
/// is presented (Android reports no completion).
public struct AndroidBackend: PlatformBackend {
    public let layer = "android"
    public let configuration: AndroidConfiguration

    public init(configuration: AndroidConfiguration = AndroidConfiguration()) {
        self.configuration = configuration
    }

    public func run(method: String, payload: JSON, context: CallContext) async throws(ResponseError) -> CommandOutput {
        guard method == "shareText" else { throw unknownMethod(method) }
        let share = try SharePayload(payload, layer: layer)
        let thumbnail: ThumbnailFetch.Result? = if let imageURL = share.imageUrl {
            await ThumbnailFetch(configuration: configuration).run(imageURL: imageURL)
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
        return CommandOutput(result: ["shared": true], presentation: record)
    }
}
