import Foundation
import Testing
import LuaHost
import PieceKit

/// The planner itself: how paths are placed and compared, and which boundary each output gets.
@Suite struct OutputPlanTests {
    @Test func aPathThroughFoldersNotYetMadeIsPlacedByName() throws {
        let folder = try TestFolder()
        var plan = OutputPlan(runFolder: folder.path)
        plan.file("r.xml", "the first")
        plan.file("new/deeper/../../r.xml", "the second")
        #expect(throws: OutputPlan.Problem.self) { try plan.check() }
        let placed = try PathLocation.of("new/x/../r.xml", followingLast: false, runFolder: folder.path).get()
        #expect(placed.real == folder.path + "/new/r.xml")
        #expect(placed.folder == folder.path, "the deepest folder that exists")
        #expect(placed.rest == ["new", "r.xml"])
    }

    @Test func anOutputReplacesALinkAtItsNameSoTheLinksTargetIsNotWritten() throws {
        let folder = try TestFolder()
        try folder.write("s.lua", "test(\"t\", function() end)\n")
        try folder.link("r.xml", to: "s.lua")
        var plan = OutputPlan(runFolder: folder.path)
        plan.input("s.lua", "the scenario s.lua")
        plan.file("r.xml", "the report")
        try plan.check()
        // The link itself, read as an input, is protected.
        var reading = OutputPlan(runFolder: folder.path)
        reading.input("r.xml", "the scenario r.xml")
        reading.file("./r.xml", "the report")
        #expect(throws: OutputPlan.Problem.self) { try reading.check() }
    }

    @Test func twoFoldersMayBeOneButAFileAndAFolderMayNot() throws {
        let folder = try TestFolder()
        var plan = OutputPlan(runFolder: folder.path)
        plan.folder("out", "the logs")
        plan.folder("./out/", "the goldens")
        try plan.check()
        plan.file("out", "a report")
        #expect(throws: OutputPlan.Problem.self) { try plan.check() }
    }

    @Test func theBoundaryIsTheProjectTheRunFolderOrTheFolderNamed() throws {
        let folder = try TestFolder()
        try folder.write("proj/piecebox.lua", "return {}\n")
        try FileManager.default.createDirectory(atPath: folder.path + "/proj/sub", withIntermediateDirectories: true)
        let project = folder.path + "/proj"
        // Named inside a project: the project, from the run folder below it too.
        #expect(try OutputPlan.projectBoundary(of: "goldens", isFolder: true, runFolder: project).get().location.real == project)
        #expect(try OutputPlan.projectBoundary(of: "../r.xml", isFolder: false, runFolder: project + "/sub").get().location.real == project)
        // No project file above: the run folder, for what is named inside it.
        let plain = try TestFolder()
        #expect(try OutputPlan.projectBoundary(of: "logs", isFolder: true, runFolder: plain.path).get().location.real == plain.path)
        // Named outside both: that folder itself.
        let named = try OutputPlan.projectBoundary(of: plain.path + "/logs", isFolder: true, runFolder: project).get()
        #expect(named.location.real == plain.path + "/logs")
        #expect(named.what.hasPrefix("the folder it names"))
        // A link on the way that holds a project file is not taken for a project: the real one above it is.
        try folder.link("proj/fake", to: folder.path + "/elsewhere")
        try folder.write("elsewhere/piecebox.lua", "return {}\n")
        #expect(try OutputPlan.projectBoundary(of: "fake/logs", isFolder: true, runFolder: project).get().location.real == project)
    }
}
