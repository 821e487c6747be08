import BridgeCall
import BridgeDevice
import BridgeJSON
import BridgeProtocol
import BridgeSystem

/// The iOS-like backend: what the Swift plugin would hand `UIActivityViewController` (layer 2).
///
/// `shareText` reads the camelCase payload, builds the link metadata and the typed activity
/// items, runs the icon race when there is an `imageUrl`, presents the sheet (a centred
/// popover on iPad), and lets the simulated user pick an activity or dismiss. The result is
/// `{"shared": completed}`; the presentation record says what each step did.
public struct IOSBackend: FrakShareNative {
    public let layer = "ios"
    let iconRace: IconRace
    /// Which frak-share `shareText` follows (where its sheet presents).
    public let version: FrakShareVersion

    /// The icon fetch of the plugin: `URLSession.shared`, whose own timeouts (60 s) never fire
    /// before the race's deadline; only the size cap is ours.
    public static let iconLimits: DownloadLimits = {
        var limits = DownloadLimits()
        limits.connectTimeoutMs = 60_000
        limits.readTimeoutMs = 60_000
        return limits
    }()

    /// - Parameters:
    ///   - iconDeadlineSeconds: the bound of the icon race (the plugin's 2.0 s).
    ///   - limits: the download limits of the icon fetch.
    ///   - version: which frak-share `shareText` follows (the current upstream unless given).
    public init(iconDeadlineSeconds: Double = 2.0, limits: DownloadLimits = IOSBackend.iconLimits,
                version: FrakShareVersion = .head) {
        iconRace = IconRace(deadlineSeconds: iconDeadlineSeconds, limits: limits)
        self.version = version
    }

    /// `shareText`: the payload is read and the sheet built once; only the icon race (when
    /// there is an `imageUrl` to fetch) and a sheet the scripted user does not answer at once
    /// (`never`, busy, a person's click) wait.
    public func shareText(_ call: NativeCall) throws(ResponseError) -> CallStep {
        let share = try SharePayload(call.payload, layer: layer)
        let context = call.context, version = version
        guard let imageURL = IOSBackend.racedIcon(share) else {
            let sheet = try Sheet(share, iconLoad: IOSBackend.iconWithoutRace(share, limit: iconRace.limits.maxBytes),
                                  context: context, version: version)
            if let answer = try SheetPresentation.answerNow(context: context, stacks: version.presentsOnTopmost) {
                return .done(sheet.output(answer))
            }
            return .waiting { try await IOSBackend.wait(for: sheet, context: context, version: version) }
        }
        let iconRace = iconRace
        // The race counts from here; it waits without a task, and the sheet is presented on the
        // thread where the race ends.
        let started = DeadlineTimer.now()
        return .resuming(CallResumption { ended in
            let race = iconRace.begin(imageURL: imageURL, from: started) { iconLoad in
                ended {
                    let sheet = try Sheet(share, iconLoad: iconLoad, context: context, version: version)
                    if let answer = try SheetPresentation.answerNow(context: context, stacks: version.presentsOnTopmost) {
                        return .done(sheet.output(answer))
                    }
                    return .waiting { try await IOSBackend.wait(for: sheet, context: context, version: version) }
                }
            }
            return { race.stop() }
        })
    }

    /// The answer to a sheet that stays up, or UIKit's refusal of a second present.
    private static func wait(for sheet: Sheet, context: CallContext, version: FrakShareVersion) async throws(ResponseError) -> CommandOutput {
        switch try await SheetPresentation.wait(sheet.presented, context: context, stacks: version.presentsOnTopmost) {
        case .answered(let answer): return sheet.output(answer)
        case .refused:
            // UIKit refuses the second present; the plugin's completion handler never runs, so
            // neither does invoke.resolve nor invoke.reject.
            try await ShareSheet.refusedPresent(context: context)
        }
    }

    /// The `imageUrl` the icon race fetches: an http(s) link `URL(string:)` parses.
    private static func racedIcon(_ share: SharePayload) -> String? {
        guard let imageURL = share.imageUrl, ShareURL.isFetchable(imageURL), ShareURL.unparsable(imageURL) == nil else { return nil }
        return imageURL
    }

    /// The icon load of a share whose icon is not raced for: none without `imageUrl`; a `data:`
    /// URL is read at once (URLSession answers `data:` URLs itself); anything else is not fetched.
    private static func iconWithoutRace(_ share: SharePayload, limit: Int) -> IconRace.Result? {
        share.imageUrl.map { IconRace.Result.withoutFetch($0, limit: limit) }
    }

