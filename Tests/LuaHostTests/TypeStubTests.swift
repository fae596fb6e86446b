import Foundation
import Testing
@testable import LuaHost
@testable import LuaEditor
@testable import LuaRuntime

/// The editor stubs (`piecebox stubs`) against what a scenario really has: every class, method, reading, option and
/// global of a fresh scenario state is declared, the file is Lua that loads, and the committed copy is up to date.
@Suite struct TypeStubTests {
    /// The stub file read back: its classes with their fields, and the globals it defines.
    struct Parsed {
        var classes: [String: [String]] = [:]
        var classOrder: [String] = []
        var globals: [String] = []
        /// Every `piecebox.*` type the annotations mention.
        var referencedTypes: Set<String> = []

        init(_ text: String) {
            var current: String?
            for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
                let line = String(raw)
                if line.hasPrefix("---@") {
                    for word in line.split(whereSeparator: { " :(),<>?|{}[]".contains($0) }) where word.hasPrefix("piecebox.") {
                        referencedTypes.insert(String(word))
                    }
                }
                if line.hasPrefix("---@class ") {
                    let name = String(line.dropFirst("---@class ".count).prefix { $0 != ":" && $0 != " " })
                    classOrder.append(name)
                    classes[name, default: []] += []
                    current = name
                } else if line.hasPrefix("---@field "), let current {
                    let name = line.dropFirst("---@field ".count).prefix { $0 != " " && $0 != "?" }
                    classes[current, default: []].append(String(name))
                } else if !line.hasPrefix("---@overload") {
                    current = nil
                }
                if line.hasPrefix("function "), let name = line.dropFirst("function ".count).split(separator: "(").first {
                    globals.append(String(name))
                } else if line.hasSuffix(" = {}"), !line.hasPrefix(" "), !line.hasPrefix("local ") {
                    globals.append(String(line.dropLast(" = {}".count)))
                }
            }
        }

