import Foundation
import Testing
import LuaHost
@testable import piecebox

/// `piecebox init`: the starter project passes as written, never overwrites, and its editor settings know every
/// global a scenario has.
@Suite struct InitTests {
    @Test func theStarterProjectPassesAsWritten() throws {
        let folder = try TestFolder()
        let made = try piecebox(["init", "proj"], in: folder.path)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(folder.list("proj") == [".github", ".luacheckrc", ".luarc.json", "piecebox.lua", "scenarios", "types"])
        // Run from the project, as docs/getting-started.md says; the first golden run records, the second compares.
        let run = try piecebox(["run", "scenarios", "--golden", "goldens", "--record", "missing"], in: folder.path + "/proj")
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.hasSuffix("3 passed, 0 failed\n"), "\(run.stdout)")
        let again = try piecebox(["run", "scenarios", "--golden", "goldens", "--record", "never"], in: folder.path + "/proj")
        #expect(again.status == 0, "\(again.stdout)")
        #expect(folder.list("proj/goldens") == ["scenarios__first_card.jsonl"])
        // The CI workflow runs the same command, with CI set (so goldens are compared, never recorded).
        #expect(folder.read("proj/.github/workflows/piecebox.yml")?.contains("piecebox run scenarios --golden goldens") == true)
        // The starter scenario is clean under the luacheck settings it comes with.
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/luacheck") {
            let lint = Process()
            lint.executableURL = URL(fileURLWithPath: "/usr/bin/luacheck")
            lint.arguments = ["--no-color", "--config", ".luacheckrc", "scenarios"]
            lint.currentDirectoryURL = URL(fileURLWithPath: folder.path + "/proj")
            lint.standardOutput = FileHandle.nullDevice
            try lint.run()
            lint.waitUntilExit()
            #expect(lint.terminationStatus == 0)
        }
    }

    @Test func initNeverOverwritesAnything() throws {
        let folder = try TestFolder()
        try folder.write("proj/scenarios/first_card.lua", "-- mine\n")
        let made = try piecebox(["init", "proj"], in: folder.path)
        #expect(made.status == 1)
        #expect(made.stderr.contains("first_card.lua already exists; nothing was written"), "\(made.stderr)")
        #expect(folder.read("proj/scenarios/first_card.lua") == "-- mine\n")
        #expect(folder.read("proj/piecebox.lua") == nil)
    }

    @Test func theEditorSettingsNameEveryGlobalAScenarioHas() throws {
        // Lua 5.4's own globals, as its manual lists them (the sandbox removes some; none is added here).
        let lua = ["_G", "_VERSION", "assert", "collectgarbage", "coroutine", "debug", "dofile", "error", "getmetatable",
                   "io", "ipairs", "load", "loadfile", "math", "next", "os", "package", "pairs", "pcall", "print", "rawequal",
                   "rawget", "rawlen", "rawset", "require", "select", "setmetatable", "string", "table", "tonumber",
                   "tostring", "type", "utf8", "warn", "xpcall"]
        let folder = try TestFolder()
        let file = try folder.write("globals.lua", """
        local lua = {}
        for _, name in ipairs({ \(lua.map { "\"\($0)\"" }.joined(separator: ", ")) }) do lua[name] = true end
        test("globals", function()
          local names = {}
          for k in pairs(_G) do if not lua[k] then names[#names + 1] = k end end
          table.sort(names)
          print(table.concat(names, " "))
        end)
        """)
        var options = RunOptions()
        options.limits = SandboxLimits(instructions: 20_000_000, memoryBytes: 64 << 20, seconds: 10)
        let report = ScenarioRunner.run(file: file, options: options)
        let printed = report.tests.first?.output.first ?? ""
        #expect(printed.split(separator: " ").map(String.init) == InitMain.globals.sorted(), "\(report)")
        let luarc = InitMain.luarc(stubFolders: ["types"])
        let parsed = try JSONSerialization.jsonObject(with: Data(luarc.utf8)) as? [String: Any]
        #expect(parsed?["diagnostics.globals"] as? [String] == InitMain.globals)
        #expect(parsed?["workspace.library"] as? [String] == ["types"])
        // The examples' editor settings are the same file.
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/.luarc.json")
        #expect(String(decoding: try Data(contentsOf: examples), as: UTF8.self) == luarc)
    }

    @Test func theProjectGetsTheTypeStubsAndItsSettingsPointAtThem() throws {
        let folder = try TestFolder()
        let made = try piecebox(["init", "proj"], in: folder.path)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(folder.list("proj/types") == [TypeStubs.fileName])
        #expect(folder.read("proj/types/" + TypeStubs.fileName) == TypeStubs.text())
        let settings = try JSONSerialization.jsonObject(with: Data((folder.read("proj/.luarc.json") ?? "").utf8)) as? [String: Any]
        #expect(settings?["workspace.library"] as? [String] == ["types"])
        // A folder run from the project's root takes the stubs for what they are: declarations, not a scenario.
        let run = try piecebox(["run", "."], in: folder.path + "/proj")
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.hasSuffix("2 passed, 0 failed\n"), "\(run.stdout)")
    }

    @Test func stubsPrintsTheStubsOrWritesThemToAFolderAndRefusesWhatItDoesNotKnow() throws {
        let folder = try TestFolder()
        let printed = try piecebox(["stubs"], in: folder.path)
        #expect(printed.status == 0)
        #expect(printed.stdout == TypeStubs.text())
        let written = try piecebox(["stubs", "--out", "editor/types"], in: folder.path)
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stdout == "wrote editor/types/\(TypeStubs.fileName)\n")
        #expect(folder.read("editor/types/" + TypeStubs.fileName) == TypeStubs.text())
        let missing = try piecebox(["stubs", "--out"], in: folder.path)
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("piecebox stubs: --out needs one folder\n"), "\(missing.stderr)")
        let unknown = try piecebox(["stubs", "types"], in: folder.path)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("piecebox stubs: unknown argument \"types\"\n"), "\(unknown.stderr)")
    }

    // MARK: The workflow's PieceBox

    static let revision = "0123456789abcdef0123456789abcdef01234567"

    /// A piecebox installed as `scripts/install` leaves it: PREFIX/bin/piecebox and PREFIX/share/piecebox/source.
    static func installedCopy(in folder: TestFolder, record: String?) throws -> String {
        let copy = folder.path + "/prefix/bin/piecebox"
        try FileManager.default.createDirectory(atPath: folder.path + "/prefix/bin", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: pieceboxBinary, toPath: copy)
        if let record { try folder.write("prefix/share/piecebox/source", record) }
        return copy
    }

    @Test func theWorkflowBuildsThePieceBoxItWasInstalledFromAndCachesIt() throws {
        let folder = try TestFolder()
        let copy = try Self.installedCopy(in: folder, record: "repository https://example.org/team/piecebox.git\nrevision \(Self.revision)\n")
        let made = try runTool(copy, ["init", folder.path + "/proj"])
        #expect(made.status == 0, "\(made.output)")
        #expect(!made.output.contains("note:"), "\(made.output)")
        let workflow = try #require(folder.read("proj/.github/workflows/piecebox.yml"))
        // Pinned in the file itself: no repository variable to set by hand.
        #expect(!workflow.contains("vars."), "\(workflow)")
        #expect(workflow.contains("  PIECEBOX_REPOSITORY: \"https://example.org/team/piecebox.git\"\n"), "\(workflow)")
        #expect(workflow.contains("  PIECEBOX_REVISION: \"\(Self.revision)\"\n"), "\(workflow)")
        #expect(workflow.contains("git -C \"$RUNNER_TEMP/piecebox\" fetch -q --depth 1 \"$PIECEBOX_REPOSITORY\" \"$PIECEBOX_REVISION\""))
        // Built once per revision: the cache's key names it, and the build runs only when the cache missed.
        #expect(workflow.contains("uses: actions/cache@v4"))
        #expect(workflow.contains("key: piecebox-${{ runner.os }}-swift-6.0-${{ env.PIECEBOX_REVISION }}"), "\(workflow)")
        #expect(workflow.contains("key: piecebox-${{ runner.os }}-xcode-${{ env.PIECEBOX_REVISION }}"), "\(workflow)")
        #expect(workflow.contains("if: steps.piecebox-cache.outputs.cache-hit != 'true'"))

        // Read as YAML where a YAML reader is installed (Debian's python3-yaml): the steps in order, the values.
        let script = """
            import sys, yaml
            w = yaml.safe_load(open(sys.argv[1]))
            print(w["env"]["PIECEBOX_REVISION"])
            for job in ("linux", "macos"):
                print(",".join(s.get("name", s.get("uses", "run")) for s in w["jobs"][job]["steps"]))
            """
        let yaml = try runTool("/usr/bin/python3", ["-c", script, folder.path + "/proj/.github/workflows/piecebox.yml"])
        if yaml.status == 0 {
            let shared = "PieceBox from the cache,Build PieceBox,run,Scenarios and goldens,Review pages for the failing goldens,"
                + "Upload what a failure needs"
            #expect(yaml.output == "\(Self.revision)\n"
                    + "actions/checkout@v4,Lua 5.4 and luacheck,Lint the scenarios (luacheck, with the settings piecebox init wrote),\(shared)\n"
                    + "actions/checkout@v4,Lua 5.4 (Homebrew),\(shared)\n",
                    "\(yaml.output)")
        }
    }

    @Test func aPieceboxThatDoesNotKnowItsSourceSaysWhatToSet() throws {
        let folder = try TestFolder()
        let copy = try Self.installedCopy(in: folder, record: nil)
        let made = try runTool(copy, ["init", folder.path + "/proj"])
        #expect(made.status == 0, "\(made.output)")
        #expect(made.output.contains("note: this piecebox does not know where its source is (scripts/install records the clone's origin URL and commit), so set PIECEBOX_REPOSITORY and PIECEBOX_REVISION in \(folder.path)/proj/.github/workflows/piecebox.yml"),
                "\(made.output)")
        // A clone with no origin URL: the revision is pinned, only the repository is asked for.
        let partly = try TestFolder()
        let copy2 = try Self.installedCopy(in: partly, record: "revision \(Self.revision)\n")
        let made2 = try runTool(copy2, ["init", partly.path + "/proj"])
        #expect(made2.output.contains("so set PIECEBOX_REPOSITORY in \(partly.path)/proj/.github/workflows/piecebox.yml"), "\(made2.output)")
        #expect(partly.read("proj/.github/workflows/piecebox.yml")?.contains("  PIECEBOX_REVISION: \"\(Self.revision)\"\n") == true)
        let workflow = try #require(folder.read("proj/.github/workflows/piecebox.yml"))
        #expect(workflow.contains("  PIECEBOX_REVISION: \"\"\n"), "\(workflow)")
        // The workflow names the docs page that says what to set, not a README section that no longer exists.
        #expect(workflow.contains("Set PIECEBOX_REPOSITORY and PIECEBOX_REVISION at the top of this workflow (see PieceBox's docs/getting-started.md)"))
    }

    @Test(arguments: [
        ("revision \(revision)\nrepository git@example.org:team/piecebox.git\n", "git@example.org:team/piecebox.git", revision),
        // Not a full commit name, and values a YAML string or a shell would read specially: left out.
        ("revision 0123abc\nrepository https://x.org/a b\n", nil, nil),
        ("revision \(revision.uppercased())\nrepository \"$(reboot)\"\n", nil, nil),
        ("repository -c\nrevision \(revision)x\n", nil, nil),
    ])
    func theRecordTakesOnlyARepositoryAndAFullRevision(text: String, repository: String?, revision: String?) {
        #expect(BuildSource.parse(text) == BuildSource(repository: repository, revision: revision))
    }
}

