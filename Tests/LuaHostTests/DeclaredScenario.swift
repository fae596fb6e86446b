import Testing
@testable import LuaHost
@testable import LuaRuntime
@testable import LuaBindings

/// The one scenario the declared-rule sweeps (`DeclaredOptionEnforcementTests`, `DeclaredArgumentEnforcementTests`)
/// run their calls in: a stage `s`, every registered piece made from its binding's `example` into `made` (so a call
/// can be made on `made.sheet`), and `scope`, where an example's Lua finds `s` and what was made before it.
enum DeclaredScenario {
    /// Each registered piece's name and its example options, as the registry gives them.
    static var examples: [(name: String, options: String)] {
        BindingRegistry.entries.compactMap { entry in entry.example.map { (entry.name, $0) } }
    }

    /// A try that makes `entry` (`Stage` or a piece) from its example options changed by the Lua statements
    /// `change` (on the options table `t`), and prints "accepted" or the error.
    static func attempt(_ entry: String, changing change: String) -> String {
        let call = entry == "stage" ? "Stage(t)" : "s:\(entry)(t)"
        let table = examples.first { $0.name == entry }?.options ?? "{}"
        return """
              do
                local t = assert(load("return " .. [==[\(table)]==], "=t", "t", scope))()
                \(change)
                local ok, err = pcall(function() return \(call) end)
                print(ok and "accepted" or tostring(err))
              end
            """
    }

    /// Runs `tries` (Lua statements, each printing one line) after making every example; gives the test's result.
    static func run(_ tries: [String]) throws -> (result: TestResult, summary: String) {
        let making = examples.map { name, options in
            "  made.\(name) = assert(load(\"return s:\(name)\" .. [==[\(options)]==], \"=\(name)\", \"t\", scope))()"
        }.joined(separator: "\n")
        let report = try runScenario("""
            test("declared", function()
              local s = Stage{}
              local made = {}
              local scope = setmetatable({}, { __index = function(_, k) if k == "s" then return s end return made[k] end })
            \(making)
            \(tries.joined(separator: "\n"))
            end)
            """, name: "declared.lua")
        let result = try #require(report.test("declared"), "\(report.summary)")
        return (result, report.summary)
    }
}
