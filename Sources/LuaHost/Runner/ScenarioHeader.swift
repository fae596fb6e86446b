import Foundation
import PieceKit

/// Settings a scenario declares in `--!` lines among its first ten lines:
///
///     --! expect-error: instruction limit     the file passes only if it fails with this text
///     --! max-instructions: 10000000          tighter limits for this file (never looser than the run's)
///     --! max-memory: 64                      MiB
///     --! max-seconds: 3
///     --! plugins: ../plugins                 plugin folders this file needs, relative to it (repeatable)
///     --! lib: ../helpers                     folders its `require`s also look in, relative to it (repeatable)
///
/// A refusal scenario declares the error it expects, so a sandbox that stops refusing is caught. A limit whose value
/// is refused (a fraction of an instruction, a cap under 1 KiB, a number that is not finite), a key that is not one
/// of `keys` or a `--!` line without a colon fails the file before it runs, saying which line and why.
public struct ScenarioHeader: Equatable, Sendable {
    public var expectError: String?
    public var maxInstructions: Int64?
    public var maxMemoryMiB: Double?
    public var maxSeconds: Double?
    /// As written; `ScenarioRunner` resolves them against the file's folder.
    public var plugins: [String] = []
    /// Module folders (`--! lib:`), as written, resolved as `plugins` are: what `--lib` is to the command line.
    public var libraries: [String] = []
    /// `--! token-set: what it does`: the file is a token set for `--tokens`, not a scenario (folders skip it).
    public var tokenSet: String?
    /// Header lines whose value was refused. A file with any does not run: a limit it meant to tighten must never
    /// silently stay loose.
    public var problems: [Problem] = []

    /// A refused header line: its 1-based line number and what was wrong ("--! max-memory: needs ...").
    public struct Problem: Equatable, Sendable {
        public let line: Int
        public let message: String
    }

    public init() {}

