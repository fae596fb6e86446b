import Foundation
import Testing
@testable import piecebox

/// One table of flags drives parsing, `--help`, the near-name hint and the docs' option table: none of them can
/// name a flag the others do not.
@Suite struct FlagTableTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The Markdown table that starts with `| option | meaning |` in a docs page, up to the first line that is no row.
    static func optionTable(in page: String) -> String? {
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: "| option | meaning |") else { return nil }
        return lines[start...].prefix { $0.hasPrefix("|") }.joined(separator: "\n")
    }

    @Test func theDocsOptionTableIsTheOneTheFlagTableMakes() throws {
        let page = try String(contentsOf: Self.root.appendingPathComponent("docs/guides/running-scenarios.md"), encoding: .utf8)
        let made = Flags.markdown(RunFlags.table, for: .run)
        // On a difference, the message is the table to paste into the page (`piecebox help --options-table` prints it).
        #expect(Self.optionTable(in: page) == made, "docs/guides/running-scenarios.md's option table should be:\n\(made)")
    }

    /// Every flag the docs' table, the help and the hint name is one the parser takes, and the other way round.
    @Test func theHelpTheHintAndTheDocsNameTheFlagsTheParserTakes() throws {
        let listed = Set(FlagHint.flags(in: RunCommand.help))
        let hinted = Set(Flags.hintNames(RunFlags.table, for: .run))
        #expect(listed == hinted, "listed but not hinted: \(listed.subtracting(hinted)); hinted but not listed: \(hinted.subtracting(listed))")
        for flag in hinted { #expect(Flags.find(flag, in: RunFlags.table, for: .run) != nil, "\(flag)") }
        let docs = Flags.markdown(RunFlags.table, for: .run)
        for flag in RunFlags.table where flag.help[.run] != nil {
            #expect(docs.contains("| `\(flag.label)` |"), "\(flag.label)")
        }
        // explore lists its own flags and takes run's (but --watch).
        let exploreListed = Set(FlagHint.flags(in: RunCommand.exploreHelp))
        #expect(exploreListed == ["--jobs", "--runs", "--steps", "--seed", "--shard", "--save", "--db", "--no-db", "--stats", "-h", "--help"], "\(exploreListed)")
        #expect(Flags.find("--jobs", in: RunFlags.table, for: .explore) != nil)
        #expect(Flags.find("--watch", in: RunFlags.table, for: .explore) == nil)
    }

    /// film's help lists its own flags and the sandbox's, and its hint offers exactly those.
    @Test func filmsHelpAndHintComeFromItsTable() {
        let listed = Set(FlagHint.flags(in: FilmMain.help))
        let hinted = Set(Flags.hintNames(FilmMain.flags, for: .film))
        #expect(listed == hinted, "listed but not hinted: \(listed.subtracting(hinted)); hinted but not listed: \(hinted.subtracting(listed))")
        #expect(hinted.contains("--max-seconds") && hinted.contains("--plot"))
    }

    /// Each name means one flag per command: a second entry with a name already taken would never be reached.
    @Test func noCommandHasTwoFlagsOfOneName() {
        for command in FlagCommand.allCases {
            let names = RunFlags.table.filter { $0.commands.contains(command) }.flatMap(\.names)
            #expect(names.count == Set(names).count, "\(command): \(names.sorted())")
            let film = FilmMain.flags.filter { $0.commands.contains(command) }.flatMap(\.names)
            #expect(film.count == Set(film).count, "\(command): \(film.sorted())")
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
