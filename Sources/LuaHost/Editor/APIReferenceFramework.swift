import PieceKit

/// The parts of the API reference no binding declares: the test framework's globals, `explore` and `gen`, the
/// values of `motion`'s tiers and roles, and what each piece shows a finger and a frame log. Each is written from
/// the one place that decides it: the Lua sources' declaring lines, `MotionTokens`, and the pieces themselves.
extension APIReference {
    /// What each of the test framework's globals is. The names come from `ScriptGlobals` (a test holds them to a
    /// fresh scenario state); a global without words here is still listed, as "(not described)", and a test fails.
    static let frameworkWords: [String: (call: String, doc: String)] = [
        "test": ("test(name, [options,] fn)", "Declares a test; `test.only` runs only such tests in the file, `test.skip` skips it. Options: `{ tags = { ... } }`"),
        "it": ("it(name, [options,] fn)", "The same as `test`, with `it.only` and `it.skip`"),
        "describe": ("describe(name, [options,] fn)", "Declares a group; its tags and hooks are its tests' too. `describe.only`, `describe.skip`"),
        "explore": ("explore(name, exploration)", "Declares an exploration, a test tagged `explore` (below). `explore.only`, `explore.skip`"),
        "xtest": ("xtest(name, [options,] fn)", "A skipped test"),
        "xit": ("xit(name, [options,] fn)", "A skipped test"),
        "beforeAll": ("beforeAll(fn)", "Runs once before the first test of its group (outermost first)"),
        "afterAll": ("afterAll(fn)", "Runs once after the last test of its group"),
        "beforeEach": ("beforeEach(fn)", "Runs before each test of its group (outermost first)"),
        "afterEach": ("afterEach(fn)", "Runs after each test of its group, even a failed one (innermost first)"),
        "expectExtend": ("expectExtend{ name = function(actual, ...) return pass, phrase, expected end }", "Adds matchers"),
        "expect": ("expect(value)", "Gives the value's matchers (below), and `.never` to negate them"),
        "series": ("series(values[, times])", "Values over time; `s:frames()` and `s:events{...}` give one too"),
    ]

    /// The test framework's globals, in Markdown.
    static func writeTestGlobals(into out: inout StubWriter) {
        out.line("")
        out.line("## The test framework")
        out.line("")
        out.line("| global | what it does |")
        out.line("| --- | --- |")
        let names = ["expect", "series"] + ScriptGlobals.declarers + ScriptGlobals.functions
        for name in names {
            let words = frameworkWords[name] ?? ("\(name)(...)", undescribed)
            out.line("| `\(words.call)` | \(words.doc). |")
        }
    }

    /// `explore`'s table, its rules and `gen`.
    static func writeExplore(into out: inout StubWriter) {
        out.line("")
        out.line("## explore")
        out.line("")
        out.line("`explore(name, exploration)`: the exploration's keys (explore.lua's `SPEC_KEYS`):")
        out.line("")
        out.line("| key | type | what it is |")
        out.line("| --- | --- | --- |")
        // A union's `|` is escaped, or it would end the table's cell.
        for key in explorationKeys() {
            out.line("| `\(key.name)` | `\(key.type.replacingOccurrences(of: "|", with: "\\|"))` | \(key.doc) |")
        }
        out.line("")
        out.line("The rules `invariants` names (explore.lua's `RULES`):")
        out.line("")
        out.line("| rule | the matcher it is | checked |")
        out.line("| --- | --- | --- |")
        for rule in explorationRules() { out.line("| `\(rule.name)` | `\(rule.matcher)` | \(rule.when) |") }
        out.line("")
        out.line("`gen`, the draws an action is handed (every random choice goes through them):")
        out.line("")
        let gen = ScriptGlobals.frameworkFunctions(prefix: "  function gen.", in: HostChunk.runs.text)
        for f in gen { out.line("- `gen.\(f.name)(\(f.parameters.joined(separator: ", ")))`" + (f.returns.map { " → `\($0)`" } ?? "")) }
    }

    /// What the reference says of a key or global no declaration describes; a test fails on it.
    static let undescribed = "(not described)"

    /// One key of an exploration's table, read from its line in explore.lua.
    struct ExplorationKey: Equatable {
        let name: String
        let type: String
        let doc: String
    }

