/// Why a record cannot be rendered: it is not a presentation record, or a key it must have is
/// missing or of the wrong type.
public struct RenderError: Error, Equatable, CustomStringConvertible, Sendable {
    /// What is wrong, naming the key (`activityItems`, `intent.extras`…).
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
