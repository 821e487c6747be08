import Testing

/// A test argument too long to print whole (a 100,000-level nesting): `swift test` shows its
/// start and its length, so the output stays readable.
public struct LongText: Sendable, CustomTestStringConvertible {
    public let text: String

    public init(_ text: String) { self.text = text }

    public var testDescription: String {
        text.count <= 80 ? text : "\(text.prefix(40))… (\(text.count) characters)"
    }
}
