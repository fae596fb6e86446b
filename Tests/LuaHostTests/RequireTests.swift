import Foundation
import Testing
@testable import LuaHost

/// `require` finds modules only inside the allowed folders, as text, and says where it looked.
@Suite struct RequireTests {
    @Test func resolvesAModuleNextToTheScenarioAndCachesIt() throws {
        let folder = try ScenarioFolder()
        try folder.write("_helper.lua", """
            loadCount = (loadCount or 0) + 1
            local M = {}
            function M.twice(x) return 2 * x end
            return M
            """)
        try folder.write("helpers/frames.lua", "return { name = ... }")
        try folder.write("pkg/init.lua", "return { isPackage = true }")
        let report = try folder.run("main.lua", """
            test("require", function()
              local h = require("_helper")
              print(h.twice(21), require("_helper") == h, loadCount)
              print(require("helpers.frames").name, require("pkg").isPackage)
            end)
            """)
        let result = try #require(report.test("require"), "\(report.summary)")
        #expect(result.status == .passed, "\(result.message)")
        #expect(result.output == ["42\ttrue\t1", "helpers.frames\ttrue"])
    }

    @Test func aModuleErrorNamesTheModuleFile() throws {
        let folder = try ScenarioFolder()
        try folder.write("broken.lua", "local x = 1\nerror('module broke')\n")
        let report = try folder.run("main.lua", """
            test("broken", function() require("broken") end)
            """)
        let result = try #require(report.test("broken"))
        #expect(result.status == .failed)
        #expect(result.message.contains("broken.lua:2: module broke"), "\(result.message)")
    }

    @Test(arguments: ["../x", "/etc/passwd", "helpers/frames", "a..b", ".hidden", "", "a b"])
    func refusesNamesThatAreNotDottedWords(name: String) throws {
        let folder = try ScenarioFolder()
        try folder.write("helpers/frames.lua", "return {}")
        let report = try folder.run("main.lua", """
            test("bad name", function()
              local ok, err = pcall(function() local m = require("\(name)") return m end)
              print(ok, err)
            end)
            """)
        let result = try #require(report.test("bad name"), "\(report.summary)")
        #expect(result.status == .passed, "\(result.message)")
        let line = try #require(result.output.first)
        #expect(line.hasPrefix("false\t"), "\(line)")
        #expect(line.contains("main.lua:2: require:"), "\(line)")
        #expect(line.contains("is not a module name"), "\(line)")
    }

    @Test
    func aRefusalForANameWithANulByteKeepsItsWholeMessage() throws {
        let report = try runScenario("""
            test("nul", function()
              local ok, err = pcall(function() local m = require("x\\0y") return m end)
              print(ok, err)
            end)
            """)
        let line = try #require(report.test("nul")?.output.first, "\(report.summary)")
        #expect(line.hasPrefix("false\t"), "\(line)")
        #expect(line.contains("is not a module name"), "\(line)")
    }

    @Test func refusesANonStringName() throws {
        let report = try runScenario("""
            test("number", function()
              local ok, err = pcall(function() local m = require(42) return m end)
              print(ok, err)
            end)
            """, name: "reqnum.lua")
        let line = try #require(report.test("number")?.output.first, "\(report.summary)")
        #expect(line.hasSuffix("reqnum.lua:2: require: argument 1 must be a module name (a string), got number"), "\(line)")
    }

    @Test func refusesASymlinkThatPointsOutsideTheFolder() throws {
        let outside = try ScenarioFolder()
        let secret = try outside.write("secret.lua", "return { leaked = true }")
        let folder = try ScenarioFolder()
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("sneaky.lua").path,
                                                   withDestinationPath: secret)
        let report = try folder.run("main.lua", """
            test("link", function()
              local ok, err = pcall(function() local m = require("sneaky") return m end)
              print(ok, err)
            end)
            """)
        let line = try #require(report.test("link")?.output.first, "\(report.summary)")
        #expect(line.hasPrefix("false\t"), "\(line)")
        #expect(line.contains("require: 'sneaky' resolves outside its folder"), "\(line)")
        #expect(!line.contains("leaked"))
    }

    @Test func followsASymlinkThatStaysInsideTheFolder() throws {
        let folder = try ScenarioFolder()
        let real = try folder.write("lib/real.lua", "return { ok = 'inside' }")
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("alias.lua").path,
                                                   withDestinationPath: real)
        let report = try folder.run("main.lua", """
            test("link", function() print(require("alias").ok) end)
            """)
        #expect(report.test("link")?.output == ["inside"], "\(report.summary)")
    }

    @Test func reportsNotFoundNamingWhereItLooked() throws {
        let folder = try ScenarioFolder()
        let library = try ScenarioFolder()
        let report = try folder.run("main.lua", """
            test("missing", function()
              local ok, err = pcall(function() local m = require("nowhere.mod") return m end)
              print(ok, err)
            end)
            """) { $0.libraryFolders = [library.path] }
        let line = try #require(report.test("missing")?.output.first, "\(report.summary)")
        #expect(line.hasPrefix("false\t"), "\(line)")
        #expect(line.contains("main.lua:2: require: module 'nowhere.mod' not found; looked in:"), "\(line)")
        let scenarioFolder = folder.url.resolvingSymlinksInPath().path
        let libraryFolder = library.url.resolvingSymlinksInPath().path
        #expect(line.contains(scenarioFolder + "/nowhere/mod.lua"), "\(line)")
        #expect(line.contains(scenarioFolder + "/nowhere/mod/init.lua"), "\(line)")
        #expect(line.contains(libraryFolder + "/nowhere/mod.lua"), "\(line)")
    }

    @Test func libraryAndPluginFoldersFromRunOptionsAreSearched() throws {
        let folder = try ScenarioFolder()
        let library = try ScenarioFolder()
        let plugins = try ScenarioFolder()
        try library.write("shared/util.lua", "return { where = 'library' }")
        try plugins.write("plugin.lua", "return { description = 'a plugin whose modules scenarios may require' }")
        try plugins.write("plug.lua", "return { where = 'plugin' }")
        let report = try folder.run("main.lua", """
            test("folders", function() print(require("shared.util").where, require("plug").where) end)
            """) {
            $0.libraryFolders = [library.path]
            $0.pluginFolders = [plugins.path]
        }
        #expect(report.test("folders")?.output == ["library\tplugin"], "\(report.summary)")
    }

    @Test func theScenariosFolderComesBeforeLibraryFolders() throws {
        let folder = try ScenarioFolder()
        let library = try ScenarioFolder()
        try folder.write("dup.lua", "return 'local'")
        try library.write("dup.lua", "return 'library'")
        let report = try folder.run("main.lua", """
            test("order", function() print(require("dup")) end)
            """) { $0.libraryFolders = [library.path] }
        #expect(report.test("order")?.output == ["local"], "\(report.summary)")
    }

    @Test func modulesAreLoadedAsTextOnly() throws {
        let folder = try ScenarioFolder()
        try folder.write("bin.lua", "\u{1B}Lua\u{54}\u{00}garbage")
        let report = try folder.run("main.lua", """
            test("binary module", function()
              local ok, err = pcall(function() local m = require("bin") return m end)
              print(ok, err)
            end)
            """)
        let line = try #require(report.test("binary module")?.output.first, "\(report.summary)")
        #expect(line.hasPrefix("false\t"), "\(line)")
        #expect(line.contains("binary chunk"), "\(line)")
    }
}
