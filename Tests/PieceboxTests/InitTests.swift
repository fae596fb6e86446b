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
        // Run from the project, as its README line says; the first golden run records, the second compares.
        let run = try piecebox(["run", "scenarios", "--golden", "goldens", "--record", "missing"], in: folder.path + "/proj")
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.hasSuffix("3 passed, 0 failed\n"), "\(run.stdout)")
        let again = try piecebox(["run", "scenarios", "--golden", "goldens", "--record", "never"], in: folder.path + "/proj")
        #expect(again.status == 0, "\(again.stdout)")
        #expect(folder.list("proj/goldens") == ["scenarios__first_card.jsonl"])
        // The CI workflow runs the same command, with CI set (so goldens are compared, never recorded).
        #expect(folder.read("proj/.github/workflows/piecebox.yml")?.contains("run: piecebox run scenarios --golden goldens") == true)
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
        #expect(workflow.contains("git -C /tmp/piecebox fetch -q --depth 1 \"$PIECEBOX_REPOSITORY\" \"$PIECEBOX_REVISION\""))
        // Built once per revision: the cache's key names it, and the build runs only when the cache missed.
        #expect(workflow.contains("uses: actions/cache@v4"))
        #expect(workflow.contains("key: piecebox-${{ runner.os }}-swift-6.0-${{ env.PIECEBOX_REVISION }}"), "\(workflow)")
        #expect(workflow.contains("if: steps.piecebox-cache.outputs.cache-hit != 'true'"))

        // Read as YAML where a YAML reader is installed (Debian's python3-yaml): the steps in order, the values.
        let script = """
            import sys, yaml
            w = yaml.safe_load(open(sys.argv[1]))
            print(w["env"]["PIECEBOX_REVISION"])
            print(",".join(s.get("name", s.get("uses", "run")) for s in w["jobs"]["scenarios"]["steps"]))
            """
        let yaml = try runTool("/usr/bin/python3", ["-c", script, folder.path + "/proj/.github/workflows/piecebox.yml"])
        if yaml.status == 0 {
            #expect(yaml.output == "\(Self.revision)\nactions/checkout@v4,Lua 5.4,PieceBox from the cache,Build PieceBox,run,Scenarios and goldens\n",
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
        #expect(workflow.contains("Set PIECEBOX_REPOSITORY and PIECEBOX_REVISION at the top of this workflow"))
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
