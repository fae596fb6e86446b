import Testing
import LuaHost

/// Log and golden names: one per scenario path, and the two goldens kept in the repository keep theirs.
@Suite struct LogNameTests {
    @Test func theKeptGoldensKeepTheirNames() {
        // By the rule: folders joined with "__", ".lua" dropped, a lone "_" inside a word kept as it is.
        #expect(LogName.fileName(for: "examples/motion/card.lua") == "examples__motion__card.jsonl")
        #expect(LogName.fileName(for: "./examples/motion/card.lua") == "examples__motion__card.jsonl")
        #expect(LogName.fileName(for: "examples/now_playing/open_and_close_at_60fps.lua")
            == "examples__now_playing__open_and_close_at_60fps.jsonl")
    }

    @Test func aFolderAndADoubleUnderscoreGetDifferentNames() {
        // "a/b.lua": the folder boundary is "__". "a__b.lua": each "_" touches another, so both are escaped
        // as %5F (0x5F is "_").
        #expect(LogName.fileName(for: "a/b.lua") == "a__b.jsonl")
        #expect(LogName.fileName(for: "a__b.lua") == "a%5F%5Fb.jsonl")
    }

    @Test func onlyTheLastLuaIsDropped() {
        #expect(LogName.fileName(for: "x.lua") == "x.jsonl")
        #expect(LogName.fileName(for: "x.lua.lua") == "x.lua.jsonl")
        // Not a .lua file: its whole name, marked with a trailing "%" so it cannot meet "x.lua".
        #expect(LogName.fileName(for: "x") == "x%.jsonl")
    }

    @Test func underscoresAtTheEdgesOfAPartAreEscaped() {
        // "a_/b" and "a/_b" would both read "a___b" if edges were kept; escaped they differ.
        #expect(LogName.fileName(for: "a_/b.lua") == "a%5F__b.jsonl")
        #expect(LogName.fileName(for: "a/_b.lua") == "a__%5Fb.jsonl")
        // "%" itself is 0x25, a space 0x20, "é" the UTF-8 bytes C3 A9.
        #expect(LogName.fileName(for: "50% off.lua") == "50%25%20off.jsonl")
        #expect(LogName.fileName(for: "café.lua") == "caf%C3%A9.jsonl")
        // An absolute path starts with the boundary.
        #expect(LogName.fileName(for: "/tmp/x.lua") == "__tmp__x.jsonl")
    }

    @Test func awkwardPathsNeverShareAName() {
        let paths = ["a/b.lua", "a__b.lua", "a_b.lua", "a___b.lua", "a_/b.lua", "a/_b.lua", "_a.lua", "a_.lua",
                     "x.lua", "x.lua.lua", "x", "x%.lua", "x%25.lua", "%.lua", ".lua", "a/.lua", "a/b/c.lua",
                     "a__b/c.lua", "a/b__c.lua", "a/b_/c.lua", "/a/b.lua", "a/b", "a b.lua", "a%20b.lua",
                     "../a.lua", "..__a.lua", "a.lua/b.lua", "a/b.lua.lua"]
        var seen: [String: String] = [:]
        for path in paths {
            let name = LogName.fileName(for: path)
            #expect(seen[name] == nil, "\(path) and \(seen[name] ?? "") both become \(name)")
            seen[name] = path
        }
    }

    @Test func aSingleAndADotSlashPathAreTheSameScenario() {
        #expect(LogName.fileName(for: "a//b.lua") == LogName.fileName(for: "a/./b.lua"))
        #expect(LogName.fileName(for: "a//b.lua") == "a__b.jsonl")
    }
}
