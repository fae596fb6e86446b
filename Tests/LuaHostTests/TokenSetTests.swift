import Foundation
import Testing
@testable import LuaHost

/// `--tokens FILE` and tokens of a plugin's or a file's own: a token set changes the motion of every file it is
/// applied to and is named in the log; added tiers and roles read like the built-in ones.
@Suite struct TokenSetTests {
    /// examples/tokens/soft.lua in this repository.
    static let softTokens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples/tokens/soft.lua").path

    /// A card moved 100 points on the reveal role; the test checks how far past 100 it goes.
    static func revealScenario(overshoot: String) -> String {
        """
        test("reveal", function()
          local s = Stage{ fps = 120 }
          local card = s:piece{ name = "card", state = { y = 0 },
            layout = function(state) return { surface = { x = 0, y = state.y, w = 10, h = 10 } } end }
          s:frames(1)
          card:set({ y = 100 }, motion.roles.reveal)
          s:settle()
          local ys = s:frames():map(function(f) return f.card.surface.y / 100 end)
          expect(ys).toOvershootBy(\(overshoot), 0.0003)
        end)
        """
    }

    private func passes(_ report: FileReport, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!report.tests.isEmpty, "\(report.summary)", sourceLocation: sourceLocation)
        for test in report.tests {
            #expect(test.status == .passed, "\(test.name): \(test.message)", sourceLocation: sourceLocation)
        }
    }

    @Test func theSoftTokenSetCalmsTheRevealAndIsNamedInTheLog() throws {
        let folder = try ScenarioFolder()
        // Reveal rides the calm tier. A spring from rest overshoots by exp(-pi z / sqrt(1 - z^2)) with z = 1 - bounce:
        // standard calm, bounce 0.2: exp(-pi 0.8 / 0.6) = exp(-4.1888) = 0.01516;
        // soft calm, bounce 0.2 / 2 = 0.1: exp(-pi 0.9 / sqrt(0.19)) = exp(-6.4866) = 0.00152.
        passes(try folder.run("standard.lua", Self.revealScenario(overshoot: "0.01516")))
        let log = folder.path + "/soft.jsonl"
        let soft = try folder.run("soft.lua", Self.revealScenario(overshoot: "0.00152")) {
            $0.tokenSet = Self.softTokens
            $0.logPath = log
        }
        passes(soft)
        let header = try #require(String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").first)
        #expect(header.contains("\"tokenSet\":\"\(Self.softTokens)\""))
        // calm: 0.5 s x 1.5 = 0.75 s, bounce 0.2 / 2 = 0.1.
        #expect(header.contains("\"calm\":{\"duration\":0.75,\"bounce\":0.1}"))
    }

    @Test func theFilesOwnOverridesLieOverTheTokenSetAndResetGoesBackToIt() throws {
        let report = try runScenario("""
            motion.override{ tiers = { calm = { duration = 0.9, bounce = 0 } } }
            test("file over set", function()
              expect(motion.tiers.calm.duration).toBe(0.9)
              expect(motion.tiers.elastic.duration).toBeCloseTo(0.42 * 1.5, 1e-12)   -- from the set: 0.63
              motion.resetOverrides()
              expect(motion.tiers.calm.duration).toBe(0.9)      -- inside a test: back to the file's
            end)
            test("reset at the top goes to the set", function()
              expect(motion.tiers.calm.duration).toBe(0.9)
            end)
            """) { $0.tokenSet = Self.softTokens }
        passes(report)
        let reset = try runScenario("""
            motion.override{ tiers = { calm = { duration = 0.9, bounce = 0 } } }
            motion.resetOverrides()
            test("the set stays", function() expect(motion.tiers.calm.duration).toBeCloseTo(0.75, 1e-12) end)
            """) { $0.tokenSet = Self.softTokens }
        passes(reset)
    }

    @Test func aFileAddsTiersAndRolesOfItsOwnAndTheLogListsThem() throws {
        let folder = try ScenarioFolder()
        let log = folder.path + "/added.jsonl"
        let report = try folder.run("added.lua", """
            motion.override{ roles = { wobble = motion.spring{ duration = 0.6, bounce = 0.4 }, reveal = motion.easeOut(0.3) },
                             tiers = { jelly = { duration = 0.7, bounce = 0.3 } } }
            test("added", function()
              local s = Stage{}
              expect(motion.roles.wobble.description).toBe("spring(duration: 0.6, bounce: 0.4)")
              expect(motion.roles.reveal.description).toBe("easeOut(duration: 0.3)")
              expect(motion.tiers.jelly.bounce).toBeCloseTo(0.3, 1e-12)
              -- No Reduce Motion form was given: the foundation's still spring (0.25 s, no bounce).
              expect(motion.reduced.roles.wobble.description).toBe("spring(duration: 0.25, bounce: 0.0)")
              expect(function() return motion.roles.wobbel end).toThrow("motion.roles has no role 'wobbel' (roles: press, release, settle, snap, value, rebound, morph, reveal, dismiss, success, error, ambient, wobble)")
              expect(function() motion.override{ roles = { ["2fast"] = motion.linear(1) } } end)
                .toThrow("motion.override: roles names must be names such as wobble (letters, digits and _), got '2fast'")
              expect(function() motion.override{ tiers = { bouncy = 3 } } end).toThrow("motion.override: tier 'bouncy' must be a spring")
            end)
            test("gone after a reset", function()
              motion.resetOverrides()
              expect(motion.tiers.jelly.duration).toBe(0.7)             -- the file's top level added it
            end)
            """) { $0.logPath = log }
        passes(report)
        let header = try #require(String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").first)
        #expect(header.contains("\"calm\":{\"duration\":0.5,\"bounce\":0.2},\"jelly\":{\"duration\":0.7,\"bounce\":0.3}}"))
        #expect(header.contains("\"ambient\":\"spring(duration: 0.5, bounce: 0.2)\",\"wobble\":\"spring(duration: 0.6, bounce: 0.4)\"}"))
    }

    @Test func aPluginAddsARoleEveryFileCanUse() throws {
        let folder = try ScenarioFolder()
        try folder.write("plugins/jelly/plugin.lua", """
            return { overrides = { roles = { wobble = { duration = 0.55, bounce = 0.45 } } } }
            """)
        let path = try folder.write("uses.lua", """
            test("wobble", function() expect(motion.roles.wobble.description).toBe("spring(duration: 0.55, bounce: 0.45)") end)
            """)
        passes(folder.runFile(path) { $0.pluginFolders = [folder.path + "/plugins"] })
    }

    @Test func aBadTokenSetFailsTheFileNamingTheSetAndWhy() throws {
        let folder = try ScenarioFolder()
        let bad = try folder.write("tokens/bad.lua", "return { tiers = { calm = 'soft' } }")
        let notTable = try folder.write("tokens/three.lua", "return 3")
        let scenario = "test('x', function() end)"
        let a = try folder.run("a.lua", scenario) { $0.tokenSet = bad }
        #expect(a.fileFailure?.contains("--tokens \(bad): motion.override: tier 'calm' must be a spring (motion.spring{...} or a table such as { duration = 0.5, bounce = 0.2 }), got string") == true, "\(a.fileFailure ?? "passed")")
        let b = try folder.run("b.lua", scenario) { $0.tokenSet = notTable }
        #expect(b.fileFailure?.contains("a token set must return a table of motion overrides") == true, "\(b.fileFailure ?? "passed")")
        let c = try folder.run("c.lua", scenario) { $0.tokenSet = folder.path + "/missing.lua" }
        #expect(c.fileFailure?.contains("missing.lua: cannot read the file") == true, "\(c.fileFailure ?? "passed")")
        // The set's code sees only motion and a few libraries: no stage, no test framework.
        let reach = try folder.write("tokens/reach.lua", "return { tiers = { calm = Stage{} } }")
        let d = try folder.run("d.lua", scenario) { $0.tokenSet = reach }
        #expect(d.fileFailure?.contains("attempt to call a nil value (global 'Stage')") == true, "\(d.fileFailure ?? "passed")")
    }

    @Test func aTokenSetIsNotRunAsAScenario() throws {
        let folder = try ScenarioFolder()
        let report = folder.runFile(Self.softTokens)
        #expect(report.fileFailure?.contains("is a token set (--! token-set), not a scenario") == true)
    }
}

extension FileReport {
    /// The message of a failure of the whole file (one that stopped it before its tests ran).
    fileprivate var fileFailure: String? { test("(file)")?.message }
}
