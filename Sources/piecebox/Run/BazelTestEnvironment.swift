import Foundation
import LuaHost

/// Bazel's test protocol, read from the environment Bazel gives a test: its shard (`TEST_TOTAL_SHARDS`,
/// `TEST_SHARD_INDEX`, counted from 0, and `TEST_SHARD_STATUS_FILE`, touched to say sharding is understood), where
/// its JUnit XML goes (`XML_OUTPUT_FILE`), its private temporary folder (`TEST_TMPDIR`) and a test filter
/// (`TESTBRIDGE_TEST_ONLY`, from `bazel test --test_filter`). Flags given on the command line win.
struct BazelTestEnvironment: Equatable {
    var shard: Shard?
    /// The shard variables were there but made no sense: said, never silently ignored.
    var shardProblem: String?
    var shardStatusFile: String?
    var xmlOutputFile: String?
    var temporaryFolder: String?
    var testFilter: String?

    var shards: Bool { shard != nil }

    init(_ environment: [String: String]) {
        func value(_ key: String) -> String? {
            guard let v = environment[key], !v.isEmpty else { return nil }
            return v
        }
        if let total = value("TEST_TOTAL_SHARDS") {
            let index = value("TEST_SHARD_INDEX") ?? ""
            if let n = Int(total), let k = Int(index), n >= 1, n <= Shard.largestCount, k >= 0, k < n {
                shard = Shard(index: k + 1, count: n)
            } else {
                shardProblem = "Bazel's TEST_TOTAL_SHARDS=\(total) and TEST_SHARD_INDEX=\(index) do not name a shard (0 ≤ index < total)"
            }
        }
        shardStatusFile = value("TEST_SHARD_STATUS_FILE")
        xmlOutputFile = value("XML_OUTPUT_FILE")
        temporaryFolder = value("TEST_TMPDIR")
        testFilter = value("TESTBRIDGE_TEST_ONLY")
    }

    static var current: BazelTestEnvironment { BazelTestEnvironment(LaunchEnvironment.values) }

    /// `cmd` with what Bazel asked for that the command line did not say otherwise.
    func applied(to cmd: RunCommand) -> RunCommand {
        var out = cmd
        if out.ci.shard == nil, let shard { out.ci.shard = shard }
        if out.options.filter == nil, let testFilter { out.options.filter = testFilter }
        // A JUnit report the command line already writes to that file is the one Bazel asks for; any other report
        // there is two reports in one file, which the run refuses (`RunOutputs`).
        if let xmlOutputFile, !out.ci.reporters.contains(where: {
            $0.format == .junit && $0.path.map { OutputPlan.sameEntry($0, xmlOutputFile) } == true
        }) {
            out.ci.reporters.append(ReporterChoice(format: .junit, path: xmlOutputFile, origin: "XML_OUTPUT_FILE=\(xmlOutputFile)"))
        }
        return out
    }

    /// Touches the status file, telling Bazel this test shards (it then trusts the shards to cover every test).
    func acknowledgeSharding() {
        guard shard != nil, let shardStatusFile else { return }
        if !FileManager.default.fileExists(atPath: shardStatusFile) {
            _ = FileManager.default.createFile(atPath: shardStatusFile, contents: Data())
        }
    }
}
