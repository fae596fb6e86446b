import Foundation
import PieceKit

/// `expect(stage).toMatchGolden("name"[, { elements = { "nowPlaying.surface" }, tolerance = 0.01 }])`: the stage's
/// frames so far (or a slice of its elements) against a golden of the script's own, through `GoldenStore` like the
/// runner's file goldens, so recording, tolerances, summaries and the `.actual.jsonl` beside a failure are the same.
///
/// The golden is `<goldens>/<scenario's golden name without .jsonl>/<name>.jsonl`: named per scenario, so two files
/// may both call theirs "open". `<goldens>` is the run's `--golden` folder, else `goldens` in the project root.
package enum ScriptGoldens {
    /// What the matcher receives: pass or not, and the summary.
    package struct Verdict { package let pass: Bool; package let detail: String }

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
            throw ArgumentErrors.inside(function, "argument 1",
                                        mustBe: "a golden name of letters, digits, '.', '-' and '_' (at most 100, not starting with '.' or ending in '.actual')",
                                        got: "\"\(ReportText.clip(name, limit: 60))\"")
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
            throw ArgumentErrors.inside(function, "option 'elements'", mustBe: "a list of \"piece\" or \"piece.element\" names",
                                        got: "a table with key '\(table.fields[0].0)'")
        }
        for (i, v) in table.array.enumerated() {
            guard case .string(let s) = v, !s.isEmpty else {
                throw ArgumentErrors.inside(function, "option 'elements' entry \(i + 1)", mustBe: "a \"piece.element\" name (a string)",
                                            got: v.described())
            }
            if s.contains(".") { out.elements.insert(s) } else { out.pieces.insert(s) }
        }
        return out
    }

    static func tolerance(_ value: LuaValue, standard: Double) throws -> GoldenComparison.Tolerance {
        switch value {
        case .nil: return .init(standard)
        case .table(let t) where t.array.isEmpty:
            var by: [String: Double] = [:]
            for (key, v) in t.fields {
                by[key] = try InnerValues.number(v, in: function, at: "option 'tolerance' entry '\(key)'", bounds: .atLeast(0),
                                                 whole: false, must: "a number of at least 0")
            }
            return .init(by["default"] ?? standard, byProperty: by)
        default:
            // A number of at least 0 (the bounds), else refused in the same words as any other value.
            return .init(try InnerValues.number(value, in: function, at: "option 'tolerance'", bounds: .atLeast(0), whole: false,
                                                must: "a number of at least 0 or a table of them by property (\"h\" or \"nowPlaying.surface.h\")"))
        }
    }

    /// The stage's frames so far as a log with one stage, cut to the slice. Every named element must appear.
    static func log(of stage: Stage, scenario: String, slice: Slice) throws -> String {
        var work = HostWork()
        return try log(of: stage, scenario: scenario, slice: slice, work: &work)
    }

    /// As `log(of:scenario:slice:)`, each line counted with `work` as soon as it is written and before it is kept,
    /// the whole text before it is joined, and the frames' loop asking it: a stage whose log would pass the memory
    /// cap is refused by the host's limits (at most one frame's line past what was counted), not written whole.
    static func log(of stage: Stage, scenario: String, slice: Slice, work: inout HostWork) throws -> String {
        var seen = Set<String>()
        let header = FrameLog.header(scenario: scenario, test: nil, fps: stage.fps, environment: stage.environment,
                                     tokens: stage.tokens)
        let linesHeld = work.held
        try work.reserve(HostBytes.array(stage.history.count + 1, of: String.self) + HostBytes.string(header.utf8.count))
        var lines = [header]
        lines.reserveCapacity(stage.history.count + 1)
        var size = header.utf8.count + 1
        var allNames = Set<String>()
        for frame in stage.history {
            try work.step()
            let pieces = try frame.pieces.compactMap { piece throws -> PieceFrame? in
                try work.steps(piece.elements.count)
                // Every name seen, for the message naming what the stage has when a slice names what it has not (a
                // whole log names nothing), each counted as it is first kept.
                var named = 0
                let kept = piece.elements.filter { e in
                    guard !slice.everything else { return true }
                    let path = piece.name + "." + e.name
                    if allNames.insert(path).inserted { named += HostBytes.string(path.utf8.count) + 48 }
                    guard slice.keeps(piece: piece.name, element: e.name) else { return false }
                    if seen.insert(piece.name).inserted { named += HostBytes.string(piece.name.utf8.count) + 48 }
                    if seen.insert(path).inserted { named += HostBytes.string(path.utf8.count) + 48 }
                    return true
                }
                try work.reserve(named)
                return kept.isEmpty ? nil : PieceFrame(name: piece.name, elements: kept)
            }
            let names = Set(pieces.map(\.name))
            let events = slice.everything ? frame.events : frame.events.filter { names.contains($0.piece) }
            let line = FrameLog.line(for: Frame(index: frame.index, time: frame.time, pieces: pieces, events: events))
            try work.reserve(HostBytes.string(line.utf8.count))
            size += line.utf8.count + 1
            lines.append(line)
        }
        if let missing = slice.pieces.union(slice.elements).sorted().first(where: { !seen.contains($0) }) {
            let known = allNames.sorted().prefix(12).joined(separator: ", ")
            throw LuaHostError.message("\(function): no element '\(missing)' in any frame of the stage"
                                       + (known.isEmpty ? " (it has rendered no elements yet)" : "; it has \(known)\(allNames.count > 12 ? ", ..." : "")"))
        }
        try work.reserve(HostBytes.string(size))
        var text = ""
        text.reserveCapacity(size)
        for line in lines {
            try work.step()
            text += line
            text += "\n"
        }
        // The lines go as this returns; the text stays.
        work.release(work.held - linesHeld - HostBytes.string(size))
        return text
    }

    /// Runs the check for a script; `work` asks the file's limits (see `GoldenStore.check`).
    package static func match(stage: Stage, name: String, options: Options, optionsTolerance: LuaValue,
                      scenario: String, settings: GoldenOptions, held: HeldGoldens,
                      work: inout HostWork) throws -> Verdict {
        try checkName(name)
        let slice = try slice(try options.table("elements"))
        let tolerance = try tolerance(optionsTolerance, standard: settings.tolerance)
        let root = ProjectRoot.find(for: scenario)
        let folder = settings.folder ?? (root as NSString).appendingPathComponent("goldens")
        let stem = String(ProjectRoot.goldenName(for: scenario).dropLast(".jsonl".count))
        let text = try log(of: stage, scenario: ProjectRoot.relativePath(of: scenario), slice: slice, work: &work)
        var store = GoldenStore(folder: folder, record: settings.record, comparison: GoldenComparison(tolerance: tolerance),
                                topLevel: "the stage", strictHeaders: settings.strictHeaders)
        // Inside a test a recording waits for the test to pass (`HeldGoldens`).
        store.holdsRecordings = held.inTest
        store.held = held.texts
        let what = "\(function)(\"\(name)\")"
        // The selection is every test of the log: the stage's one part, read from its header.
        let outcome = try store.check(name: stem + "/" + name + ".jsonl", actual: text,
                                      selection: GoldenStore.Selection(ran: []), what: what, work: &work)
        if let recording = outcome.held {
            held.hold(HeldGoldens.Recording(path: recording.path, text: recording.text, what: what, store: store))
        }
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
