import Foundation
import LuaHost
import PieceKit

/// Every file `piecebox run` writes, planned through `OutputPlan` before any scenario runs: the frame logs
/// (`--log`), the goldens and the actual logs left beside failing ones (`--golden`), the reports (`--reporter
/// NAME=PATH`, Bazel's `XML_OUTPUT_FILE`) and Bazel's shard status file; against everything the run reads: the
/// scenarios, the token set, the shard timings, the plugin and library folders (every Lua file in them), and the
/// goldens `--record never` only compares. A problem refuses the whole run (exit 2) with both paths named.
enum RunOutputs {
    /// The log of each file (by the path as given), once the whole plan has passed; the log folder is made.
    /// `temporary`: the log folder is the run's own fresh one (`mkdtemp`), which nothing else can be.
    static func plan(_ cmd: RunCommand, files: [String], logFolder: String?, temporary: Bool,
                     headers: ScenarioHeaders, bazel: BazelTestEnvironment) throws(OutputPlan.Problem) -> [String: String] {
        var plan = OutputPlan()
        var logPaths: [String: String] = [:]
        let single = try singleLog(cmd, files: files, logFolder: logFolder, temporary: temporary)

        // The outputs, in the order messages should name them.
        if let log = logFolder, !temporary {
            if single {
                plan.file(log, "the frame log of \(files[0]) (--log \(log))")
            } else if let folder = plan.folder(log, "the folder of frame logs (--log \(log))") {
                for f in files {
                    let path = PathText.join(log, LogName.fileName(for: f))
                    logPaths[f] = path
                    plan.file(path, "the frame log of \(f) (--log \(log))", boundary: .folder(folder, "the folder of frame logs \(log)"))
                }
            }
        }
        if let golden = cmd.golden {
            let goldens = Goldens(store: GoldenStore(folder: golden, record: cmd.record), filter: nil)
            if let folder = plan.folder(golden, "the golden folder (--golden \(golden))") {
                let inside = OutputPlan.Boundary.folder(folder, "the golden folder \(golden)")
                for f in files {
                    let path = goldens.path(for: f)
                    if cmd.record == .never {
                        plan.input(path, "the golden of \(f), which --record never only compares", evenIfMissing: true)
                    } else {
                        // Named from the scenario's project root: said, since a nested project file changes it.
                        plan.file(path, "the golden of \(f) (--golden \(golden); its project is \(ProjectRoot.find(for: f)))",
                                  boundary: inside)
                    }
                    plan.file(GoldenStore.actualPath(for: path), "the log of \(f) kept beside its golden when they differ",
                              boundary: inside)
                }
            }
        }
        if let save = cmd.save, let folder = plan.folder(save, "the folder of minimal scenarios (--save \(save))") {
            for (f, path) in SavedScenarios.paths(for: files, in: save).sorted(by: { $0.key < $1.key }) {
                plan.file(path, "the minimal scenarios of \(f) (--save \(save))", boundary: .folder(folder, "the folder \(save)"))
            }
        }
        planDatabases(&plan, cmd, files: files)
        for choice in cmd.ci.reporters {
            guard let path = choice.path else { continue }
            let flag = choice.origin ?? "--reporter \(choice.format.rawValue)=\(path)"
            plan.file(path, "the \(choice.format.rawValue) report (\(flag))")
        }
        if cmd.ci.shard != nil, bazel.shards, let status = bazel.shardStatusFile,
           RegularFile.entryKind(at: status) == nil {
            plan.file(status, "Bazel's shard status file (TEST_SHARD_STATUS_FILE=\(status))")
        }

        // What the run reads. With nothing to write there is nothing to protect, and nothing to look up.
        if !plan.isEmpty {
            var roots: [String: String] = [:]
            for f in files {
                plan.input(f, "the scenario \(f)")
                // `require` looks in a scenario's folder, so every Lua file beside it is read too.
                let folder = PathText.parent(f)
                plan.libraryFolder(folder.isEmpty ? "." : folder, "the folder of the scenario \(f)")
                // The project file names the goldens (its folder is the root): an input too, looked for once a folder.
                if roots[folder] == nil {
                    let root = ProjectRoot.find(for: f)
                    roots[folder] = root
                    plan.input(PathText.join(root, ProjectRoot.fileName), "the project file of \(f)")
                }
                for written in headers.header(for: f).plugins {
                    plan.libraryFolder(PathText.join(folder, written), "the plugins of \(f) (--! plugins: \(written))")
                }
            }
            // A folder given to the run is walked for scenarios: a Lua file put anywhere below it is one next time.
            for path in cmd.paths where RegularFile.kind(at: path) == .folder {
                plan.libraryFolder(path, "the scenario folder \(path)")
            }
            if let tokens = cmd.options.tokenSet { plan.input(tokens, "the token set (--tokens \(tokens))") }
            if let timings = cmd.ci.shardTimings { plan.input(timings, "the timings (--shard-timings \(timings))") }
            for lib in cmd.options.libraryFolders { plan.libraryFolder(lib, "the library folder \(lib) (--lib)") }
            for plugins in cmd.options.pluginFolders { plan.libraryFolder(plugins, "the plugin folder \(plugins) (--plugins)") }
        }
        try plan.check()

        guard let log = logFolder, !files.isEmpty else { return logPaths }
        if single { return [files[0]: log] }
        do { try FileManager.default.createDirectory(atPath: log, withIntermediateDirectories: true) } catch {
            throw OutputPlan.Problem("cannot create the log folder \(log): \(error.localizedDescription)")
        }
        // The run's own temporary folder was not planned: its logs are named here.
        if temporary { for f in files { logPaths[f] = PathText.join(log, LogName.fileName(for: f)) } }
        return logPaths
    }

    /// `piecebox explore`'s failure database (unless read only): each file's folder, inside the project it is
    /// named in, and the files already in it (which a run may write again), so none of them is an input.
    static func planDatabases(_ plan: inout OutputPlan, _ cmd: RunCommand, files: [String]) {
        guard !ExploreChoices.readOnly(), !cmd.options.listOnly else { return }
        var planned: Set<String> = []
        for f in files {
            guard let folder = cmd.explore.folder(for: f, exploring: cmd.exploring, budget: cmd.options.exploration), planned.insert(folder).inserted,
                  let location = plan.folder(folder, "the failure database of \(f) (\(cmd.explore.database.map { "--db \($0)" } ?? FailureDatabase.defaultFolder))")
            else { continue }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in names.sorted() where name.hasSuffix(".json") {
                plan.file(PathText.join(folder, name), "a record of the failure database of \(f)",
                          boundary: .folder(location, "the failure database \(folder)"))
            }
        }
    }

    /// Whether `--log` names one file: a path ending in `.jsonl` that is not a folder already. It names one
    /// scenario's log, so a run of several is refused rather than silently making a folder of that name.
    static func singleLog(_ cmd: RunCommand, files: [String], logFolder: String?, temporary: Bool) throws(OutputPlan.Problem) -> Bool {
        guard let log = logFolder, !temporary, !files.isEmpty, log.hasSuffix(".jsonl"),
              RegularFile.kind(at: log) != .folder else { return false }
        guard files.count == 1 else {
            throw OutputPlan.Problem("--log \(log) names one log file, but the run has \(files.count) scenario files; give a folder (a path not ending in .jsonl) for one log per scenario")
        }
        return true
    }
}
