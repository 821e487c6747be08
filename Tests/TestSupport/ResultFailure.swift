extension Result {
    /// The error, when this is a failure: lets a test write `#expect(outcome.failure?.code == …)`.
    public var failure: Failure? {
        if case .failure(let f) = self { return f }
        return nil
    }
}
