import Foundation
import Testing
@testable import piecebox

/// A misspelt flag of `piecebox run` names the flag it was probably meant to be, by the rule a misspelt option
/// or member follows (`NearName`: one slip in a name of up to five letters, two in a longer one).
@Suite struct FlagHintTests {
    static func refusal(_ args: [String]) -> String {
        do { _ = try RunCommand.parse(args + ["x.lua"]); return "(accepted)" } catch { return error.message }
    }

    @Test(arguments: [
        // "jbos" is "jobs" with two neighbours swapped: one edit in four letters.
        (["--jbos", "2"], "unknown option --jbos; did you mean --jobs? (see piecebox run --help)"),
        // "reporters" is "reporter" and one more letter.
        (["--reporters", "tap"], "unknown option --reporters; did you mean --reporter? (see piecebox run --help)"),
        // "max-secnods": "max-seconds" with "n" and "o" swapped.
        (["--max-secnods", "3"], "unknown option --max-secnods; did you mean --max-seconds? (see piecebox run --help)"),
        // One dash, or the value after =: the name itself is known.
        (["-jobs", "2"], "unknown option -jobs; did you mean --jobs? (see piecebox run --help)"),
        (["--jobs=2"], "unknown option --jobs=2; did you mean --jobs? (its value after a space, not =) (see piecebox run --help)"),
        // Nothing near: no guess.
        (["--zzz"], "unknown option --zzz (see piecebox run --help)"),
    ])
    func aMisspeltFlagNamesTheNearestFlag(args: [String], message: String) {
        #expect(Self.refusal(args) == message)
    }

    /// The hint's candidates are the flags the help lists; each of them is one `parse` knows.
    @Test func everyFlagTheHelpListsIsOneParseKnows() {
        let flags = FlagTableTests.listedFlags(in: RunCommand.help)
        #expect(flags.contains("--jobs") && flags.contains("--reporter") && flags.contains("--max-memory")
                && flags.contains("-h") && flags.contains("--help"), "\(flags)")
        for flag in flags {
            #expect(!Self.refusal([flag, "1"]).hasPrefix("unknown option"), "\(flag)")
        }
    }

    @Test func theCommandLinePrintsTheHint() throws {
        let folder = try TestFolder()
        let run = try piecebox(["run", "--jbos", "2", "."], in: folder.path)
        #expect(run.status == 2)
        #expect(run.stderr.contains("unknown option --jbos; did you mean --jobs?"), "\(run.stderr)")
    }

    /// Every command hints from its own flag table.
    @Test(arguments: [
        (["film", "--outt", "x.svg", "a.jsonl"], "unknown option --outt; did you mean --out?"),
        (["diff", "--tolerence", "1", "a.jsonl", "b.jsonl"], "unknown option --tolerence; did you mean --tolerance?"),
        (["explore", "--savee", "found", "."], "unknown option --savee; did you mean --save?"),
        // stubs and init hint from their tables too (stubs used to say only "unknown argument").
        (["stubs", "--plugin", "plugins"], "unknown option --plugin; did you mean --plugins?"),
        (["stubs", "--referense"], "unknown option --referense; did you mean --reference?"),
        (["init", "--hlep"], "unknown option --hlep; did you mean --help?"),
    ])
    func everyCommandHintsItsOwnFlags(arguments: [String], words: String) throws {
        let folder = try TestFolder()
        let run = try piecebox(arguments, in: folder.path)
        #expect(run.status == 2)
        #expect(run.stderr.contains(words), "\(run.stderr)")
    }
}
