import Foundation
import PieceKit

/// `expect(stage).toMatchGolden("name"[, { elements = { "nowPlaying.surface" }, tolerance = 0.01 }])`: the stage's
/// frames so far (or a slice of its elements) against a golden of the script's own, through `GoldenStore` like the
/// runner's file goldens, so recording, tolerances, summaries and the `.actual.jsonl` beside a failure are the same.
///
/// The golden is `<goldens>/<scenario's golden name without .jsonl>/<name>.jsonl`: named per scenario, so two files
/// may both call theirs "open". `<goldens>` is the run's `--golden` folder, else `goldens` in the project root.
enum ScriptGoldens {
    /// What the matcher receives: pass or not, and the summary.
    struct Verdict { let pass: Bool; let detail: String }

    static let function = "toMatchGolden"

    /// A name is one plain file name: letters, digits, `.`, `-`, `_`, not starting with a dot, at most 100 bytes.
    static func checkName(_ name: String) throws {
        let bytes = Array(name.utf8)
        let plain = bytes.allSatisfy { b in
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
                || b == UInt8(ascii: ".") || b == UInt8(ascii: "-") || b == UInt8(ascii: "_")
        }
        guard !bytes.isEmpty, bytes.count <= 100, plain, bytes.first != UInt8(ascii: "."),
              !name.hasSuffix(".actual") else {
            throw LuaHostError.message("\(function): argument 1 must be a golden name of letters, digits, '.', '-' and '_' (at most 100, not starting with '.' or ending in '.actual'), got \"\(TestResult.clip(name, limit: 60))\"")
        }
    }

    /// The elements to keep: `piece` (all its elements) or `piece.element` (an element's name may hold dots).
    struct Slice {
        var pieces: Set<String> = []
        var elements: Set<String> = []
        var everything: Bool { pieces.isEmpty && elements.isEmpty }

        func keeps(piece: String, element: String) -> Bool {
            everything || pieces.contains(piece) || elements.contains(piece + "." + element)
        }
    }

    static func slice(_ table: LuaTable?) throws -> Slice {
        guard let table else { return Slice() }
        var out = Slice()
        guard table.fields.isEmpty else {
            throw LuaHostError.message("\(function): option 'elements' must be a list of \"piece\" or \"piece.element\" names")
        }
        for (i, v) in table.array.enumerated() {
            guard case .string(let s) = v, !s.isEmpty else {
                throw LuaHostError.message("\(function): option 'elements' entry \(i + 1) must be a \"piece.element\" name (a string), got \(v.typeName)")
            }
            if s.contains(".") { out.elements.insert(s) } else { out.pieces.insert(s) }
        }
        return out
    }

    static func tolerance(_ value: LuaValue, standard: Double) throws -> GoldenComparison.Tolerance {
        switch value {
        case .nil: return .init(standard)
        case .number(let n) where n.isFinite && n >= 0: return .init(n)
        case .table(let t) where t.array.isEmpty:
            var by: [String: Double] = [:]
            for (key, v) in t.fields {
                guard case .number(let n) = v, n.isFinite, n >= 0 else {
                    throw LuaHostError.message("\(function): option 'tolerance' entry '\(key)' must be a number of at least 0, got \(v.typeName)")
                }
                by[key] = n
            }
            return .init(by["default"] ?? standard, byProperty: by)
        default:
            throw LuaHostError.message("\(function): option 'tolerance' must be a number of at least 0 or a table of them by property (\"h\" or \"nowPlaying.surface.h\"), got \(value.typeName)")
        }
    }

    /// The stage's frames so far as a log with one stage, cut to the slice. Every named element must appear.
    static func log(of stage: Stage, scenario: String, slice: Slice) throws -> String {
        var seen = Set<String>()
        var lines = [FrameLog.header(scenario: scenario, test: nil, fps: stage.fps, environment: stage.environment,
                                     tokens: stage.tokens)]
        var allNames = Set<String>()
        for frame in stage.history {
            let pieces = frame.pieces.compactMap { piece -> PieceFrame? in
                let kept = piece.elements.filter { e in
                    allNames.insert(piece.name + "." + e.name)
                    guard slice.keeps(piece: piece.name, element: e.name) else { return false }
                    seen.insert(piece.name); seen.insert(piece.name + "." + e.name)
                    return true
                }
                return kept.isEmpty ? nil : PieceFrame(name: piece.name, elements: kept)
            }
            let names = Set(pieces.map(\.name))
            let events = slice.everything ? frame.events : frame.events.filter { names.contains($0.piece) }
            lines.append(FrameLog.line(for: Frame(index: frame.index, time: frame.time, pieces: pieces, events: events)))
        }
        if let missing = slice.pieces.union(slice.elements).sorted().first(where: { !seen.contains($0) }) {
            let known = allNames.sorted().prefix(12).joined(separator: ", ")
            throw LuaHostError.message("\(function): no element '\(missing)' in any frame of the stage"
                                       + (known.isEmpty ? " (it has rendered no elements yet)" : "; it has \(known)\(allNames.count > 12 ? ", ..." : "")"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Runs the check for a script.
    static func match(stage: Stage, name: String, options: Options, optionsTolerance: LuaValue,
                      scenario: String, settings: GoldenOptions) throws -> Verdict {
        try checkName(name)
        let slice = try slice(try options.table("elements"))
        let tolerance = try tolerance(optionsTolerance, standard: settings.tolerance)
        let root = ProjectRoot.find(for: scenario)
        let folder = settings.folder ?? (root as NSString).appendingPathComponent("goldens")
        let stem = String(ProjectRoot.goldenName(for: scenario).dropLast(".jsonl".count))
        let text = try log(of: stage, scenario: ProjectRoot.relativePath(of: scenario), slice: slice)
        let store = GoldenStore(folder: folder, record: settings.record, comparison: GoldenComparison(tolerance: tolerance),
                                topLevel: "the stage")
        let outcome = store.check(name: stem + "/" + name + ".jsonl", actual: text,
                                  selection: .everything(in: FrameLogParts(text: text)), what: "\(function)(\"\(name)\")")
        return Verdict(pass: outcome.status != .failed, detail: outcome.message)
    }
}

/// A stage's frames against a golden from Swift: what `toMatchGolden` does for scripts, for Swift tests.
public enum StageGoldens {
    /// Compares (and records, by `record`) the stage's frames so far, or the `elements` named (`"piece"` or
    /// `"piece.element"`), with `<folder>/<name>.jsonl`. `name` is a plain file name, as for scripts.
    public static func check(_ stage: Stage, name: String, folder: String, record: GoldenRecordMode,
                             elements: [String] = [], tolerance: GoldenComparison.Tolerance = .init()) throws -> GoldenStore.Outcome {
        try ScriptGoldens.checkName(name)
        let slice = try ScriptGoldens.slice(LuaTable(array: elements.map { .string($0) }))
        let text = try ScriptGoldens.log(of: stage, scenario: name, slice: slice)
        let store = GoldenStore(folder: folder, record: record, comparison: GoldenComparison(tolerance: tolerance),
                                topLevel: "the stage")
        return store.check(name: name + ".jsonl", actual: text, selection: .everything(in: FrameLogParts(text: text)),
                           what: "golden \"\(name)\"")
    }
}
