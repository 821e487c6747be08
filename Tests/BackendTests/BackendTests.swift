import BridgeCall
import BridgeJSON
import BridgeProtocol
@testable import BridgeShareNatives
import BridgeSimulation
import Foundation
import TestSupport
import Testing

/// A fresh, empty Android cache folder.
func temporaryCacheDirectory() -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-cache-\(UUID().uuidString)/cache").path
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

func files(in directory: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
}

@Suite("Each backend validates its own payload (layers 2 and 3 stand alone)")
struct BackendValidationTests {
    static let backends: [any FrakShareNative] = [IOSBackend(), AndroidBackend(configuration: AndroidConfiguration(cacheDirectory: temporaryCacheDirectory()))]

    @Test("payloads layer 1 would refuse are refused again", arguments: [
        (JSON.array([]), "Missing share payload"), ("text", "Missing share payload"), ([:], "Missing 'url' or 'text' parameter"),
        (["url": "", "text": ""], "Missing 'url' or 'text' parameter"),
        (["title": "only a title"], "Missing 'url' or 'text' parameter"),
        (["image_url": "http://127.0.0.1:9/x.png", "Text": "wrong case"], "Missing 'url' or 'text' parameter"),
        (["url": 1, "text": true], "Missing 'url' or 'text' parameter"),
    ] as [(JSON, String)])
    func refused(payload: JSON, message: String) async {
        for backend in BackendValidationTests.backends {
            do {
                // Refused as the call starts, before anything waits.
                _ = try backend.shareText(NativeCall(payload: payload, context: CallContext(platform: .ios)))
                Issue.record("\(backend.layer) accepted \(payload)")
            } catch {
                #expect(error.code == .invalidParams)
                #expect(error.message == message)
                #expect(error.data["layer"] == .string(backend.layer))
            }
        }
    }

    @Test("backends read camelCase keys only: a snake_case image_url is ignored, not fetched")
    func camelCaseOnly() async throws {
        let out = try await IOSBackend().shareText(NativeCall(payload: ["text": "hi", "image_url": "http://127.0.0.1:9/x.png"],
                                                              context: CallContext())).output()
        #expect(out.presentation?["iconLoad"] == .null)
    }

    @Test("iOS drops a link URL(string:) cannot parse, as the plugin does: no link item, no metadata URL, no icon fetch",
          arguments: ["https://frak.id/a b", "https://frak.id/é", "https://frak.id/100%"])
    func unparsableLinkDropped(url: String) async throws {
        let out = try await IOSBackend().shareText(NativeCall(payload: ["url": .string(url), "text": "hi", "imageUrl": .string(url + ".png")],
                                                              context: CallContext())).output()
        #expect(out.presentation?["activityItems"]?.arrayValue?.map { $0["kind"] } == ["text"])
        #expect(out.presentation?["iconLoad"]?["reason"] == .string(IconRace.Result.unparsableReason))
        let alone = try await IOSBackend().shareText(NativeCall(payload: ["url": .string(url)], context: CallContext())).output()
        #expect(alone.presentation?["activityItems"] == [])
        #expect(alone.result == ["shared": false])
        Contract.check(alone.presentation ?? .null, "presentation/ios")
        let parsable = try await IOSBackend().shareText(NativeCall(payload: ["url": "https://frak.id/a%20b"], context: CallContext())).output()
        #expect(parsable.presentation?["activityItems"]?.arrayValue?.first?["url"] == "https://frak.id/a%20b")
    }

    @Test("neither backend fetches a thumbnail that is not http(s): no file: reads; iOS says why in URLSession's terms",
          arguments: [("file:///etc/passwd", "URLSession would read this file: URL from the app's sandbox"),
                      ("data:image/png;base64,AA==", "not an image (image/png, 1 bytes)"),
                      ("ftp://x/i.png", "URLSession has no protocol for ftp: URLs")])
    func neverFetchesOtherSchemes(imageURL: String, iosReason: String) async throws {
        let ios = try await IOSBackend().shareText(NativeCall(payload: ["text": "hi", "imageUrl": .string(imageURL)], context: CallContext())).output()
        #expect(ios.presentation?["iconLoad"]?["outcome"] == "failed")
        #expect(ios.presentation?["iconLoad"]?["reason"]?.stringValue?.hasPrefix(iosReason) == true, "\(ios.presentation?["iconLoad"] ?? .null)")
        #expect(ios.presentation?["iconLoad"]?["reason"]?.stringValue?.contains("Android") == false, "an iOS record gives no Android reason")
        let cache = temporaryCacheDirectory()
        let android = try await AndroidBackend(configuration: AndroidConfiguration(cacheDirectory: cache))
            .shareText(NativeCall(payload: ["text": "hi", "imageUrl": .string(imageURL)], context: CallContext(platform: .android))).output()
        #expect(android.presentation?["thumbnail"]?["outcome"] == "failed")
        #expect(android.presentation?["intent"]?["clipData"] == .null)
        #expect(files(in: cache + "/share").isEmpty)
    }
}

