import Foundation
import Testing
@testable import LuaHost

/// Every exploration in examples/explore, made to fail by a planted defect, writes a minimal scenario that fails
/// the same way when run as written. The defect is planted by a wrapper of `explore` at the file's top, each
/// exploration getting one of three in turn: a `check` that fails once the stage has run past 1.2 s, an action's own
/// `assert` that does, and a rule no motion keeps (nothing moves more than a thousandth of a point a frame).
@Suite struct ExploreExamplesReproduceTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples/explore")

    static let planted = """
    local realExplore, planted = explore, 0
    explore = function(name, spec)
      planted = planted + 1
      local copy = {}
      for k, v in pairs(spec) do copy[k] = v end
      if planted % 3 == 1 then
        copy.check = function(s) if s:now() > 1.2 then error("planted: the stage ran past 1.2 s") end end
      elseif planted % 3 == 2 then
        local actions = {}
        for k, act in pairs(spec.actions) do
          actions[k] = function(s, w, gen)
            act(s, w, gen)
            assert(s:now() <= 1.2, "planted: an action ran past 1.2 s")
          end
        end
        copy.actions = actions
      else
        copy.invariants = { "finite", continuous = { maxStep = 0.001 } }
      end
      copy.runs = 3
      return realExplore(name, copy)
    end

    """

    @Test func everyExamplesMinimalScenarioFailsTheSameWayWhenRunAsWritten() throws {
        let scratch = try ScenarioFolder()
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".lua") }.sorted()
        var explored = 0
        for file in files {
            let text = try String(contentsOf: Self.folder.appendingPathComponent(file), encoding: .utf8)
            guard !file.hasPrefix("_") else { try scratch.write(file, text); continue }
            let report = scratch.runFile(try scratch.write(file, Self.planted + text), limits: .default) {
                $0.exploration.deep = true
            }
            for result in report.tests where result.status == .failed {
                explored += 1
                #expect(result.message.contains("the written test, replayed in a fresh state, fails the same way"),
                        "\(file): \(result.name): \(result.message)")
                let scenario = try #require(result.scenario, "\(file): \(result.name)")
                let replayed = scratch.runFile(try scratch.write("minimal.lua", scenario), limits: .default)
                let test = replayed.tests.first { $0.name == result.name + " (minimal)" }
                #expect(test?.status == .failed, "\(file): \(result.name): \(replayed.summary)")
            }
        }
        // Most explorations fail (a rule no motion keeps passes where nothing moves, under Reduce Motion).
        #expect(explored >= 15, "\(explored)")
    }
}