        func fields(_ type: String) -> Set<String> { Set(classes[type] ?? []) }
    }

    private let stubs = Parsed(TypeStubs.text())

    @Test func everyClassAFreshStateKnowsHasAStubWithAllItsMethodsAndReadings() throws {
        // Read from the installed classes themselves, not from the registry the stubs are made from: a binding
        // described in Swift but missing from the stubs fails here.
        let state = try LuaState(limits: .tight)
        defer { state.close() }
        let context = BindingContext(state: state, path: "stubs.lua", options: RunOptions())
        Bindings.install(into: context)
        #expect(!state.classCache.isEmpty)
        for (name, cls) in state.classCache {
            let fields = stubs.fields("piecebox." + name)
            guard stubs.classes["piecebox." + name] != nil else {
                Issue.record("the class \(name) has no ---@class piecebox.\(name) in the stubs")
                continue
            }
            guard let members = cls as? any LuaClassMembers else { continue }
            let live = Set(members.methodNames + members.propertyNames)
                .union(state.methodTableNames(ofClass: "piecebox." + name))
            #expect(live.subtracting(fields).isEmpty, "\(name): no stub for \(live.subtracting(fields).sorted())")
            if members.answersAnyName { #expect(fields.contains("[string]"), "\(name) answers any name") }
        }
    }

    @Test func everyRegistryEntryHasItsMethodsReadingsAndOptionsAndTheStageItsConstructors() {
        for entry in BindingRegistry.entries {
            let fields = stubs.fields("piecebox." + entry.name)
            let declared = Set(entry.methods + entry.readings)
            #expect(declared.subtracting(fields).isEmpty, "\(entry.name): missing \(declared.subtracting(fields).sorted())")
            if !entry.optionKeys.isEmpty {
                #expect(stubs.fields("piecebox.\(entry.name)Options") == Set(entry.optionKeys), "\(entry.name)'s options")
            }
        }
        // Every type the registry makes on a stage is a constructor of the stage's, s:<name>{...}.
        let constructors = BindingRegistry.entries.filter { $0.made == .stageMethod }.map(\.name)
        #expect(constructors.count > 10 && stubs.fields("piecebox.stage").isSuperset(of: constructors))
    }

    @Test func methodsAndLibraryFunctionsAreTypedFromTheirDeclarations() throws {
        let text = TypeStubs.text()
        // As the bindings declare them: s:after and s:every give work; s:frames() gives a series (so its methods
        // complete); touch gives a finger on every piece that takes gestures; motion's calls give springs and
        // animations; a tier is a spring and a role an animation.
        for line in ["---@field after fun(self: piecebox.stage, seconds: number, fn: function, options?: {background?: boolean, label?: string}): piecebox.work # ",
                     "---@field frames fun(self: piecebox.stage, n?: integer|{from?: number, to?: number}): piecebox.series|integer # ",
                     "---@field advance fun(self: piecebox.stage, seconds: number): integer # ",
                     "---@field touch fun(self: piecebox.nowPlaying, part?: string|number, index?: integer|number): piecebox.finger # ",
                     "---@field touch fun(self: piecebox.tabBar, part?: string|number, index?: integer|number): piecebox.finger # ",
                     "---@field nowPlaying fun(self: piecebox.stage, options?: piecebox.nowPlayingOptions): piecebox.nowPlaying # ",
                     "---@field spring fun(options: piecebox.springOptions): piecebox.spring # ",
                     "---@field easeIn fun(duration?: number): piecebox.animation # ",
                     "---@field rubberBand fun(pull: number, limit: number, coefficient?: number): number # ",
                     "---@field animation fun(self: piecebox.spring): piecebox.animation # ",
                     "---@field time number # The playhead now (s); read-only",
                     "---@field ramp? number # How long the disc takes to change speed (s; default 0.9)",
                     "---@class piecebox.motion.tiers: piecebox.tokens\n---@field [string] piecebox.spring",
                     "---@class piecebox.motion.roles: piecebox.tokens\n---@field [string] piecebox.animation",
                     "---@return piecebox.stage\nfunction Stage(options) end"] {
            #expect(text.contains("\n" + line), "missing: \(line)")
        }
        // Nothing a binding declares is left untyped: no `any` before the test framework's own section.
        let bindings = try #require(text.components(separatedBy: "-- The test framework.").first)
        #expect(!bindings.contains(": any"), "\(bindings.split(separator: "\n").filter { $0.contains(": any") })")
        // A `made` string must name a method or function whose declaration gives that type.
        #expect(Returns.read(from: BindingRegistry.entries).unresolved.isEmpty)
    }

    @Test func everyGlobalAndLibraryMemberAScenarioHasIsInTheStubs() throws {
        // Lua 5.4's own globals, as its manual lists them.
        let lua = ["_G", "_VERSION", "assert", "collectgarbage", "coroutine", "debug", "dofile", "error", "getmetatable",
                   "io", "ipairs", "load", "loadfile", "math", "next", "os", "package", "pairs", "pcall", "print", "rawequal",
                   "rawget", "rawlen", "rawset", "require", "select", "setmetatable", "string", "table", "tonumber",
                   "tostring", "type", "utf8", "warn", "xpcall"]
        let matchers = stubs.fields("piecebox.expectation").subtracting(["never"]).sorted()
        let report = try runScenario("""
            local lua = {}
            for _, name in ipairs({ \(lua.map { "\"\($0)\"" }.joined(separator: ", ")) }) do lua[name] = true end
            test("globals", function()
              local out = {}
              for k in pairs(_G) do if not lua[k] then out[#out + 1] = "global " .. k end end
              local function walk(path, t)
                for k, v in pairs(t) do
                  out[#out + 1] = "member " .. path .. " " .. k
                  if type(v) == "table" then walk(path .. "." .. k, v) end
                end
              end
              walk("motion", motion)
              walk("metal", metal)
              for k, v in pairs(getmetatable(series({ 1 }))) do
                if type(v) == "function" and not k:match("^__") then out[#out + 1] = "member series " .. k end
              end
              for _, name in ipairs({ \(matchers.map { "\"\($0)\"" }.joined(separator: ", ")) }) do
                if not pcall(function() return expect(1)[name] end) then out[#out + 1] = "no matcher " .. name end
              end
              table.sort(out)
              for _, line in ipairs(out) do print(line) end
            end)
            """, name: "globals.lua")
        let lines = try #require(report.test("globals"), "\(report.summary)").output
        #expect(lines.count > 40, "\(lines)")
        for line in lines {
            let words = line.split(separator: " ").map(String.init)
            switch words.first {
            case "global": #expect(stubs.globals.contains(words[1]), "the global \(words[1]) has no stub")
            case "member":
                #expect(stubs.fields("piecebox." + words[1]).contains(words[2]), "\(words[1]).\(words[2]) has no stub")
            default: Issue.record("\(line)")
            }
        }
        // The matchers live only in a local table of the framework, so docs/guides/writing-scenarios.md's list stands in for enumerating them.
        let readme = ["toBe", "toEqual", "toBeCloseTo", "toBeGreaterThan", "toBeGreaterThanOrEqual", "toBeLessThan",
                      "toBeLessThanOrEqual", "toBeTruthy", "toBeFalsy", "toBeNil", "toContain", "toThrow", "toNeverDecrease",
                      "toNeverIncrease", "toNeverExceed", "toSettleWithin", "toOvershootBy", "toMatchGolden"]
        #expect(Set(readme).subtracting(matchers).isEmpty, "matchers without a stub: \(Set(readme).subtracting(matchers).sorted())")
    }

    @Test func theStubsAreLuaThatLoadsWithEachClassNamedOnceAndEveryTypeDeclared() throws {
        let counts = Dictionary(stubs.classOrder.map { ($0, 1) }, uniquingKeysWith: +)
        #expect(counts.filter { $0.value > 1 }.isEmpty, "declared twice: \(counts.filter { $0.value > 1 }.keys.sorted())")
        let undeclared = stubs.referencedTypes.subtracting(stubs.classes.keys)
        #expect(undeclared.isEmpty, "used but not declared: \(undeclared.sorted())")
        #expect(TypeStubs.text().hasPrefix("---@meta\n"))
        // Lua itself parses (and runs) the file: it only defines empty globals.
        let state = try LuaState(limits: .tight)
        defer { state.close() }
        let outcome = state.run(text: TypeStubs.text(), chunkName: "=" + TypeStubs.fileName)
        guard case .ok = outcome else {
            Issue.record("the stubs do not load: \(outcome)")
            return
        }
    }

    @Test func theCommittedStubsAreWhatTheRegistryGivesToday() throws {
        let committed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/types/" + TypeStubs.fileName)
        let text = String(decoding: try Data(contentsOf: committed), as: UTF8.self)
        #expect(text == TypeStubs.text(),
                "examples/types/\(TypeStubs.fileName) is out of date with the bindings; regenerate it with: \(TypeStubs.regenerateCommand)")
    }
}

/// The test framework's functions are typed where `expect.lua` defines them, so the stubs and the reference give a
/// series' methods and the matchers real types.
@Suite struct FrameworkDeclarationTests {
    @Test func everyMatcherAndSeriesMethodDeclaresItsTypesOnItsLine() {
        let all = ScriptGlobals.matchers + ScriptGlobals.seriesMethods
        #expect(all.count > 20, "\(all.count)")
        for f in all { #expect(f.parameters != ["...: any"], "\(f.name) has no `--:` declaration in expect.lua") }
        for f in ScriptGlobals.seriesMethods { #expect(f.returns != nil, "series:\(f.name) declares no return") }
    }

    @Test func aSeriesMapIsTypedAsGivingASeries() {
        let map = ScriptGlobals.seriesMethods.first { $0.name == "map" }
        #expect(map?.parameters == ["fn: fun(value: any, t: number): any"])
        #expect(map?.returns == "piecebox.series")
        let golden = ScriptGlobals.matchers.first { $0.name == "toMatchGolden" }
        #expect(golden?.parameters == ["name: string", "options?: {elements?: string[], tolerance?: number|table<string, number>}"])
    }
}
