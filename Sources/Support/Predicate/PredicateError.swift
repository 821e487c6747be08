/// A predicate string that cannot be parsed or evaluated, with where in the string.
///
/// `offset` counts Unicode scalars from the start of the predicate; `line` and `column` are
/// 1-based, so an editor can jump to the spot inside a multi-line `<string>` of an `Info.plist`.
public struct PredicateError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public let offset: Int
    public let line: Int
    public let column: Int

    init(_ message: String, at offset: Int, in source: [Unicode.Scalar]) {
        self.message = message
        self.offset = offset
        var line = 1, column = 1
        for scalar in source.prefix(offset) {
            if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
        }
        self.line = line
        self.column = column
    }

    /// `line L, column C: message`.
    public var description: String { "line \(line), column \(column): \(message)" }
}