    /// The lines of explore.lua's `SPEC_KEYS` (`  gap = true, --: number -- seconds ...`), with `M.name` in the
    /// words replaced by that value as the file sets it (`M.defaultGap = 0.5`).
    static func explorationKeys() -> [ExplorationKey] {
        let lines = HostChunk.explore.text.split(separator: "\n").map(String.init)
        var values: [String: String] = [:]
        for line in lines where line.hasPrefix("M.") {
            guard let eq = line.range(of: " = ") else { continue }
            values[String(line[line.index(line.startIndex, offsetBy: 2)..<eq.lowerBound])] = String(line[eq.upperBound...])
        }
        guard let start = lines.firstIndex(of: "local SPEC_KEYS = {") else { return [] }
        var out: [ExplorationKey] = []
        for line in lines[(start + 1)...] {
            if line.hasPrefix("}") { break }
            guard let mark = line.range(of: " = true, --: "),
                  let dash = line.range(of: " -- ", range: mark.upperBound..<line.endIndex) else {
                // A key with no declaration is still listed, so the reference's test sees it undescribed.
                let name = line.split(separator: "=").first?.trimmingCharacters(in: .whitespaces) ?? line
                if !name.isEmpty { out.append(ExplorationKey(name: name, type: "any", doc: undescribed)) }
                continue
            }
            var doc = String(line[dash.upperBound...])
            for (name, value) in values.sorted(by: { $0.key.count > $1.key.count }) {
                doc = doc.replacingOccurrences(of: "M.\(name)", with: "`\(value)`")
            }
            out.append(ExplorationKey(name: line[..<mark.lowerBound].trimmingCharacters(in: .whitespaces),
                                      type: String(line[mark.upperBound..<dash.lowerBound]), doc: doc))
        }
        return out
    }

    /// explore.lua's `RULES` lines: `  finite = { when = "step", matcher = "toBeFinite", ... },`.
    static func explorationRules() -> [(name: String, matcher: String, when: String)] {
        let when = ["step": "every step", "rest": "at rest", "end": "after the last step"]
        return HostChunk.explore.text.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: "\"")
            guard line.hasPrefix("  "), line.contains("= { when = \""), parts.count >= 4,
                  let name = line.split(separator: "=").first?.trimmingCharacters(in: .whitespaces) else { return nil }
            return (name, String(parts[3]), when[String(parts[1])] ?? String(parts[1]))
        }
    }

    /// `motion.tiers.<tier>` and `motion.roles.<role>`: each one's value, and under Reduce Motion
    /// (`Stage{ reduceMotion = true }`, `motion.reduced`), as `MotionTokens` makes them.
    static func writeTokens(into out: inout StubWriter) {
        let standard = MotionTokens(), reduced = MotionTokens(reduceMotion: true)
        out.line("")
        out.line("## motion's tiers and roles")
        out.line("")
        out.line("From `MotionTokens` in PieceKit. A token set or `motion.override` may change them; these are the standard values.")
        out.line("")
        out.line("| tier | spring | under Reduce Motion |")
        out.line("| --- | --- | --- |")
        for tier in MotionTier.allCases {
            out.line("| `\(tier.rawValue)` | `\(Animation.spring(standard.tier(tier)))` | `\(Animation.spring(reduced.tier(tier)))` |")
        }
        out.line("")
        out.line("| role | animation | under Reduce Motion |")
        out.line("| --- | --- | --- |")
        for role in MotionRole.allCases {
            out.line("| `\(role.rawValue)` | `\(standard.role(role))` | `\(reduced.role(role))` |")
        }
    }

    /// Every piece's parts and frame elements, as the survey found them.
    static func writePieces(into out: inout StubWriter) {
        out.line("")
        out.line("## Parts and frame elements")
        out.line("")
        out.line("Each piece made from its example above, in its first frame on `Stage{}`. Parts are what `tap`, `drag`,")
        out.line("`touch` and `part` aim at (`row N` is `(\"row\", n)`). Elements are what `s:frame()[key]` and the frame")
        out.line("log hold; `N` stands for a number (`row.3`). An element a piece shows only in some states (an open")
        out.line("card's, a refreshing spinner's) is missing when the first frame lacks it; its page in docs/pieces has it.")
        for entry in BindingRegistry.entries where entry.made == .stageMethod {
            out.line("")
            out.line("### \(entry.name) parts and elements")
            out.line("")
            guard let piece = PieceSurvey.pieces[entry.name] else {
                out.line("It puts no piece on the stage (pieces read it), so it has no parts or elements of its own.")
                continue
            }
            if piece.parts.isEmpty {
                out.line("Frame key `\(piece.key)`. No parts: no finger reaches it.")
            } else {
                out.line("Frame key `\(piece.key)`. Parts: " + piece.parts.map { "`\($0)`" }.joined(separator: ", ")
                    + (piece.defaultPart.map { $0.isEmpty ? "." : " (default `\($0)`)." } ?? "."))
            }
            if piece.elements.isEmpty { continue }
            out.line("")
            out.line("| element | numbers | attributes |")
            out.line("| --- | --- | --- |")
            for element in piece.elements {
                out.line("| `\(element.name)` | \(element.numbers.joined(separator: " ")) | \(element.attributes.joined(separator: " ")) |")
            }
        }
    }
}
