import BridgeCall
import BridgeDevice
import BridgeJSON
import BridgeProtocol

/// The `share` plugin on the Android-like backend (layer 3), as `@capacitor/share`'s
/// `SharePlugin.java` shares files, with the files placed where a FileProvider can hand them out.
///
/// - each file is copied into `<cacheDir>/share/file-<UUID>/<safe name>` and exposed as a
///   `content://` URI (`StreamFiles`); a copy outside every FileProvider root is refused with
///   FileProvider's own message, as the plugin rejects `getUriForFile`'s exception;
/// - the intent (`ShareIntent`): `ACTION_SEND` for text or one file, `ACTION_SEND_MULTIPLE` for
///   several, the common type, `EXTRA_STREAM`, `EXTRA_TEXT` = text and link, `EXTRA_SUBJECT` =
///   title, `EXTRA_TITLE` = `preview.title` or the title, `ClipData` holding every URI and
///   `FLAG_GRANT_READ_URI_PERMISSION`; a title alone is shared as the text (no empty chooser);
///   without files, `preview.image` is the text preview's `ClipData` thumbnail;
/// - the chooser (`ShareChooser`): `createChooser(intent, dialogTitle, intentSender)`, the
///   chosen package as `activityType`; `Share canceled` for a dismissal and for what the plugin
///   cannot tell from one; presented on the call's `Screen` (`SheetPresentation`), so a share
///   while a chooser is up (one that never completes, one waiting for a click, `--outcome busy`)
///   rejects `Can't share while sharing is in progress` (the plugin's `isPresenting`).
extension AndroidBackend: ShareNative {
    /// What a `dialogTitle` does on Android 10+ (and on iOS): nothing, for a share.
    public static let dialogTitleIgnored = "is shown by no current platform: Android 10+ (API 29+) ignores the chooser's title for ACTION_SEND and ACTION_SEND_MULTIPLE (ChooserActivity logs \"Ignoring intent's EXTRA_TITLE, deprecated in P\") and shows its content preview, headed by EXTRA_TITLE (`title` or `preview.title`), instead; iOS's share sheet has no title; only Android 9 and earlier show it"

    /// `share`: the payload is checked as the call starts; the sheet waits for the user.
    public func share(_ call: ShareCall) throws(ResponseError) -> CallStep {
        let request = try ShareRequest(call, layer: layer)
        return .waiting { try await sharing(request, call) }
    }

    private func sharing(_ request: ShareRequest, _ call: ShareCall) async throws(ResponseError) -> CommandOutput {
        // The plugin's `isPresenting` guard comes first: a refused share places no file.
        if SheetPresentation.isBusy(call.context) { throw busy }
        let prepared = try prepare(request)
        let presented: @Sendable () -> JSON = {
            var r = prepared.record
            r["completion"] = .null
            return .object(r)
        }
        let answer: SheetAnswer
        switch try await SheetPresentation.present(presented, context: call.context) {
        case .answered(let a): answer = a
        case .refused: throw busy
        }
        let pick = try ShareChooser.pick(answer)
        // The chooser as it closed; a rejection reports it beside itself (`--inspect`,
        // `bridge/presentation`), since it carries no record of its own.
        let closed: @Sendable (ShareChooser.Completion) -> JSON = { completion in
            var r = prepared.record
            r["completion"] = completion.record
            return .object(r)
        }
        if pick == .copy && prepared.intent.body == nil {
            throw CallObserver.rejecting(.rejected(IOSBackend.shareCanceled, details: [
                "layer": .string(layer),
                "reason": "the chooser offers Copy only for a share with text, so the simulated user could only dismiss it",
            ]), presented: { closed(ShareChooser.Completion(pick: .dismissed)) })
        }
        let completion = ShareChooser.Completion(pick: pick)
        switch completion.result {
        case .success(let package): return CommandOutput(result: ["activityType": .string(package)], presentation: { closed(completion) })
        case .failure(let error): throw CallObserver.rejecting(error, presented: { closed(completion) })
        }
    }

