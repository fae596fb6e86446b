import Foundation
import Testing
@testable import LuaHost

/// Plugins: manifests that add methods, matchers and overrides to every scenario of a run, and the errors that
/// name the plugin at fault.
@Suite struct PluginTests {
    /// A folder with one plugin called `name`, and a scenario next to it run with `--plugins`.
    private func run(plugin manifest: String, named name: String = "glow", extra: [String: String] = [:],
                     scenario: String) throws -> FileReport {
        let folder = try ScenarioFolder()
        try folder.write("plugins/\(name)/plugin.lua", manifest)
        for (file, text) in extra { try folder.write("plugins/\(name)/\(file)", text) }
        let path = try folder.write("scenario.lua", scenario)
        return folder.runFile(path) { $0.pluginFolders = [folder.path + "/plugins"] }
    }

    private func failure(_ report: FileReport) -> String {
        report.tests.first { $0.status == .failed }?.message ?? "(nothing failed)"
    }

    @Test func aPluginAddsStageAndPieceMethodsMatchersAndOverrides() throws {
        let report = try run(plugin: """
            local helpers = require("helpers")
            return {
              description = "a tall card and a matcher",
              methods = {
                stage = { tallCard = function(s) return s:piece{ name = "card", state = {},
                  layout = function() return { surface = { x = 0, y = 0, w = 100, h = helpers.tall } } end } end },
                piece = { height = function(p) return p.layout.surface.h end },
              },
              matchers = { toBeTall = function(h) return h >= helpers.tall, "be tall", helpers.tall end },
              overrides = { reveal = motion.spring{ duration = 0.3, bounce = 0.3 } },
            }
            """, extra: ["helpers.lua": "return { tall = 400 }"], scenario: """
            test("uses the plugin", function()
              local s = Stage{}
              local card = s:tallCard()
              expect(card:height()).toBeTall()
              expect(function() expect(10).toBeTall() end).toThrow("be tall")
              expect(motion.roles.reveal.description).toContain("0.3")
            end)
            """)
        #expect(report.test("uses the plugin")?.status == .passed, "\(report.tests.map { $0.name + ": " + $0.message })")
    }

    @Test func aFolderHoldingAManifestIsOnePluginNamedAfterIt() throws {
        let folder = try ScenarioFolder()
        try folder.write("toast/plugin.lua", "return { methods = { stage = { hello = function() return 'hi' end } } }")
        let path = try folder.write("scenario.lua", "test('t', function() expect(Stage{}:hello()).toBe('hi') end)")
        let report = folder.runFile(path) { $0.pluginFolders = [folder.path + "/toast"] }
        #expect(report.test("t")?.status == .passed, "\(report.tests)")
    }

    @Test(arguments: [
        ("return 3", "plugin 'glow': ", "plugin.lua must return a table (the manifest), got number"),
        ("return { method = {} }", "plugin 'glow': unknown manifest key 'method'", "(known: description, matchers, methods, overrides, pieces)"),
        ("return { methods = { stage = { advance = function() end } } }", "plugin 'glow': stage already has a built-in 'advance'", ""),
        ("return { methods = { cart = { go = function() end } } }", "plugin 'glow': methods for 'cart': no such object", "(known: stage, piece, finger"),
        ("return { methods = { stage = { go = 3 } } }", "plugin 'glow': methods.stage.go must be a function", ""),
        ("return { matchers = { toX = 1 } }", "plugin 'glow': matchers.toX must be a function", ""),
        // Of two faults, the first by name, every run (Lua's own order changes from run to run).
        ("return { zeta = 1, alpha = 2, mu = 3 }", "plugin 'glow': unknown manifest key 'alpha'", ""),
        ("return { methods = { stage = { zz = 1, aa = 2, mm = 3 } } }", "plugin 'glow': methods.stage.aa must be a function", ""),
        ("return { matchers = { toZ = 1, toA = 2, toM = 3 } }", "plugin 'glow': matchers.toA must be a function", ""),
        ("return { overrides = { wobble = 1 } }", "plugin 'glow': overrides: motion.override", ""),
        ("local x = nil\nreturn x.y", "plugin 'glow': ", "plugin.lua:2: attempt to index a nil value"),
        ("return {", "plugin 'glow': ", "plugin.lua:1: unexpected symbol"),
    ])
    func aBrokenManifestFailsTheFileNamingThePlugin(manifest: String, start: String, detail: String) throws {
        let report = try run(plugin: manifest, scenario: "test('never runs', function() end)")
        let message = failure(report)
        #expect(report.tests.count == 1 && report.tests[0].name == "(file)", "\(report.tests)")
        #expect(message.contains(start), "\(message)")
        #expect(detail.isEmpty || message.contains(detail), "\(message)")
    }

