/// The text a failing golden test prints, and `piecebox diff` for each test that differs.
extension GoldenComparison.TestDifference {
    /// The summary a failing test prints. A scenario's words in it (its test and element names, texts, error
    /// lines) go through the reports' one escaping, so no name can break a line or forge one of the runner's.
    /// With `headerApart`, the header keys that differ are left out (the caller says them once for the whole file)
    /// and, when nothing else differs, one line says the header does. A text's letters that only moved with it share one row (`LetterRows`).
    public func summary(propertyLimit: Int = 10, topLevel: String = "the file's top level",
                        headerApart: Bool = false) -> String {
        var lines: [String] = []
        let shown = ReportText.escaped
        let name = test.name.map { "test \"\(shown($0))\"" } ?? topLevel
        if !frames.isEmpty {
            lines.append("\(name): \(frames.count) of \(framesCompared) frames differ (\(Self.ranges(frames)))")
        } else {
            lines.append("\(name) differs from the golden")
        }
        let headerTexts = headerApart ? Set(header.map(\.text)) : []
        let said = headerApart ? problems.filter { !headerTexts.contains($0) } : problems
        for problem in said.prefix(propertyLimit) { lines.append("  " + shown(problem)) }
        if said.count > propertyLimit { lines.append("  ... and \(said.count - propertyLimit) more") }
        // Said only where the header is the whole difference (under --golden-strict): elsewhere it is no news.
        if headerApart && !header.isEmpty && !beyondHeader {
            lines.append("  its header differs from the golden's (the keys are said once for the file)")
        }
        let rows = propertyRows()
        if !rows.isEmpty {
            lines.append("  largest difference per property (now, golden):")
            for row in rows.prefix(propertyLimit) {
                let p = row.item
                let at = "frame \(p.frame), t = \(Self.time(p.time))" + (p.stage > 1 ? ", stage \(p.stage)" : "")
                let size = p.largest.map { "by \(Self.number($0)) " } ?? ""
                let notes = (row.note.isEmpty ? [] : [row.note]) + (p.frames > 1 ? ["differs in \(p.frames) frames"] : [])
                lines.append("    \(shown(p.path)): \(size)at \(at): \(shown(p.actual)), golden \(shown(p.expected))"
                             + (notes.isEmpty ? "" : " (" + notes.joined(separator: "; ") + ")"))
            }
            if rows.count > propertyLimit {
                lines.append("    ... and \(rows.count - propertyLimit) more properties")
            }
        }
        let changes = motionRows()
        if !changes.isEmpty {
            lines.append("  motion (golden → now):")
            for row in changes.prefix(propertyLimit) {
                let change = row.item
                let note = row.note.isEmpty ? "" : " (\(row.note))"
                for n in 0..<max(change.before.count, change.after.count) {
                    let b = n < change.before.count ? change.before[n] : nil
                    let a = n < change.after.count ? change.after[n] : nil
                    let start = (b ?? a).map { " from t = \(Self.time($0.start))" } ?? ""
                    let settle = "settles in \(Self.seconds(b?.settleTime)) → \(Self.seconds(a?.settleTime))"
                    let over = "overshoot \(Self.percent(b?.overshoot)) → \(Self.percent(a?.overshoot))"
                    lines.append("    \(shown(change.path))\(start): \(settle); \(over)\(note)")
                }
            }
        }
        return lines.joined(separator: "\n")
    }

    static func ranges(_ marks: [GoldenComparison.FrameMark]) -> String {
        var parts: [String] = []
        var i = 0
        while i < marks.count && parts.count < 4 {
            var j = i
            while j + 1 < marks.count, marks[j + 1].stage == marks[i].stage, marks[j + 1].frame == marks[j].frame + 1 { j += 1 }
            let stage = marks[i].stage > 1 ? "stage \(marks[i].stage) " : ""
            parts.append(i == j ? "\(stage)frame \(marks[i].frame) (t = \(time(marks[i].time)))"
                         : "\(stage)frames \(marks[i].frame)–\(marks[j].frame) (t = \(time(marks[i].time))–\(time(marks[j].time)))")
            i = j + 1
        }
        return parts.joined(separator: ", ") + (i < marks.count ? ", …" : "")
    }

    static func time(_ t: Double) -> String { JSONNumberFormat(decimals: 6).format(t) }
    static func number(_ x: Double) -> String { JSONNumberFormat(decimals: 3).format(x) }
    static func seconds(_ x: Double?) -> String {
        x.map { JSONNumberFormat(decimals: 3).format($0) + " s" } ?? "—"
    }
    static func percent(_ x: Double?) -> String {
        x.map { JSONNumberFormat(decimals: 2).format($0 * 100) + " %" } ?? "—"
    }
}
