import BridgeCall
import BridgeJSON
import BridgeProtocol
import BridgeRouter
import BridgeShare
import BridgeShareNatives
import Foundation

/// Real media bytes and a folder of them: a 2×2 PNG, a JPEG, a one-page PDF, an MPEG-4 header
/// (ftyp isom + moov/mvhd + mdat), a text file; and a link planted to leave the folder.
enum ShareFixtures {
    static let png = bytes("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==")
    static let jpeg = bytes("/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=")
    static let pdf = bytes("JVBERi0xLjQKMSAwIG9iago8PCAvVHlwZSAvQ2F0YWxvZyAvUGFnZXMgMiAwIFIgPj4KZW5kb2JqCjIgMCBvYmoKPDwgL1R5cGUgL1BhZ2VzIC9LaWRzIFszIDAgUl0gL0NvdW50IDEgPj4KZW5kb2JqCjMgMCBvYmoKPDwgL1R5cGUgL1BhZ2UgL1BhcmVudCAyIDAgUiAvTWVkaWFCb3ggWzAgMCA3MiA3Ml0gPj4KZW5kb2JqCnhyZWYKMCA0CjAwMDAwMDAwMDAgNjU1MzUgZiAKMDAwMDAwMDAwOSAwMDAwMCBuIAowMDAwMDAwMDU4IDAwMDAwIG4gCjAwMDAwMDAxMTUgMDAwMDAgbiAKdHJhaWxlcgo8PCAvU2l6ZSA0IC9Sb290IDEgMCBSID4+CnN0YXJ0eHJlZgoxODQKJSVFT0YK")
    static let mp4 = bytes("AAAAHGZ0eXBpc29tAAACAGlzb21pc28ybXA0MQAAAHRtb292AAAAbG12aGQAAAAAAAAAAAAAAAAAAAPoAAAAAAABAAABAAAAAAAAAAAAAAAAAQAAAAAAAAAAAAAAAAAAAAEAAAAAAAAAAAAAAAAAAEAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAACAAAACG1kYXQ=")
    static let text = Array("Notes from the trip\n".utf8)

    private static func bytes(_ base64: String) -> [UInt8] { Data(base64Encoded: base64).map { [UInt8]($0) } ?? [] }

    /// A fresh folder holding shot.png, photo.jpg, report.pdf, clip.mp4, notes.txt, empty.bin,
    /// a folder `sub/`, and `escape.png`, a link to a PNG outside the folder.
    static func folder() throws -> String {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-share-tests-\(UUID().uuidString)")
        let root = base.appendingPathComponent("root")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("sub"), withIntermediateDirectories: true)
        for (name, bytes) in [("shot.png", png), ("photo.jpg", jpeg), ("report.pdf", pdf), ("clip.mp4", mp4), ("notes.txt", text),
                              ("empty.bin", [])] {
            try Data(bytes).write(to: root.appendingPathComponent(name))
        }
        try Data(png).write(to: base.appendingPathComponent("outside.png"))
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("escape.png").path,
                                                   withDestinationPath: base.appendingPathComponent("outside.png").path)
        return ShareFileRules(roots: [root.path]).roots[0]
    }

    static func dataURL(_ bytes: [UInt8], type: String) -> String {
        "data:\(type);base64,\(Data(bytes).base64EncodedString())"
    }

    /// A router serving the share plugin (iOS backend, `root` the only allowed folder).
    static func router(root: String, limits: ShareFileLimits = ShareFileLimits()) throws -> Router {
        let plugin = SharePlugin.plugin(files: ShareFileRules(roots: [root], limits: limits))
        return Router(registry: try CommandRegistry(plugins: [plugin]))
    }

    /// One call through layer 1 and the backend.
    static func call(_ command: String, _ params: JSON, root: String, context: CallContext = CallContext(),
                     limits: ShareFileLimits = ShareFileLimits()) async throws -> Result<CommandOutput, ResponseError> {
        let router = try router(root: root, limits: limits)
        switch router.prepare(method: "plugin:share|\(command)", params: params, context: context) {
        case .success(let call): return await router.run(call)
        case .failure(let error): return .failure(error)
        }
    }
}
