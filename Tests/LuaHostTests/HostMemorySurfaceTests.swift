import Foundation
import Testing
@testable import LuaHost

/// Every host allocation whose size a script decides counts against the file's memory cap before it is made. Each
/// surface below makes the host hold far more than the script's own Lua memory (a copy per call of one shared
/// string, a neck per pair of shapes, a golden's text per frame): past the cap the file stops with the memory
/// limit at the script's line, as a Lua allocation would, instead of the host making it (or making it unseen).
@Suite struct HostMemorySurfaceTests {
    struct Surface: Sendable, CustomTestStringConvertible {
        let name: String
        /// The file's memory cap, in MiB.
        let capMiB: Int
        /// The test's body; it must stop at `line` of the file (the file's first line is `test("t", function()`).
        let body: String
        let line: Int
        /// Other lines the stop may name: inside a loop whose every line makes memory, which of its lines first
        /// finds no room depends on when the collector last ran.
        var alsoAt: [Int] = []
        var testDescription: String { name }
    }

    static let surfaces: [Surface] = [
        // 2,500 circles on one spot: every one of the 3,123,750 pairs has a neck (at 1,536 bytes counted each,
        // 4.8 GB), refused before one is made.
        Surface(name: "a glass group's necks", capMiB: 64, body: """
              local shapes = {}
              for i = 1, 2500 do shapes[i] = { id = "b" .. i, x = 20, y = 100, w = 44, h = 44, shape = "circle" } end
              local s = Stage{}
              s:glassGroup{ spacing = 16, shapes = shapes }
              s:frames(2)
            """, line: 6),
        // 8,000 frames of one element named by 3,000 letters: the kept frames share that name (about 0.8 MB of
        // them), but each line of the golden's log repeats it: 8,000 × some 3,100 bytes = 24.8 MB of text, past
        // the 16 MiB cap before it is parsed or written.
        Surface(name: "toMatchGolden's log of a long stage", capMiB: 16, body: """
              local s = Stage{}
              local long = string.rep("n", 3000)
              s:piece{ name = "card", layout = function() return { [long] = { x = 0, y = 0, w = 1, h = 1 } } end }
              s:frames(8000)
              expect(s).toMatchGolden("big")
            """, line: 6),
        // One 4 MiB string in Lua, copied by each of 40 glass groups as a shape's tint: 160 MiB in the host.
        Surface(name: "what a stage's constructors keep", capMiB: 64, body: """
              local tint = string.rep("t", 4 << 20)
              local s = Stage{}
              local keep = {}
              for i = 1, 40 do keep[i] = s:glassGroup{ name = "g" .. i, spacing = 1, shapes = { { id = "a", x = 0, y = 0, w = 1, h = 1, tint = tint } } } end
            """, line: 5),
        // The same string inserted 40 times into one group.
        Surface(name: "what a glass group's insert keeps", capMiB: 64, body: """
              local tint = string.rep("t", 4 << 20)
              local s = Stage{}
              local g = s:glassGroup{ spacing = 1, shapes = {} }
              for i = 1, 40 do g:insert{ id = "a" .. i, x = i * 10, y = 0, w = 1, h = 1, tint = tint } end
            """, line: 5),
        // One call reading a 6 MiB string twice: 12 MiB of copies beside the 6 MiB Lua holds, past 16 MiB.
        Surface(name: "one call's copies out of Lua", capMiB: 16, body: """
              local big = string.rep("x", 6 << 20)
              local s = Stage{}
              s:glassGroup{ spacing = 1, shapes = { { id = "a", x = 0, y = 0, w = 1, h = 1, tint = big }, { id = "b", x = 9, y = 0, w = 1, h = 1, tint = big } } }
            """, line: 4),
        // A Lua piece's layout giving three elements one 5 MiB note each: 15 MiB of copies beside Lua's 5 MiB.
        Surface(name: "a Lua piece's element list", capMiB: 16, body: """
              local big = string.rep("x", 5 << 20)
              local s = Stage{}
              s:piece{ name = "card", layout = function() return { a = { x = 0, y = 0, w = 1, h = 1, note = big }, b = { x = 0, y = 0, w = 1, h = 1, note = big }, c = { x = 0, y = 0, w = 1, h = 1, note = big } } end }
            """, line: 4),
        // 2,000 overrides of 100 tiers of the script's own naming: 200,000 tokens kept by the host, while each
        // call's table is garbage once it returns.
        Surface(name: "motion.override's own tokens", capMiB: 16, body: """
              for i = 1, 2000 do
                local tiers = {}
                for j = 1, 100 do tiers["tier" .. i .. "_" .. j] = { duration = 0.3, bounce = 0 } end
                motion.override{ tiers = tiers }
              end
            """, line: 5, alsoAt: [2, 3, 4]),
        // A 500 s drag at 1000 fps: 500,000 samples, each a point and a piece of scheduled work (256 bytes counted
        // each, 128 MB), counted before one is scheduled.
        Surface(name: "a slow gesture's samples", capMiB: 64, body: """
              local s = Stage{ fps = 1000 }
              local page = s:page{ sections = { { id = "a", title = "A", height = 100000 } } }
              page:drag{ dy = -10, duration = 500 }
            """, line: 4),
        // A line of 1,048,576 letters: a record for each letter of it, counted (160 MB) before it is cut.
        Surface(name: "text.morph's letters", capMiB: 16, body: """
              local line = string.rep("a", 1 << 20)
              local letters = text.morph("", line)
            """, line: 3),
    ]

