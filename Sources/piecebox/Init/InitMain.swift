import Foundation
import LuaHost
import PieceKit

/// `piecebox init DIR`: a project to start from: a project file, a starter scenario that passes as written, editor
/// settings for lua-language-server, and a CI workflow that compares goldens (never records them).
enum InitMain {
    static let help = """
    Usage: piecebox init DIR

    Starts a PieceBox project in DIR (made if needed; nothing in it is overwritten):
      piecebox.lua                     the project file: DIR is the project root (goldens are named from here)
      scenarios/first_card.lua         a starter scenario: a card that opens on the reveal spring
      .luarc.json                      lua-language-server settings: Lua 5.4 and PieceBox's globals
      .luacheckrc                      luacheck's settings: the globals a scenario has (piecebox stubs --luacheck)
      types/\(TypeStubs.fileName)           type stubs of PieceBox's Lua API (as piecebox stubs writes them)
      .github/workflows/piecebox.yml   CI: every scenario, with goldens compared and never recorded; PieceBox
                                       built at the revision this piecebox was installed from, and cached
    Then: cd DIR && piecebox run scenarios --golden goldens

    Options:
    \(Flags.helpLines(flags, for: .initProject))
    """

    /// `init`'s flags: only the help (the folder is its one operand).
    static let flags: [Flag<[String]>] = [
        Flag(["-h", "--help"], nil, [.initProject], help: [.initProject: ["show this help"]]) { _, _ throws(UsageError) in
            throw UsageError.helpRequested
        },
    ]

    /// The files, by path inside the project.
    static func files(source: BuildSource = .current()) -> [(path: String, text: String)] {
        var out: [(String, String)] = [
            (ProjectRoot.fileName, projectFile),
            ("scenarios/first_card.lua", starterScenario),
            (".luarc.json", luarc(stubFolders: typeStubs().isEmpty ? [] : [typeStubFolder])),
            (LuacheckConfig.fileName, LuacheckConfig.text(folder: ".")),
            (".github/workflows/piecebox.yml", workflow(source: source)),
        ]
        out += typeStubs().map { (typeStubFolder + "/" + $0.name, $0.text) }
        return out
    }

    static func run(_ args: [String]) -> Int32 {
        var folders: [String] = []
        do throws(UsageError) {
            try Flags.parse(args, into: &folders, table: flags, for: .initProject) { $0.append($1) }
            guard folders.count == 1, !folders[0].isEmpty else { throw UsageError("give one folder to start the project in") }
        } catch let e {
            if e.message.isEmpty { StandardStreams.out(help + "\n"); return 0 }
            writeErr("piecebox init: \(e.message)\nTry: piecebox init --help")
            return 2
        }
        let folder = folders[0]
        let source = BuildSource.current()
        let planned = files(source: source).map { (path: PathText.join(folder, $0.path), text: $0.text) }
        // All or nothing: every file is planned and checked first (nothing at its name, not even a link to nothing;
        // no folder on its way a link out of DIR or to nothing), and a write that still fails takes back the rest.
        var plan = OutputPlan()
        if let root = plan.folder(folder, "the project folder", boundary: .itself) {
            for file in planned {
                plan.file(file.path, "the project's \(PathText.lastComponent(file.path))",
                          boundary: .folder(root, "the project folder \(folder)"), new: true)
            }
        }
        do { try plan.check() } catch {
            writeErr("piecebox init: \(error); nothing was written")
            return 1
        }
        var made = MadeSoFar()
        for file in planned {
            let parent = PathText.parent(file.path)
            if let problem = made.makeFolders(parent) ?? made.write(file.text, to: file.path) {
                made.takeBack()
                writeErr("piecebox init: \(problem); nothing was written")
                return 1
            }
        }
        for file in planned { writeOut("wrote \(file.path)") }
        // Only scripts/install records where a binary was built from (a clone's origin URL, its commit).
        let unknown = [source.repository == nil ? "PIECEBOX_REPOSITORY" : nil, source.revision == nil ? "PIECEBOX_REVISION" : nil]
            .compactMap { $0 }
        if !unknown.isEmpty {
            writeOut("note: this piecebox does not know where its source is (scripts/install records the clone's origin URL "
                + "and commit), so set \(unknown.joined(separator: " and ")) in \(PathText.join(folder, ".github/workflows/piecebox.yml"))")
        }
        writeOut("next: cd \(folder) && piecebox run scenarios --golden goldens")
        return 0
    }

