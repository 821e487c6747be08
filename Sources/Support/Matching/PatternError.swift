/// A pattern that cannot be parsed.
public struct PatternError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
