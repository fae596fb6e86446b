import Foundation
import Testing
@testable import piecebox

/// One table of flags drives parsing, `--help`, the near-name hint and the docs' option table: none of them can
/// name a flag the others do not.
@Suite struct FlagTableTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every flag a help text lists: the words starting with "-" at the start of its option lines ("-h, --help"),
    /// and those a usage line names in brackets (`[--out DIR]`). Read back from the printed help, so the checks below
    /// see what a user sees.
    static func listedFlags(in help: String) -> [String] {
        var flags: [String] = []
        for line in help.split(separator: "\n") {
            if line.drop(while: { $0 == " " }).hasPrefix("Usage:") {
                for word in line.split(whereSeparator: { $0 == " " || $0 == "[" || $0 == "]" }) where word.hasPrefix("--") {
                    flags.append(String(word.prefix { $0 != "]" }))
                }
                continue
            }
            var rest = line.drop { $0 == " " }
            while rest.first == "-" {
                let word = rest.prefix { $0 != " " && $0 != "," }
                flags.append(String(word))
                rest = rest.dropFirst(word.count).drop { $0 == "," || $0 == " " }
            }
        }
        return flags
    }

    /// Each command's help, as `--help` prints it.
    static let helps: [FlagCommand: String] = [.run: RunCommand.help, .explore: RunCommand.exploreHelp, .film: FilmMain.help,
                                               .diff: DiffMain.help, .stubs: StubsMain.help, .initProject: InitMain.help]

    /// Every section of README.md and the docs between `<!-- generated: piecebox help --options-table C -->` and
    /// `<!-- end generated -->`, as (command, page, what it holds).
    static func generatedTables() throws -> [(command: String, page: String, text: String)] {
        let docs = Self.root.appendingPathComponent("docs")
        let pages = [Self.root.appendingPathComponent("README.md")]
            + (try FileManager.default.subpathsOfDirectory(atPath: docs.path)).filter { $0.hasSuffix(".md") }.sorted()
                .map { docs.appendingPathComponent($0) }
        var found: [(String, String, String)] = []
        let start = "<!-- generated: piecebox help --options-table "
        for page in pages {
            let lines = try String(contentsOf: page, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (i, line) in lines.enumerated() where line.hasPrefix(start) && line.hasSuffix(" -->") {
                let command = String(line.dropFirst(start.count).dropLast(4))
                let body = lines[(i + 1)...].prefix { $0 != "<!-- end generated -->" }
                found.append((command, page.lastPathComponent, body.joined(separator: "\n")))
            }
        }
        return found
    }

    /// The docs' option tables are the ones the flag tables make, and every command that takes a flag has one:
    /// a flag added, renamed or reworded in its table fails here until the docs say the same.
    @Test func everyDocsOptionTableIsTheOneItsFlagTableMakes() throws {
        let tables = try Self.generatedTables()
        for (command, page, text) in tables {
            guard let flagCommand = FlagCommand(rawValue: command) else {
                Issue.record("\(page) has a table of \"\(command)\", which is no command")
                continue
            }
            let made = CommandTables.markdown(for: flagCommand)
            // On a difference, the message is the table to paste (`piecebox help --options-table COMMAND` prints it).
            #expect(text == made, "\(page)'s table of \(command) should be:\n\(made)")
        }
        #expect(Set(tables.map(\.command)) == Set(FlagCommand.allCases.map(\.rawValue)), "\(tables.map(\.command))")
    }

    /// Each command's help lists exactly the flags its hint offers, and each of those is one its table parses.
    @Test(arguments: FlagCommand.allCases)
    func eachCommandsHelpAndHintComeFromItsTable(command: FlagCommand) throws {
        let help = try #require(Self.helps[command])
        let listed = Set(Self.listedFlags(in: help))
        let table = CommandTables.names(for: command)
        #expect(help.contains(CommandTables.helpLines(for: command)), "\(command)'s help does not hold its table's lines")
        if command != .explore {
            #expect(listed == Set(CommandTables.hintNames(for: command)),
                    "\(command): listed \(listed.sorted()), hinted \(CommandTables.hintNames(for: command).sorted())")
        }
        for flag in listed { #expect(table.contains(flag), "\(command)'s help lists \(flag), which it does not take") }
    }

    /// No command reads a flag by hand: every `case "--…"` beside a table would be a flag the help, the hint and the
    /// docs do not know. Only main.swift's choice of command (`--version`, `--help` with no command) is left.
    @Test func noCommandParsesAFlagByHand() throws {
        let folder = Self.root.appendingPathComponent("Sources/piecebox")
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        for file in files where file != "main.swift" {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains("case \"-") || line.contains("== \"--") || line.contains("contains(\"--") {
                Issue.record("Sources/piecebox/\(file):\(n + 1) reads a flag by hand: \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
    }

    /// Every flag the docs' table, the help and the hint name is one the parser takes, and the other way round.
    @Test func theHelpTheHintAndTheDocsNameTheFlagsTheParserTakes() throws {
        let listed = Set(Self.listedFlags(in: RunCommand.help))
        let hinted = Set(Flags.hintNames(RunFlags.table, for: .run))
        #expect(listed == hinted, "listed but not hinted: \(listed.subtracting(hinted)); hinted but not listed: \(hinted.subtracting(listed))")
        for flag in hinted { #expect(Flags.find(flag, in: RunFlags.table, for: .run) != nil, "\(flag)") }
        let docs = Flags.markdown(RunFlags.table, for: .run)
        for flag in RunFlags.table where flag.help[.run] != nil {
            #expect(docs.contains("| `\(flag.label)` |"), "\(flag.label)")
        }
        // explore lists its own flags and takes run's (but --watch).
        let exploreListed = Set(Self.listedFlags(in: RunCommand.exploreHelp))
        #expect(exploreListed == ["--jobs", "--runs", "--steps", "--seed", "--shard", "--save", "--db", "--no-db", "--stats", "-h", "--help"], "\(exploreListed)")
        #expect(Flags.find("--jobs", in: RunFlags.table, for: .explore) != nil)
        #expect(Flags.find("--watch", in: RunFlags.table, for: .explore) == nil)
    }

    /// film's help lists its own flags and the sandbox's; stubs takes the sandbox's that load plugins.
    @Test func filmAndStubsTakeTheSandboxsFlags() {
        let film = Set(Flags.hintNames(FilmMain.flags, for: .film))
        #expect(film.contains("--max-seconds") && film.contains("--plot") && film.contains("--tokens"))
        let stubs = Set(Flags.hintNames(StubsMain.flags, for: .stubs))
        #expect(stubs.contains("--max-seconds") && stubs.contains("--plugins") && !stubs.contains("--tokens"))
    }

    /// Each name means one flag per command: a second entry with a name already taken would never be reached.
    @Test func noCommandHasTwoFlagsOfOneName() {
        for command in FlagCommand.allCases {
            let names = RunFlags.table.filter { $0.commands.contains(command) }.flatMap(\.names)
            #expect(names.count == Set(names).count, "\(command): \(names.sorted())")
            let taken = CommandTables.names(for: command)
            #expect(taken.count == Set(taken).count, "\(command): \(taken.sorted())")
        }
    }

    /// A flag whose value is missing says so by the name typed, whichever flag it is.
    @Test func aFlagAtTheEndWithoutItsValueSaysSo() {
        for flag in RunFlags.table where flag.value != nil && flag.commands.contains(.run) {
            for name in flag.names {
                do { _ = try RunCommand.parse(["x.lua", name]); Issue.record("\(name) accepted no value") } catch {
                    #expect(error.message == "\(name) needs a value")
                }
            }
        }
    }
}
