import Foundation
import Testing
@testable import LuaHost
@testable import LuaEditor

/// luacheck's settings for scenarios (`piecebox stubs --luacheck`) against what a scenario really has, and the
/// committed copy in examples/ against a fresh generation.
@Suite struct LuacheckConfigTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func theCommittedLuacheckSettingsAreWhatTheRegistryGivesToday() throws {
        let committed = Self.repository.appendingPathComponent("examples/" + LuacheckConfig.fileName)
        let text = String(decoding: try Data(contentsOf: committed), as: UTF8.self)
        #expect(text == LuacheckConfig.text(),
                "examples/\(LuacheckConfig.fileName) is out of date with the bindings; regenerate it with: \(LuacheckConfig.regenerateCommand)")
    }

    /// Lua's own globals and library members in the settings are exactly those a fresh scenario state has: one the
    /// sandbox removes (io, string.dump) would let a refused call through luacheck, one missing would flag good code.
    @Test func luasGlobalsAreThoseAFreshScenarioHas() throws {
        let ours = Set(ScriptGlobals.names)
        let libraries = LuacheckConfig.lua.filter { !$0.fields.isEmpty }.map(\.name)
        let report = try runScenario("""
            local ours = {}
            for _, name in ipairs({ \(ours.sorted().map { "\"\($0)\"" }.joined(separator: ", ")) }) do ours[name] = true end
            test("globals", function()
              local out = {}
              for k in pairs(_G) do if not ours[k] then out[#out + 1] = k end end
              for _, lib in ipairs({ \(libraries.map { "\"\($0)\"" }.joined(separator: ", ")) }) do
                for k in pairs(_G[lib]) do out[#out + 1] = lib .. "." .. k end
              end
              table.sort(out)
              for _, line in ipairs(out) do print(line) end
            end)
            """, name: "globals.lua")
        let found = try #require(report.test("globals"), "\(report.summary)").output
        var declared: [String] = []
        for (name, fields) in LuacheckConfig.lua {
            declared.append(name)
            declared += fields.map { name + "." + $0 }
        }
        #expect(found.count > 60, "\(found)")
        #expect(Set(found).subtracting(declared).sorted() == [], "a scenario has these, the settings do not")
        #expect(Set(declared).subtracting(found).sorted() == [], "the settings have these, a scenario does not")
    }

    @Test func everyGlobalOfTheStubsIsReadOnlyInTheSettings() {
        let text = LuacheckConfig.text()
        for name in ScriptGlobals.names {
            #expect(text.contains("\n    \(name) = "), "\(name) is not in the settings")
        }
        for library in ScriptGlobals.libraries {
            for function in library.functions { #expect(text.contains(" \(function) = {}"), "\(library.name).\(function)") }
        }
    }

    static let luacheck = ["/usr/bin/luacheck", "/usr/local/bin/luacheck"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// With Debian's luacheck (lua-check) installed, the settings flag a misspelt global and a library the sandbox
    /// removes, and pass a scenario that uses only what it has.
    @Test(.enabled(if: luacheck != nil, "luacheck is not installed (Debian: lua-check)"))
    func luacheckFlagsAMisspeltGlobalWithTheSettings() throws {
        let folder = try ScenarioFolder()
        try folder.write(LuacheckConfig.fileName, LuacheckConfig.text())
        try folder.write("good.lua", """
            test("opens", function()
              local s = Stage{ fps = 10 }
              local spring = motion.spring{ duration = 0.3, bounce = 0 }
              expect(spring.duration).toBe(0.3)
              s:frames(1)
            end)
            """)
        try folder.write("bad.lua", """
            test("opens", function()
              local s = Stgae{ fps = 10 }
              local spring = motion.sprnig{ duration = 0.3 }
              io.write(tostring(s), tostring(spring))
            end)
            """)
        func check(_ file: String) throws -> (Int32, String) {
            let process = Process()
            let pipe = Pipe()
            process.executableURL = URL(fileURLWithPath: try #require(Self.luacheck))
            process.arguments = ["--no-color", "--config", folder.path + "/" + LuacheckConfig.fileName, folder.path + "/" + file]
            process.standardOutput = pipe
            try process.run()
            let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, out)
        }
        let (goodStatus, good) = try check("good.lua")
        #expect(goodStatus == 0, "\(good)")
        let (badStatus, bad) = try check("bad.lua")
        #expect(badStatus != 0)
        #expect(bad.contains("bad.lua:2:13: accessing undefined variable 'Stgae'"), "\(bad)")
        #expect(bad.contains("bad.lua:3:18: accessing undefined field 'sprnig' of global 'motion'"), "\(bad)")
        #expect(bad.contains("bad.lua:4:3: accessing undefined variable 'io'"), "\(bad)")
    }
}
