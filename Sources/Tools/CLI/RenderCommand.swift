import BridgeContract
import BridgeJSON
import BridgeRender
import BridgeStreams
import FoundationEssentials
import Glibc
import BridgeSystem

/// `bridge render <record.json | -> [-o FILE.html]`, and the `--preview FILE` of `invoke`: a
/// presentation record drawn as the sheet a person would see.
enum RenderCommand {
    static let help = """
    Usage: bridge render <record.json | -> [-o FILE.html]

    Draws a presentation record as the sheet a person would see, in one self-contained HTML
    document (inline SVG, images as data: URLs, no network, no script): the iOS share sheet
    (an iPhone bottom sheet, or an iPad popover at its anchor) and what the chosen activity
    received, or the Android chooser with its preview header; an official plugin's record as
    its prompt, dialog, scanner view or notification banner (a record with nothing on
    screen, such as haptics', is refused by name).

    <record.json>        a record, or the output of 'bridge invoke … --inspect' (also
                         a failed call's, whose error carries data.presentation); - for stdin
    -o, --output FILE    write the document to FILE [stdout]

    The record is checked against its schema (presentation/ios, presentation/ios-share for
    plugin:share's, or presentation/android). The images a record names (Android's thumbnail
    and previewed images, iOS's shared images and header icon) are read from their files.

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
        let output = try args.nonEmpty("output")
        if let output { try checkWritable(output, option: "-o", subcommand: "render") }
        let document = try read(source)
        let record = PresentationRenderer.unwrapped(document)
        try check(record, source: source)
        let html = try render(record, what: source)
        if let output {
            try write(html, to: output, subcommand: "render")
        } else {
            streams.write(html)
        }
        return 0
    }

    /// Renders `record`, reading the image files it names.
    static func render(_ record: JSON, what: String) throws(UsageError) -> String {
        do {
            return try PresentationRenderer.document(for: record, images: PresentationRenderer.images(namedIn: record))
        } catch {
            throw UsageError("\(what) cannot be rendered: \(error)", subcommand: "render", pointsToHelp: false)
        }
    }

    /// Refuses a destination that cannot be written: a missing or read-only folder, a folder
    /// named as the file.
    static func checkWritable(_ path: String, option: String, subcommand: String) throws(UsageError) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var isFolder = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else {
            throw UsageError("\(option) \(path): the folder \(folder) does not exist (create it, or name a file in an existing folder)",
                             subcommand: subcommand)
        }
        guard isFolder else { throw UsageError("\(option) \(path): \(folder) is not a folder", subcommand: subcommand) }
        guard access(folder, W_OK) == 0 else {
            throw UsageError("\(option) \(path): the folder \(folder) is not writable", subcommand: subcommand)
        }
        var isDirectory = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory {
            throw UsageError("\(option) \(path) is a folder: name the HTML file to write", subcommand: subcommand)
        }
    }

    /// Writes the document to `path`.
    static func write(_ html: String, to path: String, subcommand: String) throws(UsageError) {
        do {
            try Data(html.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw UsageError("cannot write \(path): \(describe(error))", subcommand: subcommand,
                             pointsToHelp: false)
        }
    }

    /// The schema of `record`: iOS `plugin:share` records have their own.
    static func schema(of record: JSON) -> String? {
        switch (record["platform"]?.stringValue, record["nativeMethod"]?.stringValue) {
        case ("ios", "share"): return "presentation/ios-share"
        case ("ios", _): return "presentation/ios"
        case ("android", _): return "presentation/android"
        default: return nil
        }
    }

    private static func check(_ record: JSON, source: String) throws(UsageError) {
        // An official plugin's record: its view reads the fields it draws and names a missing one.
        if record["plugin"] != nil { return }
        guard let schema = schema(of: record), let platform = record["platform"]?.stringValue else {
            throw UsageError("\(source) is not a presentation record: it needs \"platform\": \"ios\" or \"android\"",
                             subcommand: "render", pointsToHelp: false)
        }
        let errors: [String]
        do {
            errors = try SchemaCatalog.shared.validator(schema).validate(record).map(\.description)
        } catch {
            throw UsageError("schema \(schema): \(error)", subcommand: "render", pointsToHelp: false)
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
            switch FileDescriptorIO.readFile(atPath: source, limit: 64 << 20) {
            case .bytes(let b): bytes = b
            case .tooLarge(let limit): throw UsageError("\(source) is larger than \(limit) bytes: a record is a few KiB", subcommand: "render")
            case .failed(let reason): throw UsageError("cannot read \(source): \(reason)", subcommand: "render", pointsToHelp: false)
            }
        }
        do {
            return try JSONParser.parse(bytes)
        } catch {
            throw UsageError("\(source == "-" ? "the record on stdin" : source) is not valid JSON: \(error)", subcommand: "render",
                             pointsToHelp: false)
        }
    }
}
