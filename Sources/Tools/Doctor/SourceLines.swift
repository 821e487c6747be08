/// Lines of a text file, for findings that point at a key or element.
struct SourceLines {
    let lines: [Substring]

    init(_ text: String) { lines = text.split(separator: "\n", omittingEmptySubsequences: false) }

    /// The 1-based line of the first occurrence of `needle` at or after line `from`, else `fallback`.
    func line(of needle: String, from: Int = 1, fallback: Int = 1) -> Int {
        var n = max(from, 1)
        while n <= lines.count {
            if lines[n - 1].contains(needle) { return n }
            n += 1
        }
        return fallback
    }
}