    @Test func anErrorInsideAPluginMethodNamesThePluginsFileAndLine() throws {
        let report = try run(plugin: """
            return { methods = { stage = { boom = function(s)
              error("no boom today")
            end } } }
            """, scenario: "test('t', function() Stage{}:boom() end)")
        #expect(failure(report).contains("plugins/glow/plugin.lua:2: no boom today"), "\(failure(report))")
    }

    @Test func aClashWithAClassNoScriptHasMadeYetIsRefusedToo() throws {
        // No piece exists when the plugin loads, but the registry knows the piece class's `layout` reading.
        let report = try run(plugin: """
            return { methods = { piece = { layout = function() return "plugin" end } } }
            """, scenario: "test('never runs', function() end)")
        #expect(failure(report).contains("plugin 'glow': piece already has a built-in 'layout'"), "\(failure(report))")
    }

    @Test func aMissingOrEmptyPluginFolderIsAClearError() throws {
        let folder = try ScenarioFolder()
        let path = try folder.write("scenario.lua", "test('t', function() end)")
        let missing = folder.runFile(path) { $0.pluginFolders = [folder.path + "/nope"] }
        #expect(failure(missing).contains("--plugins \(folder.path)/nope: no such folder"), "\(failure(missing))")
        try folder.write("empty/readme.txt", "nothing")
        let empty = folder.runFile(path) { $0.pluginFolders = [folder.path + "/empty"] }
        #expect(failure(empty).contains("no plugin.lua in it or in the folders directly inside it"), "\(failure(empty))")
    }

    /// The tests run in the repository's folder; the temporary folders are outside it. A header's plugins resolve
    /// from the scenario's folder and stay inside the scenario's project, wherever the run started.
    @Test func aHeaderLoadsPluginsFromTheScenariosProjectWhateverTheWorkingFolder() throws {
        let folder = try ScenarioFolder()
        try folder.write("piecebox.lua", "return {}")
        try folder.write("plugins/toast/plugin.lua", "return { methods = { stage = { hello = function() return 'hi' end } } }")
        let report = try folder.run("scenarios/uses.lua", """
            --! plugins: ../plugins/toast
            test('t', function() expect(Stage{}:hello()).toBe('hi') end)
            """)
        #expect(report.test("t")?.status == .passed, "\(report.tests.map { $0.name + ": " + $0.message })")
    }

