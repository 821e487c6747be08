import BridgeCall
import BridgeDevice
import BridgeJSON
import BridgeProtocol

/// The presentation of `UIActivityViewController`, with UIKit's rule for iPad: the sheet is a
/// popover and must have an anchor, or presenting it throws.
struct ShareSheet: Sendable {
    let device: DeviceClass
    let popover: Popover?

    /// The root view the plugin anchors to (points; an 11-inch iPad in portrait).
    static let iPadRootViewBounds = (width: 834.0, height: 1194.0)

    /// The view controller the plugin presents on.
    enum Presenter: String, Sendable {
        /// The key window's root view controller (frak-share before 0aa82fbd).
        case root = "rootViewController.view"
        /// The topmost presented view controller: the share sheet already up (frak-share from
        /// 0aa82fbd, which walks `presentedViewController` when one is up).
        case presentedSheet = "presentedViewController.view"
    }

    /// The popover anchor: the centre of the presenting view, a zero-size rect, no arrow. The
    /// rect is given in the root view's points: a sheet up is itself a popover centred on the
    /// root view, so the centre of its view is the same point of the screen.
    struct Popover: Sendable, Equatable {
        let sourceRect: (x: Double, y: Double, width: Double, height: Double)
        var presenter: Presenter = .root

        static func == (a: Popover, b: Popover) -> Bool {
            a.sourceRect.x == b.sourceRect.x && a.sourceRect.y == b.sourceRect.y
                && a.sourceRect.width == b.sourceRect.width && a.sourceRect.height == b.sourceRect.height
                && a.presenter == b.presenter
        }

        static func centred(width: Double, height: Double, presenter: Presenter = .root) -> Popover {
            Popover(sourceRect: (width / 2, height / 2, 0, 0), presenter: presenter)
        }

        var record: JSON { JSON(writing: write) }

        /// The popover's record, written value by value (`record` reads it back).
        func write(to w: inout JSONWriter) {
            w.openObject()
            w.key("sourceView"); w.string(presenter.rawValue)
            w.key("sourceRect")
            w.openObject()
            w.key("x"); w.double(sourceRect.x)
            w.key("y"); w.double(sourceRect.y)
            w.key("width"); w.double(sourceRect.width)
            w.key("height"); w.double(sourceRect.height)
            w.closeObject()
            w.key("permittedArrowDirections"); w.openArray(); w.closeArray()
            w.closeObject()
        }
    }

    /// The sheet as the plugin presents it on `device`, on `presenter`; `anchored: false` is a
    /// plugin that never sets the popover's `sourceView` and `sourceRect`.
    static func forDevice(_ device: DeviceClass, anchored: Bool = true, presenter: Presenter = .root) -> ShareSheet {
        switch device {
        case .iphone: return ShareSheet(device: device, popover: nil)
        case .ipad:
            let b = iPadRootViewBounds
            return ShareSheet(device: device, popover: anchored ? .centred(width: b.width, height: b.height, presenter: presenter) : nil)
        }
    }

    /// What frak-share rejects when no window is key (the app in the background, its scene not
    /// yet active): the `guard let rootViewController` of `presentShareSheet`.
    static let noRootViewController = "No root view controller available"

    /// What UIKit raises when an iPad popover is presented without an anchor.
    static let unanchoredException = "*** Terminating app due to uncaught exception 'NSGenericException', reason: "
        + "'UIPopoverPresentationController (<UIPopoverPresentationController: 0x…>) should have a non-nil "
        + "sourceView or barButtonItem set before the presentation occurs.'"

    /// Checks UIKit's presentation rule.
    /// - Throws: `-32603` with UIKit's `NSGenericException` for an iPad sheet without an anchor:
    ///   the app crashes (`data.exception`).
    func validate() throws(ResponseError) {
        if device == .ipad && popover == nil {
            throw ResponseError.internalError(ShareSheet.unanchoredException)
                .adding(["layer": "ios", "exception": "NSGenericException"])
        }
    }

    /// UIKit's console warning when the plugin presents while a sheet is already up.
    static let refusedPresentWarning = CallWarning(
        code: "present_refused",
        message: "Attempt to present <UIActivityViewController: 0x…> on <UIViewController: 0x…> which is already "
            + "presenting <UIActivityViewController: 0x…>: UIKit refuses the second share sheet, its completion "
            + "handler never runs, so this call's promise never settles (the plugin neither resolves nor rejects); "
            + "a plugin must refuse a share while one is open, as @capacitor/share does")

    /// What frak-share's present does while a sheet is up: UIKit refuses it with a console
    /// warning (reported now: the call is never answered), and the completion handler never
    /// runs, so the call waits until it is cancelled or the session ends.
    /// - Throws: `-32800` once cancelled; under `--strict`, the warning as a `-32602` refusal.
    static func refusedPresent(context: CallContext) async throws(ResponseError) -> Never {
        try LiveWarnings.warn(refusedPresentWarning, context: context)
        await UserWait.untilCancelled()
        throw .cancelled
    }
}