@Suite("iOS-like backend over real HTTP", .serialized)
struct IOSBackendTests {
    let peer: HTTPPeer

    init() throws { peer = try HTTPPeer() }

    /// `deadline` is generous by default, so a loaded machine cannot turn a download into a
    /// timeout; the tests of the 2.0 s race pass it.
    func share(_ payload: JSON, _ context: CallContext = CallContext(), deadline: Double = 10) async throws -> CommandOutput {
        try await IOSBackend(iconDeadlineSeconds: deadline).shareText(NativeCall(payload: payload, context: context)).output()
    }

    @Test("the full record for a link, a text, a title and a loaded icon")
    func fullRecord() async throws {
        let out = try await share(["url": "https://frak.id/i", "text": "Join me", "title": "Frak", "imageUrl": .string(peer.url("/image.png"))])
        #expect(out.result == ["shared": true])
        let record = try #require(out.presentation)
        Contract.check(record, "presentation/ios")
        Contract.check(out.result, "commands/frak-share/share_text.result")
        #expect(record["platform"] == "ios")
        #expect(record["device"] == "iphone")
        #expect(record["popover"] == .null)
        #expect(record["iconLoad"]?["outcome"] == "loaded")
        let dataURL = try #require(record["activityItems"]?.arrayValue?.first?["metadata"]?["icon"]?["dataURL"]?.stringValue)
        #expect(dataURL.hasPrefix("data:image/png;base64,"))
        let embedded = try #require(Data(base64Encoded: String(dataURL.dropFirst("data:image/png;base64,".count))))
        #expect(embedded.count == 69 && embedded.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(record["activityItems"] == [
            ["kind": "link", "url": "https://frak.id/i", "subject": "Frak",
             "metadata": ["title": "Frak", "url": "https://frak.id/i", "originalURL": "https://frak.id/i",
                          "icon": ["sourceURL": .string(peer.url("/image.png")), "byteCount": 69, "typeIdentifier": "public.png",
                                   "dataURL": .string(dataURL)]]],
            ["kind": "text", "text": "Join me", "subject": "Frak"],
        ])
        #expect(record["completion"] == ["activityType": "com.apple.UIKit.activity.Message", "completed": true])
        #expect(record["delivered"] == ["subject": "Frak", "items": ["Join me", "https://frak.id/i"]])
    }

    @Test("no imageUrl: no race, iconLoad is null")
    func noIcon() async throws {
        let out = try await share(["text": "Join me"])
        #expect(out.presentation?["iconLoad"] == .null)
        #expect(out.presentation?["activityItems"] == [["kind": "text", "text": "Join me", "subject": nil]])
    }

    @Test("network trouble never blocks the sheet: it presents without an icon and says why", arguments: [
        ("/404", "HTTP status 404, not 2xx"),
        ("/html", "not an image (text/html"),
        ("/redirect-https", "redirect from http to https not followed"),
        ("/huge", "larger than the"),
    ])
    func failures(path: String, reason: String) async throws {
        let out = try await share(["url": "https://frak.id/i", "imageUrl": .string(peer.url(path))], deadline: 30)
        #expect(out.result == ["shared": true])
        let load = try #require(out.presentation?["iconLoad"])
        Contract.check(out.presentation ?? .null, "presentation/ios")
        #expect(load["outcome"] == "failed")
        #expect(load["reason"]?.stringValue?.contains(reason) == true, "\(load)")
        #expect(out.presentation?["activityItems"]?.arrayValue?.first?["metadata"]?["icon"] == .null)
        // The failure ends the race; it never waits for the deadline (30 s here, generous for a loaded machine).
        #expect((load["elapsedMs"]?.numberValue?.intValue ?? 99_999) < 30_000)
    }

    @Test("a refused connection fails fast")
    func refused() async throws {
        let out = try await share(["text": "x", "imageUrl": "http://127.0.0.1:9/none.png"])
        #expect(out.presentation?["iconLoad"]?["outcome"] == "failed")
    }

    /// 10,000 calls at once: the bridge reaches a call's waiting part late, and the 2.0 s are
    /// the plugin's, counted from its method.
    @Test("the race counts from shareText's start: a waiting part run after the deadline presents at once, fetching nothing")
    func countsFromStart() async throws {
        let step = try IOSBackend(iconDeadlineSeconds: 0.5)
            .shareText(NativeCall(payload: ["text": "x", "imageUrl": .string(peer.url("/image.png"))], context: CallContext()))
        usleep(700_000)
        let out = try await step.output()
        #expect(out.presentation?["iconLoad"]?["outcome"] == "timeout")
        #expect((out.presentation?["iconLoad"]?["elapsedMs"]?.numberValue?.intValue ?? 0) >= 700)
        #expect(try peer.hits("/image.png") == 0)
    }

    @Test("a slow host loses the race at 2.0 s and the sheet presents then", arguments: ["/slow?ms=5000", "/stall", "/drip"])
    func timeout(path: String) async throws {
        let clock = ContinuousClock.now
        let out = try await share(["text": "x", "imageUrl": .string(peer.url(path))], deadline: 2.0)
        let elapsed = ContinuousClock.now - clock
        #expect(out.presentation?["iconLoad"]?["outcome"] == "timeout")
        #expect(elapsed >= .milliseconds(1950))
        // Within 3× the 2.0 s bound: a loaded 2-core machine is slow, never early.
        #expect(elapsed < .seconds(6))
    }

    @Test("iPad presents a popover; the simulated user can dismiss or pick an activity")
    func simulation() async throws {
        let ipad = try await share(["url": "https://frak.id/i", "text": "hi"], CallContext(device: .ipad))
        Contract.check(ipad.presentation ?? .null, "presentation/ios")
        #expect(ipad.presentation?["device"] == "ipad")
        #expect(ipad.presentation?["popover"]?["sourceRect"] == ["x": 417, "y": 597, "width": 0, "height": 0])
        let dismissed = try await share(["text": "hi"], CallContext(simulation: Simulation(cancel: true)))
        Contract.check(dismissed.presentation ?? .null, "presentation/ios")
        #expect(dismissed.result == ["shared": false])
        #expect(dismissed.presentation?["completion"] == ["activityType": nil, "completed": false])
        #expect(dismissed.presentation?["delivered"] == .null)
        let airDrop = try await share(["url": "https://frak.id/i", "text": "hi"],
                                      CallContext(simulation: Simulation(activity: "com.apple.UIKit.activity.AirDrop")))
        #expect(airDrop.presentation?["delivered"] == ["subject": "", "items": ["https://frak.id/i"]])
        let readingList = try await share(["text": "hi"], CallContext(simulation: Simulation(activity: "com.apple.UIKit.activity.AddToReadingList")))
        #expect(readingList.result == ["shared": false])
    }
}

