/// Suggestions for mistyped keys.
public enum DidYouMean {
    /// The candidate `key` most likely meant: the same name in another case style
    /// (`image_url` ↔ `imageUrl`, compared without `_` and case), else the closest name within
    /// an edit distance of 2; `nil` when nothing is close.
    public static func suggest(for key: String, among candidates: [String]) -> String? {
        let folded = fold(key)
        if let sameName = candidates.first(where: { fold($0) == folded }) { return sameName }
        let scored = candidates.map { ($0, distance(Array(key.lowercased()), Array($0.lowercased()))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= min(2, max(1, key.count / 3)) else { return nil }
        return best.0
    }

    private static func fold(_ s: String) -> String {
        String(s.lowercased().filter { $0 != "_" && $0 != "-" })
    }

    /// Levenshtein distance.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for (i, ca) in a.enumerated() {
            var current = [i + 1]
            for (j, cb) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (ca == cb ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
