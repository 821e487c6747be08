import BridgeCall
import BridgeJSON
import BridgeMatching
import BridgeProtocol
import FoundationEssentials
import Glibc
import BridgeSystem

/// The `share` plugin on the iOS-like backend (layer 2): what the Swift plugin hands
/// `UIActivityViewController` for files, a link and a text (seeds 002 and 003).
///
/// - one `UIActivityItemSource` per file (`ActivityItem.file`), then the link and text items as
///   in share_text (a title alone is shared as the text);
/// - `LPLinkMetadata` as seed 002 builds it: `title` from `preview.title` (else `title`),
///   `iconProvider` from `preview.image` (else the first image), and `originalURL =
///   URL(fileURLWithPath: subtitle)` when `preview.subtitle` is given (else the link);
/// - the sheet (a centred popover on iPad), presented on the call's `Screen`
///   (`SheetPresentation`): the activity the user picks (scripted, or a click with `--user
///   interactive`) receives what `ActivityDelivery` says; a dismissal rejects `Share canceled`;
///   a sheet already up (one that never completes, one waiting for a click, `--outcome busy`)
///   rejects `Can't share while sharing is in progress`, as the plugin's guard does.
extension IOSBackend: ShareNative {
    /// The plugin's rejection when the user dismisses the sheet (as `@capacitor/share`).
    public static let shareCanceled = "Share canceled"
    /// The plugin's rejection while a sheet is already presented.
    public static let shareInProgress = "Can't share while sharing is in progress"

    /// `share`: the payload is checked as the call starts; the sheet waits for the user.
    public func share(_ call: ShareCall) throws(ResponseError) -> CallStep {
        let request = try ShareRequest(call, layer: layer)
        return .waiting { try await sharing(request, call) }
    }

    private func sharing(_ request: ShareRequest, _ call: ShareCall) async throws(ResponseError) -> CommandOutput {
        let context = call.context
        let metadata = IOSBackend.linkMetadata(request)
        // A title alone is shared as the text: the sheet is never empty.
        let text = request.text ?? (request.url == nil && request.files.isEmpty ? request.title : nil)
        let items = ActivityItem.items(files: request.files, url: request.url, text: text, title: request.title, metadata: metadata)
        let sheet = ShareSheet.forDevice(context.device, anchored: context.simulation.outcome != .unanchored)
        try sheet.validate()
        let device = context.device
        let header = IOSBackend.header(request, metadata: metadata)
        let presented: JSONObject = [
            "platform": "ios",
            "device": .string(device.rawValue),
            "nativeMethod": "share",
            "activityItems": .array(items.map(\.record)),
            "linkMetadata": metadata.record,
            "header": header,
            "popover": sheet.popover?.record ?? .null,
            "completion": .null,
            "delivered": .null,
        ]
        // The sheet as it closed without a share: the completion handler's (nil, false), or the
        // activity that was not offered. Reported beside the rejection (`--inspect`,
        // `bridge/presentation`), which carries no record of its own.
        let closed: @Sendable (String?, String?) -> JSON = { activity, reason in
            var r = presented
            var completion: JSONObject = ["activityType": activity.map(JSON.string) ?? .null, "completed": false]
            if let reason { completion["reason"] = .string(reason) }
            r["completion"] = .object(completion)
            return .object(r)
        }
        let activity: String
        switch try await SheetPresentation.present({ .object(presented) }, context: context) {
        case .answered(.activity(let a)): activity = a
        case .answered(.dismissed):
            throw CallObserver.rejecting(.rejected(IOSBackend.shareCanceled
, details: ["layer": .string(layer), "reason": "the user dismissed the sheet"]),
                                         presented: { closed(nil, nil) })
        case .refused:
            throw .rejected(IOSBackend.shareInProgress, details: ["layer": .string(layer), "reason": "a sheet is already presented"])
        }
        guard let delivery = ActivityDelivery.delivery(to: activity, items: items) else {
            let reason = "\(activity) is not offered for these items (it can take none of them; \(ActivityDelivery.offered(items))), so the simulated user could only dismiss the sheet"
            throw CallObserver.rejecting(.rejected(IOSBackend.shareCanceled, details: [
                "layer": .string(layer), "activityType": .string(activity), "reason": .string(reason),
            ]), presented: { closed(activity, reason) })
        }
        let record: @Sendable () -> JSON = {
            var r = presented
            r["completion"] = ["activityType": .string(activity), "completed": true]
            r["delivered"] = ["subject": .string(delivery.subject ?? ""), "items": .array(delivery.items.map(\.record))]
            return .object(r)
        }
        return CommandOutput(result: ["activityType": .string(activity)], presentation: record)
    }

    /// `canShare`: answered at once.
    public func canShare(_ call: ShareCall) throws(ResponseError) -> CallStep {
        .done(canSharing(call))
    }

    private func canSharing(_ call: ShareCall) -> CommandOutput {
        do {
            _ = try ShareRequest(call, layer: layer)
            return CommandOutput(result: ["value": true], presentation: ["platform": "ios", "nativeMethod": "canShare", "value": true])
        } catch {
            return CommandOutput(result: ["value": false], presentation: [
                "platform": "ios", "nativeMethod": "canShare", "value": false, "reason": .string(error.message),
            ])
        }
    }

    /// Seed 002's `activityViewControllerLinkMetadata`.
    static func linkMetadata(_ request: ShareRequest) -> LinkMetadata {
        let iconFile = request.preview?.image ?? request.files.first { $0.image != nil }
        let icon: LinkMetadata.Icon? = iconFile.flatMap { file in
            guard let kind = file.image, let bytes = file.bytes() else { return nil }
            return LinkMetadata.Icon(sourceURL: ShareFile.abbreviated(file.source), kind: kind, bytes: bytes)
        }
        var metadata = LinkMetadata(title: request.preview?.title ?? request.title, url: request.url, icon: icon)
        if let subtitle = request.preview?.subtitle {
            metadata.originalURL = subtitleURL(subtitle)
        }
        return metadata
    }

    /// `URL(fileURLWithPath: subtitle)` in an app, whose working directory is `/`.
    static func subtitleURL(_ subtitle: String) -> String {
        URL(fileURLWithPath: subtitle, relativeTo: URL(fileURLWithPath: "/")).absoluteString
    }

    /// What the sheet's header would display: the metadata's title, the subtitle (the trick's
    /// string, else the link's host, else what the files are) and the icon.
    static func header(_ request: ShareRequest, metadata: LinkMetadata) -> JSON {
        let files = request.files
        let title = metadata.title ?? files.first?.displayName ?? request.url ?? request.text
        let fileSummary: String? = files.isEmpty ? nil : (files.count == 1 ? files[0].typeIdentifier : "\(files.count) files")
        let subtitle = request.preview?.subtitle ?? request.url.flatMap { (try? WHATWGURL.parse($0))?.host.nilIfEmpty } ?? fileSummary
        return [
            "title": title.map(JSON.string) ?? .null,
            "subtitle": subtitle.map(JSON.string) ?? .null,
            "icon": metadata.icon.map { ["source": .string($0.sourceURL), "typeIdentifier": .string($0.kind.typeIdentifier)] } ?? .null,
        ]
    }
}

private extension String {
    /// `nil` for a URL without a host (`mailto:`), as `URL.host` answered.
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