    public static func parse(_ source: String) -> ScenarioHeader {
        var h = ScenarioHeader()
        // Cut off after the tenth line: the rest of the 4 KiB read is never looked at.
        for (number, line) in source.split(separator: "\n", maxSplits: 10, omittingEmptySubsequences: false)
            .prefix(10).enumerated() {
            // Most lines are code: only one holding "--!" can be a header line (checked without Foundation).
            guard Self.mayBeHeader(line.utf8) else { continue }
            let t = line.trimmingCharacters(in: .whitespaces)
            guard t.hasPrefix("--!") else { continue }
            guard let colon = t.firstIndex(of: ":") else {
                // "--! plugins ../toast": meant as a header line, so never silently passed over.
                let typed = t.dropFirst(3).drop { $0 == " " }.prefix { $0 != " " }
                h.problems.append(Problem(line: number + 1, message: "\"\(Self.clip(t))\" is not KEY: VALUE"
                    + Self.keyHint(for: String(typed))))
                continue
            }
            let key = t[t.index(t.startIndex, offsetBy: 3)..<colon].trimmingCharacters(in: .whitespaces)
            let value = t[t.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch key {
            case "expect-error": h.expectError = value.isEmpty ? nil : value
            case "token-set": h.tokenSet = value
            case "max-instructions", "max-memory", "max-seconds":
                func refuse(_ error: LimitValueError) {
                    h.problems.append(Problem(line: number + 1, message: "--! \(key): \(error)"))
                }
                switch key {
                case "max-instructions":
                    switch SandboxLimits.instructions(from: value, allowsNone: false) {
                    case .success(let n): h.maxInstructions = n
                    case .failure(let e): refuse(e)
                    }
                case "max-memory":
                    switch SandboxLimits.memoryBytes(fromMiB: value, allowsNone: false) {
                    case .success: h.maxMemoryMiB = Double(value)
                    case .failure(let e): refuse(e)
                    }
                default:
                    switch SandboxLimits.seconds(from: value, allowsNone: false) {
                    case .success(let s): h.maxSeconds = s
                    case .failure(let e): refuse(e)
                    }
                }
            case "plugins": if !value.isEmpty { h.plugins.append(value) }
            case "lib": if !value.isEmpty { h.libraries.append(value) }
            default:
                // A misspelt key ("--! plugin:", "--! max-secs:") would leave the file without what it asked for.
                h.problems.append(Problem(line: number + 1, message: "--! \(Self.clip(key)): unknown header key"
                    + Self.keyHint(for: key)))
            }
        }
        return h
    }

    /// Every key a header line may have; `parse` reads each of them and refuses any other.
    public static let keys = ["expect-error", "lib", "max-instructions", "max-memory", "max-seconds", "plugins", "token-set"]

    /// "; did you mean 'plugins'? (the keys are ...)": the nearest key by the rule of every "did you mean"
    /// (`NearName`), then all of them.
    static func keyHint(for typed: String) -> String {
        NearName.hint(for: typed, among: keys) + " (the keys are " + keys.joined(separator: ", ") + ")"
    }

    /// A header line's own text as a message shows it: long ones are cut.
    static func clip(_ text: some StringProtocol) -> String {
        text.count > 40 ? String(text.prefix(37)) + "..." : String(text)
    }

    /// `parse` of the UTF-8 text `bytes` hold. Most files have no "--!" at all, so no header line: they are
    /// told by one pass over the bytes, without making a String of them first (the same empty header `parse`
    /// gives them).
    public static func parse(utf8 bytes: UnsafeRawBufferPointer) -> ScenarioHeader {
        guard mayBeHeader(bytes) else { return ScenarioHeader() }
        return parse(String(decoding: bytes, as: UTF8.self))
    }

    /// Whether `bytes` hold "--!" anywhere.
    static func mayBeHeader(_ bytes: Substring.UTF8View) -> Bool {
        var dashes = 0
        for b in bytes {
            if b == UInt8(ascii: "!"), dashes >= 2 { return true }
            dashes = b == UInt8(ascii: "-") ? dashes + 1 : 0
        }
        return false
    }

    /// The same, over raw bytes.
    static func mayBeHeader(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var dashes = 0
        for b in bytes {
            if b == UInt8(ascii: "!"), dashes >= 2 { return true }
            dashes = b == UInt8(ascii: "-") ? dashes + 1 : 0
        }
        return false
    }

    public static func read(file: String) -> ScenarioHeader {
        // Only the start is read: the header is in the first ten lines, and the file may be huge.
        // Anything but a regular file has no header, and is never waited on (a named pipe).
        guard case .success(let data) = RegularFile.read(file, upTo: 4096) else { return ScenarioHeader() }
        return parse(String(decoding: data, as: UTF8.self))
    }

    /// The run's limits, tightened by this header.
    public func limits(from base: SandboxLimits) -> SandboxLimits {
        var l = base
        func tighter<T: Comparable & Numeric>(_ current: T, _ wanted: T?) -> T {
            guard let wanted else { return current }
            return current == 0 ? wanted : min(current, wanted)
        }
        l.instructions = tighter(l.instructions, maxInstructions)
        l.memoryBytes = tighter(l.memoryBytes, maxMemoryMiB.map {
            Int((min(max($0, SandboxLimits.smallestMemoryMiB), SandboxLimits.largestMemoryMiB) * 1_048_576).rounded(.down))
        })
        l.seconds = tighter(l.seconds, maxSeconds)
        return l
    }

    /// Turns the report of a file that declared an expected error into one result: passed when some
    /// failure carries the text, failed otherwise (saying what happened instead). Only the scenario's own words
    /// count (`TestResult.expectableText`): a crash or a kill the runner reports can never be the expected error.
    /// A file none of whose tests were selected (a filter) is left as it is: it ran nothing to judge.
    public func apply(to report: FileReport) -> FileReport {
        guard let expected = expectError, !report.tests.isEmpty else { return report }
        let failures = report.tests.filter { $0.status == .failed }
        let name = "refuses: \(expected)"
        let result: TestResult
        if let hit = failures.first(where: { $0.expectableText?.contains(expected) == true }) {
            result = TestResult(name: name, status: .passed, message: hit.message, output: hit.output)
        } else if let other = failures.first {
            result = TestResult(name: name, status: .failed,
                                message: "expected an error containing \"\(expected)\", but it failed with: \(other.message)",
                                traceback: other.traceback)
        } else {
            result = TestResult(name: name, status: .failed,
                                message: "\(report.path): expected an error containing \"\(expected)\", but nothing failed")
        }
        var judged = FileReport(path: report.path, tests: [result], output: report.output)
        // The file took as long as it took, whatever the verdict: reports and --shard-timings read this.
        judged.duration = report.duration
        return judged
    }
}