    /// The sheet of one share once its icon load is known: the activity items, the presentation
    /// and the record as presented; `output` completes it with the user's answer. A value: the
    /// records are built from it only when asked for (one closure context per call's output).
    private struct Sheet: Sendable {
        let items: [ActivityItem]
        let iconLoad: IconRace.Result?
        let sheet: ShareSheet
        let device: DeviceClass

        init(_ share: SharePayload, iconLoad: IconRace.Result?, context: CallContext, version: FrakShareVersion) throws(ResponseError) {
            // No key window (the app in the background): the plugin rejects before presenting.
            if context.simulation.outcome == .noKeyWindow {
                throw .rejected(ShareSheet.noRootViewController, details: [
                    "layer": "ios", "reason": "no window is key (the scripted outcome `no-key-window`): the plugin finds no root view controller to present on",
                ])
            }
            // The plugin's `URL(string:)` returns nil for a link it cannot parse (iOS before 17): the
            // link item and the metadata's URL are dropped, and no icon fetch starts (the command
            // layer's `unparsable_url` warning says so).
            let linkURL = share.url.flatMap { ShareURL.unparsable($0) == nil ? $0 : nil }
            let metadata = LinkMetadata(title: share.title, url: linkURL, icon: iconLoad?.icon)
            items = ActivityItem.items(url: linkURL, text: share.text, title: share.title, metadata: metadata)
            // From 0aa82fbd the plugin presents on the topmost view controller: the sheet up, if any.
            let stacked = version.presentsOnTopmost && (context.simulation.outcome == .busy || context.screen?.isOccupied == true)
            sheet = ShareSheet.forDevice(context.device, anchored: context.simulation.outcome != .unanchored,
                                         presenter: stacked ? .presentedSheet : .root)

            try sheet.validate()
            self.iconLoad = iconLoad
            device = context.device
        }

        /// The record as presented: no completion yet.
        var presented: @Sendable () -> JSON { { [self] in JSON(writing: { write(to: &$0, answered: nil) }) } }

        /// The record, written value by value: as presented (`answered` nil: no completion,
        /// nothing delivered), or once the user answered.
        private func write(to w: inout JSONWriter, answered: (activity: String?, completed: Bool)?) {
            w.openObject()
            w.key("platform"); w.string("ios")
            w.key("device"); w.string(device.rawValue)
            w.key("nativeMethod"); w.string("shareText")
            w.key("activityItems")
            w.openArray()
            for item in items { item.write(to: &w) }
            w.closeArray()
            w.key("iconLoad")
            if let iconLoad { iconLoad.write(to: &w) } else { w.null() }
            w.key("popover")
            if let popover = sheet.popover { popover.write(to: &w) } else { w.null() }
            w.key("completion")
            if let answered {
                w.openObject()
                w.key("activityType"); w.string(answered.activity)
                w.key("completed"); w.bool(answered.completed)
                if answered.activity != nil && !answered.completed {
                    w.key("reason"); w.string("the activity cannot take these items, so the sheet would not offer it (\(ActivityDelivery.offered(items)))")
                }
                w.closeObject()
            } else {
                w.null()
            }
            w.key("delivered")
            if let answered, let delivery = delivery(to: answered.activity) {
                // `subjectForActivityType` returns `subject ?? ""`.
                w.openObject()
                w.key("subject"); w.string(delivery.subject ?? "")
                w.key("items")
                w.openArray()
                for text in ActivityDelivery.strings(delivery.items) { w.string(text) }
                w.closeArray()
                w.closeObject()
            } else {
                w.null()
            }
            w.closeObject()
        }

        /// What the picked activity receives, or `nil` when it cannot take these items (none when
        /// there is no item: a dropped link and no text offers no activity that could complete).
        private func delivery(to activity: String?) -> (subject: String?, items: [ActivityDelivery.Delivered])? {
            items.isEmpty ? nil : activity.flatMap { ActivityDelivery.delivery(to: $0, items: items) }
        }

        /// The call's output once the user answered: `{"shared": completed}` and the record.
        func output(_ answer: SheetAnswer) -> CommandOutput {
            let activity: String? = if case .activity(let a) = answer { a } else { nil }

            let completed = !items.isEmpty && activity.map { ActivityDelivery.accepts($0, items: items) } ?? false
            return CommandOutput(result: completed ? SharePayload.shared : SharePayload.notShared,
                                 record: JSONRecord(writing: { [self] in write(to: &$0, answered: (activity, completed)) }))
        }
    }
}
