import Testing
@testable import LuaHost
@testable import LuaRuntime
@testable import LuaBindings
import PieceKit

/// What an option's declaration states is what a script meets: every constructor option in the registry that
/// declares bounds, an integer type or requiredness is given a value that breaks it, and the call must refuse it
/// with the one message the declaration words. A declaration the binding does not read through fails here.
@Suite struct DeclaredOptionEnforcementTests {
    /// One broken declaration: the entry, the option, the Lua that replaces its value, and the message expected.
    struct Case {
        let entry: String
        var function: String { entry }
        let option: String
        let lua: String
        let message: String
    }

    /// Every case the registry's declarations call for, worked out from the declarations alone.
    static func cases() -> [Case] {
        BindingRegistry.entries.filter { $0.example != nil || $0.name == "stage" }.flatMap { entry in
            cases(entry.binding.options, entry: entry.name, function: entry.name == "stage" ? "Stage" : "stage:\(entry.name)")
        }
    }

    /// The cases one list of declarations calls for: a value past each bound, a fraction for each integer, a
    /// required key left out.
    static func cases(_ specs: [OptionSpec], entry: String, function: String) -> [Case] {
        var out: [Case] = []
        do {
            for spec in specs {
                if let bounds = spec.bounds {
                    let v = bounds.violating
                    out.append(Case(entry: entry, option: spec.name, lua: OptionBounds.plain(v),
                                    message: "\(function): option '\(spec.name)' must be \(bounds.mustBe), got \(number: v)"))
                }
                if spec.isInteger {
                    // A fraction inside the bounds, so only its wholeness is wrong.
                    let v: Double = switch spec.bounds?.kind {
                    case .above(let low)?, .atLeast(let low)?, .between(let low, _)?, .inside(let low, _)?: low + 1.5
                    case .atMost(let high)?: high - 1.5
                    case nil: 1.5
                    }
                    out.append(Case(entry: entry, option: spec.name, lua: OptionBounds.plain(v),
                                    message: "\(function): option '\(spec.name)' must be "
                                        + "\(spec.bounds?.mustBe ?? "a whole number"), got \(number: v)"))
                }
                if let choices = spec.choices {
                    // A name no choice is near, so no hint follows.
                    let phrase = spec.expected ?? "one of " + choices.map { "\"\($0)\"" }.joined(separator: ", ")
                    out.append(Case(entry: entry, option: spec.name, lua: "\"zzzzzz\"",
                                    message: "\(function): option '\(spec.name)' must be \(phrase), got \"zzzzzz\""))
                }
                if spec.required {
                    out.append(Case(entry: entry, option: spec.name, lua: "nil",
                                    message: "\(function): \(spec.missingDetail)"))
                }
            }
        }
        return out
    }

    /// The option tables of methods and library functions, each with a call that takes it and a table right but
    /// for the broken key: `T` stands for the table.
    static let methodLists: [(specs: [OptionSpec], function: String, call: String, base: String)] = [
        (InteractionBinding.tapOptions, "refresher:tap", "r:tap(T)", "{}"),
        (InteractionBinding.dragOptions, "refresher:drag", "r:drag(T)", "{ dy = 10 }"),
        (InteractionBinding.flingOptions, "refresher:fling", "r:fling(T)", "{ dy = 10, velocity = 100 }"),
        (StageBinding.settleOptions, "stage:settle", "s:settle(T)", "{}"),
        (PageBinding.flingOptions, "page:fling", "p:fling(T)", "{ velocity = 100 }"),
        (MotionBinding.springOptions, "motion.spring", "motion.spring(T)", "{}"),
        (MotionBinding.settleOptions, "motion.settle", "motion.settle(T)", "{ velocity = 1, from = 0, to = 1 }"),
    ]

