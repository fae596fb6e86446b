/// When a run writes goldens (`--record`).
public enum GoldenRecordMode: String, Sendable, CaseIterable {
    /// Record goldens (and tests' parts of goldens) that do not exist yet; compare the rest. The default, so a
    /// new scenario gets its golden on its first run.
    case missing
    /// Also re-record the tests whose comparison fails (after a change the reviewer has accepted).
    case failed
    /// Re-record every test that ran, and drop the parts of tests the file no longer has.
    case all
    /// Only compare: a missing golden fails. The default when `CI` is set, so CI never invents a golden.
    case never

    /// `missing`, or `never` when the environment has `CI` set to anything but empty, `0` or `false`.
    public static func standard(environment: [String: String]) -> GoldenRecordMode {
        guard let ci = environment["CI"] else { return .missing }
        return ["", "0", "false"].contains(ci.lowercased()) ? .missing : .never
    }

    public var recordsMissing: Bool { self != .never }
    public var recordsFailed: Bool { self == .failed || self == .all }
}

/// How scenarios compare with goldens: the folder, when to record, the tolerance. The runner's `--golden`,
/// `--record` and `--golden-tolerance` set it; a script's `toMatchGolden` reads it too.
public struct GoldenOptions: Sendable, Equatable {
    /// The goldens' folder; nil means `goldens` in the project root (see `ProjectRoot`).
    public var folder: String?
    public var record: GoldenRecordMode
    public var tolerance: Double
    /// `--golden-strict`: a header key that differs fails the golden even when every frame matches.
    public var strictHeaders: Bool

    public init(folder: String? = nil, record: GoldenRecordMode = .missing, tolerance: Double = 0.0005,
                strictHeaders: Bool = false) {
        self.folder = folder
        self.record = record
        self.tolerance = tolerance
        self.strictHeaders = strictHeaders
    }

    /// The flags that hand these options to a worker process.
    public var workerArguments: [String] {
        (folder.map { ["--golden", $0] } ?? []) + ["--record", record.rawValue, "--golden-tolerance", String(tolerance)]
            + (strictHeaders ? ["--golden-strict"] : [])
    }
}
