/// One problem `bridge doctor` found: where (`file:line`), what, and how to fix it.
public struct Finding: Sendable, Equatable, CustomStringConvertible {
    /// The file, as given under the project's path.
    public let file: String
    /// 1-based; the line of the element or key the finding is about.
    public let line: Int
    public let message: String
    /// What to change, concretely.
    public let fix: String

    public init(file: String, line: Int, message: String, fix: String) {
        self.file = file
        self.line = line
        self.message = message
        self.fix = fix
    }

    /// `file:line: message`, then `  fix: …`.
    public var description: String { "\(file):\(line): \(message)\n  fix: \(fix)" }
}

/// Why the doctor cannot examine a path at all (exit 2).
public struct DoctorError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