/// The CI workflow `piecebox init` writes is a file its user runs: its steps are run here, as a runner would run
/// them, on a project whose golden then fails.
@Suite struct InitWorkflowTests {
    /// A step of the workflow's `linux` job: its name, its `if:`, and the shell it runs.
    struct Step { var name: String; var condition: String?; var run: String }

    /// The steps of one job, read from the workflow's text (the lines the template writes: `- name:`, `if:`,
    /// `run: |` and the block under it, or `run: command`).
    static func steps(of job: String, in workflow: String) -> [Step] {
        var steps: [Step] = []
        var inJob = false
        var block: (indent: Int, lines: [String])?
        func indent(_ line: Substring) -> Int { line.prefix { $0 == " " }.count }
        for line in workflow.split(separator: "\n", omittingEmptySubsequences: false) {
            if let open = block {
                if line.trimmingCharacters(in: .whitespaces).isEmpty || indent(line) >= open.indent {
                    block?.lines.append(String(line.dropFirst(min(open.indent, indent(line)))))
                    continue
                }
                steps[steps.count - 1].run = open.lines.joined(separator: "\n")
                block = nil
            }
            let text = line.trimmingCharacters(in: .whitespaces)
            if indent(line) == 2 { inJob = text == "\(job):" }
            guard inJob else { continue }
            if text.hasPrefix("- ") { steps.append(Step(name: "", condition: nil, run: "")) }
            let field = text.hasPrefix("- ") ? String(text.dropFirst(2)) : text
            guard !steps.isEmpty else { continue }
            if field.hasPrefix("name: ") { steps[steps.count - 1].name = String(field.dropFirst(6)) }
            if field.hasPrefix("if: ") { steps[steps.count - 1].condition = String(field.dropFirst(4)) }
            if field == "run: |" { block = (indent(line) + 2, []) } else if field.hasPrefix("run: ") {
                steps[steps.count - 1].run = String(field.dropFirst(5))
            }
        }
        if let open = block { steps[steps.count - 1].run = open.lines.joined(separator: "\n") }
        return steps
    }