@Suite("Android-like backend over real HTTP", .serialized)
struct AndroidBackendTests {
    let peer: HTTPPeer
    let cacheDirectory: String

    init() throws {
        peer = try HTTPPeer()
        cacheDirectory = temporaryCacheDirectory()
    }

    /// A generous bound, so a loaded test machine cannot turn a download into a timeout; the
    /// tests of the 2.0 s bound set it back.
    var configuration: AndroidConfiguration {
        AndroidConfiguration(appID: "id.frak.wallet", cacheDirectory: cacheDirectory, thumbnailDeadlineSeconds: 10)
    }
    var shareDirectory: String { cacheDirectory + "/share" }

    func share(_ payload: JSON, configuration: AndroidConfiguration? = nil) async throws -> CommandOutput {
        try await AndroidBackend(configuration: configuration ?? self.configuration)
            .shareText(NativeCall(payload: payload, context: CallContext(platform: .android))).output()
    }

    @Test("the 2.0 s count from shareText's start: a waiting part run after them shares at once, downloading nothing")
    func countsFromStart() async throws {
        var plugin = configuration
        plugin.thumbnailDeadlineSeconds = 0.5
        let step = try AndroidBackend(configuration: plugin)
            .shareText(NativeCall(payload: ["text": "x", "imageUrl": .string(peer.url("/image.png"))], context: CallContext(platform: .android)))
        usleep(700_000)
        let out = try await step.output()
        #expect(out.result == ["shared": true])
        #expect(out.presentation?["thumbnail"]?["outcome"] == "timeout")
        #expect((out.presentation?["thumbnail"]?["elapsedMs"]?.numberValue?.intValue ?? 0) >= 700)
        #expect(try peer.hits("/image.png") == 0)
        #expect(files(in: shareDirectory) == [])
    }

