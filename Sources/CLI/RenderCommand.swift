import BridgeContract
import BridgeJSON
import BridgeRender
import BridgeStreams
import Foundation

/// `bridge render <record.json | -> [-o FILE.html]`, and the `--preview FILE` of `invoke`: a
/// presentation record drawn as the sheet a person would see.
enum RenderCommand {
    static let help = """
    Usage: bridge render <record.json | -> [-o FILE.html]

    Draws a presentation record as the sheet a person would see, in one self-contained HTML
    document (inline SVG, images as data: URLs, no network, no script): the iOS share sheet
    (an iPhone bottom sheet, or an iPad popover at its anchor) and what the chosen activity
    received, or the Android chooser with its preview header.

    <record.json>        a record, or the output of 'bridge invoke … --inspect'; - for stdin
    -o, --output FILE    write the document to FILE [stdout]

    The record is checked against its schema (presentation/ios or presentation/android).
    Android thumbnails are read from the file the record names.

    Exit status: 0 rendered; 2 usage error (unreadable or malformed JSON, not a valid
    presentation record, an unwritable FILE).
    """

    static let optionNames: Set<String> = ["output"]
    static let aliases = ["-o": "output"]

    static func run(_ args: ArgumentList, streams: StandardStreams) throws(UsageError) -> Int32 {
        guard args.positionals.count == 1, let source = args.positionals.first else {
            throw UsageError(args.positionals.isEmpty ? "missing <record.json>: name a record file, or - for stdin"
                                                      : "expected one <record.json>, got \(args.positionals.count) arguments",
                             subcommand: "render")
        }
        let document = try read(source)
        let record = PresentationRenderer.unwrapped(document)
        try check(record, source: source)
        let html = try render(record, what: source)
        if let output = try args.nonEmpty("output") {
            try write(html, to: output, subcommand: "render")
        } else {
            streams.write(html)
        }
        return 0
    }

    /// Renders `record`, reading the image files it names.
    static func render(_ record: JSON, what: String) throws(UsageError) -> String {
        var images: [String: [UInt8]] = [:]
        for file in PresentationRenderer.imageFiles(in: record) {
            if let data = FileManager.default.contents(atPath: file) { images[file] = [UInt8](data) }
        }
        do {
            return try PresentationRenderer.document(for: record, images: images)
        } catch {
            throw UsageError("\(what) cannot be rendered: \(error)", subcommand: "render", pointsToHelp: false)
        }
    }

    /// Writes the document to `path`.
    static func write(_ html: String, to path: String, subcommand: String) throws(UsageError) {
        do {
            try Data(html.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw UsageError("cannot write \(path): \((error as NSError).localizedDescription)", subcommand: subcommand,
                             pointsToHelp: false)
        }
    }

    private static func check(_ record: JSON, source: String) throws(UsageError) {
        guard let platform = record["platform"]?.stringValue, ["ios", "android"].contains(platform) else {
            throw UsageError("\(source) is not a presentation record: it needs \"platform\": \"ios\" or \"android\"",
                             subcommand: "render", pointsToHelp: false)
        }
        let errors: [String]
        do {
            errors = try SchemaCatalog.shared.validator("presentation/\(platform)").validate(record).map(\.description)
        } catch {
            throw UsageError("schema presentation/\(platform): \(error)", subcommand: "render", pointsToHelp: false)
        }
        guard errors.isEmpty else {
            throw UsageError("\(source) is not a valid \(platform) presentation record:\n  " + errors.joined(separator: "\n  "),
                             subcommand: "render", pointsToHelp: false)
        }
    }

    private static func read(_ source: String) throws(UsageError) -> JSON {
        let bytes: [UInt8]
        if source == "-" {
            switch FileDescriptorIO.readAll(0, limit: 64 << 20) {
            case .bytes(let b): bytes = b
            case .tooLarge(let limit): throw UsageError("the record on stdin is larger than \(limit) bytes", subcommand: "render")
            case .failed(let code): throw UsageError("cannot read stdin (errno \(code))", subcommand: "render")
            }
        } else {
            guard let data = FileManager.default.contents(atPath: source) else {
                throw UsageError("cannot read \(source)", subcommand: "render", pointsToHelp: false)
            }
            bytes = [UInt8](data)
        }
        do {
            return try JSONParser.parse(bytes)
        } catch {
            throw UsageError("\(source == "-" ? "the record on stdin" : source) is not valid JSON: \(error)", subcommand: "render",
                             pointsToHelp: false)
        }
    }
}