    /// What `init` has made, so a failure part way can remove it again, newest first.
    struct MadeSoFar {
        private var files: [String] = []
        private var folders: [String] = []

        /// Makes `path` and the folders above it that are missing, remembering each; a problem, or nil.
        mutating func makeFolders(_ path: String) -> String? {
            guard !path.isEmpty, RegularFile.kind(at: path) != .folder else { return nil }
            if let problem = makeFolders(PathText.parent(path)) { return problem }
            guard mkdir(path, 0o755) == 0 || (errno == EEXIST && RegularFile.kind(at: path) == .folder) else {
                return "cannot make \(path): " + String(cString: strerror(errno))
            }
            folders.append(path)
            return nil
        }

        mutating func write(_ text: String, to path: String) -> String? {
            if case .failure(let problem) = AtomicFile.write(Data(text.utf8), to: path) {
                return "cannot write \(path): \(problem.reason)"
            }
            files.append(path)
            return nil
        }

        func takeBack() {
            for file in files.reversed() { _ = unlink(file) }
            for folder in folders.reversed() { _ = rmdir(folder) }
        }
    }

    // MARK: Editor support

    /// Where generated Lua type stubs (`---@meta` files) go in a new project.
    static let typeStubFolder = "types"

    /// The Lua type stubs for every binding, generated from the binding registry (`piecebox stubs`); `.luarc.json`
    /// lists their folder as a library.
    static func typeStubs() -> [(name: String, text: String)] { TypeStubs.files() }

    /// What a scenario finds besides Lua's own libraries: the test framework's functions and the bindings' tables.
    static let globals = ScriptGlobals.names

    static func luarc(stubFolders: [String]) -> String {
        let list = globals.map { "      \"\($0)\"" }.joined(separator: ",\n")
        let library = stubFolders.map { "\"\($0)\"" }.joined(separator: ", ")
        return """
        {
          "$schema": "https://raw.githubusercontent.com/LuaLS/vscode-lua/master/setting/schema.json",
          "runtime.version": "Lua 5.4",
          "runtime.builtin": { "io": "disable", "os": "disable", "debug": "disable", "package": "disable" },
          "diagnostics.globals": [
        \(list)
          ],
          "workspace.library": [\(library)]
        }

        """
    }

    // MARK: Files

    static let projectFile = """
    -- The PieceBox project file. Its folder is the project root: goldens are named after a scenario's path from
    -- here, however the path is typed. A folder run never takes this file for a scenario.
    return {}

    """

    /// The starter scenario, as Lua in `Templates/first_card.lua` (compiled into the binary, `LuaSources`): it reads,
    /// lints and diffs as the Lua a new project gets.
    static let starterScenario = LuaSources.first_card

    /// The CI workflow, pinned to `source`: PieceBox is fetched at that revision and built once, the build kept in
    /// the Actions cache under the revision (so later runs only restore it). What `source` does not know is left
    /// empty, and the build step stops saying what to set, rather than building whatever is newest. A Linux job lints
    /// and runs; a macOS job runs the same scenarios. When a job fails, what a reviewer needs is uploaded.
    static func workflow(source: BuildSource) -> String {
        """
        # Runs every scenario on each push and pull request, on Linux and on macOS. CI is set here, so goldens are only
        # compared: a missing or changed golden fails the run (record goldens locally, review them, and commit them).
        # When a run fails, the job uploads an artifact "piecebox-report-<os>": the JUnit report, each failing golden's
        # actual log (goldens/NAME.actual.jsonl) and a review page per failing golden (open it in a browser: the golden
        # drawn under what this run made). The job's summary says so.
        name: piecebox
        on: [push, pull_request]
        env:
          # The PieceBox this project was started with (piecebox init): where its source is, and the revision it was
          # built from. Change the revision to move to another PieceBox; the build is cached per revision.
          PIECEBOX_REPOSITORY: "\(source.repository ?? "")"
          PIECEBOX_REVISION: "\(source.revision ?? "")"
        jobs:
          linux:
            runs-on: ubuntu-latest
            container: swift:6.0
            steps:
              - uses: actions/checkout@v4
              - name: Lua 5.4 and luacheck
                run: apt-get update -qq && apt-get install -y -qq liblua5.4-dev pkg-config git lua-check
              - name: Lint the scenarios (luacheck, with the settings piecebox init wrote)
                run: luacheck --no-color --config .luacheckrc scenarios
        \(sharedSteps(os: "linux", toolchain: "swift-6.0"))
          macos:
            runs-on: macos-latest
            steps:
              - uses: actions/checkout@v4
              - name: Lua 5.4 (Homebrew)
                run: brew install lua pkg-config
        \(sharedSteps(os: "macos", toolchain: "xcode"))
        """
    }

