import Testing
@testable import LuaHost

/// Mistakes a new user makes get messages that say what was wrong and what would be right.
@Suite struct ClearErrorTests {
    private func failure(_ body: String, name: String = "clear.lua") throws -> String {
        let report = try runScenario("test(\"t\", function()\n\(body)\nend)", name: name)
        let result = try #require(report.test("t"), "\(report.summary)")
        #expect(result.status == .failed)
        return result.message
    }

    @Test func askingForTheFrameBeforeAnyIsRenderedSaysToRenderOne() throws {
        let message = try failure("local s = Stage{}\nlocal f = s:frame()")
        #expect(message.hasSuffix("clear.lua:3: stage:frame: no frame has been rendered yet; render one first "
            + "(s:frames(1), s:advance(seconds) or s:settle())"), "\(message)")
    }

    @Test func runUntilOnAFreshStageStillWorks() throws {
        // runUntil renders before it asks its predicate; at 120 fps the first frame with t > 0.05 is the 7th
        // (6/120 = 0.05 is not past it, 7/120 ≈ 0.0583 is).
        let report = try runScenario("""
            test("t", function()
              local s = Stage{}
              print(s:runUntil(function(f) return f.t > 0.05 end))
            end)
            """)
        #expect(report.test("t")?.output == ["7"], "\(report.summary)")
    }

    @Test func indexingAMissingElementListsThePiecesElements() throws {
        let message = try failure("""
            local s = Stage{}
            s:piece{ name = "card", layout = function()
              return { surface = { x = 0, y = 0, w = 10, h = 10 }, label = { x = 0, y = 0, w = 1, h = 1 } }
            end }
            s:frames(1)
            local f = s:frame()
            assert(f.card.gone == nil, "a missing element is still nil")
            return f.card.title.x
            """)
        #expect(message.hasSuffix("clear.lua:9: attempt to index a nil value (field 'title'); the frame's piece "
            + "'card' has no element 'title' (its elements: label, surface)"), "\(message)")
    }

    @Test func indexingAMissingPieceListsTheFramesPieces() throws {
        let message = try failure("""
            local s = Stage{}
            s:piece{ name = "card", layout = function() return { surface = { x = 0, y = 0, w = 1, h = 1 } } end }
            s:frames(1)
            return s:frame().crad.surface
            """)
        #expect(message.hasSuffix("(field 'crad'); the frame has no piece 'crad' (its pieces: card)"), "\(message)")
    }

    @Test func aMisspeltGlobalSuggestsTheNearName() throws {
        // "Stgae" is "Stage" with two neighbours swapped: one edit.
        let message = try failure("Stgae{}")
        #expect(message.hasSuffix("clear.lua:2: attempt to call a nil value (global 'Stgae'); did you mean 'Stage'?"),
                "\(message)")
    }

    @Test func aShortGlobalTwoSlipsFromANameGetsNoSuggestionAsAMemberWouldNot() throws {
        // "Stgea" to "Stage": put an a before the g and drop the last a, two edits (no single one will do). Five letters allow
        // one slip, for globals as for members (`NearName`), so no guess is offered.
        let message = try failure("Stgea{}")
        #expect(message.hasSuffix("attempt to call a nil value (global 'Stgea')"), "\(message)")
        #expect(NearName.nearest(to: "Stgea", among: ["Stage"]) == nil)
    }

    @Test func aGlobalFarFromEveryNameGetsNoSuggestion() throws {
        let message = try failure("Zzqxv{}")
        #expect(message.hasSuffix("attempt to call a nil value (global 'Zzqxv')"), "\(message)")
    }

    @Test func toEqualPointsAtTheFirstDifferingKey() throws {
        let message = try failure("expect({ a = 1, b = { c = 2, d = 3 } }).toEqual({ a = 1, b = { c = 2, d = 4 } })")
        #expect(message.contains("\n  first difference at b.d: expected 4, received 3"), "\(message)")
    }

    @Test func toEqualNamesAKeyOnlyTheActualHas() throws {
        let message = try failure("expect({ 1, 2, extra = true }).toEqual({ 1, 2 })")
        #expect(message.contains("\n  first difference at extra: expected nil, received true"), "\(message)")
    }

    @Test func toBeOnTwoEqualTablesSuggestsToEqual() throws {
        let message = try failure("expect({ a = 1 }).toBe({ a = 1 })")
        #expect(message.contains("use toEqual to compare contents"), "\(message)")
    }

    @Test(arguments: [
        ("x = 0/0", "property 'x' is nan; numbers must be finite"),
        ("w = 1/0", "property 'w' is inf; numbers must be finite"),
        ("h = -1/0", "property 'h' is -inf; numbers must be finite"),
        ("y = \"3\"", "property 'y' is \"3\"; x, y, w and h must be numbers"),
    ])
    func aLuaPieceLayoutRefusesNonFiniteOrTextGeometry(field: String, problem: String) throws {
        let message = try failure("""
            local s = Stage{}
            s:piece{ name = "card", layout = function()
              local e = { x = 0, y = 0, w = 10, h = 10 }
              e.\(field)
              return { surface = e }
            end }
            s:frames(1)
            """)
        #expect(message.hasSuffix("clear.lua:3: card: layout returned element 'surface': \(problem)"), "\(message)")
    }

    @Test(arguments: ["t", "frame", "events"])
    func aPieceCannotTakeAFrameTablesOwnName(name: String) throws {
        let message = try failure("local s = Stage{}\ns:piece{ name = \"\(name)\", layout = function() return {} end }")
        #expect(message.contains("stage:piece: option 'name' cannot be \"\(name)\""), "\(message)")
    }
}
