import Foundation
import Testing
@testable import LuaHost
@testable import LuaEditor

/// The API reference (docs/api.md) is made from the bindings' declarations: the committed copy is what the
/// declarations give today, and it names every type, method, reading, option and library function.
@Suite struct APIReferenceTests {
    @Test func theCommittedReferenceIsWhatTheDeclarationsGiveToday() throws {
        let committed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(APIReference.path)
        let text = String(decoding: try Data(contentsOf: committed), as: UTF8.self)
        #expect(text == APIReference.text(),
                "\(APIReference.path) is out of date with the bindings; regenerate it with: \(APIReference.regenerateCommand)")
    }

    @Test func theReferenceNamesEveryMemberOptionAndLibraryFunction() {
        let text = APIReference.text()
        for entry in BindingRegistry.entries {
            #expect(text.contains("\n## \(entry.name)\n"), "\(entry.name)")
            for method in entry.methods { #expect(text.contains("`\(entry.name):\(method)("), "\(entry.name):\(method)") }
            for reading in entry.readings { #expect(text.contains("- `\(reading)`: "), "\(entry.name).\(reading)") }
            for option in entry.optionKeys { #expect(text.contains("- `\(option)`: "), "\(entry.name) option \(option)") }
        }
        for library in ScriptGlobals.libraries {
            for function in library.functions { #expect(text.contains("`\(library.name).\(function)("), "\(function)") }
        }
        // One line worked out by hand from VinylBinding's declaration of ramp and Vinyl.defaultRamp (0.9).
        #expect(text.contains("\n- `ramp`: `number`. How long the disc takes to change speed (s; default 0.9)\n"))
    }

    @Test func theReferenceNamesEveryGlobalAScenarioFinds() {
        let text = APIReference.text()
        for name in ScriptGlobals.names {
            let forms = ["`\(name)(", "`\(name){", "## \(name)\n", "`\(name).", "`\(name)`"]
            #expect(forms.contains { text.contains($0) }, "the global \(name) is not in \(APIReference.path)")
        }
        for name in ScriptGlobals.declarers + ScriptGlobals.functions {
            #expect(APIReference.frameworkWords[name] != nil, "\(name) has no words in APIReference.frameworkWords")
        }
        for matcher in ScriptGlobals.matchers { #expect(text.contains("- `\(matcher.name)("), "\(matcher.name)") }
    }

    @Test func theReferenceGivesExploreItsKeysRulesAndDraws() {
        let text = APIReference.text()
        // The keys explore.lua checks (SPEC_KEYS), written here by hand from explore.lua's M.check.
        for key in ["setup", "actions", "invariants", "check", "steps", "runs", "gap", "settle", "maxFrames", "maxInstructions"] {
            #expect(text.contains("| `\(key)` | `"), "explore's key \(key)")
        }
        #expect(!text.contains(APIReference.undescribed), "a global or an exploration key has no words")
        #expect(APIReference.explorationKeys().allSatisfy { $0.doc != APIReference.undescribed })
        // settle's default is explore.lua's M.defaultSettle, 3 s, written in as its value.
        #expect(text.contains("seconds the stage has to settle after the last step, 0 to 600 (default `3`)"))
        // gap is a number or bounds: the union's bar is escaped, so the table keeps its three cells.
        #expect(text.contains("| `gap` | `number\\|number[]` | the seconds between two actions"))
        for rule in ["finite", "continuous", "still", "onScreen", "inSafeArea", "hitTargets", "labels", "settles"] {
            #expect(text.contains("| `\(rule)` | `to"), "rule \(rule)")
        }
        for draw in ["number", "integer", "bool", "pick", "assume"] { #expect(text.contains("- `gen.\(draw)("), "gen.\(draw)") }
    }

    @Test func theReferenceGivesEveryTierAndRoleItsValues() {
        let text = APIReference.text()
        // The calm tier is the seed's spring of 0.5 s with bounce 0.2; under Reduce Motion every tier keeps its spring
        // (only roles have substitutes), and reveal becomes a 0.2 s ease out (MotionTokens' table, read by hand).
        #expect(text.contains("| `calm` | `spring(duration: 0.5, bounce: 0.2)` | `spring(duration: 0.5, bounce: 0.2)` |"))
        #expect(text.contains("| `reveal` | `spring(duration: 0.5, bounce: 0.2)` | `easeOut(duration: 0.2)` |"))
        for role in ["press", "release", "settle", "snap", "value", "rebound", "morph", "reveal", "dismiss", "success", "error", "ambient"] {
            #expect(text.contains("| `\(role)` | `"), "role \(role)")
        }
    }

    @Test func theReferenceGivesEveryPieceItsPartsAndElements() {
        let text = APIReference.text()
        // Every type made on a stage has its section; a player and buds put no piece on the stage (a piece reads
        // them: NowPlaying its player, a Lua piece its buds), and every other type does.
        for entry in BindingRegistry.entries where entry.made == .stageMethod {
            #expect(text.contains("\n### \(entry.name) parts and elements\n"), "\(entry.name)")
            #expect((PieceSurvey.pieces[entry.name] == nil) == ["player", "buds"].contains(entry.name), "\(entry.name)")
        }
        // The mini player's parts as docs/guides/exploring.md's exploration taps them, and NowPlaying's glass, by hand from their pages.
        #expect(text.contains("`bar`, `background`, `play`, `chevron`, `previous`, `next` (default `bar`)"))
        #expect(text.contains("| `surface` | x y w h "))
    }

    @Test func everyMatcherExpectLuaDefinesIsDeclaredAndInTheReference() throws {
        // Read from the source as written, so a matcher defined any other way (`Matchers.x = function ...`) than on
        // a declaring line (`function Matchers.x(actual, ...) --: (...)`) is caught too.
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/LuaHost/Lua/expect.lua")
        let lines = String(decoding: try Data(contentsOf: source), as: UTF8.self).split(separator: "\n")
        var defined: Set<String> = []
        for line in lines {
            for prefix in ["function Matchers.", "Matchers."] where line.hasPrefix(prefix) {
                let name = line.dropFirst(prefix.count).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                let rest = line.dropFirst(prefix.count + name.count).drop { $0 == " " }
                if !name.isEmpty, rest.first == "(" || rest.first == "=" { defined.insert(String(name)) }
            }
        }
        #expect(defined.count >= 25, "found only \(defined.sorted())")
        let declared = Set(ScriptGlobals.matchers.map(\.name))
        #expect(defined.subtracting(declared).isEmpty,
                "matchers with no declaring line in expect.lua: \(defined.subtracting(declared).sorted())")
        let text = APIReference.text()
        for name in defined.sorted() { #expect(text.contains("- `\(name)("), "\(name) is not in \(APIReference.path)") }
    }
}
