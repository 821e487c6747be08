import BridgeBinding
import BridgeACL
import BridgeApp
import BridgeCall
import BridgeJSON
import BridgeKit
import BridgeProtocol
import FoundationEssentials
import Glibc
import BridgeSystem

/// An RGBA image held in a webview's resource table (tauri `crates/tauri/src/image/mod.rs`
/// `Image`): the bytes as given, row-major from the top, and the size as given — Tauri checks
/// neither against the other.
final class ImageResource: Sendable {
    let rgba: [UInt8]
    let width: UInt32
    let height: UInt32

    init(rgba: [UInt8], width: UInt32, height: UInt32) {
        self.rgba = rgba
        self.width = width
        self.height = height
    }
}

/// Tauri's image plugin (`plugin:image|…`, tauri 2.0.6 `crates/tauri/src/image/plugin.rs`,
/// unchanged in 2.8.5), which `@tauri-apps/api/image`'s `Image` calls: `new`, `rgba`, `size` on
/// the webview's resource table; `from_bytes` and `from_path` as far as the bridge can go
/// without an image decoder: bytes of no format the `image` crate recognises are refused with
/// its words, a recognised format (PNG, ICO, …) is answered by a fixture or handler.
struct ImageCorePlugin {
    let table: ResourceTable
    let surface: AppSurface
    var name: String { "image" }
    /// The plugin, declared through the kit.
    var plugin: KitPlugin { KitPlugin(core: name, commandNames: CorePermissions.commandNames("core:" + name), commands: coreCommands) }

    var coreCommands: [KitCommand] {
        let table = self.table, surface = self.surface
        let bytes: RustType = .sequence(.integer("u8"))
        @Sendable func image(_ payload: JSONObject, _ context: CallContext) throws(ResponseError) -> ImageResource {
            let rid = payload["rid"]?.numberValue.flatMap { UInt32($0.text) } ?? 0
            return try table.webview(context.webview).get(rid, as: ImageResource.self)
        }
        /// `from_bytes` after the bytes are read: Tauri's answer, or the surface's for a format it decodes.
        @Sendable func decode(_ data: [UInt8], _ invocation: Invocation) async throws(ResponseError) -> CommandOutput {
            // image 0.25 `load_from_memory` → `guess_format`; Tauri's `Error::Image` prefixes it.
            guard ImageCorePlugin.recognisedFormat(data) else {
                throw .rejected("failed to process image: The image format could not be determined", details: ["layer": "command"])
            }
            let method = "plugin:image|\(invocation.name.command)"
            return CommandOutput(result: try await surface.answer(method, kind: "core plugin image: decoding not simulated",
                                                                  payload: .object(invocation.arguments), context: invocation.context))
        }
        return [
            // new(rgba: Vec<u8>, width: u32, height: u32) -> ResourceId
            KitCommand("new", [("rgba", bytes), ("width", .integer("u32")), ("height", .integer("u32"))]) { payload, context throws(ResponseError) in
                let rgba = (payload["rgba"]?.arrayValue ?? []).compactMap { $0.numberValue.flatMap { UInt8($0.text) } }
                let size = ["width", "height"].map { payload[$0]?.numberValue.flatMap { UInt32($0.text) } ?? 0 }
                let rid = try table.webview(context.webview).add(ImageResource(rgba: rgba, width: size[0], height: size[1]))
                return .number(JSONNumber(Int(rid)))
            },
            // from_bytes(bytes: Vec<u8>) -> ResourceId (features image-ico / image-png)
            KitCommand("from_bytes", [("bytes", bytes)], waiting: { invocation async throws(ResponseError) in
                let data = (invocation.arguments["bytes"]?.arrayValue ?? []).compactMap { $0.numberValue.flatMap { UInt8($0.text) } }
                return try await decode(data, invocation)
            }),
            // from_path(path: PathBuf) -> ResourceId: `std::fs::read(path)?`, whose io::Error is the answer.
            // The host's file is read only to find its format; nothing of it reaches the page.
            KitCommand("from_path", [("path", .path)], waiting: { invocation async throws(ResponseError) in
                let path = invocation.arguments["path"]?.stringValue ?? ""
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw .rejected("No such file or directory (os error 2)", details: ["layer": "command"])
                }
                return try await decode(Array(data), invocation)
            }),
            // rgba(rid) -> Vec<u8>; size(rid) -> {width, height}; `The resource id N is invalid.` otherwise.
            KitCommand("rgba", [("rid", .integer("u32"))]) { payload, context throws(ResponseError) in
                .array(try image(payload, context).rgba.map { .number(JSONNumber(Int($0))) })
            },
            KitCommand("size", [("rid", .integer("u32"))]) { payload, context throws(ResponseError) in
                let found = try image(payload, context)
                return ["width": .number(JSONNumber(Int(found.width))), "height": .number(JSONNumber(Int(found.height)))]
            },
        ]
    }

    /// Whether the `image` crate's `guess_format` (image 0.25 `src/image.rs` magic bytes)
    /// recognises `data`.
    static func recognisedFormat(_ data: [UInt8]) -> Bool {
        let signatures: [[UInt8]] = [
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],  // PNG
            [0xFF, 0xD8, 0xFF],  // JPEG
            Array("GIF89a".utf8), Array("GIF87a".utf8),
            [0x4D, 0x4D, 0x00, 0x2A], [0x49, 0x49, 0x2A, 0x00],  // TIFF
            Array("BM".utf8),  // BMP
            [0x00, 0x00, 0x01, 0x00],  // ICO
            Array("#?RADIANCE".utf8), Array("farbfeld".utf8), Array("qoif".utf8), Array("DDS ".utf8),
            [0x76, 0x2F, 0x31, 0x01],  // OpenEXR
        ]
        if signatures.contains(where: { data.starts(with: $0) }) { return true }
        // WebP: RIFF????WEBP; AVIF: ????ftypavif; PNM: P1…P7.
        if data.count >= 12, data.starts(with: Array("RIFF".utf8)), Array(data[8..<12]) == Array("WEBP".utf8) { return true }
        if data.count >= 12, Array(data[4..<12]) == Array("ftypavif".utf8) { return true }
        if data.count >= 2, data[0] == UInt8(ascii: "P"), (UInt8(ascii: "1")...UInt8(ascii: "7")).contains(data[1]) { return true }
        return false
    }
}
