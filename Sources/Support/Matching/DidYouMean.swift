/// Suggestions for mistyped keys, subcommands, options and commands.
public enum DidYouMean {
    /// The candidate `key` most likely meant: the same name in another case style
    /// (`image_url` ↔ `imageUrl`, compared without `_`, `-` and case), else the closest name by
    /// edit distance, where swapping two neighbouring letters is one edit (`sevre` → `serve`).
    /// The distance allowed grows with the typed name: 1 edit up to 4 characters, 2 from 5
    /// (`sever` → `serve`, `invkoe` → `invoke`). `nil` when nothing is that close.
    public static func suggest(for key: String, among candidates: [String]) -> String? {
        let folded = fold(key)
        if let sameName = candidates.first(where: { fold($0) == folded }) { return sameName }
        let typed = Array(key.lowercased())
        let scored = candidates.map { ($0, distance(typed, Array($0.lowercased()))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= allowedDistance(typedLength: typed.count) else { return nil }
        return best.0
    }

    /// The largest distance at which a name of `typedLength` characters gets a suggestion.
    static func allowedDistance(typedLength: Int) -> Int {
        typedLength >= 5 ? 2 : 1
    }

    private static func fold(_ s: String) -> String {
        String(s.lowercased().filter { $0 != "_" && $0 != "-" })
    }

    /// Edit distance (optimal string alignment): insertions, deletions, substitutions and
    /// transpositions of two adjacent characters each cost 1.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious: [Int] = []
        var previous = Array(0...b.count)
        for i in a.indices {
            var current = [i + 1]
            for j in b.indices {
                var cost = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (a[i] == b[j] ? 0 : 1))
                if i > 0, j > 0, a[i] == b[j - 1], a[i - 1] == b[j] {
                    cost = min(cost, beforePrevious[j - 1] + 1)
                }
                current.append(cost)
            }
            beforePrevious = previous
            previous = current
        }
        return previous[b.count]
    }
}