    @Test func everyMethodsDeclaredRangeTypeAndRequirednessIsRefusedWithTheDeclaredMessage() throws {
        var expected: [String] = []
        var tries: [String] = []
        for list in Self.methodLists {
            for c in Self.cases(list.specs, entry: list.function, function: list.function) {
                expected.append(c.message)
                tries.append("""
                      do
                        local T = \(list.base)
                        T.\(c.option) = \(c.lua)
                        local ok, err = pcall(function() return \(list.call) end)
                        print(ok and "accepted \(c.function).\(c.option)" or tostring(err))
                      end
                    """)
            }
        }
        // Tap and drag's duration (2), the integer index of tap, drag and fling's aim (3), fling's velocity (bound,
        // required: 2), settle's maxFrames (bound, integer: 2), the page's required velocity (1), the spring's 8
        // bounds and motion.settle's 3 required keys: 2 + 3 + 2 + 2 + 1 + 8 + 3 = 21.
        #expect(expected.count == 21, "\(expected)")
        let report = try runScenario("""
            test("declared", function()
              local s = Stage{}
              local r = s:refresher{}
              local p = s:page{ sections = { { id = "a", title = "A", height = 600 } } }
            \(tries.joined(separator: "\n"))
            end)
            """, name: "declared.lua")
        let result = try #require(report.test("declared"), "\(report.summary)")
        #expect(result.output.count == expected.count, "\(result.output)")
        for (message, line) in zip(expected, result.output) { #expect(line.hasSuffix(message), "\(line)") }
    }

    @Test func everyDeclaredRangeTypeAndRequirednessIsRefusedWithTheDeclaredMessage() throws {
        let cases = Self.cases()
        // At the time of writing: the stage's fps (bounds, integer) and gesturePrediction; border beam's radius,
        // lap, tail, width and bloom; the refresher's w and threshold; player, page, scroll island, mini player,
        // now playing and glass group's required keys (1 + 1 + 1 + 1 + 1 + 2). At least these 17.
        #expect(cases.count >= 17, "\(cases.count)")
        let tries = cases.map { c in DeclaredScenario.attempt(c.entry, changing: "t.name = nil; t.\(c.option) = \(c.lua)") }
        let (result, summary) = try DeclaredScenario.run(tries)
        #expect(result.status == .passed, "\(summary)")
        #expect(result.output.count == cases.count, "\(result.output)")
        for (c, line) in zip(cases, result.output) {
            #expect(line.hasSuffix(c.message), "\(c.entry).\(c.option) = \(c.lua): \(line)")
        }
    }

    /// Every constructor option of one plain type (number, integer, string, boolean) given a value of another: the
    /// call refuses it naming the option and what came (its type, or the value itself).
    @Test func everyDeclaredTypeIsRefusedNamingTheOptionAndWhatCame() throws {
        struct TypeCase { let entry: String, function: String, option: String, lua: String, got: [String] }
        let plain = ["number", "integer", "string", "boolean"]
        let cases = BindingRegistry.entries.filter { $0.example != nil || $0.name == "stage" }.flatMap { entry in
            entry.binding.options.filter { plain.contains($0.type) && $0.choices == nil }.map { spec in
                let function = entry.name == "stage" ? "Stage" : "stage:\(entry.name)"
                // A flag is given a string; anything else a flag.
                return spec.type == "boolean"
                    ? TypeCase(entry: entry.name, function: function, option: spec.name, lua: "\"yes\"", got: ["string", "\"yes\""])
                    : TypeCase(entry: entry.name, function: function, option: spec.name, lua: "true", got: ["boolean", "true"])
            }
        }
        // At the time of writing well over 40 (every piece's name, the stage's sizes and flags, ...).
        #expect(cases.count >= 40, "\(cases.count)")
        let tries = cases.map { c in DeclaredScenario.attempt(c.entry, changing: "t.\(c.option) = \(c.lua)") }
        let (result, summary) = try DeclaredScenario.run(tries)
        #expect(result.output.count == cases.count, "\(summary) \(result.output)")
        for (c, line) in zip(cases, result.output) {
            let named = line.contains("\(c.function): option '\(c.option)' must be ")
            #expect(named && c.got.contains { line.hasSuffix(", got \($0)") }, "\(c.entry).\(c.option) = \(c.lua): \(line)")
        }
    }

    @Test func aBoundsReadRefusesOutsideAndKeepsInside() throws {
        // Written by hand: above 0 refuses 0 and takes 0.5; 1 to 1000 takes both ends and refuses 1000.5.
        #expect(!OptionBounds.above(0).admits(0) && OptionBounds.above(0).admits(0.5))
        let fps = OptionBounds.between(1, 1000)
        #expect(fps.admits(1) && fps.admits(1000) && !fps.admits(1000.5) && fps.text == "1 to 1000")
        var opts = Options(function: "stage:thing", table: LuaTable(fields: [("n", .number(2.5))]))
        opts.specs = [OptionSpec("n", "integer", bounds: .atLeast(0), "A count")]
        #expect(throws: LuaHostError.message("stage:thing: option 'n' must be at least 0, got 2.5")) {
            _ = try opts.integer("n")
        }
    }
}