    /// The steps both jobs share: build (or restore) PieceBox, run the scenarios with a JUnit report, and on failure
    /// gather the review material and upload it. The build is cached per system, toolchain and revision.
    static func sharedSteps(os: String, toolchain: String) -> String {
        """
              - name: PieceBox from the cache
                id: piecebox-cache
                uses: actions/cache@v4
                with:
                  path: ~/.piecebox-bin
                  key: piecebox-${{ runner.os }}-\(toolchain)-${{ env.PIECEBOX_REVISION }}
              - name: Build PieceBox
                if: steps.piecebox-cache.outputs.cache-hit != 'true'
                run: |
                  if [ -z "$PIECEBOX_REPOSITORY" ] || [ -z "$PIECEBOX_REVISION" ]; then
                    echo "Set PIECEBOX_REPOSITORY and PIECEBOX_REVISION at the top of this workflow (see PieceBox's docs/getting-started.md)" >&2
                    exit 1
                  fi
                  git init -q "$RUNNER_TEMP/piecebox"
                  git -C "$RUNNER_TEMP/piecebox" fetch -q --depth 1 "$PIECEBOX_REPOSITORY" "$PIECEBOX_REVISION"
                  git -C "$RUNNER_TEMP/piecebox" checkout -q FETCH_HEAD
                  swift build -c release --package-path "$RUNNER_TEMP/piecebox" --product piecebox
                  mkdir -p ~/.piecebox-bin
                  cp "$(swift build -c release --package-path "$RUNNER_TEMP/piecebox" --show-bin-path)/piecebox" ~/.piecebox-bin/
              - run: echo ~/.piecebox-bin >> "$GITHUB_PATH"
              - name: Scenarios and goldens
                run: |
                  mkdir -p piecebox-report
                  piecebox run scenarios --golden goldens --reporter human --reporter junit=piecebox-report/junit.xml
              - name: Review pages for the failing goldens
                if: failure()
                run: |
                  mkdir -p piecebox-report/review
                  for actual in goldens/*.actual.jsonl; do
                    [ -e "$actual" ] || continue
                    name="$(basename "$actual" .actual.jsonl)"
                    cp "$actual" piecebox-report/
                    if [ -e "goldens/$name.jsonl" ]; then
                      piecebox film "goldens/$name.jsonl" "$actual" --out "piecebox-report/review/$name.html" || true
                    else
                      piecebox film "$actual" --out "piecebox-report/review/$name.html" || true
                    fi
                  done
                  {
                    echo "### PieceBox: the run failed (\(os))"
                    echo "Download the artifact **piecebox-report-\(os)** from this run's summary page:"
                    echo "- \\`junit.xml\\`: every test and its failure message"
                    echo "- \\`*.actual.jsonl\\`: what each failing golden's scenario logged this time"
                    echo "- \\`review/*.html\\`: each failing golden drawn under this run's frames (open in a browser)"
                    echo "To accept a change: run the scenario locally with --record failed, review, and commit the golden."
                  } >> "$GITHUB_STEP_SUMMARY"
              - name: Upload what a failure needs
                if: failure()
                uses: actions/upload-artifact@v4
                with:
                  name: piecebox-report-\(os)
                  path: piecebox-report
                  if-no-files-found: ignore
        """
    }
}
