import Foundation
import LuaHost

/// piecebox: runs Lua scenarios against headless SwiftUI piece models.
let topHelp = """
Usage: piecebox <command> [options]

PieceBox is a headless stage for SwiftUI pieces: Lua scenarios drive mock players and gestures, advance a
virtual clock frame by frame, and assert on every frame's layout.

Commands:
  run PATH...    run scenario files or folders and report every test (piecebox run --help)
  explore PATH...  run their explorations deeply and shrink what fails (piecebox explore --help)
  diff A B       compare two frame logs, key by key (piecebox diff --help)
  film LOG       a filmstrip (SVG) or a timeline page (HTML) of a log or scenario (piecebox film --help)
  init DIR       start a project: a scenario, a project file, editor and CI settings (piecebox init --help)
  stubs          Lua type stubs for lua-language-server, from the binding registry (piecebox stubs --help)
  help           show this help
  --version      show piecebox's version
"""

func fail(_ message: String) -> Never {
    writeErr("piecebox: \(message)")
    exit(2)
}

var args = Array(CommandLine.arguments.dropFirst())
guard let command = args.first else {
    StandardStreams.out(topHelp + "\n")
    exit(2)
}
args.removeFirst()

switch command {
// A command's option table for the docs (`run`'s when none is named), made from its one flag table: the docs hold
// each between `<!-- generated: piecebox help --options-table COMMAND -->` and `<!-- end generated -->`.
case "help" where args.first == "--options-table" && args.count <= 2:
    guard let table = FlagCommand(rawValue: args.count == 2 ? args[1] : "run") else {
        fail("help --options-table takes one of \(FlagCommand.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    StandardStreams.out(CommandTables.markdown(for: table) + "\n")
    exit(0)
// The docs' list of pieces, made from the binding registry and each piece's page under ./docs (run it at the
// repository's root); PREFIX starts its links (`docs/` in README.md).
case "help" where args.first == "--pieces-table" && args.count <= 2:
    let docs = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("docs")
    StandardStreams.out(PieceList.markdown(docs: docs, prefix: args.count == 2 ? args[1] : "") + "\n")
    exit(0)
case "-h", "--help", "help":
    StandardStreams.out(topHelp + "\n")
    exit(0)
case "--version", "version":
    StandardStreams.out(PieceboxVersion.text + "\n")
    exit(0)
case "diff":
    exit(DiffMain.run(args))
// Pictures and a project start (FilmMain.swift, InitMain.swift).
case "film":
    exit(FilmMain.run(args))
case "init":
    exit(InitMain.run(args))
case "stubs":
    exit(StubsMain.run(args))
case "worker" where args.first == "--plugin-stubs":
    exit(PluginStubsWorker.serve(Array(args.dropFirst())))
case "worker" where args == ["--serve"]:
    exit(Worker.serve())
case "explore":
    let cmd: RunCommand
    do { cmd = try RunCommand.parseExplore(args) } catch let e {
        if e.message.isEmpty { StandardStreams.out(RunCommand.exploreHelp + "\n"); exit(0) }
        fail(e.message + "\n" + "Try: piecebox explore --help")
    }
    exit(RunMain.run(cmd))
case "run", "worker":
    let cmd: RunCommand
    do { cmd = try RunCommand.parse(args) } catch let e {
        if e.message.isEmpty { StandardStreams.out(RunCommand.help + "\n"); exit(0) }
        if e.message == UsageError.versionRequested.message { StandardStreams.out(PieceboxVersion.text + "\n"); exit(0) }
        fail(e.message + "\n" + "Try: piecebox run --help")
    }
    if command == "worker" {
        var options = cmd.options
        options.logPath = cmd.logPath
        guard cmd.paths.count == 1, let file = cmd.paths.first else { fail("worker takes one file") }
        exit(Worker.run(file: file, options: options))
    }
    exit(RunMain.run(cmd))
default:
    fail("unknown command \"\(command)\"\n\(topHelp)")
}