    @Test func aFailingGoldenLeavesItsReviewMaterialAndSaysWhereInTheSummary() throws {
        let folder = try TestFolder()
        #expect(try piecebox(["init", "proj"], in: folder.path).status == 0)
        let project = folder.path + "/proj"
        #expect(try piecebox(["run", "scenarios", "--golden", "goldens"], in: project).status == 0)
        // The card now opens to 580 points: its golden (recorded at 600) fails; its own assertions still pass.
        let scenario = folder.read("proj/scenarios/first_card.lua") ?? ""
        try folder.write("proj/scenarios/first_card.lua", scenario
            .replacingOccurrences(of: "and 600 or 64", with: "and 580 or 64")
            .replacingOccurrences(of: "(600)", with: "(580)"))
        let workflow = folder.read("proj/.github/workflows/piecebox.yml") ?? ""
        let steps = Self.steps(of: "linux", in: workflow)
        #expect(steps.map(\.name).contains("Scenarios and goldens"), "\(steps.map(\.name))")
        let bin = URL(fileURLWithPath: pieceboxBinary).deletingLastPathComponent().path
        let summary = folder.path + "/summary.md"
        var failed = false
        var ran: [String] = []
        for step in steps where !step.run.isEmpty {
            // Fetching and building PieceBox, installing packages and changing the runner's PATH are the runner's.
            if ["Build PieceBox", "Lua 5.4 and luacheck"].contains(step.name) || step.run.contains("GITHUB_PATH") { continue }
            if step.name.hasPrefix("Lint"), !FileManager.default.isExecutableFile(atPath: "/usr/bin/luacheck") { continue }
            if step.condition == "failure()", !failed { continue }
            let shell = Process()
            shell.executableURL = URL(fileURLWithPath: "/bin/bash")
            shell.arguments = ["-e", "-c", step.run]
            shell.currentDirectoryURL = URL(fileURLWithPath: project)
            var environment = ProcessInfo.processInfo.environment
            environment["PATH"] = bin + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
            environment["GITHUB_STEP_SUMMARY"] = summary
            environment["CI"] = "true"
            shell.environment = environment
            shell.standardOutput = FileHandle.nullDevice
            shell.standardError = FileHandle.nullDevice
            try shell.run()
            shell.waitUntilExit()
            ran.append(step.name)
            if shell.terminationStatus != 0 { failed = true }
        }
        #expect(failed, "the scenarios step should fail on the changed golden; ran \(ran)")
        #expect(ran.contains("Review pages for the failing goldens"), "\(ran)")
        #expect(folder.list("proj/piecebox-report") == ["junit.xml", "review", "scenarios__first_card.actual.jsonl"])
        #expect(folder.list("proj/piecebox-report/review") == ["scenarios__first_card.html"])
        #expect(folder.read("proj/piecebox-report/junit.xml")?.contains("<testsuites") == true)
        let said = (try? String(contentsOfFile: summary, encoding: .utf8)) ?? ""
        #expect(said.contains("piecebox-report-linux") && said.contains("review/*.html"), "\(said)")
        // Both jobs upload it, and the macOS job installs Lua with Homebrew.
        #expect(workflow.components(separatedBy: "uses: actions/upload-artifact@v4").count == 3)
        #expect(Self.steps(of: "macos", in: workflow).contains { $0.run == "brew install lua pkg-config" })
        // The settings it lints with say how to write them again into this project, not into PieceBox's examples/.
        #expect(folder.read("proj/.luacheckrc")?.contains("--out .`") == true)
    }
}
