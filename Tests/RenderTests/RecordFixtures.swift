import BridgeJSON
import Foundation

/// Presentation records as the backends write them, with the parts a test changes as parameters.
enum Fixtures {
    /// A 1×1 red PNG.
    static let redPNG: [UInt8] = Array(Data(base64Encoded:
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC")!)

    static var redPNGDataURL: String { "data:image/png;base64,\(Data(redPNG).base64EncodedString())" }

    static func ios(device: String = "iphone", url: String? = "https://frak.id/invite", text: String? = "Join me",
                    title: String? = "Frak", originalURL: String? = nil, icon: JSON = .null,
                    activity: String? = "com.apple.UIKit.activity.Message", completed: Bool = true,
                    reason: String? = nil, extraItems: [JSON] = []) -> JSON {
        var items: [JSON] = []
        if let url {
            items.append(["kind": "link", "url": .string(url), "subject": .optional(title),
                          "metadata": ["title": .optional(title), "url": .string(url),
                                       "originalURL": .string(originalURL ?? url), "icon": icon]])
        }
        if let text { items.append(["kind": "text", "text": .string(text), "subject": .optional(title)]) }
        items += extraItems
        var delivered: JSON = .null
        if completed, let activity {
            let received: [String]
            switch activity {
            case "com.apple.UIKit.activity.AirDrop", "com.apple.UIKit.activity.AddToReadingList":
                received = [url ?? text ?? ""]
            default:
                received = [text, url].compactMap { $0 }
            }
            delivered = ["subject": .optional(title), "items": .array(received.map(JSON.string))]
        }
        var completion: JSONObject = ["activityType": .optional(activity), "completed": .bool(completed)]
        if let reason { completion["reason"] = .string(reason) }
        let popover: JSON = device == "ipad"
            ? ["sourceView": "rootViewController.view", "sourceRect": ["x": 417, "y": 597, "width": 0, "height": 0],
               "permittedArrowDirections": []]
            : .null
        return ["platform": "ios", "device": .string(device), "nativeMethod": "shareText", "activityItems": .array(items),
                "iconLoad": icon == .null ? .null : ["outcome": "loaded", "elapsedMs": 12],
                "popover": popover, "completion": .object(completion), "delivered": delivered]
    }

    static func icon(dataURL: String? = Fixtures.redPNGDataURL) -> JSON {
        var icon: JSONObject = ["sourceURL": "https://frak.id/logo.png", "byteCount": .integer(redPNG.count),
                                "typeIdentifier": "public.png"]
        if let dataURL { icon["dataURL"] = .string(dataURL) }
        return .object(icon)
    }

    static let thumbnailFile = "/tmp/cache/share/share-123.png"

    static func android(text: String = "Join me\nhttps://frak.id/invite", title: String? = "Frak", thumbnail: Bool = false,
                        chooserTitle: String? = nil) -> JSON {
        var extras: JSONObject = ["android.intent.extra.TEXT": .string(text)]
        if let title {
            extras["android.intent.extra.SUBJECT"] = .string(title)
            extras["android.intent.extra.TITLE"] = .string(title)
        }
        let uri = "content://com.example.app.fileprovider/share/share-123.png"
        return ["platform": "android", "nativeMethod": "shareText",
                "intent": ["action": "android.intent.action.SEND", "type": "text/plain", "extras": .object(extras),
                           "clipData": thumbnail ? ["label": .optional(title), "uri": .string(uri)] : .null,
                           "flags": thumbnail ? ["FLAG_GRANT_READ_URI_PERMISSION"] : []],
                "chooser": ["title": .optional(chooserTitle), "flags": ["FLAG_ACTIVITY_NEW_TASK"]],
                "thumbnail": thumbnail
                    ? ["outcome": "downloaded", "file": .string(thumbnailFile), "contentUri": .string(uri), "elapsedMs": 40]
                    : .null]
    }
}

extension String {
    /// How many times `needle` occurs.
    func occurrences(of needle: String) -> Int {
        components(separatedBy: needle).count - 1
    }
}
