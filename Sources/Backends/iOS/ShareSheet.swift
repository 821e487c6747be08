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

    /// The sheet as the plugin presents it on `device`.
    static func forDevice(_ device: DeviceClass) -> ShareSheet {
        switch device {
        case .iphone: return ShareSheet(device: device, popover: nil)
        case .ipad:
            let b = iPadRootViewBounds
            return ShareSheet(device: device, popover: .centred(width: b.width, height: b.height))
        }
    }

    /// Checks UIKit's presentation rule.
    /// - Throws: `-32603` for an iPad sheet without an anchor: UIKit would raise and crash the app.
    func validate() throws(ResponseError) {
        if device == .ipad && popover == nil {
            throw ResponseError.internalError(
                "UIActivityViewController on iPad needs a popoverPresentationController sourceView and sourceRect; presenting without one crashes")
                .adding(["layer": "ios"])
        }
    }
}
