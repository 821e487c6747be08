/// A problem in a permission or capability file: where, and what to do about it.
///
/// Every load problem stops start-up (exit status 2); nothing falls back to allowing.
public struct ACLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file, when the problem is in one.
    public let file: String?
    public let line: Int?
    public let column: Int?
    public let message: String
    /// A value whose first occurrence in `file` places the problem, when the line is not known yet.
    let needle: String?

    public init(_ message: String, file: String? = nil, line: Int? = nil, column: Int? = nil) {
        self.init(message, file: file, line: line, column: column, needle: nil)
    }

    init(_ message: String, file: String?, line: Int?, column: Int?, needle: String?) {
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.needle = needle
    }

    /// The same problem, to be placed at `needle` once the file's text is at hand.
    func placing(_ needle: String) -> ACLError {
        ACLError(message, file: file, line: line, column: column, needle: needle)
    }

    /// The problem placed in its file, reading the file when a needle is pending.
    public var placedInFile: ACLError {
        guard line == nil, let needle, let file, let text = try? CapabilitySource.read(file) else { return self }
        return located(in: text, at: needle)
    }

    /// `file:line:column: message`, with what is known.
    public var description: String {
        var place = file ?? ""
        if let line { place += ":\(line)" }
        if let column, line != nil { place += ":\(column)" }
        return place.isEmpty ? message : "\(place): \(message)"
    }

    /// The same problem, placed at the first occurrence of `needle` in `text` when it occurs.
    func located(in text: String?, at needle: String) -> ACLError {
        guard let text, line == nil, let (l, c) = SourceLocation.find(needle, in: text) else { return self }
        return ACLError(message, file: file, line: l, column: c)
    }
}

/// Finds where a value was written, for messages about semantic problems (the JSON and TOML
/// parsers keep no positions in the values they return).
enum SourceLocation {
    /// The line and column (from 1) of the first occurrence of `needle` quoted as a string, or
    /// else written bare as a whole word (a TOML key).
    static func find(_ needle: String, in text: String) -> (Int, Int)? {
        for quoted in ["\"\(needle)\"", "'\(needle)'"] {
            if let range = text.firstRange(of: quoted) { return position(of: range.lowerBound, in: text) }
        }
        func isWordCharacter(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "-" || c == "_" }
        var searchFrom = text.startIndex
        while let range = text[searchFrom...].firstRange(of: needle) {
            let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
            let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
            if !(before.map(isWordCharacter) ?? false) && !(after.map(isWordCharacter) ?? false) {
                return position(of: range.lowerBound, in: text)
            }
            searchFrom = range.upperBound
        }
        return nil
    }

    private static func position(of index: String.Index, in text: String) -> (Int, Int) {
        let before = text[..<index]
        let line = before.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
        let lineStart = before.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
        return (line, text[lineStart..<index].count + 1)
    }
}
