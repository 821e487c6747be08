import BridgeBinding
import BridgeCall
import BridgeJSON
import BridgeMatching
import BridgeProtocol
import BridgeShareNatives

/// The arguments `share` and `can_share` both take, and layer 1's checks of them: the Web
/// Share API Level 2 rules (at least one of title, text, url, files; `files` not empty when
/// present; a `url` that parses and that Web Share accepts; each refusal names the member), then
/// every file resolved (`ShareFileResolver`: allowed roots, no links, size caps, type from bytes).
enum ShareArguments {
    static let parameters: [Parameter] = [
        Parameter("title", .string, doc: "The title: the iOS subject and link-metadata title (unless preview.title); Android EXTRA_SUBJECT and EXTRA_TITLE. Empty = absent."),
        Parameter("text", .string, doc: "The body text. Empty = absent."),
        Parameter("url", .text(format: nil, pattern: ShareLink.pattern),
                  doc: "The link: an absolute URL the Web Share API accepts (not about:, blob:, data:, file:, javascript:, ws:, wss:). Empty = absent."),
        Parameter("files", .list(.string),
                  doc: "The files: each an absolute path or file:// URL inside an allowed root (--files-root), a data: URL, or an http(s) URL the bridge downloads. Not empty when present."),
        Parameter("dialog_title", .string, doc: "Android: the chooser's title, passed to Intent.createChooser; Android 10+ (API 29+) does not show it for a share, nor does iOS (a warning).",
                  checks: [dialogTitleIgnored]),
        Parameter("preview", .record([
            Field("title", .nullable(.string), required: false, doc: "The header's title (seed 003's SharePreview title); else `title`."),
            Field("subtitle", .nullable(.string), required: false, doc: "The header's subtitle, through seed 002's trick originalURL = URL(fileURLWithPath: subtitle)."),
            Field("image", .nullable(.string), required: false, doc: "The header's icon: an image given as a files entry is; else the first image of files."),
        ]), doc: "The share sheet's header (iOS LPLinkMetadata): seed 003's SharePreview(title, image) and seed 002's subtitle."),
    ]

    /// A `dialogTitle` is shown by no current platform: a warning (`--strict` refuses it).
    static let dialogTitleIgnored = ValueCheck(code: "dialog_title_ignored", pattern: "^$") { _ in AndroidBackend.dialogTitleIgnored }

    static let rules: [ArgumentRule] = [
        .nonEmptyWhenPresent("files", message: "invalid args `files` for command `share`: must not be empty when present (the Web Share API refuses an empty files list)"),
        .oneNonEmpty(["title", "text", "url", "files"], message: ShareRequest.nothingToShare),
    ]

    /// The members of `preview`, as declared.
    static let previewKeys: [String] = parameters.first { $0.name == "preview" }.map { parameter in
        if case .record(let fields) = parameter.shape { fields.map(\.key) } else { [] }
    } ?? []

    /// A member of `preview` that is none of its keys: the plugin never reads it (a warning, with
    /// the did-you-mean, as for an unknown argument; `--strict` refuses it).
    static func warnUnknownPreviewKey(_ key: String, command: String, context: CallContext) throws(ResponseError) {
        let field = "preview.\(key)"
        var message = "invalid args `\(field)` for command `\(command)`: unknown key, which the plugin never reads (the value never reaches the sheet)"
        if let suggestion = DidYouMean.suggest(for: key, among: previewKeys) {
            message += "; did you mean `preview.\(suggestion)`?"
        } else {
            message += "; expected one of \(previewKeys.map { "`preview.\($0)`" }.joined(separator: ", "))"
        }
        try LiveWarnings.warn(CallWarning(code: "unknown_key", message: message, field: field), context: context, layer: "command")
    }

    /// The checks and the files of layer 1, for the command `command`: the call the backend
    /// receives. - Throws: `-32602` naming the member at fault.
    static func prepare(_ invocation: Invocation, resolver: ShareFileResolver, command: String) async throws(ResponseError) -> ShareCall {
        let bound = invocation.bound
        func refuse(_ field: String, _ problem: String) -> ResponseError {
            .invalidParams("invalid args `\(field)` for command `\(command)`: \(problem)", details: ["field": .string(field), "layer": "command"])
        }
        if let url = bound.string("url"), !url.isEmpty, let problem = ShareLink.problem(url) {
            throw refuse("url", "\(JSON.string(url).serialized()) \(problem)")
        }
        var entries: [String] = []
        for (index, value) in (bound["files"]?.arrayValue ?? []).enumerated() {
            guard case .string(let entry) = value else {
                throw refuse("files[\(index)]", "invalid type: \(ArgumentBinder.describe(value)), expected a string")
            }
            entries.append(entry)
        }
        var previewImage: String?
        if case .object(let preview)? = bound["preview"] {
            for member in preview where !previewKeys.contains(member.key) {
                try warnUnknownPreviewKey(member.key, command: command, context: invocation.context)
            }
            for key in previewKeys {
                guard let value = preview[key], !value.isNull else { continue }
                guard case .string(let text) = value else {
                    throw refuse("preview.\(key)", "invalid type: \(ArgumentBinder.describe(value)), expected a string")
                }
                if key == "image" && !text.isEmpty { previewImage = text }
            }
        }
        let files = try await resolver.resolve(entries, command: command)
        var image: ShareFile?
        if let previewImage {
            let file = try await resolver.resolve(previewImage, field: "preview.image", command: command)
            guard file.image != nil else {
                throw refuse("preview.image", "\(JSON.string(ShareFile.abbreviated(previewImage)).serialized()) is not an image (its bytes are \(file.typeIdentifier))")
            }
            image = file
        }
        return ShareCall(payload: invocation.nativePayload, context: invocation.context, files: files, previewImage: image)
    }
}
