/// The rows a summary shows for a text's letters (`nowPlaying.title.letter.3.y`), collapsed when its text did not
/// change: letters that only moved with their text add a row each and say nothing the text's own row does not, so
/// a title that slides writes one row, not one per letter. A text whose text changed (or whose letters came or went)
/// keeps every row, since which letter differs is then the news.
extension GoldenComparison.TestDifference {
    /// A row of the summary and what it adds to the row's own words (`in 13 letters`, `its 13 letters alike`).
    struct Row<Item> {
        var item: Item
        var note: String = ""
    }

    /// `nowPlaying.title.letter.3.y` → (`nowPlaying.title`, `y`); nil for a path that is not a letter's property.
    static func letter(_ path: String) -> (text: String, property: String)? {
        guard let range = path.range(of: ".letter.", options: .backwards) else { return nil }
        let rest = path[range.upperBound...]
        guard let dot = rest.firstIndex(of: "."), dot > rest.startIndex,
              rest[..<dot].allSatisfy({ $0 >= "0" && $0 <= "9" }) else { return nil }
        let property = rest[rest.index(after: dot)...]
        guard !property.isEmpty, !property.contains(".") else { return nil }
        return (String(path[..<range.lowerBound]), String(property))
    }

    /// Texts whose letters' rows may collapse: none of their letters' texts (nor the text's own) differs, and no
    /// letter came or went.
    func steadyTexts() -> Set<String> {
        var seen = Set<String>(), changed = Set<String>()
        for p in properties {
            if let (text, property) = Self.letter(p.path) {
                seen.insert(text)
                if property == "text" || p.actual == "absent" || p.expected == "absent" { changed.insert(text) }
            } else if p.path.hasSuffix(".text") {
                changed.insert(String(p.path.dropLast(5)))
            }
        }
        return seen.subtracting(changed)
    }

    /// The property rows: a steady text's letters' rows of one property become one row (`title.letter.*.y`, the
    /// letter that differs most), dropped altogether when the text's own row of that property says the same (the
    /// same largest difference at the same frame).
    func propertyRows(tolerance: Double = 0.0005) -> [Row<GoldenComparison.PropertyDifference>] {
        let steady = steadyTexts()
        guard !steady.isEmpty else { return properties.map { Row(item: $0) } }
        var byPath: [String: Int] = [:]
        for (i, p) in properties.enumerated() where byPath[p.path] == nil { byPath[p.path] = i }
        // Each steady text's letters, by property: the first row (the largest, rows come largest first) and counts.
        var groups: [String: (first: GoldenComparison.PropertyDifference, letters: Int, frames: Int)] = [:]
        for p in properties {
            guard let (text, property) = Self.letter(p.path), steady.contains(text) else { continue }
            let key = text + "." + property
            if let g = groups[key] { groups[key] = (g.first, g.letters + 1, max(g.frames, p.frames)) }
            else { groups[key] = (p, 1, p.frames) }
        }
        var alike: [String: Int] = [:]
        var dropped = Set<String>()
        for (key, g) in groups {
            guard let own = byPath[key].map({ properties[$0] }) else { continue }
            let same = own.frame == g.first.frame && own.stage == g.first.stage
                && (own.largest.flatMap { a in g.first.largest.map { b in abs(a - b) <= tolerance } } ?? (own.actual == g.first.actual))
            if same { alike[key] = g.letters; dropped.insert(key) }
        }
        var out: [Row<GoldenComparison.PropertyDifference>] = []
        var shown = Set<String>()
        for p in properties {
            if let (text, property) = Self.letter(p.path), steady.contains(text), let g = groups[text + "." + property] {
                let key = text + "." + property
                guard !dropped.contains(key), shown.insert(key).inserted else { continue }
                if g.letters == 1 { out.append(Row(item: p)); continue }
                let first = g.first
                out.append(Row(item: .init(path: text + ".letter.*." + property, largest: first.largest, stage: first.stage,
                                           frame: first.frame, time: first.time, actual: first.actual,
                                           expected: first.expected, frames: g.frames),
                               note: "in \(g.letters) letters"))
            } else {
                out.append(Row(item: p, note: alike[p.path].map { "its \($0) letters alike" } ?? ""))
            }
        }
        return out
    }

    /// The motion rows: a steady text's letters' rows of one property and stage that all read alike (start, settle
    /// time, overshoot) become one row, dropped when the text's own row reads the same.
    func motionRows() -> [Row<GoldenComparison.MotionChange>] {
        let steady = steadyTexts()
        guard !steady.isEmpty else { return motion.map { Row(item: $0) } }
        func reading(_ m: GoldenComparison.MotionChange) -> [[Double?]] {
            [m.before, m.after].map { $0.flatMap { [$0.start, $0.settleTime, $0.overshoot] } }
        }
        var own: [String: [[Double?]]] = [:]
        var groups: [String: [GoldenComparison.MotionChange]] = [:]
        for m in motion {
            if let (text, property) = Self.letter(m.path), steady.contains(text) {
                groups["\(m.stage) \(text).\(property)", default: []].append(m)
            } else {
                own["\(m.stage) \(m.path)"] = reading(m)
            }
        }
        // A letter that moves as its text does says nothing; the rest of a group share one row when they read alike.
        // (A group's key, "stage text.property", is its text's own row's key.)
        for (key, group) in groups { groups[key] = group.filter { own[key] != reading($0) } }
        var out: [Row<GoldenComparison.MotionChange>] = []
        var shown = Set<String>()
        for m in motion {
            guard let (text, property) = Self.letter(m.path), steady.contains(text),
                  let group = groups["\(m.stage) \(text).\(property)"] else { out.append(Row(item: m)); continue }
            guard group.contains(where: { $0.path == m.path }) else { continue }
            let first = reading(group[0])
            guard group.count > 1, group.allSatisfy({ reading($0) == first }) else { out.append(Row(item: m)); continue }
            guard shown.insert("\(m.stage) \(text).\(property)").inserted else { continue }
            out.append(Row(item: .init(path: text + ".letter.*." + property, stage: m.stage, before: m.before, after: m.after),
                           note: "in \(group.count) letters"))
        }
        return out
    }
}