    @Test("downloads the thumbnail once, names it by the Java hash, and exposes a content:// URI")
    func downloadThenCache() async throws {
        let image = peer.url("/image.png")
        let first = try await share(["url": "https://frak.id/i", "text": "Join me", "title": "Frak", "imageUrl": .string(image)])
        #expect(first.result == ["shared": true])
        let name = "share-\(image.javaHashCode).png"
        let uri = "content://id.frak.wallet.fileprovider/share/\(name)"
        let record = try #require(first.presentation)
        Contract.check(record, "presentation/android")
        #expect(record["intent"] == [
            "action": "android.intent.action.SEND", "type": "text/plain",
            "extras": ["android.intent.extra.TEXT": "Join me\nhttps://frak.id/i",
                       "android.intent.extra.SUBJECT": "Frak", "android.intent.extra.TITLE": "Frak"],
            "clipData": ["label": "Frak", "uri": .string(uri)], "flags": ["FLAG_GRANT_READ_URI_PERMISSION"],
        ])
        #expect(record["chooser"] == ["title": nil, "flags": ["FLAG_ACTIVITY_NEW_TASK"]])
        #expect(record["thumbnail"]?["outcome"] == "downloaded")
        #expect(record["thumbnail"]?["file"] == .string(FileProviderPaths.canonical(shareDirectory) + "/" + name))
        #expect(record["thumbnail"]?["contentUri"] == .string(uri))
        #expect(files(in: shareDirectory) == [name])
        let second = try await share(["url": "https://frak.id/i", "imageUrl": .string(image)])
        #expect(second.presentation?["thumbnail"]?["outcome"] == "cached")
        #expect(second.presentation?["intent"]?["clipData"]?["uri"] == .string(uri))
        #expect(try peer.hits("/image.png") == 1)
    }

    @Test("the extension follows the Content-Type", arguments: [("/image.jpg", "jpg"), ("/octet.png", "img"), ("/redirect-same", "png")])
    func extensions(path: String, ext: String) async throws {
        let url = peer.url(path)
        let out = try await share(["text": "x", "imageUrl": .string(url)])
        #expect(out.presentation?["thumbnail"]?["outcome"] == "downloaded")
        #expect(files(in: shareDirectory).contains("share-\(url.javaHashCode).\(ext)"))
    }

    @Test("failures share without a thumbnail and leave nothing in the cache", arguments: [
        ("/404", "HTTP status 404"), ("/html", "not an image (text/html"),
        ("/redirect-https", "redirect from http to https not followed"), ("/redirect-loop", "redirect"),
        ("/huge", "larger than the"), ("/stall", "read timeout"), ("/slow?ms=5000", "connect timeout"),
    ])
    func failures(path: String, reason: String) async throws {
        let out = try await share(["text": "x", "imageUrl": .string(peer.url(path))])
        let thumbnail = try #require(out.presentation?["thumbnail"])
        Contract.check(out.presentation ?? .null, "presentation/android")
        #expect(thumbnail["outcome"] == "failed")
        #expect(thumbnail["reason"]?.stringValue?.contains(reason) == true, "\(thumbnail)")
        #expect(out.presentation?["intent"]?["clipData"] == .null)
        #expect(out.presentation?["intent"]?["flags"] == [])
        // Within 3× the 2.0 s bound, slack for a loaded test machine.
        #expect((thumbnail["elapsedMs"]?.numberValue?.intValue ?? 99_999) <= 6000)
        #expect(files(in: shareDirectory) == [])
    }

    @Test("a refused connection fails fast and shares without a thumbnail")
    func refusedConnection() async throws {
        let out = try await share(["text": "x", "imageUrl": "http://127.0.0.1:9/none.png"])
        #expect(out.presentation?["thumbnail"]?["outcome"] == "failed")
        // Refused at once, not timed out (a generous bound on the time, for a loaded machine).
        #expect(out.presentation?["thumbnail"]?["reason"]?.stringValue?.contains("timeout") == false)
        #expect((out.presentation?["thumbnail"]?["elapsedMs"]?.numberValue?.intValue ?? 99_999) < 6000)
        #expect(files(in: shareDirectory) == [])
    }

    @Test("a body still trickling at 2.0 s is a timeout, and the partial file is removed")
    func timeout() async throws {
        var plugin = configuration
        plugin.thumbnailDeadlineSeconds = 2.0
        let clock = ContinuousClock.now
        let out = try await share(["text": "x", "imageUrl": .string(peer.url("/drip"))], configuration: plugin)
        #expect(out.presentation?["thumbnail"]?["outcome"] == "timeout")
        // Within 3× the 2.0 s bound, slack for a loaded test machine.
        #expect(ContinuousClock.now - clock < .seconds(6))
        #expect(files(in: shareDirectory) == [])
    }

    @Test("the cache stays under its cap by evicting the oldest files")
    func cap() async throws {
        var small = configuration
        small.maxCacheBytes = 150
        for path in ["/image.png?1", "/image.png?2", "/image.png?3"] {
            _ = try await share(["text": "x", "imageUrl": .string(peer.url(path))], configuration: small)
        }
        let kept = files(in: shareDirectory)
        #expect(kept.count == 2)
        #expect(kept.contains("share-\(peer.url("/image.png?3").javaHashCode).png"))
    }

    @Test("a share folder that is a symlink is never written through")
    func symlink() async throws {
        let elsewhere = temporaryCacheDirectory()
        try FileManager.default.createSymbolicLink(atPath: shareDirectory, withDestinationPath: elsewhere)
        let out = try await share(["text": "x", "imageUrl": .string(peer.url("/image.png"))])
        #expect(out.presentation?["thumbnail"]?["outcome"] == "failed")
        #expect(files(in: elsewhere) == [])
    }

    @Test("a file outside every FileProvider root gets no URI and no ClipData, never file://")
    func outsideRoots() async throws {
        var other = configuration
        other.providerPaths = try FileProviderPaths(xml: #"<paths><files-path name="f" path="."/></paths>"#)
        let out = try await share(["text": "x", "imageUrl": .string(peer.url("/image.png"))], configuration: other)
        #expect(out.presentation?["thumbnail"]?["outcome"] == "downloaded")
        #expect(out.presentation?["thumbnail"]?["contentUri"] == .null)
        #expect(out.presentation?["intent"]?["clipData"] == .null)
        #expect(!out.presentation!.serialized().contains("file://"))
    }

    @Test("iOS loads a data: imageUrl as URLSession does: the icon is the decoded image, at once")
    func iosLoadsDataURLIcon() async throws {
        let png = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC"
        let ios = try await IOSBackend().shareText(NativeCall(payload: ["url": "https://frak.id", "text": "hi", "imageUrl": .string(png)],
                                                                context: CallContext())).output()
        #expect(ios.presentation?["iconLoad"]?["outcome"] == "loaded")
        #expect(ios.presentation?["iconLoad"]?["elapsedMs"] == 0)
        Contract.check(ios.presentation ?? .null, "presentation/ios")
    }

    @Test("an activity the sheet does not offer completes nothing, and the record names what it offers")
    func notOffered() async throws {
        let ios = try await IOSBackend().shareText(NativeCall(payload: ["text": "hi"],
                                                              context: CallContext(simulation: Simulation(activity: "com.apple.UIKit.activity.SaveToCameraRoll")))).output()
        #expect(ios.result == ["shared": false])
        #expect(ios.presentation?["completion"]?["reason"]?.stringValue?.hasSuffix("(the sheet offers AirDrop, Message, Mail, CopyToPasteboard)") == true,
                "\(ios.presentation?["completion"] ?? .null)")
    }
}
