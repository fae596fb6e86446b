/// The known name a misspelt one was probably meant to be, for "did you mean" hints: a slip of one edit for names
/// of up to five characters and of two for longer ones, where an edit inserts, deletes or replaces a character or
/// swaps two neighbours. The sandbox's hint for a misspelt global (the sandbox's `explain`, in Lua, since it runs inside
/// the error handler) counts edits and allows slips the same way for ASCII names (Lua counts bytes where this
/// counts characters): keep the two in step. Two edits in a short name are
/// most of it: "nope" is two from "move", and no slip of it.
public enum NearName {
    /// The closest of `candidates` to `name` within the allowed slips; of equally close ones the first in sorted
    /// order, so the hint is the same every run. Nil when none is close, or `name` is itself a candidate.
    public static func nearest(to name: String, among candidates: some Sequence<String>) -> String? {
        let typed = Array(name.unicodeScalars)
        // Past this a name is no slip of a member's: it is not worth comparing.
        guard !typed.isEmpty, typed.count <= 64 else { return nil }
        let limit = typed.count <= 5 ? 1 : 2
        var best: (name: String, distance: Int)?
        for candidate in Set(candidates).sorted() {
            let known = Array(candidate.unicodeScalars)
            let d = distance(typed, known, limit: limit)
            if d == 0 { return nil }
            if d <= limit, d < best?.distance ?? Int.max { best = (candidate, d) }
        }
        return best?.name
    }

    /// "; did you mean 'x'?" for the nearest candidate, or "" when none is near.
    package static func hint(for name: String, among candidates: some Sequence<String>) -> String {
        nearest(to: name, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Edits from `a` to `b` (optimal string alignment); anything past `limit` is reported as `limit + 1`.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowBest = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d = min(d, before[j - 2] + 1) }
                current[j] = d
                rowBest = min(rowBest, d)
            }
            if rowBest > limit { return limit + 1 }
            (before, previous, current) = (previous, current, before)
        }
        return min(previous[b.count], limit + 1)
    }
}