    /// The plugin's refusal while its chooser is up.
    private var busy: ResponseError {
        .rejected(IOSBackend.shareInProgress, details: ["layer": .string(layer), "reason": "a chooser is already up (the plugin's isPresenting)"])
    }

    /// `canShare`: answered at once.
    public func canShare(_ call: ShareCall) throws(ResponseError) -> CallStep {
        .done(canSharing(call))
    }

    private func canSharing(_ call: ShareCall) -> CommandOutput {
        let reason: String?
        do {
            let request = try ShareRequest(call, layer: layer)
            reason = placementProblem(request.files.count + (request.files.isEmpty && request.preview?.image != nil ? 1 : 0),
                                      bytes: request.files.reduce(0) { $0 + $1.byteCount } + (request.preview?.image?.byteCount ?? 0))
        } catch {
            reason = error.message
        }
        var record: JSONObject = ["platform": "android", "nativeMethod": "canShare", "value": .bool(reason == nil)]
        if let reason { record["reason"] = .string(reason) }
        return CommandOutput(result: ["value": .bool(reason == nil)], presentation: .object(record))
    }

    /// The intent, the chooser and the placed files of a share, before the user acts.
    private struct Prepared: Sendable {
        let intent: ShareIntent
        let chooser: ShareChooser
        let record: JSONObject
    }

    private func prepare(_ request: ShareRequest) throws(ResponseError) -> Prepared {
        // A title alone is shared as the text: the chooser is never empty.
        let text = request.text ?? (request.url == nil && request.files.isEmpty ? request.title : nil)
        let body = text == nil && request.url == nil ? nil : ShareIntent.body(text: text, url: request.url)
        let thumbnailFile = request.files.isEmpty ? request.preview?.image : nil
        let placed: [StreamFiles.Placed]
        do {
            placed = try StreamFiles(configuration: configuration).place(request.files + [thumbnailFile].compactMap { $0 })
        } catch {
            throw .rejected(error.reason, details: ["layer": .string(layer)])
        }
        let streams = placed.prefix(request.files.count).map { ShareIntent.Stream(uri: $0.uri, mimeType: $0.mimeType) }
        let thumbnail = thumbnailFile == nil ? nil : placed.last
        let intent = ShareIntent(body: body, title: request.title, previewTitle: request.preview?.title ?? request.title,
                                 thumbnailURI: thumbnail?.uri, streams: Array(streams))
        if let tooLarge = intent.transactionTooLarge(layer: layer) { throw tooLarge }
        let chooser = ShareChooser(dialogTitle: request.dialogTitle, grantsRead: intent.grantsRead)
        func stored(_ file: ShareFile, _ copy: StreamFiles.Placed) -> JSON {
            guard case .object(var r) = file.record else { return file.record }
            r["stored"] = .string(copy.path)
            r["contentUri"] = .string(copy.uri)
            return .object(r)
        }
        let record: JSONObject = [
            "platform": "android",
            "nativeMethod": "share",
            "files": .array(zip(request.files, placed).map(stored)),
            "previewImage": zip([thumbnailFile].compactMap { $0 }, [thumbnail].compactMap { $0 }).map(stored).first ?? .null,
            "intent": intent.record,
            "chooser": chooser.record,
            "contentPreview": ContentPreview.record(intent, names: placed.map(\.name)),
        ]
        return Prepared(intent: intent, chooser: chooser, record: record)
    }

    /// Why `count` files of `bytes` in all could not be handed out, or nil when they could.
    private func placementProblem(_ count: Int, bytes: Int) -> String? {
        guard count > 0 else { return nil }
        let folder = configuration.shareFolder
        if bytes > folder.maxTotalBytes {
            return "the files to share hold \(bytes) bytes, more than the \(folder.maxTotalBytes)-byte share folder \(folder.directory) may hold"
        }
        let probe = "\(folder.directory)/file-00000000-0000-0000-0000-000000000000/file"
        if configuration.providerPaths.contentURI(for: probe, authority: configuration.authority, cacheDirectory: configuration.cacheDirectory) == nil {
            return "Failed to find configured root that contains \(probe)"
        }
        return nil
    }
}