    @Test func aHeaderMayNotLoadPluginsFromOutsideTheScenariosProject() throws {
        // No project file: the project is the scenario's own folder, so a plugin beside that folder is outside it.
        let folder = try ScenarioFolder()
        try folder.write("toast/plugin.lua", "return {}")
        let report = try folder.run("scenarios/scenario.lua", "--! plugins: ../toast\ntest('t', function() end)")
        #expect(failure(report).contains("--! plugins: ../toast is outside the scenario's project (\(folder.path)/scenarios)"),
                "\(failure(report))")
        let absolute = try folder.run("abs.lua", "--! plugins: /etc\ntest('t', function() end)")
        #expect(failure(absolute).contains("--! plugins: /etc: give a path relative to the scenario"), "\(failure(absolute))")
    }

    @Test func aLibHeaderAddsAModuleFolderByThePluginsRule() throws {
        let folder = try ScenarioFolder()
        try folder.write("piecebox.lua", "return {}")
        try folder.write("helpers/shared.lua", "return { answer = 42 }")
        let report = try folder.run("scenarios/uses.lua", """
            --! lib: ../helpers
            test('t', function() expect(require("shared").answer).toBe(42) end)
            """)
        #expect(report.test("t")?.status == .passed, "\(report.tests.map { $0.name + ": " + $0.message })")
        let outside = try ScenarioFolder()
        try outside.write("helpers/shared.lua", "return {}")
        let refused = try outside.run("scenarios/scenario.lua", "--! lib: ../helpers\ntest('t', function() end)")
        #expect(failure(refused).contains("--! lib: ../helpers is outside the scenario's project (\(outside.path)/scenarios)"),
                "\(failure(refused))")
    }

    @Test func oneFolderFromAHeaderAndFromPluginsIsOnePlugin() throws {
        let folder = try ScenarioFolder()
        try folder.write("piecebox.lua", "return {}")
        try folder.write("plugins/toast/plugin.lua", "return { methods = { stage = { hello = function() return 'hi' end } } }")
        let path = try folder.write("scenarios/uses.lua", """
            --! plugins: ../plugins/toast
            test('t', function() expect(Stage{}:hello()).toBe('hi') end)
            """)
        // The folder itself, the folder of plugins holding it, and a spelling with "." and "..": one real folder.
        for given in ["plugins/toast", "plugins", "scenarios/../plugins/./toast"] {
            let report = folder.runFile(path) { $0.pluginFolders = [folder.path + "/" + given] }
            #expect(report.test("t")?.status == .passed, "\(given): \(report.tests.map { $0.name + ": " + $0.message })")
        }
        // Two folders that share a name are still two plugins.
        try folder.write("other/toast/plugin.lua", "return {}")
        let clash = folder.runFile(path) { $0.pluginFolders = [folder.path + "/other/toast"] }
        #expect(failure(clash).contains("plugin 'toast': two plugins share the name (\(folder.path)/other/toast/plugin.lua and "),
                "\(failure(clash))")
    }

    @Test func aManifestLinkedOutOfItsPluginFolderIsNeitherLoadedNorRun() throws {
        let outside = try ScenarioFolder()
        let evil = try outside.write("evil.lua", "print('the outside manifest ran') return {}")
        let folder = try ScenarioFolder()
        try folder.write("plugins/glow/readme.txt", "a plugin whose manifest is a link")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/plugins/glow/plugin.lua", withDestinationPath: evil)
        let path = try folder.write("scenario.lua", "test('t', function() end)")

        let report = folder.runFile(path) { $0.pluginFolders = [folder.path + "/plugins"] }

        #expect(report.test("t") == nil, "\(report.summary)")
        #expect(failure(report).contains("plugin 'glow': \(folder.path)/plugins/glow/plugin.lua is a link out of its plugin folder"),
                "\(failure(report))")
        #expect(!report.output.contains("the outside manifest ran"))
    }

    @Test func aPluginFolderLinkedOutOfTheGivenFolderIsRefused() throws {
        let outside = try ScenarioFolder()
        try outside.write("glow/plugin.lua", "print('the outside plugin ran') return {}")
        let folder = try ScenarioFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/plugins", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/plugins/glow", withDestinationPath: outside.path + "/glow")
        let path = try folder.write("scenario.lua", "test('t', function() end)")

        let report = folder.runFile(path) { $0.pluginFolders = [folder.path + "/plugins"] }

        #expect(report.test("t") == nil, "\(report.summary)")
        #expect(failure(report).contains("plugin 'glow': \(folder.path)/plugins/glow is a link out of \(folder.path)/plugins"),
                "\(failure(report))")
    }

    @Test func aManifestLinkedWithinItsPluginFolderIsLoaded() throws {
        let folder = try ScenarioFolder()
        try folder.write("plugins/glow/real.lua", "return { matchers = { toBeLinked = function(a) return a == 1, 'be linked', 1 end } }")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/plugins/glow/plugin.lua", withDestinationPath: "real.lua")
        let path = try folder.write("scenario.lua", "test('t', function() expect(1).toBeLinked() end)")
        let linked = folder.runFile(path) { $0.pluginFolders = [folder.path + "/plugins"] }
        #expect(linked.test("t")?.status == .passed, "\(linked.summary)")
    }
}