    @Test(arguments: surfaces)
    func aScriptSizedHostAllocationPastTheCapStopsTheFileAtItsLine(_ surface: Surface) throws {
        let folder = try ScenarioFolder()
        // Its own project, so a golden (were it ever written) lands here.
        try folder.write("piecebox.lua", "")
        let report = try folder.run("scenario.lua", "test(\"t\", function()\n" + surface.body + "\nend)\n",
                                    limits: SandboxLimits(instructions: 0, memoryBytes: surface.capMiB << 20, seconds: 60))
        let result = try #require(report.test("t"), "\(report.summary)")
        #expect(result.status == .failed)
        #expect(([surface.line] + surface.alsoAt).contains {
            result.message.hasSuffix("scenario.lua:\($0): memory limit of \(surface.capMiB) MiB exceeded")
        }, "\(result.message)")
    }

    @Test func aSlowGesturesSamplesAreRefusedBeforeAFrameOfItIsRendered() throws {
        // Counted after the fact, the 500,000 samples were scheduled and frames rendered until the kept frames
        // passed the cap; counted first, the gesture never starts: the log holds its header and no frame.
        let folder = try ScenarioFolder()
        let log = folder.path + "/drag.jsonl"
        let report = try folder.run("scenario.lua", """
            test("t", function()
              local s = Stage{ fps = 1000 }
              local page = s:page{ sections = { { id = "a", title = "A", height = 100000 } } }
              page:drag{ dy = -10, duration = 500 }
            end)
            """, limits: SandboxLimits(instructions: 0, memoryBytes: 64 << 20, seconds: 60)) { $0.logPath = log }
        let result = try #require(report.test("t"), "\(report.summary)")
        #expect(result.message.hasSuffix("scenario.lua:4: memory limit of 64 MiB exceeded"), "\(result.message)")
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(!lines.contains { $0.hasPrefix("{\"frame\":") }, "\(lines.count) lines logged")
    }

    @Test func textMorphsLettersAreRefusedBeforeEitherSideHoldsThem() throws {
        // Counted after the fact, the host cut the 1 MiB line into a million letter tables and pushed them until
        // Lua's share passed the cap; counted first, Lua never holds more than the line (1 MiB) and its state.
        let cap = 16 << 20
        let state = try LuaState(limits: SandboxLimits(instructions: 0, memoryBytes: cap, seconds: 30))
        defer { state.close() }
        let context = BindingContext(state: state, path: "morph.lua", options: RunOptions())
        Bindings.install(into: context)
        let outcome = state.run(text: """
            local line = string.rep("a", 1 << 20)
            local letters = text.morph("", line)
            """, chunkName: "=morph")
        guard case .breach(let breach, let location) = outcome else {
            Issue.record("expected the memory limit, got \(outcome)")
            return
        }
        #expect(breach == .memory(cap))
        #expect(location == "morph:2")
        #expect(state.memoryPeak < 4 << 20, "Lua held \(state.memoryPeak) bytes at most")
    }

    @Test func aGroupWithinTheCapStillMergesAndAGoldenWithinItStillRecords() throws {
        // The same surfaces at a size the cap allows: 40 circles 50 apart (gaps of 6, 39 necks), and a golden of
        // 20 frames.
        let folder = try ScenarioFolder()
        try folder.write("piecebox.lua", "")
        let report = try folder.run("scenario.lua", """
            test("t", function()
              local shapes = {}
              for i = 1, 40 do shapes[i] = { id = "b" .. i, x = 20 + 50 * i, y = 100, w = 44, h = 44, shape = "circle" } end
              local s = Stage{}
              local g = s:glassGroup{ spacing = 16, shapes = shapes }
              s:frames(20)
              assert(#g.merged == 39, #g.merged)
              assert(g.merged[1] == "b1+b2" and g.merged[39] == "b39+b40", g.merged[1])
              expect(s).toMatchGolden("small")
            end)
            """, limits: SandboxLimits(instructions: 0, memoryBytes: 16 << 20, seconds: 60))
        #expect(report.test("t")?.status == .passed, "\(report.summary)")
    }
}
