import BridgeJSON
import BridgeProtocol
import BridgeRouter

/// The presentation of `UIActivityViewController`, with UIKit's rule for iPad: the sheet is a
/// popover and must have an anchor, or presenting it throws.
struct ShareSheet: Sendable {
    let device: DeviceClass
    let popover: Popover?

    /// The root view the plugin anchors to (points; an 11-inch iPad in portrait).
    static let iPadRootViewBounds = (width: 834.0, height: 1194.0)

    /// The popover anchor: the centre of the root view, a zero-size rect, no arrow.
    struct Popover: Sendable, Equatable {
        let sourceRect: (x: Double, y: Double, width: Double, height: Double)

        static func == (a: Popover, b: Popover) -> Bool {
            a.sourceRect.x == b.sourceRect.x && a.sourceRect.y == b.sourceRect.y
                && a.sourceRect.width == b.sourceRect.width && a.sourceRect.height == b.sourceRect.height
        }

        static func centred(width: Double, height: Double) -> Popover {
            Popover(sourceRect: (width / 2, height / 2, 0, 0))
        }

        var record: JSON {
            [
                "sourceView": "rootViewController.view",
                "sourceRect": ["x": .double(sourceRect.x), "y": .double(sourceRect.y),
                               "width": .double(sourceRect.width), "height": .double(sourceRect.height)],
                "permittedArrowDirections": [],
            ]
        }
    }

    /// The sheet as the plugin presents it on `device`; `anchored: false` is a plugin that never
    /// sets the popover's `sourceView` and `sourceRect`.
    static func forDevice(_ device: DeviceClass, anchored: Bool = true) -> ShareSheet {
        switch device {
        case .iphone: return ShareSheet(device: device, popover: nil)
        case .ipad:
            let b = iPadRootViewBounds
            return ShareSheet(device: device, popover: anchored ? .centred(width: b.width, height: b.height) : nil)
        }
    }

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
}
